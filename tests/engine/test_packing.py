"""How ``place`` lays a job's tasks on the nodes it picks: cons_tres's packing (one task on
each node, then as many as the first can take), as recorded in tests/golden/packing/."""

import pytest

from slurmsim.engine.resources import shape
from slurmsim.engine.select import Pool, place
from slurmsim.model.jobs import JobRequest, NodeAlloc
from tests.engine.builders import cluster, job


def _allocation(request: JobRequest, taken: tuple[NodeAlloc, ...]) -> tuple[NodeAlloc, ...]:
    state = cluster()
    pool = Pool.of(state.nodes, ())
    pool.take(taken)
    part = state.partitions["gpu"]
    counts = range(request.min_nodes, (request.max_nodes or 4) + 1)
    layout = lambda n: shape(request, n, state.config, part)  # noqa: E731
    alloc = place(pool, layout, counts, list(part.nodes), request.req_nodes)
    assert alloc is not None
    return alloc


def _placed(request: JobRequest, taken: tuple[NodeAlloc, ...] = ()) -> list[tuple[str, int, int]]:
    return [(a.node, a.cpus, a.mem) for a in _allocation(request, taken)]


GB16 = 16384  # DefMemPerCPU of the default cluster, per CPU


@pytest.mark.parametrize(
    ("request_", "taken", "placed"),
    [
        pytest.param(
            job(nodes=2, tasks=4), (), [("dgx1", 3, 3 * GB16), ("dgx2", 1, GB16)],
            id="-N 2 -n 4 runs 3 tasks and 1",
        ),
        pytest.param(
            job(nodes=3, tasks=7), (),
            [("dgx1", 5, 5 * GB16), ("dgx2", 1, GB16), ("dgx3", 1, GB16)],
            id="-N 3 -n 7 runs 5, 1 and 1",
        ),
        pytest.param(
            job(tasks=120), (), [("dgx1", 112, 112 * GB16), ("dgx2", 8, 8 * GB16)],
            id="-n 120 fills the first node",
        ),
        pytest.param(
            job(nodes=2, tasks=4), (NodeAlloc("dgx1", 110, 1000, ()),),
            [("dgx1", 2, 2 * GB16), ("dgx2", 2, 2 * GB16)],
            id="a nearly full first node takes what it can",
        ),
        pytest.param(
            job(nodes=2, tasks=4, ntasks_per_node=2), (),
            [("dgx1", 2, 2 * GB16), ("dgx2", 2, 2 * GB16)],
            id="--ntasks-per-node pins the tasks",
        ),
        pytest.param(
            job(nodes=2, tasks=4, mem_per_node=10240), (),
            [("dgx1", 3, 10240), ("dgx2", 1, 10240)],
            id="--mem is per node whatever the tasks",
        ),
        pytest.param(
            job(tasks=2, shown=(("mincpus", "6"),)), (), [("dgx1", 6, 6 * GB16)],
            id="--mincpus raises the CPUs and the memory",
        ),
        pytest.param(
            job(gpus=3, gpus_per_node=1), (),
            [("dgx1", 1, GB16), ("dgx2", 1, GB16), ("dgx3", 1, GB16)],
            id="--gpus beside --gres takes enough nodes for them all",
        ),
        pytest.param(
            job(nodes=2, tasks=9, gpus_per_node=1, req_nodes=("dgx2",)), (),
            [("dgx2", 8, 8 * GB16), ("dgx3", 1, GB16)],
            id="beside a required node: the next one, the required filled first",
        ),
    ],
)  # fmt: skip
def test_tasks_are_packed_onto_the_first_nodes(
    request_: JobRequest, taken: tuple[NodeAlloc, ...], placed: list[tuple[str, int, int]]
) -> None:
    assert _placed(request_, taken) == placed


def _gpus_placed(request: JobRequest, taken: tuple[NodeAlloc, ...] = ()) -> list[tuple[str, int]]:
    return [(a.node, len(a.gpus)) for a in _allocation(request, taken)]


@pytest.mark.parametrize(
    ("request_", "taken", "placed"),
    [
        pytest.param(job(nodes=2, gpus=6), (), [("dgx1", 5), ("dgx2", 1)], id="6 on 2: 5 and 1"),
        pytest.param(job(nodes=2, gpus=10), (), [("dgx1", 8), ("dgx2", 2)], id="10 on 2: 8 and 2"),
        pytest.param(
            job(nodes=3, gpus=7), (), [("dgx1", 5), ("dgx2", 1), ("dgx3", 1)], id="7 on 3: 5, 1, 1"
        ),
        pytest.param(
            job(nodes=2, gpus=10),
            (NodeAlloc("dgx1", 1, GB16, (0, 1, 2)),),
            [("dgx1", 5), ("dgx2", 5)],
            id="a node with fewer free gives what it has",
        ),
    ],
)  # fmt: skip
def test_a_gpu_total_fills_the_nodes_in_order_leaving_one_for_each_after(
    request_: JobRequest, taken: tuple[NodeAlloc, ...], placed: list[tuple[str, int]]
) -> None:
    assert _gpus_placed(request_, taken) == placed
