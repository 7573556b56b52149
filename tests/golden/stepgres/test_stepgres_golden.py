"""Steps asking more GPUs than their job, recorded from Slurm 22.05 (``record.sh``).

A step that asks more GPUs a task, a node or in all than its job asked in the same terms
is refused with a line naming both counts; one the job's GPUs cannot hold, in terms the
job did not use, without it; within them it runs.

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings and gives each submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("stepgres"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_step_asking_more_gpus_than_its_job_is_refused(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
