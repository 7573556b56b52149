"""What backfill plans behind a running job, recorded from Slurm 22.05 (``record.sh``).

A one-node job behind a four-node reservation is planned when that reservation ends
(slurmctld tries again at the end of the map's record that holds its trial start,
wherever that record ends); a pending array gets a plan per task, each reserving its
node, and shows the last one (four tasks: the fourth task's start, 20 minutes after the
first); at most ``bf_max_job_array_resv`` (20) of its tasks are planned (25 tasks: the
twentieth's start).

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings and gives each submission the oracle's job id. Instants are compared to
the minute: the oracle started each running job within a second or two of slurmsim's
pass (``TRIGGER_DELAY``), and a plan's start is either that job's end or a map boundary
(whole minutes). Priorities are masked: the oracle's come from its fair-share history.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("arrayplans"))


@pytest.mark.parametrize("name", list(CASES))
def test_backfill_plans_behind_a_running_job_as_slurm_does(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
