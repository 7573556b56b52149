"""The reason of a job a limit holds behind a larger job, recorded from Slurm 22.05
(``record.sh``): the limit's, pass after pass, not Priority; once the limit is lifted,
Priority behind the larger job that waits on Resources.

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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("limitwait"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_limit_reason_outlasts_a_larger_job_above(name: str, results: dict[str, Result]) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
