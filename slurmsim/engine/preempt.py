"""Preemption (preempt/qos and preempt/partition_prio): which running jobs make way.

When the main scheduler cannot place a job, it asks ``choose`` for victims: running
jobs the job may preempt, on nodes of its partition, ordered as Slurm orders them
(lowest QOS priority, or partition PriorityTier, first; then fewer nodes; then job
id). They are taken away one at a time from a copy of the free pool until the job
fits; Slurm then reorders once (the job that made it fit first, then the others by
how many of the chosen nodes they hold) and plays the list again, and only those
on the nodes finally chosen are preempted. The preemptor itself starts in a pass
one second later, once the victims have let go (golden 144-148: preempted at
19:06:13, started at 19:06:14).

A victim whose mode is REQUEUE goes back to the queue under its own id (Restarts
+1, eligible again 121 s later); CANCEL, or REQUEUE of a job that may not be
requeued, ends it PREEMPTED. SUSPEND and GraceTime are not modelled: a victim
that would be suspended is not chosen (suspended jobs keep their GPUs, so they
could not make room for a GPU job anyway).
"""

from slurmsim.engine import usage
from slurmsim.engine.context import Context
from slurmsim.engine.lifecycle import GRACE_END, count_loss
from slurmsim.engine.resources import node_counts
from slurmsim.engine.select import place
from slurmsim.model import limits
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant

#: The modes that free a victim's resources at once.
FREEING = ("REQUEUE", "CANCEL")


def enabled(state: ClusterState) -> bool:
    return state.config.preempt_type in ("preempt/qos", "preempt/partition_prio")


def mode(state: ClusterState, victim: Job) -> str:
    """What happens to ``victim``: its QOS's (or partition's) PreemptMode, else the cluster's."""
    own: str | None = None
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(victim.request.qos)
        own = qos.preempt_mode if qos is not None else None
    else:
        part = state.partitions.get(victim.request.partition)
        own = getattr(part, "preempt_mode", None) if part is not None else None
    if own is None or own.lower() in ("", "cluster"):
        own = state.config.preempt_mode
    return own.upper().split(",")[0]


def exempt_until(state: ClusterState, victim: Job) -> Instant | None:
    """Until when a running job may not be preempted: its start plus its QOS's
    PreemptExemptTime (None when it has none)."""
    qos = state.qos.get(victim.request.qos)
    exempt = limits.seconds(qos.limits, "PreemptExemptTime") if qos is not None else None
    if not exempt or victim.start_time is None:
        return None
    return Instant(victim.start_time + exempt)


def _wake_at(state: ClusterState, when: Instant) -> None:
    """Have the main scheduler look again at ``when`` (nothing else would change then)."""
    if state.sched_due is None or state.sched_due > when:
        state.sched_due = when


def may_preempt(state: ClusterState, job: Job, victim: Job) -> bool:
    """Does the preemption plugin let ``job`` preempt the running ``victim``?"""
    if victim.state is not JobState.RUNNING or victim.job_id == job.job_id:
        return False
    if GRACE_END in victim.extra:
        return False  # already on its way out
    if mode(state, victim) not in FREEING:
        return False
    until = exempt_until(state, victim)
    if until is not None and state.now < until:
        _wake_at(state, until)  # look again when it may be preempted
        return False
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(job.request.qos)
        return qos is not None and victim.request.qos in qos.preempt
    mine = state.partitions.get(job.request.partition)
    theirs = state.partitions.get(victim.request.partition)
    return mine is not None and theirs is not None and mine.priority_tier > theirs.priority_tier


def _order(state: ClusterState, victim: Job) -> tuple[int, int]:
    """Slurm's victim key: lower goes first."""
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(victim.request.qos)
        level = qos.priority if qos is not None else 0
    else:
        part = state.partitions.get(victim.request.partition)
        level = part.priority_tier if part is not None else 0
    return ((level << 16) + len(victim.nodes), victim.job_id)


def choose(ctx: Context, job: Job, part: Partition, candidates: list[str]) -> list[Job]:
    """The running jobs to preempt so that ``job`` fits on ``candidates`` ([] if none do)."""
    state = ctx.state
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(job.request.qos)
        if qos is None or not qos.preempt:
            return []  # preempts nobody: spare the look at every running job
    members = set(part.nodes)
    cands = sorted(
        (
            v
            for v in ctx.running.values()
            if may_preempt(state, job, v) and members.intersection(v.nodes)
        ),
        key=lambda v: _order(state, v),
    )
    first = _play(ctx, job, part, candidates, cands)
    if first is None:
        return []
    prefix, alloc = first
    made_it = prefix[-1]
    chosen = {a.node for a in alloc}
    rest = sorted(
        (v for v in cands if v is not made_it),
        key=lambda v: -len(chosen.intersection(v.nodes)),
    )
    second = _play(ctx, job, part, candidates, [made_it, *rest])
    if second is None:
        return []  # cannot happen: the first victim list still frees the room
    prefix, alloc = second
    chosen = {a.node for a in alloc}
    return [v for v in prefix if chosen.intersection(v.nodes)]


def preempt(ctx: Context, victims: list[Job], now: Instant) -> list[Event]:
    """Make ``victims`` let go now (requeued, or ended PREEMPTED), and have the main
    scheduler look again a second later, when the preemptor can start."""
    state = ctx.state
    events: list[Event] = []
    if not victims:
        return events
    for victim in victims:
        victim.preempt_time = now
        grace = _grace(state, victim)
        if grace:
            # Signalled now, stopped when the grace ends (an event of the loop's own).
            victim.extra[GRACE_END] = str(now + grace)
            victim.end_time = Instant(now + grace)
            ctx.reschedule_end(victim)
            continue
        events.extend(let_go(ctx, victim, now))
    _wake_at(state, Instant(now + 1))
    return events


def let_go(ctx: Context, victim: Job, now: Instant) -> list[Event]:
    """A victim stops: requeued when its mode is REQUEUE and it may be, else PREEMPTED."""
    state = ctx.state
    requeueable = victim.request.batch and victim.request.requeue and state.config.job_requeue
    if mode(state, victim) == "REQUEUE" and requeueable:
        return [ctx.requeue(victim, now)]  # charged for its usage on the way
    count_loss(victim, now)
    usage.charge_end(state, victim, now)
    return [ctx.end(victim, now, JobState.PREEMPTED, reason="Preempted")]


def _grace(state: ClusterState, victim: Job) -> int:
    """The victim's GraceTime: its QOS's (preempt/qos) or its partition's."""
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(victim.request.qos)
        return int(qos.grace_time) if qos is not None else 0
    part = state.partitions.get(victim.request.partition)
    return int(getattr(part, "grace_time", 0) or 0) if part is not None else 0


def _play(
    ctx: Context, job: Job, part: Partition, candidates: list[str], victims: list[Job]
) -> tuple[list[Job], tuple[NodeAlloc, ...]] | None:
    """Take ``victims`` away in order until ``job`` fits: (those taken, the placement)."""
    pool = ctx.pool.copy()
    shape_for = ctx.shape_for(job, part)
    counts = node_counts(job.request, len(part.nodes))
    taken: list[Job] = []
    for victim in victims:
        pool.give(victim.alloc)
        taken.append(victim)
        alloc = place(pool, shape_for, counts, candidates, job.request.req_nodes)
        if alloc is not None:
            return taken, alloc
    return None
