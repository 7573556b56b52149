"""``scontrol update NodeName=...`` beyond a node's state, recorded from Slurm (``record.sh``).

Refusals first (a user, weights scontrol does not take, active features that are not
available); then, as root, weights (as ``scontrol show node`` and sinfo show them, and
which node a job gets), available and active features (and what ``--constraint`` may
then ask), and a node's comment and extra string. What is compared: everything, with
the instants masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("nodeupdates"))


@pytest.mark.parametrize("name", list(CASES))
def test_node_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
