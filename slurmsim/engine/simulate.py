"""The event loop: play the cluster forward to a target instant.

Things happen at whole seconds. At one instant they happen in a fixed order
(``Kind``): jobs end first (freeing nodes), then finished records are purged,
priorities recalculated, and only then do the main scheduler and backfill look.

``advance(state, until)`` handles everything strictly before ``until`` and leaves
the clock at ``until``: a command issued at an instant acts before what the clock
has queued for that same instant, as a slurmctld RPC usually beats the background
pass that shares its second (golden 073: job 235, submitted at 19:05:33, took its
id before the pass at 19:05:33 split off the array tasks 236 and 237).

Passes: a submit, release, resume or cancel queues one main pass
``TRIGGER_DELAY`` later (golden 073/088: submitted 19:05:31, started 19:05:33), a
job's end one at once (golden 176),
limited to ``default_queue_depth`` jobs; a full main pass runs every
``sched_interval`` and, under sched/backfill, a backfill cycle every
``bf_interval``, both on a grid counted from the cluster's epoch. Like
a periodic pass or backfill cycle in which no job or node changed since the last
one would decide exactly the same again; it only moves LastSchedEval of the jobs
the last one looked at, which is cheap.
"""

from collections.abc import Callable
from dataclasses import dataclass

from slurmsim.engine import lifecycle, limits, preempt, reservations, usage
from slurmsim.engine.backfill import backfill_pass
from slurmsim.engine.context import Context, Ticks
from slurmsim.engine.event_kinds import Kind
from slurmsim.engine.lifecycle import SIGTERM, outlived_reservation, shell_warned
from slurmsim.engine.liveness import answers_before, next_answer
from slurmsim.engine.passes import main_pass
from slurmsim.engine.trigger import trigger
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.launch import LAUNCH_FAILED, LAUNCH_FAILURE, LAUNCH_FAILURE_SIGNAL
from slurmsim.model.nodes import usable
from slurmsim.model.signals import WARN_SIGNAL
from slurmsim.model.time import EPOCH, Instant, Seconds

#: PriorityCalcPeriod (5 min in Slurm 22.05): pending jobs' priorities are refreshed.
PRIORITY_CALC_PERIOD: Seconds = Seconds(300)
_PRIORITY_KEY = "last_priority_calc"


@dataclass(slots=True)  # not frozen: a few are made for every step, and freezing costs
class _Step:
    time: Instant
    kind: int
    job: Job | None = None
    final: JobState | None = None
    job_id: int = 0


def advance(state: ClusterState, until: Instant) -> list[Event]:
    """Process job ends (runtime elapsed -> COMPLETED, or FAILED when ``exit_code != 0``;
    time limit first -> TIMEOUT, reason TimeLimit), eligibility changes, triggered and
    periodic main passes, backfill cycles and purges of finished jobs older than
    MinJobAge, in time order, for every instant before ``until``; sets ``state.now = until``.

    Example: ``advance(state, Instant(state.now + 3600))`` plays one hour.
    """
    ctx = Context(state)
    events = advance_with(ctx, until)
    ctx.settle()
    return events


def advance_with(ctx: Context, until: Instant) -> list[Event]:
    """``advance`` on a context kept by the caller, leaving ``settle`` to it."""
    if until <= ctx.state.now:
        return []
    events: list[Event] = []
    _run(ctx, until, events)
    return events


def next_event_time(state: ClusterState) -> Instant | None:
    """The earliest instant at which something would happen (periodic passes included)."""
    step = _next(Context(state))
    return step.time if step else None


def run_until_idle(state: ClusterState, limit: Instant | None = None) -> list[Event]:
    """Advance until no job runs and nothing pending can change without a command."""
    ctx = Context(state)
    events = run_while(ctx, lambda: False, limit)
    ctx.settle()
    return events


def run_until_job_ends(
    state: ClusterState, job_id: int, limit: Instant | None = None
) -> list[Event]:
    """Advance until job ``job_id`` has finished (or nothing more can happen, or ``limit``)."""
    ctx = Context(state)

    def done() -> bool:
        job = state.jobs.get(job_id)
        return job is None or job.state.finished

    events = run_while(ctx, done, limit)
    ctx.settle()
    return events


