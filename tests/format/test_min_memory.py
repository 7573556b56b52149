"""``MinMemoryCPU=``/``MinMemoryNode=`` and squeue's ``%m`` before and after a job has nodes."""

from dataclasses import replace

import pytest

from slurmsim.format import jobview as jv
from tests.format.builders import cluster, job

GB = 1024


@pytest.mark.parametrize(
    ("asked", "allocated", "expected"),
    [
        pytest.param({}, True, 16 * GB, id="nothing asked shows DefMemPerCPU"),
        pytest.param({"mem_per_cpu": 4 * GB}, True, 4 * GB, id="a per-CPU amount shows as asked"),
        pytest.param({"mem_per_node": 8 * GB}, False, None, id="a per-node amount has none"),
        pytest.param({"mem_per_gpu": 100 * GB}, False, 16 * GB, id="per-GPU pending shows default"),
        pytest.param({"mem_per_gpu": 100 * GB}, True, None, id="per-GPU with nodes shows none"),
    ],
)
def test_min_memory_per_cpu_follows_request_and_allocation(
    asked: dict[str, int], allocated: bool, expected: int | None
) -> None:
    state = cluster()
    bare = {"mem_per_cpu": None, "mem_per_node": None, "mem_per_gpu": None}
    request = replace(job(1).request, **(bare | asked))
    assert jv.min_memory_per_cpu(request, state.config, allocated=allocated) == expected
