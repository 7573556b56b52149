"""What sacctmgr lets a user who is no operator change of their own, and a default account
outside a user's associations, recorded from Slurm 22.05 (``record.sh``). Compared byte for
byte, but for instants."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("selfmodify"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_user_may_change_their_own_default_account_alone(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
