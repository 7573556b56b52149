"""What client libraries lean on, recorded from Slurm (``record.sh``).

A wrapped ``sleep 4; exit 3`` ends FAILED 3 and ``sbatch --wait`` exits 3 (Cromwell); a
quick command named by its path, or with a redirection, runs for no time (radical.saga);
a job whose working directory is missing fails with its batch step CANCELLED; a job
submitted behind one of higher priority shows ``Priority`` at once; an array some of whose
pending tasks were cancelled keeps, in sacct, the tasks slurmdbd last heard of, cancelled
at last too. Instants are masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("clientfacts"))


@pytest.mark.parametrize("name", list(CASES))
def test_what_clients_lean_on(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
