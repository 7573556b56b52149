"""Where a ``--gpus`` total runs on a busy cluster, recorded from Slurm (``record.sh``):
when no even split of it fits, cons_tres gathers the nodes with the most GPUs free first
until they hold the total and lays the GPUs out on them in slurm.conf order. What is
compared of ``scontrol show -d job``: the job's state, counts, TRES and each node's share
(its times, priority and the pass that started it come from the oracle's timing)."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: The lines of ``scontrol show -d job`` that say whether the job runs and what it holds where.
_HOLDINGS = re.compile(r"(?m)^ +(?:JobState=|NumNodes=|TRES=|Nodes=).*\n")
_CORES = re.compile(r"CPU_IDs=\S+")
#: ``--gpus-per-task`` jobs: the nodes and counts are Slurm's, the cores are not (Slurm puts
#: a lone task on the socket with more cores free; docs/differences.md).
_OTHER_CORES = {
    "108-eight-per-task-show",
    "111-four-per-task-show",
    "114-three-per-task-show",
    "117-two-by-two-show",
    "120-four-per-task-on-two-show",
}


def _holdings(text: str, name: str) -> str:
    if not text.startswith("JobId="):
        return text
    held = "".join(_HOLDINGS.findall(text))
    return _CORES.sub("CPU_IDs=*", held) if name in _OTHER_CORES else held


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpuspread"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_totals_spread_over_busy_nodes_as_in_slurm(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _holdings(without_times(case.stdout), name), without_times(case.stderr))
    shown = _holdings(without_times(got.out.encode()), name)
    assert (got.exit, shown, without_times(got.err.encode())) == want
