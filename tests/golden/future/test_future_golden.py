"""``scontrol update NodeName=... State=FUTURE``, recorded from Slurm (``record.sh``): the
node leaves sinfo and ``scontrol show node`` (``scontrol -F`` shows it) and takes no job;
busy nodes are refused; ``State=RESUME`` brings it back. Compared with the instants masked."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("future"))


@pytest.mark.parametrize("name", list(CASES))
def test_future_nodes_are_shown_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
