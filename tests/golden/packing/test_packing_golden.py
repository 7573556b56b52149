"""How a job's tasks fall on its nodes, --mincpus, and BadConstraints, recorded from Slurm.

``record.sh`` ran one job at a time on the idle oracle and showed, per node, the CPUs,
memory and GPUs it took. cons_tres gives every node one task and then as many as the
first node can take while leaving one for each after it (``-N 2 -n 4``: 3 and 1;
``-n 120``: 112 and 8; the first node nearly full: 2 and 2), the memory and the GPUs of
``--gpus-per-task`` following the tasks; ``--exclusive`` takes whole nodes. ``--mincpus``
raises a node's CPUs and is refused above every node's. A held job no node could run
is taken, and once released shows BadConstraints with priority 0: its owner may not
release it again, an operator's release finds it the same, an update judges it afresh.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_BACKFILL_START = (
    "a backfill cycle gave this BadConstraints job a StartTime a few seconds on (the same "
    "script's -c 200 job kept Unknown, and which jobs get one changed from run to run on the "
    "oracle); slurmsim leaves it Unknown"
)
KNOWN = {
    "053-held-gpus-show": _BACKFILL_START,
    "057-held-tasks-per-node-show": _BACKFILL_START,
    "065-held-gpus-after-update": "the normalised priority (%p) comes from the oracle's "
    "fair-share history",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("packing"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_tasks_fall_on_nodes_as_in_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
