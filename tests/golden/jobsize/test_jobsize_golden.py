"""The job size factor sprio shows, recorded from Slurm 22.05 (``record.sh``): the node and
CPU fractions of the cluster a pending job asks for, its CPUs counted as its NumCPUs.
Compared byte for byte, but for instants and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("jobsize"))


@pytest.mark.parametrize("name", list(CASES))
def test_the_job_size_factor_counts_the_cpus_a_pending_job_shows(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
