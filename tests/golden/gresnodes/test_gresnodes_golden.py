"""``scontrol update NodeName=... Gres=``, recorded from Slurm (``record.sh``).

The oracle's GPUs are given with device files, so slurmctld takes only the count a node
has (nothing changes) or none at all (the node's GPUs are taken away, its Gres shown as
typed, CfgTRES and the partition's TRES kept) and refuses any other, applying the rest
of the update around the refusal as it orders it (state, features and comment before,
weight after). Then jobs asking for, and running on, a node without its GPUs, and
several nodes at once. What is compared: everything, with the instants masked, and in a
job's record its run time, priority (the oracle's fair-share history) and the pass that
started it (the oracle's passes keep their own phase).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gresnodes"))


@pytest.mark.parametrize("name", list(CASES))
def test_gres_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
