"""How squeue reads a word no option takes, recorded from Slurm 22.05 (``record.sh``):
``-j`` and ``-s`` take their lists as optional arguments, so a word left over is the list
of the first of them given without one, and any other is refused; a step named with a
part's ``+K`` is its step. Compared byte for byte, but for instants."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("squeueargs"))


@pytest.mark.parametrize("name", list(CASES))
def test_squeue_reads_its_words_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
