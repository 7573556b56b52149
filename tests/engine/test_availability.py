"""Backfill's start estimate from node profiles agrees with trying every batch of ends in turn.

``reference_start`` is the straightforward reading of the rule: take running jobs
away in batches of ends and try a placement after each. ``earliest_start`` finds the
same answer from per-node change points with a single placement; hypothesis checks
that the two agree on random clusters, probes and candidate sets.
"""

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

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
    """Take running jobs away batch by batch, trying a placement after each."""
    now = ctx.state.now
    pool = ctx.pool.copy(cand)
    counts = node_counts(probe.request, len(part.nodes))
    shape_for = ctx.shape_for(probe, part)
    required = probe.request.req_nodes
    alloc = place(pool, shape_for, counts, cand, required)
    if alloc is not None:
        return now, alloc
    relevant = [r for r in running if not set(cand).isdisjoint(r.nodes)]
    i = 0
    while i < len(relevant):
        first = relevant[i].end
        last = first
        while i < len(relevant) and relevant[i].end <= first + END_BATCH:
            pool.give(relevant[i].job.alloc)
            last = relevant[i].end
            i += 1
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
