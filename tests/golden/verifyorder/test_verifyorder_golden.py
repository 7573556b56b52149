"""The order in which sbatch, srun and salloc say what is wrong with their options,
recorded from Slurm 22.05 (``record.sh``): an unreadable value at once, then the
``--core-spec`` warning, a memory conflict, a refused GPU request. Compared byte for
byte, but for instants and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("verifyorder"))


@pytest.mark.parametrize("name", list(CASES))
def test_option_refusals_come_in_slurms_order(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
