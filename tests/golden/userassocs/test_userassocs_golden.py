"""sacctmgr's users and accounts under conditions on their associations, recorded from
Slurm 22.05 (``record.sh``): without ``withassoc`` it asks first (standard input is in
``stdin/``); it lists every user or account, a user's default account only where an
association in it meets the conditions, and under ``-s`` the associations that meet
them, or a line of zeros; associations picked by QOS, DefQOS and ``onlydefaults``.
Compared byte for byte.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import cluster_store, load_case, replay_at_recorded_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("userassocs")):
        return replay_at_recorded_times(CASES, HERE / "stdin")


@pytest.mark.parametrize("name", list(CASES))
def test_users_by_association_listed_as_slurm_lists_them(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
