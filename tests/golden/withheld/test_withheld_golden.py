"""The reasons behind a job pinned to a busy node, recorded from Slurm 22.05 (``record.sh``).

A job pinned to a busy node (p1) waits on Resources, and the main scheduler takes that
node out of the ones it counts as available for the rest of its pass: a job pinned to
it too (q1) shows ``ReqNodeNotAvail, UnavailableNodes:dgx1``, and a four-node job (y4)
``Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority
partitions``; that one blocks the partition, so the job after it (y1) waits on Priority.

The replay and its comparison to the minute are ``arrayplans/``'s.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("withheld"))


@pytest.mark.parametrize("name", list(CASES))
def test_reasons_behind_a_job_pinned_to_a_busy_node_as_slurm_does(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
