"""Where a total of CPU tasks runs on a busy cluster, recorded from Slurm (``record.sh``):
runs of consecutive nodes with CPUs free, and in the run chosen its nodes in slurm.conf
order, or the one node that holds all that is left. What is compared of ``scontrol show
-d job``: the job's state, counts, TRES and each node's share (its times, priority and
the pass that started it come from the oracle's timing)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import holdings, load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("taskspread"))


@pytest.mark.parametrize("name", list(CASES))
def test_cpu_tasks_spread_over_busy_nodes_as_in_slurm(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, holdings(case.stdout), without_times(case.stderr))
    assert (got.exit, holdings(got.out.encode()), without_times(got.err.encode())) == want
