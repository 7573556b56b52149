"""What srun answers for option values it reads itself when it makes a step in a running
job (``srun --jobid``), recorded from Slurm 22.05 (``record.sh``): a number that is not
one exits 1 (``Invalid numeric value``), a size, time or distribution it cannot read
exits 255, and what the controller refuses comes back as ``Unable to create step``."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_running

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("srunopts"))


@pytest.mark.parametrize("name", list(CASES))
def test_srun_refuses_a_value_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_running(case.stdout), without_running(case.stderr))
    assert (got.exit, without_running(got.out.encode()), without_running(got.err.encode())) == want
