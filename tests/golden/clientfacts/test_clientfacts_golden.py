"""What client libraries lean on, recorded from Slurm (``record.sh``).

A wrapped ``sleep 4; exit 3`` ends FAILED 3 and ``sbatch --wait`` exits 3 (Cromwell); a
quick command named by its path, or with a redirection, runs for no time (radical.saga);
a job whose working directory is missing fails with its batch step CANCELLED; a job
submitted behind one of higher priority shows ``Priority`` at once; the list of every
job in slurmctld's order (a task split off an array takes
the array record's place). Instants are masked.
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


#: The recording's first job: the oracle still listed jobs of earlier recordings (MinJobAge).
FIRST_JOB = int(CASES["001-wait-exit"].stdout.split()[-1])


def _shown(name: str, text: str) -> str:
    """What a case compares: of the list of every job, the order of this recording's
    records (their JobId lines); the rest (priorities with the oracle's fair-share
    history) is not the point there."""
    if not name.endswith("list-order"):
        return text
    return "".join(
        line
        for line in text.splitlines(keepends=True)
        if line.startswith("JobId=") and int(line.split()[0][6:]) >= FIRST_JOB
    )


@pytest.mark.parametrize("name", list(CASES))
def test_what_clients_lean_on(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(name, without_times(case.stdout)), without_times(case.stderr))
    got_out = _shown(name, without_times(got.out.encode()))
    assert (got.exit, got_out, without_times(got.err.encode())) == want
