"""Backfill's start estimate from node profiles agrees with trying every batch of ends in turn.

``reference_start`` is the straightforward reading of the rule: take running jobs
away in batches of ends and try a placement after each. ``earliest_start`` finds the
same answer from per-node change points with a single placement, and
``whatif.earliest`` (backfill's plans) the same start and nodes on node masks;
hypothesis checks that they agree on random clusters, probes and candidate sets.
"""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.engine import whatif
from slurmsim.engine.availability import END_BATCH, Availability, Running
from slurmsim.engine.backfill import earliest_start, running_by_end
from slurmsim.engine.context import Context
from slurmsim.engine.resources import node_counts
from slurmsim.engine.select import place
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobRequest, NodeAlloc
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant, Seconds
from tests.engine.builders import cluster, job


def reference_start(
    ctx: Context, probe: Job, part: Partition, cand: list[str], running: list[Running]
) -> tuple[Instant, tuple[NodeAlloc, ...]] | None:
    """Take running jobs away batch by batch, trying a placement after each.

    A batch runs from the first job on a candidate until the next job in the whole
    list ends more than the window after it (jobs on other nodes are passed over
    without that test); the window doubles with each batch, as in slurmctld.
    """
    now = ctx.state.now
    pool = ctx.pool.copy(cand)
    counts = node_counts(probe.request, len(part.nodes))
    shape_for = ctx.shape_for(probe, part)
    required = probe.request.req_nodes
    alloc = place(pool, shape_for, counts, cand, required)
    if alloc is not None:
        return now, alloc
    window, i = END_BATCH, 0
    while i < len(running):
        first = last = None
        while i < len(running):
            r = running[i]
            i += 1
            if set(cand).isdisjoint(r.job.nodes):
                continue  # passed over without looking at the window
            first = r.end if first is None else first
            pool.give(r.job.alloc)
            last = r.end
            if i < len(running) and running[i].end > first + window:
                break
        if last is None:
            return None
        window *= 2
        alloc = place(pool, shape_for, counts, cand, required)
        if alloc is not None:
            return Instant(last), alloc
    return None


requests = st.builds(
    lambda nodes, gpn, tasks, limit, exclusive: job(
        nodes=nodes,
        gpus_per_node=gpn,
        tasks=tasks * nodes,
        limit=limit,
        exclusive=exclusive,
    ),
    st.integers(1, 3),
    st.sampled_from([0, 1, 2, 4, 8]),
    st.integers(1, 60),
    st.sampled_from([300, 310, 330, 1800, 3600]),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(
    running=st.lists(requests, min_size=1, max_size=14),
    probes=st.lists(requests, min_size=1, max_size=4),
    drop=st.sets(st.sampled_from(["dgx1", "dgx2", "dgx3", "dgx4", "dgx5", "dgx6"]), max_size=3),
    required=st.one_of(st.none(), st.sampled_from(["dgx1", "dgx4"])),
    later=st.integers(1, 200),
)
def test_earliest_start_matches_batch_by_batch_when_jobs_run(
    running: list[JobRequest],
    probes: list[JobRequest],
    drop: set[str],
    required: str | None,
    later: int,
) -> None:
    state = cluster(nodes=6)
    for i, request in enumerate(running):
        with contextlib.suppress(SlurmError):
            submit(state, request)
        advance(state, Instant(state.now + later * (i % 3)))
    advance(state, Instant(state.now + 5))
    ctx = Context(state)
    now = state.now
    part = state.partitions["gpu"]
    every = running_by_end(ctx, state.now)
    avail = Availability(every, ctx.pool)
    cand = [n for n in part.nodes if n not in drop]
    for i, request in enumerate(probes):
        if required:
            pinned = job(nodes=request.min_nodes, req_nodes=(required,), limit=600)
        probe = Job(10_000 + i, pinned if required else request, state.now)
        probe.time_limit = Seconds(600)
        want = reference_start(ctx, probe, part, cand, every)
        assert earliest_start(ctx, probe, part, cand, state.now, every, avail) == want
        assert earliest_start(ctx, probe, part, cand, state.now, every) == want
        layouts = ctx.layouts(probe, part)
        demand = whatif.Demand.of(i, layouts, probe.request.req_nodes)
        ahead = whatif.earliest(avail, demand, avail.mask(cand), now)
        # Backfill's plans: the same start on the same nodes, without the allocation.
        assert ahead == (None if want is None else (want[0], avail.mask(a.node for a in want[1])))


@pytest.mark.parametrize(
    ("cand", "want"),
    [
        pytest.param(["dgx1", "dgx2", "dgx3", "dgx4"], "dgx2", id="ends 20 s apart are one batch"),
        pytest.param(
            ["dgx1", "dgx3", "dgx4"],
            "dgx3",
            id="a job on another node within the window does not close the batch (golden 176)",
        ),
    ],
)
def test_batch_of_ends_runs_past_jobs_on_other_nodes(cand: list[str], want: str) -> None:
    """dgx1's job ends first, dgx2's 20 s later, dgx3-4's much later; the probe needs a
    node: the estimate is the end of the last job of the batch in which it fits."""
    state = cluster(nodes=4)
    for nodes, limit in ((("dgx1",), 600), (("dgx2",), 620), (("dgx3", "dgx4"), 1800)):
        submit(state, job(nodes=len(nodes), gpus_per_node=8, limit=limit, req_nodes=nodes))
    advance(state, Instant(state.now + 5))
    ctx = Context(state)
    probe = Job(10_000, job(gpus_per_node=8, limit=600), state.now)
    running = running_by_end(ctx, state.now)
    found = earliest_start(ctx, probe, state.partitions["gpu"], cand, state.now, running)
    ends = {node: r.end for r in running for node in r.job.nodes}
    assert found is not None
    assert found[0] == ends[want]


def test_freed_pool_gives_back_without_touching_the_pool() -> None:
    """The what-if pool reads a node's entry off its profile once the jobs before the
    batch's end are gone; the pool itself keeps what it had."""
    state = cluster(nodes=2)
    for limit in (600, 1800):
        submit(state, job(gpus_per_node=2, tasks=16, limit=limit, req_nodes=("dgx1",)))
    advance(state, Instant(state.now + 5))
    ctx = Context(state)
    running = running_by_end(ctx, state.now)
    before = ctx.pool.free["dgx1"]
    freed, last = Availability(running, ctx.pool).freed_through(["dgx1", "dgx2"], running[0].end)
    entry = freed.free["dgx1"]
    assert (last, entry.cpus, entry.gpus, entry.jobs) == (
        running[0].end,
        112 - 16,
        [0, 1, 4, 5, 6, 7],
        1,
    )
    assert ctx.pool.free["dgx1"] is before
    assert (before.cpus, before.gpus, before.jobs) == (112 - 32, [4, 5, 6, 7], 2)
