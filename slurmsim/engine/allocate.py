"""An allocation request (salloc, srun outside a job) as slurmctld takes it.

slurmctld tries such a job alone, in the request that makes it, when nothing keeps
it: it must be independent (not held, its dependencies met, its begin time come)
and top priority (no job pending ahead of it in its partition, or in another that
shares nodes with it and comes first). Nothing else is scheduled then: a job that
cannot start waits like any other for the pass the request asks for, and the other
jobs keep their reasons. Under ``--immediate`` a request that cannot start at once
fails instead, with the reason slurmctld gives.

A client that stops waiting (``--immediate=SECONDS`` run out) completes its
pending allocation itself: the job ends CANCELLED by its user, keeping the start
backfill had planned for it (``withdraw``).
"""

from slurmsim.engine import limits
from slurmsim.engine.context import PRIORITY, Context
from slurmsim.engine.dependency import DEPENDENCY_PROBLEM
from slurmsim.engine.passes import try_alone
from slurmsim.engine.submit import reject
from slurmsim.model.accounting import CANCELLED_BY
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Hold, Job, JobState

NOT_TOP_PRIORITY = "Immediate execution impossible, insufficient priority"
NODES_BUSY = "Requested nodes are busy"

#: Reasons that make a job dependent in slurmctld's sense (``job_independent``).
_DEPENDENT = frozenset({"Dependency", "BeginTime", "DependencyNeverSatisfied"})


def allocate(state: ClusterState, job: Job, *, immediate: bool) -> tuple[list[Event], str | None]:
    """Try the new allocation ``job`` at once, as the request that made it does; the
    events, and under ``immediate`` why it failed (None: it started, or it waits).
    A failed job is kept FAILED (``reject``)."""
    ctx = Context(state)
    now = state.now
    ctx.refresh(now)
    events: list[Event] = []
    refusal = None
    if job.hold is not Hold.NONE or job.reason in _DEPENDENT:
        refusal = DEPENDENCY_PROBLEM
    elif job.job_id not in ctx.queue:
        refusal = NODES_BUSY  # kept from the queue by a partition limit or reservation
    elif not _top_priority(ctx, job):
        refusal = NOT_TOP_PRIORITY
        if job.reason == "None":
            ctx.write_reason(job, PRIORITY, ctx.next_seq())
    else:
        events = try_alone(ctx, job, now)
        refusal = NODES_BUSY
    ctx.settle()
    if not immediate or job.state is not JobState.PENDING:
        return events, None
    reject(state, job)
    if refusal == DEPENDENCY_PROBLEM:
        job.eligible_time = None  # never eligible: sacct's windows leave it out (the oracle)
    return events, refusal


def _top_priority(ctx: Context, job: Job) -> bool:
    """slurmctld's test: no other queued job, runnable as far as limits go, in the same
    reservation (or none) and partition with a higher priority, or in a partition
    sharing nodes with this one and ahead of it by tier, then priority."""
    state = ctx.state
    part = state.partitions[job.request.partition]
    mine = ctx.queue.priority(job.job_id)
    nodes = set(part.nodes)
    for other_id, other in ctx.queue.jobs.items():
        if other_id == job.job_id or other.request.reservation != job.request.reservation:
            continue
        if limits.pending_reason(state, other, ctx.limits) is not None:
            continue
        theirs = ctx.queue.priority(other_id)
        if other.request.partition == part.name:
            if theirs > mine:
                return False
            continue
        other_part = state.partitions[other.request.partition]
        if nodes.isdisjoint(other_part.nodes):
            continue
        if other_part.priority_tier > part.priority_tier or (
            other_part.priority_tier == part.priority_tier and theirs > mine
        ):
            return False
    return True


def withdraw(state: ClusterState, job_id: int) -> list[Event]:
    """The client gave up waiting: a still pending allocation ends CANCELLED by its user
    now, keeping its reason and the start planned for it."""
    job = state.jobs.get(job_id)
    if job is None or job.state is not JobState.PENDING:
        return []
    now = state.now
    job.state = JobState.CANCELLED
    job.end_time = now
    job.extra[CANCELLED_BY] = job.request.user
    return [Event(now, "job_end", job.job_id, JobState.CANCELLED.value)]
