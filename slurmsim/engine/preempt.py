"""Preemption (preempt/qos and preempt/partition_prio): which running jobs make way.

When a scheduler (the main pass, or backfill for a job the main pass did not
reach) cannot place a job, ``make_room`` looks for victims: running jobs the job
may preempt, on nodes of its partition, ordered as Slurm orders them (lowest QOS
priority, or partition PriorityTier, first; then fewer nodes; then job id). What
happens depends on the mode of the first of them, as in select/cons_tres:

* REQUEUE or CANCEL: the victims with those modes are taken away one at a time
  from a copy of the free pool until the job fits; Slurm then reorders once (the
  job that made it fit first, then the others by how many of the chosen nodes
  they hold) and plays the list again, and only those on the nodes finally chosen
  are preempted. The preemptor itself starts in a pass one second later, once the
  victims have let go (golden 144-148: preempted at 19:06:13, started at
  19:06:14). A REQUEUE victim goes back to the queue under its own id (Restarts
  +1, eligible again 121 s later); CANCEL, or REQUEUE of a job that may not be
  requeued, ends it PREEMPTED.
* SUSPEND (with GANG in slurm.conf's PreemptMode, which Slurm requires): the job
  may use the cores of the victims, not their memory or GPUs, which a suspended
  job keeps; if it fits so, it starts at once and the victims on its nodes are
  suspended, as many as its cores need. A job that needs a victim's GPUs or
  memory waits (Resources). The gang scheduler suspends a job only under one from
  a partition of a higher PriorityTier, so only such victims count (golden
  preempt/: a high-QOS job in gpu, PriorityTier 2, suspends a normal one in
  debug). A suspended job is resumed when the job it was suspended under ends,
  its end moved on by the time it was suspended (``lifecycle.resume_under``).
"""

from dataclasses import dataclass, field

from slurmsim.engine import usage
from slurmsim.engine.context import Context
from slurmsim.engine.lifecycle import GRACE_END, count_loss, suspend
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
#: What a PreemptMode does to a victim (GANG and WITHIN only qualify it).
_ACTIONS = ("CANCEL", "REQUEUE", "SUSPEND")


@dataclass(slots=True)
class Room:
    """What ``make_room`` did: the events, and either the placement the job starts on
    now (its victims suspended) or the nodes its victims are letting go of."""

    events: list[Event] = field(default_factory=list)
    alloc: tuple[NodeAlloc, ...] | None = None
    freed: tuple[str, ...] = ()
    #: It would suspend jobs but needs what they keep (their GPUs or memory).
    blocked_by_suspended: bool = False


def enabled(state: ClusterState) -> bool:
    return state.config.preempt_type in ("preempt/qos", "preempt/partition_prio")


def may_try(state: ClusterState, job: Job) -> bool:
    """Could ``job`` preempt anybody at all (a cheap test, before looking at victims)?"""
    if not enabled(state):
        return False
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(job.request.qos)
        return qos is not None and bool(qos.preempt)
    return True


def _action(text: str) -> str:
    words = {w.strip().upper() for w in text.split(",")}
    return next((a for a in _ACTIONS if a in words), "OFF")


def gang(state: ClusterState) -> bool:
    """Is the gang scheduler on (``GANG`` in slurm.conf's PreemptMode)?"""
    return "GANG" in {w.strip().upper() for w in state.config.preempt_mode.split(",")}


def mode(state: ClusterState, victim: Job) -> str:
    """What happens to ``victim`` (CANCEL, REQUEUE, SUSPEND or OFF): its QOS's (or
    partition's) PreemptMode, else the cluster's."""
    own: str | None = None
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(victim.request.qos)
        own = qos.preempt_mode if qos is not None else None
    else:
        part = state.partitions.get(victim.request.partition)
        own = getattr(part, "preempt_mode", None) if part is not None else None
    if own is None or own.lower() in ("", "cluster"):
        own = state.config.preempt_mode
    return _action(own)


