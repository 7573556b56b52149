"""Which GPU counts ``scontrol update`` takes for a pending job, recorded from Slurm
(``record.sh``): a count per node (``Gres=``, ``TresPerNode=``) and one per job
(``TresPerJob=``) do not mix, whichever the job asked for first, and emptied counts stay
as slurmctld leaves them. Compared byte for byte but for the host's fields and instants
(``without_times``: a submission may land in the second after its case's)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gresupdates"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_count_updates_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, without_times(got.out.encode()), got.err.encode()) == (
        case.exit,
        without_times(case.stdout),
        case.stderr,
    )
