"""How sbatch refuses GPU options that name a type in some and leave it out in others,
recorded from Slurm 22.05 (``record.sh``): for the naming, before their counts are
compared, and after ``-c`` beside ``--cpus-per-gpu``. Compared byte for byte."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpunaming"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_naming_refusals_match_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