def exempt_until(state: ClusterState, victim: Job) -> Instant | None:
    """Until when a running job may not be preempted: its start plus its QOS's
    PreemptExemptTime, else slurm.conf's (None when neither sets one)."""
    qos = state.qos.get(victim.request.qos)
    default = state.config.preempt_exempt_time
    exempt = limits.preempt_exempt(qos.limits, default) if qos is not None else default
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
    how = mode(state, victim)
    if how == "SUSPEND":
        if not _under_shadow(state, job, victim):
            return False
    elif how not in FREEING:
        return False
    else:
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


def _under_shadow(state: ClusterState, job: Job, victim: Job) -> bool:
    """Can gang scheduling suspend ``victim`` under ``job``? It must be on, and the
    victim's partition of a lower PriorityTier (gang suspends only under the shadow
    of a job from a higher tier)."""
    if not gang(state):
        return False
    mine = state.partitions.get(job.request.partition)
    theirs = state.partitions.get(victim.request.partition)
    return mine is not None and theirs is not None and mine.priority_tier > theirs.priority_tier


def make_room(ctx: Context, job: Job, part: Partition, candidates: list[str], now: Instant) -> Room:
    """Preempt what ``job`` needs preempted to run on ``candidates`` (see the module
    docstring); an empty ``Room`` when nothing it may preempt would make it fit."""
    if not may_try(ctx.state, job):
        return Room()
    cands = _candidates(ctx, job, part)
    if not cands:
        return Room()
    if mode(ctx.state, cands[0]) == "SUSPEND":
        return _suspend_for(ctx, job, part, candidates, cands, now)
    victims = _choose(
        ctx, job, part, candidates, [v for v in cands if mode(ctx.state, v) in FREEING]
    )
    freed = tuple(sorted({n for v in victims for n in v.nodes}))
    return Room(preempt(ctx, victims, now), None, freed)


def _candidates(ctx: Context, job: Job, part: Partition) -> list[Job]:
    state = ctx.state
    members = set(part.nodes)
    return sorted(
        (
            v
            for v in ctx.running.values()
            if may_preempt(state, job, v) and members.intersection(v.nodes)
        ),
        key=lambda v: _order(state, v),
    )


def _suspend_for(  # noqa: PLR0917 (make_room's arguments and the victims)
    ctx: Context,
    job: Job,
    part: Partition,
    candidates: list[str],
    cands: list[Job],
    now: Instant,
) -> Room:
    """Start ``job`` on the cores of SUSPEND victims, which are suspended under it."""
    suspendable = [v for v in cands if mode(ctx.state, v) == "SUSPEND"]
    pool = ctx.pool.copy()
    for victim in suspendable:
        pool.lend_cores(victim.alloc)
    counts = node_counts(job.request, len(part.nodes))
    alloc = place(pool, ctx.shape_for(job, part), counts, candidates, job.request.req_nodes)
    if alloc is None:
        return Room(blocked_by_suspended=True)  # it needs their memory or GPUs, which they keep
    room = Room(alloc=alloc)
    for a in alloc:
        short = a.cpus - ctx.pool.free[a.node].cpus
        for victim in suspendable:
            if short <= 0:
                break
            if victim.state is JobState.RUNNING and a.node in victim.nodes:
                short -= sum(v.cpus for v in victim.alloc if v.node == a.node)
                # PreemptTime stays None: a suspension is not a preemption (golden preempt/006).
                room.events.append(suspend(victim, now, job.job_id))
    if room.events:
        ctx.version += 1
    return room


def _order(state: ClusterState, victim: Job) -> tuple[int, int]:
    """Slurm's victim key: lower goes first."""
    if state.config.preempt_type == "preempt/qos":
        qos = state.qos.get(victim.request.qos)
        level = qos.priority if qos is not None else 0
    else:
        part = state.partitions.get(victim.request.partition)
        level = part.priority_tier if part is not None else 0
    return ((level << 16) + len(victim.nodes), victim.job_id)


def _choose(
    ctx: Context, job: Job, part: Partition, candidates: list[str], cands: list[Job]
) -> list[Job]:
    """The running jobs among ``cands`` (in victim order) to preempt so that ``job``
    fits on ``candidates`` ([] if none do)."""
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
        return ctx.requeue(victim, now)  # charged for its usage on the way
    count_loss(victim, now)
    usage.charge_end(state, victim, now)
    return ctx.end(victim, now, JobState.PREEMPTED, reason="Preempted")


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
