"""sbatch's options, good and bad values, recorded from Slurm (``record.sh``).

Each line of ``options.txt`` was given to a held job of alice's: the submission (the
client's refusals with their exit status, the controller's with the job id they use
up), and when accepted the job shown and cancelled. The replay runs from the oracle's
job directory, keeps the clock in step and gives each accepted job the oracle's id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("sbatchopts"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_sbatch_options_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
