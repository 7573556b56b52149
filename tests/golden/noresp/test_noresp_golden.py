"""``scontrol update NodeName=... State=NoResp``, recorded from Slurm (``record.sh``): the
node shows as not responding until the controller's next periodic ping; a user is refused,
RESUME of a node only not responding is refused, and a node in service keeps no reason.
Compared with the instants masked."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("noresp"))


@pytest.mark.parametrize("name", list(CASES))
def test_no_response_is_shown_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
