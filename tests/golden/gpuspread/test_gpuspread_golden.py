"""Where a ``--gpus`` total runs on a busy cluster, recorded from Slurm (``record.sh``):
when no even split of it fits, cons_tres gathers the nodes with the most GPUs free first
until they hold the total and lays the GPUs out on them in slurm.conf order. What is
compared of ``scontrol show -d job``: the job's state, counts, TRES and each node's share
(its times, priority and the pass that started it come from the oracle's timing)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import holdings, load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
#: ``--gpus-per-task`` jobs: the nodes and counts are Slurm's, the cores are not (Slurm puts
#: a lone task on the socket with more cores free; docs/differences.md).
_OTHER_CORES = {
    "108-eight-per-task-show",
    "111-four-per-task-show",
    "114-three-per-task-show",
    "117-two-by-two-show",
    "120-four-per-task-on-two-show",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpuspread"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_totals_spread_over_busy_nodes_as_in_slurm(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    cores = name not in _OTHER_CORES
    want = (case.exit, holdings(case.stdout, cores), without_times(case.stderr))
    assert (got.exit, holdings(got.out.encode(), cores), without_times(got.err.encode())) == want