def run_until_job_starts(
    state: ClusterState, job_id: int, limit: Instant | None = None
) -> list[Event]:
    """Advance until job ``job_id`` is no longer pending: it started, or it ended without
    starting (or nothing more can happen, or ``limit``)."""
    ctx = Context(state)

    def done() -> bool:
        job = state.jobs.get(job_id)
        return job is None or job.state is not JobState.PENDING

    events = run_while(ctx, done, limit)
    ctx.settle()
    return events


def run_while(ctx: Context, done: Callable[[], bool], limit: Instant | None) -> list[Event]:
    """Advance ``ctx`` until ``done()``, nothing more can happen, or ``limit``; the caller
    settles."""
    events: list[Event] = []
    step = None  # where the last run stopped: nothing in between changes what comes next
    while not done():
        t = _meaningful_from(ctx, step)
        if t is None:
            break
        if limit is not None and t >= limit:
            _run(ctx, limit, events, step)
            break
        step = _run(ctx, Instant(t + 1), events, step)
    while (answer := ctx.next_answer) is not None and answer < ctx.state.now:
        events.extend(_answered(ctx, answer))
    return events


def _run(
    ctx: Context, until: Instant, events: list[Event], step: _Step | None = None
) -> _Step | None:
    """Play every step before ``until`` into ``events``, from ``step`` if the caller knows
    it is the next; the clock is left at ``until``. Returns the first step not played:
    it comes at or after ``until``, so it stays the next while nothing else happens."""
    state = ctx.state
    if step is None:
        step = _next(ctx)
    while True:
        answer = ctx.next_answer
        if answer is not None and answer < until and (step is None or answer <= step.time):
            events.extend(_answered(ctx, answer))  # before what comes at or after it
            step = _next(ctx)
            continue
        if step is None or step.time >= until:
            break
        if _would_repeat(ctx, step.kind):
            purged = _skip_quiet_ticks(ctx, until)
            if purged is not None:
                events.extend(purged)
                step = _next(ctx)
                continue
        state.now = step.time
        events.extend(_handle(ctx, step))
        step = _next(ctx)
    state.now = max(state.now, until)
    return step


def _warned_end(job: Job, now: Instant, code: int) -> tuple[int, int, str | None]:
    """The exit code, signal and reason of a job that fails ``now``: as its shell died of
    its ``--signal=B:`` warning if that is why (the oracle: ``USR1`` gives ``FAILED``,
    ``Reason=JobLaunchFailure``, ``ExitCode=0:10``), else as its script's own end."""
    warned = shell_warned(job)
    if warned is None or warned[0] != now:
        return code, 0, None
    _, code, signal = warned
    return code, signal, LAUNCH_FAILURE


def _answered(ctx: Context, at: Instant) -> list[Event]:
    """The nodes the controller waits on that answer at ``at`` do (``liveness``); one it
    kept off new jobs takes them again, so the passes after it look afresh."""
    state = ctx.state
    state.now = max(state.now, at)
    if ctx.deferred is not None:
        # The last backfill cycle's estimates are of the nodes as it saw them: a node
        # back in service would let one of them start (the property test's DOWN node).
        ctx.deferred.finish()
    kept = [n for n in state.nodes.values() if not usable(n)]
    events = answers_before(state, Instant(at + 1))
    if any(usable(n) for n in kept):
        ctx.version += 1
    ctx.next_answer = next_answer(state)
    return events


def _would_repeat(ctx: Context, kind: int) -> bool:
    """Would a tick of ``kind`` now only repeat the last one (nothing to look at anew)?
    A priority recalculation is seen only by the passes, which are steps of their own."""
    if kind == _MAIN_PERIODIC:
        quiet = ctx.version == ctx.main_version
    elif kind == _BACKFILL:
        quiet = ctx.version == ctx.backfill_version
    else:
        quiet = kind == _PRIORITY and not _decay_matters(ctx)
    # Else a pass's ``refresh`` may admit jobs, or its queue build split an array.
    return quiet and ctx.rechecked() and not ctx.splits_due()


