"""Node events of nodes set FUTURE and resumed, recorded from Slurm (``record.sh``):
slurmctld records a FUTURE node as down, ``Set to State=FUTURE``, in the name of whoever
set the reason it replaces (none for an idle node). Instants are masked."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("futureevents"))


@pytest.mark.parametrize("name", list(CASES))
def test_future_node_events(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
