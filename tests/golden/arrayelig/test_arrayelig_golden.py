"""When an array's pending record is eligible, recorded from Slurm 22.05 (``record.sh``).

From the first pass that looks at it, as any job, unless that pass finds it at its task
throttle: EligibleTime Unknown then (squeue's N/A), sprio leaves it out, and its record in
the accounting store shows Eligible Unknown for good. A task's end brings it under the
throttle and the next pass makes it eligible again; a task keeps its array's time.

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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("arrayelig"))


@pytest.mark.parametrize("name", list(CASES))
def test_an_array_is_eligible_unless_at_its_throttle(name: str, results: dict[str, Result]) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
