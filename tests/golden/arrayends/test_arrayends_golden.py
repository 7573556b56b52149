"""Backfill's plans behind array tasks ending at once, recorded from Slurm (``record.sh``).

An array's own record comes after the task split off before it in slurmctld's job list,
and so among running jobs that end at once: a job planned on the nodes of the later one
and of a job ending long after starts when the later one ends.

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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("arrayends"))


@pytest.mark.parametrize("name", list(CASES))
def test_plans_behind_array_tasks_ending_at_once_are_real_slurms(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
