"""The dependency of a held job, recorded from Slurm 22.05 (``record.sh``).

No pass looks at a held job, so its entries show as its hold found them, unfulfilled
after the job they name has ended, whether it was held after its submission or at it;
once released, the next pass judges them. A held job cancelled shows them so still.

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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("heldeps"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_held_jobs_dependency_shows_as_its_hold_found_it(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
