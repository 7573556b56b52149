"""Running jobs ended by a MaxTRESMinsPerJob lowered under them, recorded from Slurm 22.05
(``record.sh``): the time-limit check ends a job TIMEOUT (ExitCode 0:0) once its TRES
times the whole minutes it has run reach its QOS's or its association's limit; a job with
fewer GPUs runs on.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("tresminskill"))


@pytest.mark.parametrize("name", list(CASES))
def test_tres_minutes_kill_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