def _skip_quiet_ticks(ctx: Context, until: Instant) -> list[Event] | None:
    """Play at once the periodic ticks that would only repeat what the last passes did,
    and the purges among them (their events); None when no tick comes before the next
    real step.

    While no job or node changes, a periodic main pass or backfill cycle would
    decide what the last one decided and only move LastSchedEval, and a priority
    recalculation matters only to the next pass that looks. A long simulation has
    millions of such ticks between the events that matter, so up to the next real
    step each quiet kind takes effect once, as of its last tick before it. A kind
    that is not quiet (a main pass due after a backfill cycle started a job) is such
    a step: backfill's ticks every few seconds are still skipped up to it. Purging a
    finished record changes nothing a tick or pass reads, so purges do not end a
    quiet stretch either.
    """
    quiet: list[tuple[Instant, int]] = []
    horizon = until
    for time, kind in _periodic(ctx):
        if _would_repeat(ctx, kind):
            quiet.append((time, kind))
        elif time < horizon:
            horizon = time  # a pass with something new to look at
    horizon = _real_step_before(ctx, horizon)
    played: list[tuple[Instant, int, Instant]] = []  # (last tick, kind, first tick)
    for time, kind in quiet:
        if time < horizon:
            interval = _interval(ctx, kind)
            last = Instant(time + (horizon - 1 - time) // interval * interval)
            played.append((last, kind, time))
    if not played:
        return None
    state = ctx.state
    purged = _purge_before(ctx, horizon)
    now = state.now
    for t, kind, first in sorted(played):
        state.now = t
        match kind:
            case Kind.PRIORITY:
                _priority_passes(ctx, first, t)
            case Kind.MAIN_PERIODIC:
                state.last_sched = t
                _restamp_main(ctx, t)
            case Kind.BACKFILL:
                state.last_backfill = t
                _restamp_backfill(ctx, t)
    state.now = now if now > state.now else state.now  # the last purge may come after
    return purged


def _purge_before(ctx: Context, horizon: Instant) -> list[Event]:
    """Purge the records due before ``horizon``; the clock ends at the last."""
    state = ctx.state
    events = []
    while (purge := ctx.next_purge()) is not None and purge[0] < horizon:
        state.now = purge[0]
        ctx.purge(purge[1])
        events.append(Event(purge[0], "job_purge", purge[1]))
    return events


def _real_step_before(ctx: Context, horizon: Instant) -> Instant:
    """When the next step that is neither a periodic tick nor a purge comes, if before
    ``horizon`` (else ``horizon``)."""
    state = ctx.state
    end = ctx.next_end()
    if end is not None and end[0] < horizon:
        horizon = end[0]
    due = state.sched_due
    if due is not None:
        horizon = min(horizon, due if due > state.now else state.now)
    recheck = ctx.next_recheck()
    if recheck is not None and recheck < horizon:
        horizon = recheck
    answer = ctx.next_answer
    if answer is not None and answer < horizon:
        horizon = answer
    resv = _next_reservation_change(ctx)
    return resv if resv is not None and resv < horizon else horizon


def _next_reservation_change(ctx: Context) -> Instant | None:
    """The next start or end of an advance reservation not handled yet."""
    state = ctx.state
    if not state.reservations:
        return None
    return reservations.next_change(state, ctx.reservations_seen)


def _interval(ctx: Context, kind: int) -> int:
    """Seconds between ticks of periodic ``kind`` (at least 1), a kind that is on."""
    return _intervals(ctx)[kind]


def _intervals(ctx: Context) -> dict[int, int]:
    """Seconds between ticks of each periodic kind that is on, worked out once per
    context (asked several times a step; the configuration stays put while it lives)."""
    known = ctx.intervals
    if known is None:
        cfg = ctx.state.config
        params = cfg.scheduler_parameters
        seconds = {Kind.MAIN_PERIODIC: params.sched_interval}
        if cfg.scheduler_type == "sched/backfill":
            seconds[Kind.BACKFILL] = params.bf_interval
        if cfg.priority_type == "priority/multifactor":  # only it ages jobs and decays usage
            seconds[Kind.PRIORITY] = PRIORITY_CALC_PERIOD
        known = ctx.intervals = {kind: max(int(s), 1) for kind, s in seconds.items()}
    return known


def _handle(ctx: Context, step: _Step) -> list[Event]:
    state = ctx.state
    params = state.config.scheduler_parameters
    now = step.time
    match step.kind:
        case Kind.JOB_END:
            assert step.job is not None
            assert step.final is not None
            code = step.job.request.exit_code if step.final is JobState.FAILED else 0
            # A job killed at its time limit dies of the SIGTERM sent to it: ExitCode=0:15.
            signal = SIGTERM if step.final is JobState.TIMEOUT else 0
            reason = None
            if LAUNCH_FAILED in step.job.extra:
                code, signal, reason = 0, LAUNCH_FAILURE_SIGNAL, LAUNCH_FAILURE
            elif step.final is JobState.FAILED and WARN_SIGNAL in step.job.extra:
                code, signal, reason = _warned_end(step.job, now, code)
            if step.final is JobState.PREEMPTED:  # a preempted job's grace is over
                state.sched_due = now
                return preempt.let_go(ctx, step.job, now)
            if step.final is JobState.TIMEOUT and lifecycle.ended_spent(step.job, now):
                signal = 0
            usage.charge_end(state, step.job, now, ctx.rates)
            events = ctx.end(
                step.job, now, step.final, exit_code=code, signal=signal, reason=reason
            )
            if ctx.limits.spends:
                _end_spent(ctx, now)  # the usage it was charged may spend a limit
            # A job that ends frees its nodes for a pass in the same second (golden 176: job
            # 240 started at 19:06:33, when the two sweep tasks before it ended).
            state.sched_due = now
            return events
        case Kind.RESERVATION:
            # A recurring reservation moves on; a job still running in one that ends runs
            # on until the next time-limit check (a suspended one is ended now). The nodes
            # a reservation held or frees change what the passes may do.
            ctx.reservations_seen = now
            events = _renew(ctx, now)
            for job, resv in reservations.overrun_jobs(state, now):
                if job.state is JobState.RUNNING:
                    outlived_reservation(job, resv.end_time)
                    ctx.reschedule_end(job)
                    continue
                usage.charge_end(state, job, now)
                events.extend(ctx.end(job, now, JobState.TIMEOUT, signal=SIGTERM))
            for job, resv in reservations.orphans(state, reservations.finished(state, now)):
                reservations.orphan(job, resv)
                ctx.reconsider(job)
            events.extend(map(reservations.ended, reservations.expire(state, now)))
            ctx.version += 1
            trigger(state)
            return events
        case Kind.PURGE:
            ctx.purge(step.job_id)
            return [Event(now, "job_purge", step.job_id)]
        case Kind.PRIORITY:
            _priority_passes(ctx, now, now)
            if _decay_matters(ctx):
                # The next periodic main pass looks again at the jobs the usage limits
                # held; backfill finds no new work (the decay thread changes no job record).
                quiet_backfill = ctx.backfill_version == ctx.version
                ctx.version += 1
                if quiet_backfill:
                    ctx.backfill_version = ctx.version
                _end_spent(ctx, now)
            return []
        case Kind.MAIN_TRIGGERED:
            state.sched_due = None
            ctx.split_correspondents()
            return main_pass(ctx, now, params.default_queue_depth)
        case Kind.MAIN_PERIODIC:
            state.last_sched = now
            if state.sched_due == now:
                state.sched_due = None  # the full pass serves the trigger too
            ctx.split_correspondents()
            ctx.refresh(now)
            if ctx.version == ctx.main_version:
                _restamp_main(ctx, now)  # same outcome as last time; only the stamp moves
                return []
            events = main_pass(ctx, now, None)
            ctx.main_version = ctx.version
            return events
        case Kind.BACKFILL:
            state.last_backfill = now
            ctx.split_correspondents()
            ctx.refresh(now)
            if ctx.version == ctx.backfill_version:
                _restamp_backfill(ctx, now)
                return []
            events = backfill_pass(ctx, now)
            ctx.backfill_version = ctx.version
            return events
    return []


def _renew(ctx: Context, now: Instant) -> list[Event]:
    """Move the recurring reservations due on to their next windows; each is a new
    reservation to the accounting store, under a new number."""
    state = ctx.state
    due = reservations.renewals(state, now)
    if not due:
        return []
    from slurmsim.engine import reservation_accounting  # only where reservations recur

    events = []
    for resv in due:
        moved = reservations.renew(state, resv, now)
        state.last_resv_id += 1
        events.append(reservation_accounting.added(state, moved, state.last_resv_id))
    return events


def _priority_passes(ctx: Context, first: Instant, last: Instant) -> None:
    """The decay thread's passes from ``first`` to ``last`` (every PriorityCalcPeriod):
    usage decays and running jobs are charged at each, so that many quiet periods
    played at once add up as they would one by one; priorities follow the last."""
    state = ctx.state
    periods = range(first, last + 1, _interval(ctx, Kind.PRIORITY))
    usage.recalc_every(state, periods, ctx.running.values(), ctx.rates)
    state.extra[_PRIORITY_KEY] = str(last)
    ctx.fairshare_moved()
    ctx.recalculate_priorities(last)


def _restamp_main(ctx: Context, now: Instant) -> None:
    ctx.state.last_main = now
    if ctx.main_mark is not None:
        ctx.main_mark.time = now


def _restamp_backfill(ctx: Context, now: Instant) -> None:
    if ctx.deferred is not None:
        ctx.deferred.time = now


def _grid(after: Instant, last: Instant | None, interval: int) -> Instant:
    """The first instant at or after ``after`` on a grid of ``interval`` (at least 1) from
    the epoch, skipping ``last`` (the one already handled)."""
    offset = (after - EPOCH) % interval
    t = after if offset == 0 else after + interval - offset
    if last is not None and t <= last:
        t = last + interval
    return Instant(t)


#: The periodic kinds, in the order ``Ticks.lasts`` holds their last ticks.
_PERIODIC = (Kind.MAIN_PERIODIC, Kind.BACKFILL, Kind.PRIORITY)
#: Kinds the loop compares at every step, read once (a module global is the cheapest read).
_JOB_END, _PURGE, _PRIORITY = Kind.JOB_END, Kind.PURGE, Kind.PRIORITY
_MAIN_TRIGGERED, _MAIN_PERIODIC, _BACKFILL = Kind.MAIN_TRIGGERED, Kind.MAIN_PERIODIC, Kind.BACKFILL
_RESERVATION = Kind.RESERVATION


def _periodic(ctx: Context) -> list[tuple[Instant, int]]:
    """The next tick of each periodic kind, as (time, kind), earliest first.

    A kind's tick is the first on its grid at or after the clock and after the kind's
    last one (which is never later than the clock), so it stays the same tick while the
    clock moves up to it. The loop asks several times a step: each tick is remembered
    until its kind's last tick moves or the clock passes it.
    """
    state = ctx.state
    known = ctx.ticks
    lasts = (state.last_sched, state.last_backfill, state.extra.get(_PRIORITY_KEY))
    if known is not None and state.now <= known.order[0][0] and known.lasts == lasts:
        return known.order
    times: dict[int, Instant] = {}
    order: list[tuple[Instant, int]] = []
    for i, kind in enumerate(_PERIODIC):
        t = known.times.get(kind) if known is not None and known.lasts[i] == lasts[i] else None
        if t is None or state.now > t:
            t = _tick(ctx, kind, lasts[i])
        if t is not None:
            times[kind] = t
            order.append((t, kind))
    order.sort()
    ctx.ticks = Ticks(lasts, times, order)
    return order


def _tick(ctx: Context, kind: int, last: Instant | str | None) -> Instant | None:
    """The next tick of periodic ``kind`` after ``last`` (None: the kind is off)."""
    state = ctx.state
    interval = _intervals(ctx).get(kind)
    if interval is None:
        return None
    if isinstance(last, str):  # the priority passes', kept as text in ``state.extra``
        last = Instant(int(last)) if last else None
    return _grid(state.now, last, interval)


def _next(ctx: Context) -> _Step | None:
    """The step that comes first (at most one of each kind is due; ties go by kind)."""
    state = ctx.state
    best = _periodic(ctx)[0]
    end = ctx.next_end()
    if end is not None and (end[0], _JOB_END) < best:
        best = (end[0], _JOB_END)
    purge = ctx.next_purge()
    if purge is not None and (purge[0], _PURGE) < best:
        best = (purge[0], _PURGE)
    due = state.sched_due
    if due is not None:
        due = due if due > state.now else state.now  # not max(): asked before every step
        if (due, _MAIN_TRIGGERED) < best:  # noqa: PLR1730 (a builtin min costs more)
            best = (due, _MAIN_TRIGGERED)
    resv = _next_reservation_change(ctx)
    if resv is not None and (resv, _RESERVATION) < best:
        best = (resv, _RESERVATION)
    time, kind = best
    if kind == _JOB_END:
        assert end is not None
        return _Step(time, kind, end[1], end[2])
    if kind == _PURGE:
        assert purge is not None
        return _Step(time, kind, job_id=purge[1])
    return _Step(time, kind)


def _meaningful_from(ctx: Context, step: _Step | None) -> Instant | None:
    """``_next_meaningful``, read off ``step`` when it is known to be the next step and
    is one of the things that looks for: nothing else it looks for comes sooner."""
    if step is not None:
        kind = step.kind
        if (
            kind in (_JOB_END, _MAIN_TRIGGERED)
            or (kind == _BACKFILL and ctx.version != ctx.backfill_version)
            or (kind == _MAIN_PERIODIC and ctx.version != ctx.main_version)
        ):
            return step.time
    return _next_meaningful(ctx)


def _next_meaningful(ctx: Context) -> Instant | None:
    """When something could still change the jobs: an end, a queued or useful pass."""
    state = ctx.state
    times: list[int] = []
    end = ctx.next_end()
    if end is not None:
        times.append(end[0])
    if state.sched_due is not None:
        times.append(state.sched_due)
    resv = _next_reservation_change(ctx)
    if resv is not None and (len(ctx.queue) or ctx.blocked or ctx.running):
        times.append(resv)
    if ctx.next_answer is not None and len(ctx.queue):  # a node may take jobs again
        times.append(ctx.next_answer)
    periodic = {kind: time for time, kind in _periodic(ctx)}
    begin = ctx.next_begin()
    if begin is not None:
        times.append(
            _grid(
                Instant(max(begin, state.now)),
                state.last_sched,
                _interval(ctx, Kind.MAIN_PERIODIC),
            )
        )
    if ctx.version != ctx.main_version or _has_unadmitted(ctx):
        times.append(periodic[Kind.MAIN_PERIODIC])
    if Kind.BACKFILL in periodic and ctx.version != ctx.backfill_version:
        times.append(periodic[Kind.BACKFILL])
    if Kind.PRIORITY in periodic and _decay_matters(ctx):
        times.append(periodic[Kind.PRIORITY])
    return Instant(min(times)) if times else None


def _decay_matters(ctx: Context) -> bool:
    """May the decay thread's next pass change what jobs do? GrpTRESRunMins counts what
    running jobs have left of their time limits as of its last pass (a pending job may
    start), GrpTRESMins and GrpWall the usage it charges (running jobs may be ended)."""
    lim = ctx.limits
    if not ctx.running:
        return False
    return lim.spends or (lim.runs is not None and bool(len(ctx.queue) or ctx.blocked))


def _end_spent(ctx: Context, now: Instant) -> None:
    """Queue the end of the running jobs a GrpTRESMins or GrpWall has run out for."""
    for job in limits.spent_out(ctx.state, ctx.limits, list(ctx.running.values())):
        if lifecycle.spent(job, now):
            ctx.reschedule_end(job)


def _has_unadmitted(ctx: Context) -> bool:
    """Pending jobs not looked at since this context was built (a first pass is due)."""
    return ctx.main_version < 0 and bool(ctx.blocked or len(ctx.queue))
