"""The main scheduler pass (slurmctld's ``schedule()``).

Jobs are tried in Slurm's order. The first job of a partition that cannot get
nodes takes reason Resources and blocks its partition for the rest of the pass:
every later job of that partition gets Priority, even one that would fit (strict
head-of-line blocking; only backfill may start those). The blocked partition's
nodes are also withheld from other partitions in this pass. Jobs pending for
holds, dependencies, begin times or partition limits are not in the queue and
block nobody.

Once every partition with queued jobs has failed, each job left gets Priority (an
array at its task limit JobArrayTaskLimit) and nothing else can happen, so the
pass stops walking there and leaves those writes to ``Context.settle``.

Most passes find the head of the queue as stuck as the last one did: a job whose
try failed is not placed again until resources are given back (``_memo_key``).
"""

from dataclasses import dataclass, field

from slurmsim.engine import limits, preempt, reservations
from slurmsim.engine.context import Context, MainMark, Tail
from slurmsim.engine.eligibility import judged
from slurmsim.engine.resources import node_counts
from slurmsim.engine.select import Pool, place
from slurmsim.engine.submit import idle_fit
from slurmsim.model.accounting import NODES_UNAVAILABLE
from slurmsim.model.events import Event
from slurmsim.model.hostlist import compress
from slurmsim.model.jobs import HET, Job, JobRequest
from slurmsim.model.nodes import KEPT_OFF, usable
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant


@dataclass(slots=True)
class _Pass:
    failed: set[str] = field(default_factory=set)  # partitions whose head job could not start
    withheld: set[str] = field(default_factory=set)  # nodes of those partitions
    events: list[Event] = field(default_factory=list)


def main_pass(ctx: Context, now: Instant, depth: int | None) -> list[Event]:
    """One main-scheduler pass at ``now`` over at most ``depth`` jobs (None: all)."""
    ctx.refresh(now)
    ctx.state.last_main = now  # its queue build clears every pending job's backfill flag
    seq = ctx.next_seq()
    run = _Pass()
    waiting = ctx.waiting_partitions()
    walk = ctx.walk(seq)
    tried: set[int] = set()
    unstamped: set[int] = set()
    seen = 0
    stopped = False
    for job in walk:
        if depth is not None and seen >= depth:
            break
        if run.failed >= waiting:
            walk.push_back(job)  # the rest only wait on Priority: settle writes that
            stopped = True
            break
        if HET in job.extra:
            tried.add(job.job_id)  # its reason is backfill's to give
            continue  # only backfill starts a heterogeneous job's components (hetjobs)
        seen += 1
        tried.add(job.job_id)
        if job.array_job_id is not None and ctx.throttled(job):
            ctx.hold_at_throttle(job, seq)  # checked first, without an evaluation stamp
            unstamped.add(job.job_id)
            continue
        judged(job, now)
        job.last_sched_eval = now
        if job.request.partition in run.failed:
            ctx.write_waiting(job, seq)
            continue
        _try(ctx, job, now, run, seq)
    if depth is None:
        for job_id, job in ctx.arrays.items():
            if job_id not in tried and ctx.throttled(job):
                ctx.hold_at_throttle(job, seq)
                unstamped.add(job_id)
        old = ctx.main_mark
        if old is not None and old.time > old.at:
            # Passes that only repeated the old one evaluated its throttled arrays too.
            for job_id in old.unstamped & unstamped:
                job = ctx.arrays[job_id]
                job.last_sched_eval = Instant(max(job.last_sched_eval or 0, old.time))
        ctx.main_mark = MainMark(seq, now, tried | unstamped, unstamped, now)
        ctx.tails.clear()  # this pass covers every job they did
    elif stopped and seen < depth:
        walk.keep()
        ctx.tails.append(Tail(seq, now, walk, depth - seen))
    return run.events


def try_alone(ctx: Context, job: Job, now: Instant) -> list[Event]:
    """Start ``job`` now if it fits, or give it its reason, touching no other job: how
    slurmctld tries an allocation in the request that makes it (``engine/allocate``)."""
    run = _Pass()
    job.last_sched_eval = now
    _try(ctx, job, now, run, ctx.next_seq())
    return run.events


def _try(ctx: Context, job: Job, now: Instant, run: _Pass, seq: int) -> None:
    """Start ``job`` (and, for an array, as many further tasks as fit) or set its reason."""
    state = ctx.state
    part = state.partitions[job.request.partition]
    while True:
        if ctx.throttled(job):
            ctx.hold_at_throttle(job, seq)
            return
        held = limits.pending_reason(state, job, ctx.limits)
        if held is not None:
            ctx.write_reason(job, held, seq)  # a job held by a limit blocks nobody
            return
        memo = _memo_key(ctx, job, run)
        known = ctx.failed_tries.get(job.job_id) if memo is not None else None
        if known is not None and known[0] == memo:
            # Remembered only with nothing withheld: too few nodes then were out of service.
            _fail(ctx, job, part, run, known[1], seq, blocks=known[1] != NODES_UNAVAILABLE)
            return
        candidates = candidate_nodes(ctx, job, part, run.withheld, at=now)
        if job.request.min_nodes > len(candidates):
            why = _reserved(ctx, job, part, now) or NODES_UNAVAILABLE
            # Too few nodes in service (down, drained, FUTURE): slurmctld passes on to the
            # next job; it holds up the partition for nodes busy or kept for jobs above.
            short = why == NODES_UNAVAILABLE and _too_few_in_service(ctx, job, part, now)
            _fail(ctx, job, part, run, why, seq, blocks=not short)
            _remember(ctx, job, memo, why)
            return
        alloc = place(
            ctx.pool,
            ctx.shape_for(job, part),
            node_counts(job.request, len(part.nodes)),
            candidates,
            job.request.req_nodes,
        )
        if alloc is None:
            room = preempt.make_room(ctx, job, part, candidates, now)
            run.events.extend(room.events)
            alloc = room.alloc  # set when its victims were suspended: it starts now
        if alloc is None:
            why = _reserved(ctx, job, part, now) or _why_not(ctx, job, part, run.withheld)
            _fail(ctx, job, part, run, why, seq)
            _remember(ctx, job, memo, why)
            return
        held = limits.after_selection(state, job, (a.node for a in alloc), ctx.limits)
        if held is not None:
            ctx.write_reason(job, held, seq)  # its nodes would pass a node limit
            return
        is_array = bool(job.array_tasks)
        more = len(job.array_tasks) > 1
        run.events.append(ctx.start(job, alloc, now, "Main"))
        if not (is_array and more):
            return  # a plain job, or the array's last task, is done


