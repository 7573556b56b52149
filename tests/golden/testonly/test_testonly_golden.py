"""``sbatch --test-only`` (and srun's) against QOS limits, recorded from Slurm 22.05
(``record.sh``): without DenyOnLimit a job's size and time limits are not looked at; the
submission counts, and under DenyOnLimit the other limits, refuse the test as they refuse
a submission, without using up a job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("testonly"))


@pytest.mark.parametrize("name", list(CASES))
def test_test_only_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
