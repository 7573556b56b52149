"""The steps a simulated batch script's ``srun A : B`` lines make in a job of one
component, recorded from Slurm (``record.sh``): each a step over parts of the job's nodes
(``12.0+0``, ``12.0+1``), a refused part leaving those before it, ended, and its id used;
squeue's and sacct's view while they run and once the job is cancelled. Instants are
masked."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("mpmdscript"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_scripts_srun_over_parts_makes_their_steps(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
