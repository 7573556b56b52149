"""Where a job that may fall unevenly on its nodes runs (``select.uneven``): a ``--gpus``
total that no even split fits on the nodes with the most GPUs free until they hold it
(``gather``, tests/golden/gpuspread/); a total of CPU tasks on the nodes of a run of
consecutive ones in slurm.conf order (``accumulate``, tests/golden/taskspread/)."""

from dataclasses import replace

import pytest

from slurmsim.engine.resources import node_counts, shape
from slurmsim.engine.select import Pool, place
from slurmsim.engine.simulate import advance, run_until_idle
from slurmsim.engine.submit import submit
from slurmsim.model.jobs import JobRequest, JobState, NodeAlloc
from slurmsim.model.time import Instant
from slurmsim.model.tres import Gres
from tests.engine.builders import T0, cluster, job


def _busy(*held: int) -> tuple[NodeAlloc, ...]:
    """One CPU and the first ``held[i]`` GPUs of node ``i + 1`` taken."""
    return tuple(
        NodeAlloc(f"dgx{i}", 1, 1024, tuple(range(gpus)))
        for i, gpus in enumerate(held, start=1)
        if gpus
    )


def _placed(request: JobRequest, taken: tuple[NodeAlloc, ...], cpus: bool = False) -> dict | None:
    """Where ``place`` puts ``request`` beside ``taken``: each node's GPUs (or CPUs)."""
    state = cluster()
    pool = Pool.of(state.nodes, ())
    pool.take(taken)
    part = state.partitions["gpu"]
    layout = lambda n: shape(request, n, state.config, part)  # noqa: E731
    counts = node_counts(request, len(part.nodes))
    alloc = place(pool, layout, counts, list(part.nodes), request.req_nodes)
    return None if alloc is None else {a.node: a.cpus if cpus else len(a.gpus) for a in alloc}


@pytest.mark.parametrize(
    ("request_", "held", "placed"),
    [
        pytest.param(
            job(gpus=10), (6, 6, 6, 4), {"dgx1": 2, "dgx2": 2, "dgx3": 2, "dgx4": 4},
            id="2, 2, 2 and 4 free: -G 10 on all four",
        ),
        pytest.param(
            job(gpus=7), (5, 7, 7, 5), {"dgx1": 3, "dgx2": 1, "dgx4": 3},
            id="3, 1, 1 and 3 free: -G 7 on the two with most, then the first of equals",
        ),
        pytest.param(
            job(gpus=20), (4, 0, 4, 0), {"dgx1": 4, "dgx2": 8, "dgx4": 8},
            id="4, 8, 4 and 8 free: -G 20 on the idle two and the first of the rest",
        ),
        pytest.param(
            job(gpus=5), (6, 6, 6, 6), {"dgx1": 2, "dgx2": 2, "dgx3": 1},
            id="2 free on each: -G 5 on three, the last taking what is left",
        ),
        pytest.param(
            job(tasks=8, gpus_per_task=Gres("gpu", None, 1)), (7, 5, 5, 7),
            {"dgx1": 1, "dgx2": 3, "dgx3": 3, "dgx4": 1},
            id="1, 3, 3 and 1 free: -n 8 --gpus-per-task=1 on all four",
        ),
        pytest.param(
            job(gpus=6, nodes=None, max_nodes=2), (6, 6, 6, 6), None,
            id="-N 1-2 caps the nodes gathered: -G 6 waits",
        ),
        pytest.param(
            job(gpus=5, req_nodes=("dgx3",)), (6, 6, 5, 8), {"dgx1": 2, "dgx3": 3},
            id="a required node is one of them, then those with most free",
        ),
        pytest.param(
            job(gpus=5, req_nodes=("dgx2",)), (6, 6, 5, 8), {"dgx2": 2, "dgx3": 3},
            id="a required node with fewer free than another",
        ),
    ],
)  # fmt: skip
def test_a_gpu_total_gathers_the_nodes_with_most_free(
    request_: JobRequest, held: tuple[int, ...], placed: dict[str, int] | None
) -> None:
    assert _placed(request_, _busy(*held)) == placed


def test_backfill_starts_a_gathered_total_in_a_hole_that_delays_nobody() -> None:
    """The oracle's case (golden gpuspread/ 094-101): a -G 10 job that ends before the
    four-node job waiting for the busy nodes could start runs on their free GPUs at the
    next backfill cycle; one that would delay it waits."""
    s = cluster(bf_interval=5)
    for i, gpus in enumerate((6, 6, 6, 4), start=1):
        submit(s, job(gpus=gpus, req_nodes=(f"dgx{i}",), limit="0:10:00"))
    advance(s, Instant(T0 + 3))
    big = submit(s, job("big", nodes=4, gpus_per_node=8, limit="0:30:00"))
    short = submit(s, job("short", gpus=10, limit="0:05:00"))
    long = submit(s, job("long", gpus=10, limit="1:00:00"))
    advance(s, Instant(T0 + 20))
    assert (short.state, short.scheduler, len(short.nodes)) == (JobState.RUNNING, "Backfill", 4)
    assert (big.reason, long.state, long.reason) == ("Resources", JobState.PENDING, "Priority")
    run_until_idle(s)
    assert (long.start_time or 0) >= (big.end_time or T0 + 30 * 60)


def _busy_cpus(*held: int) -> tuple[NodeAlloc, ...]:
    """The first ``held[i]`` CPUs (1 GB each) of node ``i + 1`` taken."""
    return tuple(
        NodeAlloc(f"dgx{i}", cpus, cpus * 1024, ()) for i, cpus in enumerate(held, start=1) if cpus
    )


@pytest.mark.parametrize(
    ("request_", "held", "placed"),
    [
        pytest.param(
            job(tasks=60), (100, 60, 60, 100), {"dgx1": 12, "dgx2": 48},
            id="12, 52, 52, 12 free: -n 60 from the first node on",
        ),
        pytest.param(
            job(tasks=110), (100, 60, 60, 100), {"dgx1": 12, "dgx2": 52, "dgx3": 46},
            id="-n 110 on as many as that walk reaches",
        ),
        pytest.param(
            job(tasks=100, nodes=2), (100, 60, 60, 100), {"dgx2": 52, "dgx3": 48},
            id="-N 2 -n 100 passes the node that would leave too much",
        ),
        pytest.param(
            job(tasks=30), (100, 60, 60, 100), {"dgx2": 30},
            id="-n 30: one node that holds them all",
        ),
        pytest.param(
            job(tasks=60), (100, 112, 60, 60), {"dgx3": 52, "dgx4": 8},
            id="12, 0, 52, 52 free: the run that suffices",
        ),
        pytest.param(
            job(tasks=10), (100, 112, 60, 60), {"dgx1": 10},
            id="-n 10: the tightest run that suffices",
        ),
    ],
)  # fmt: skip
def test_cpu_tasks_take_a_run_of_nodes_in_order(
    request_: JobRequest, held: tuple[int, ...], placed: dict[str, int] | None
) -> None:
    request = replace(request_, mem_per_cpu=1024)
    assert _placed(request, _busy_cpus(*held), cpus=True) == placed
