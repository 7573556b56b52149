"""A dependency entry that failed, before and after the job it names is purged, recorded
from Slurm (``record.sh``): the entry stays failed. Compared byte for byte, but for the
host's fields (``scrub``) and the priorities, which the oracle's fair share (its users'
past work) shapes."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
_PRIORITY = re.compile(rb"Priority=[1-9]\d*")


def _masked(data: bytes) -> bytes:
    return _PRIORITY.sub(b"Priority=<p>", scrub(data))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("depfailed"))


@pytest.mark.parametrize("name", list(CASES))
def test_failed_dependencies_are_kept_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, _masked(got.out.encode()), got.err.encode()) == (
        case.exit,
        _masked(case.stdout),
        case.stderr,
    )
