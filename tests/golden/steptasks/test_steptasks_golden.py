"""How srun settles ``--ntasks-per-node`` against a step's tasks and nodes, recorded from
Slurm 22.05 (``record.sh``): dropped, with or without a warning, or kept. Compared byte for
byte, but for instants and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("steptasks"))


@pytest.mark.parametrize("name", list(CASES))
def test_srun_drops_tasks_per_node_that_do_not_divide_the_tasks(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
