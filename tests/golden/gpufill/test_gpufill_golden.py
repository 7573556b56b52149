"""How a ``--gpus`` total falls on the nodes of a job that spans several, recorded from
Slurm (``record.sh``): as many on each node, in slurm.conf order, as it has free while one
is left for every node after it, with the memory and CPUs that follow them. What is
compared of ``scontrol show -d job``: the job's counts, its TRES and each node's share (its
priority and the pass that started it come from the oracle's history and timing)."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


#: The lines of ``scontrol show -d job`` that say what the job holds where.
_HOLDINGS = re.compile(r"(?m)^ +(?:NumNodes=|TRES=|Nodes=).*\n")


def _holdings(text: str) -> str:
    return "".join(_HOLDINGS.findall(text)) if text.startswith("JobId=") else text


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpufill"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_totals_fall_on_nodes_as_in_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _holdings(without_times(case.stdout)), without_times(case.stderr))
    shown = _holdings(without_times(got.out.encode()))
    assert (got.exit, shown, without_times(got.err.encode())) == want
