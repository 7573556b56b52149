"""A running job shrunk by ``scontrol update`` (NumNodes=, NodeList=, ReqNodeList=),
recorded from Slurm (``record.sh``): what it keeps, what it refuses, and the accounting's
RESIZING records. Compared byte for byte but for the host's fields (``scrub``), instants,
run times and priorities (the jobs start at the pass's own second on each side)."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times_or_priorities

HERE = Path(__file__).parent
_DURATION = re.compile(r"\b\d\d:\d\d:\d\d\b")


def _comparable(data: bytes) -> str:
    return _DURATION.sub("<d>", without_times_or_priorities(data))


CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("shrink"))


@pytest.mark.parametrize("name", list(CASES))
def test_running_jobs_shrink_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, _comparable(got.out.encode()), got.err.encode()) == (
        case.exit,
        _comparable(case.stdout),
        case.stderr,
    )
