"""``scontrol update PartitionName=...``, recorded from Slurm (``record.sh``).

Refusals first (a user, an unknown partition, values and keys scontrol does not take);
then, as root, changes of a partition's time limits, node limit, state, default, access,
priority, visibility and nodes, each seen in sinfo, ``scontrol show partition`` and in
what becomes of jobs submitted after; last, partitions made and removed
(``scontrol create|delete PartitionName=``). What is compared: everything, with the instants,
run times and priorities (the oracle's fair-share history) masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_PASS = (
    "the oracle's pass after the update came within its second and started the job DOWN "
    "had kept waiting; slurmsim's comes TRIGGER_DELAY (2 s) later (docs/differences.md)"
)
KNOWN: dict[str, str] = {"037-drain-sinfo": _PASS, "040-inactive-sinfo": _PASS}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("partupdate"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_partition_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
