"""What sacctmgr shows of the cluster and its trackable resources, and the commands'
version lines, recorded from Slurm 22.05 (``record.sh``, as alice, changing nothing).

The replay runs each on a new default cluster; nothing compared depends on the clock.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_each, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_each(CASES, tmp_path_factory.mktemp("inventory"))


@pytest.mark.parametrize("name", list(CASES))
def test_inventory_prints_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout).decode(), scrub(case.stderr).decode())
    assert (got.exit, scrub(got.out.encode()).decode(), scrub(got.err.encode()).decode()) == want
