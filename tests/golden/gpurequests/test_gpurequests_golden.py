"""How sbatch refuses GPU options that name a type in some and leave it out in others
(for the naming, before their counts are compared, and after ``-c`` beside
``--cpus-per-gpu``), and what the GPUs ``--ntasks-per-gpu`` makes without a GPU option
come to, recorded from Slurm 22.05 (``record.sh``). A running job's ``scontrol show -d
job`` is compared for what it holds where; everything else byte for byte, but for
instants and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import holdings, load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpurequests"))


def _seen(name: str, data: bytes) -> str:
    if CASES[name].command.startswith("scontrol show -d job"):
        return holdings(data)
    return without_times(data)


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_requests_match_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _seen(name, case.stdout), _seen(name, case.stderr))
    assert (got.exit, _seen(name, got.out.encode()), _seen(name, got.err.encode())) == want
