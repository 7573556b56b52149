"""The main scheduler pass (slurmctld's ``schedule()``).

Jobs are tried in Slurm's order. The first job of a partition that cannot get
nodes takes reason Resources and blocks its partition for the rest of the pass:
every later job of that partition gets Priority, even one that would fit (strict
head-of-line blocking; only backfill may start those). The blocked partition's
nodes are also withheld from other partitions in this pass. Jobs pending for
holds, dependencies, begin times or partition limits are not in the queue and
block nobody.
"""

from dataclasses import dataclass, field

from slurmsim.engine import preempt
from slurmsim.engine.context import Context
from slurmsim.engine.resources import node_counts
from slurmsim.engine.select import Pool, place
from slurmsim.model.events import Event
from slurmsim.model.hostlist import compress
from slurmsim.model.jobs import Job
from slurmsim.model.nodes import Node
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant

NODES_UNAVAILABLE = (
    "Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions"
)


@dataclass(slots=True)
class _Pass:
    failed: set[str] = field(default_factory=set)  # partitions whose head job could not start
    withheld: set[str] = field(default_factory=set)  # nodes of those partitions
    events: list[Event] = field(default_factory=list)


def usable(node: Node) -> bool:
    """Up and not drained: a node new work may land on."""
    return not node.down and not node.drain


def main_pass(ctx: Context, now: Instant, depth: int | None) -> list[Event]:
    """One main-scheduler pass at ``now`` over at most ``depth`` jobs (None: all)."""
    ctx.flush_stamps()  # held-back stamps are older than the ones this pass writes
    ctx.refresh(now)
    run = _Pass()
    queue = list(ctx.ordered())
    tested = queue if depth is None else queue[:depth]
    failed = run.failed
    # Behind a blocked head, a long queue is mostly jobs that only get Priority; the
    # loop keeps their cost to the two writes.
    for job in tested:
        if job.array_tasks and ctx.throttled(job):
            job.reason = "JobArrayTaskLimit"  # checked first, without an evaluation stamp
            continue
        job.last_sched_eval = now
        if job.request.partition in failed:
            job.reason = "Priority"
            continue
        _try(ctx, job, now, run)
    if depth is None:
        ctx.main_tested = tested
    return run.events


def _try(ctx: Context, job: Job, now: Instant, run: _Pass) -> None:
    """Start ``job`` (and, for an array, as many further tasks as fit) or set its reason."""
    state = ctx.state
    part = state.partitions[job.request.partition]
    while True:
        if ctx.throttled(job):
            job.reason = "JobArrayTaskLimit"
            return
        candidates = candidate_nodes(ctx, job, part, run.withheld)
        if job.request.min_nodes > len(candidates):
            _fail(ctx, job, part, run, NODES_UNAVAILABLE)
            return
        alloc = place(
            ctx.pool,
            ctx.shape_for(job, part),
            node_counts(job.request, len(part.nodes)),
            candidates,
            job.request.req_nodes,
        )
        if alloc is None:
            if preempt.enabled(ctx.state):
                victims = preempt.choose(ctx, job, part, candidates)
                run.events.extend(preempt.preempt(ctx, victims, now))
            _fail(ctx, job, part, run, _why_not(ctx, job, part))
            return
        is_array = bool(job.array_tasks)
        more = len(job.array_tasks) > 1
        run.events.append(ctx.start(job, alloc, now, "Main"))
        if not (is_array and more):
            return  # a plain job, or the array's last task, is done


def candidate_nodes(ctx: Context, job: Job, part: Partition, withheld: set[str]) -> list[str]:
    """The partition's nodes this job may use now, in slurm.conf order."""
    nodes = ctx.state.nodes
    excluded = set(job.request.exc_nodes) | withheld
    allowed = job.request.feature_nodes
    members = set(part.nodes) if allowed is None else set(part.nodes) & set(allowed)
    return [
        name
        for name, node in nodes.items()
        if name in members and name not in excluded and usable(node)
    ]


def _why_not(ctx: Context, job: Job, part: Partition) -> str:
    """Resources when busy nodes are in the way; ReqNodeNotAvail when unusable ones are."""
    nodes = ctx.state.nodes
    unavailable = [
        n for n in (job.request.req_nodes or part.nodes) if n in nodes and not usable(nodes[n])
    ]
    if unavailable and (job.request.req_nodes or not _fits_when_idle(ctx, job, part)):
        return f"ReqNodeNotAvail, UnavailableNodes:{compress(unavailable)}"
    return "Resources"


def _fits_when_idle(ctx: Context, job: Job, part: Partition) -> bool:
    """Would the job fit on the partition's usable nodes if nothing ran on them?"""
    state = ctx.state
    usable_nodes = {n: state.nodes[n] for n in candidate_nodes(ctx, job, part, set())}
    empty = Pool.of(usable_nodes, ())
    alloc = place(
        empty,
        ctx.shape_for(job, part),
        node_counts(job.request, len(part.nodes)),
        list(usable_nodes),
        job.request.req_nodes,
    )
    return alloc is not None


def _fail(ctx: Context, job: Job, part: Partition, run: _Pass, reason: str) -> None:
    job.reason = reason
    if reason.startswith("ReqNodeNotAvail"):
        return  # unusable required nodes block nobody
    if job.request.req_nodes and len(job.request.req_nodes) >= job.request.min_nodes:
        # A job pinned to its nodes only withholds those nodes.
        run.withheld.update(job.request.req_nodes)
        return
    run.failed.add(part.name)
    run.withheld.update(part.nodes)
