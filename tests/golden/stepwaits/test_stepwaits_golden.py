"""Batch scripts whose srun lines wait for what other steps hold, and --overlap steps the
controller refuses for memory (their ids used up), recorded from Slurm 22.05
(``record.sh``). Compared byte for byte, but for instants."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("stepwaits"))


@pytest.mark.parametrize("name", list(CASES))
def test_srun_waits_for_other_steps_or_is_refused(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
