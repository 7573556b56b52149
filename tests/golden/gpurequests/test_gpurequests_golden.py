"""How sbatch refuses GPU options that name a type in some and leave it out in others
(for the naming, before their counts are compared, and after ``-c`` beside
``--cpus-per-gpu``), and what the GPUs ``--ntasks-per-gpu`` makes without a GPU option
come to, recorded from Slurm 22.05 (``record.sh``). A running job's ``scontrol show -d
job`` is compared for what it holds where; everything else byte for byte, but for
instants and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import holdings_or_times, load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpurequests"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_requests_match_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, holdings_or_times(case, case.stdout), holdings_or_times(case, case.stderr))
    seen = (holdings_or_times(case, got.out.encode()), holdings_or_times(case, got.err.encode()))
    assert (got.exit, *seen) == want