def _memo_key(ctx: Context, job: Job, run: _Pass) -> tuple[int, JobRequest] | None:
    """What a failed try of ``job`` depends on once its limits and throttle let it try,
    when nothing else can move the answer (None otherwise).

    A job that does not fit still does not once more is taken, and its reason does not
    read the free resources: so only resources given back (``Context.freed``) and its
    request matter. Nodes change state only between contexts; reservations and
    preemption depend on the clock, so a job that meets either is tried afresh, and so
    is one tried after a failure withheld nodes in the same pass."""
    state = ctx.state
    if run.withheld or state.reservations or job.request.reservation:
        return None
    if preempt.may_try(state, job):
        return None
    return ctx.freed, job.request


def _remember(ctx: Context, job: Job, memo: tuple[int, JobRequest] | None, why: str) -> None:
    if memo is not None:
        ctx.failed_tries[job.job_id] = (memo, why)


def candidate_nodes(
    ctx: Context, job: Job, part: Partition, withheld: set[str], *, at: Instant | None = None
) -> list[str]:
    """The partition's nodes this job may use, in slurm.conf order; with ``at``, also
    leaving out those reservations keep from it for a run starting then."""
    state = ctx.state
    nodes = state.nodes
    request = job.request
    # Sets made only when there is something to add: the main pass asks for every job.
    excluded = set(request.exc_nodes) | withheld if request.exc_nodes else withheld
    if at is not None and (state.reservations or request.reservation):
        end = reservations.window_end(state, job, at)
        excluded = excluded | reservations.blocked_nodes(state, job, at, end)
    return [
        name
        for name in ctx.members(part, request.feature_nodes)
        # ``usable`` spelled out: asked of every node for every job tried
        if name not in excluded
        and not (node := nodes[name]).down
        and not node.drain
        and not (node.not_responding and KEPT_OFF in node.extra)
    ]


def _reserved(ctx: Context, job: Job, part: Partition, now: Instant) -> str | None:
    """The reason reservations give a job that cannot start, if they are why."""
    state = ctx.state
    if not state.reservations and not job.request.reservation:
        return None
    found = reservations.reason(state, job, part.nodes, now)
    if found is None:
        return None
    code, text = found
    return text or code


def _why_not(ctx: Context, job: Job, part: Partition, withheld: set[str]) -> str:
    """Resources when busy nodes are in the way; ReqNodeNotAvail when unusable ones are.

    A job's required nodes that this pass keeps for a job pinned to them above it count
    as unusable: slurmctld takes those out of the nodes it deems available (the oracle:
    a second job for dgx1 behind a waiting one shows ``UnavailableNodes:dgx1``)."""
    nodes = ctx.state.nodes
    required = job.request.req_nodes
    unavailable = [
        n
        for n in (required or part.nodes)
        if n in nodes and (not usable(nodes[n]) or (required and n in withheld))
    ]
    shown = [n for n in unavailable if not nodes[n].future]  # FUTURE nodes are not named
    if shown and (required or not _fits_when_idle(ctx, job, part)):
        return f"ReqNodeNotAvail, UnavailableNodes:{compress(shown)}"
    if unavailable and required:
        return reservations.RESERVED_DESC  # the oracle, for a job pinned to a FUTURE node
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


def _too_few_in_service(ctx: Context, job: Job, part: Partition, now: Instant) -> bool:
    """Are too few of the partition's nodes in service for ``job``, whatever runs there?"""
    return job.request.min_nodes > len(candidate_nodes(ctx, job, part, set(), at=now))


def _fail(  # noqa: PLR0917 (the pass's state and the job's verdict)
    ctx: Context,
    job: Job,
    part: Partition,
    run: _Pass,
    reason: str,
    seq: int,
    *,
    blocks: bool = True,
) -> None:
    ctx.write_reason(job, reason, seq)
    if not blocks:
        return
    if reason == "Resources" and job.node_guess is None:
        # The controller's test of a job it finds waiting leaves its guess at the nodes.
        fit = idle_fit(ctx.state, job.request, part)
        job.node_guess = fit if isinstance(fit, int) else None
    if reason.startswith("ReqNodeNotAvail"):
        return  # unusable required nodes block nobody
    if job.request.req_nodes and len(job.request.req_nodes) >= job.request.min_nodes:
        # A job pinned to its nodes only withholds those nodes.
        run.withheld.update(job.request.req_nodes)
        return
    run.failed.add(part.name)
    run.withheld.update(part.nodes)
