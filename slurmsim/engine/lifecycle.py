"""How a job starts and ends: allocation, array task split-off, end time, exit state.

Shared by the scheduler passes (start), the event loop (end) and the control
operations (cancel, node DOWN, requeue), so that every way in or out of RUNNING
sets the same fields.
"""

from collections.abc import Iterable
from dataclasses import replace

from slurmsim.engine import usage
from slurmsim.model.accounting import (
    DB_PRIORITY,
    DB_REASON,
    DB_UNELIGIBLE,
    RECORD_START,
    RESIZE_TIME,
    PastRun,
    add_past_run,
    db_priority,
    note_db_reason,
    record_start,
    record_submit,
)
from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency import DepKind
from slurmsim.model.events import Event
from slurmsim.model.jobs import (
    LISTED_AT,
    SECS_PRE_SUSPEND,
    STOPPED,
    SUSPENDED_BY,
    TIME_MIN_UNLIMITED,
    Job,
    JobState,
    NodeAlloc,
    list_place,
)
from slurmsim.model.launch import LAUNCH_FAILED
from slurmsim.model.signals import WARN_SIGNAL, WarnSignal, shell_end, warn_signal
from slurmsim.model.time import EPOCH, Instant, Seconds

#: slurmctld looks for jobs past their time limit every 30 s (PERIODIC_TIMEOUT), not
#: at the exact second. We place those checks 10 s past each half minute of the
#: cluster clock, the phase the oracle's controller had (golden 175: a 1-minute job
#: started 19:05:33 ended TIMEOUT at 19:06:40).
#: The signal that ends a cancelled or timed-out job's batch script (ExitCode=0:15).
SIGTERM = 15
TIMEOUT_CHECK: Seconds = Seconds(30)
TIMEOUT_PHASE: Seconds = Seconds(10)

#: Key in Job.extra: when a job preempted with a GraceTime is made to let go.
GRACE_END = "grace_end"
#: Key in Job.extra: when the time-limit check ends a job whose reservation has ended.
RESV_ENDED = "resv_ended"
#: Key in Job.extra: when the time-limit check ends a job a GrpTRESMins or GrpWall ran
#: out for (engine/limits.py ``spent_out``).
LIMIT_SPENT = "limit_spent"
#: Key in Job.extra: when the time-limit check ends a job whose TRES-minutes reach a
#: MaxTRESMinsPerJob lowered while it ran (``cut_at_tres_minutes``).
TRES_MINS_CUT = "tres_mins_cut"

#: Key in Job.extra: the job started with execution on (see engine/execution.py).
_EXECUTED = "executed"

#: The states ``planned_end`` reads, read once: on Python 3.11 each read of an Enum
#: member costs about ten times a module global's, and every job start asks.
_SUSPENDED, _COMPLETED, _FAILED = JobState.SUSPENDED, JobState.COMPLETED, JobState.FAILED

#: A requeued job waits for its old credential to expire (120 s) plus one second.
REQUEUE_DELAY: Seconds = Seconds(121)


def timeout_at(start: Instant, limit: Seconds | None, over_time_min: int = 0) -> Instant | None:
    """When the periodic time-limit check kills a job started at ``start`` (None: never)."""
    if limit is None:
        return None
    due = start + limit + over_time_min * 60
    offset = (due - EPOCH - TIMEOUT_PHASE) % TIMEOUT_CHECK
    return Instant(due if offset == 0 else due + TIMEOUT_CHECK - offset)


def warn_at(job: Job, spec: WarnSignal) -> Instant | None:
    """When the periodic time-limit check sends the job its ``--signal`` (None: it has no
    time limit): at the first check, while it runs, from which the end is within the
    warning's time plus one check interval. The end is the time limit's from the job's
    start (a resumed job's start moves on by the time it was suspended)."""
    if job.time_limit is None or job.start_time is None:
        return None
    due = max(_origin(job) + job.time_limit - spec.before_s - TIMEOUT_CHECK, job.start_time)
    offset = (due - EPOCH - TIMEOUT_PHASE) % TIMEOUT_CHECK
    return Instant(due if offset == 0 else due + TIMEOUT_CHECK - offset)


def shell_warned(job: Job) -> tuple[Instant, int, int] | None:
    """When a ``--signal=B:...`` warning ends a simulated job's batch shell, and with
    which exit code and signal (``model.signals.shell_end``); None if it does not."""
    spec = warn_signal(job)
    if spec is None or not spec.batch_only or _EXECUTED in job.extra or not job.request.batch:
        return None
    end = shell_end(job, spec.signal, spec.target)
    at = warn_at(job, spec)
    if end is None or at is None:
        return None
    return at, *end


def check_after(t: Instant) -> Instant:
    """The first periodic time-limit check strictly after ``t``."""
    check = timeout_at(Instant(t + 1), Seconds(0))
    assert check is not None  # a limit was given
    return check


def outlived_reservation(job: Job, end: Instant) -> None:
    """``job`` is running when its reservation ends at ``end``: slurmctld ends it TIMEOUT
    at its first time-limit check after then (``end + ResvOverRun < now``, ResvOverRun
    being 0), unless it ends by itself before. The caller queues its new end."""
    job.extra[RESV_ENDED] = str(check_after(end))


def spent(job: Job, now: Instant) -> bool:
    """A GrpTRESMins or GrpWall ran out for running ``job`` at ``now`` (a pass of the decay
    thread, or another job's end, counted the usage that reached it): slurmctld ends it
    TIMEOUT at its next time-limit check. False if that was known already; else the
    caller queues its new end."""
    if LIMIT_SPENT in job.extra:
        return False
    job.extra[LIMIT_SPENT] = str(check_after(now))
    return True


def cut_at_tres_minutes(job: Job, minutes: int | None, now: Instant) -> None:
    """A MaxTRESMinsPerJob that binds running ``job`` changed at ``now``: its TRES times
    the whole minutes it has run reach the limit once it has run ``minutes`` (None: never),
    and slurmctld's time-limit check ends it TIMEOUT at the first check from then, and
    after ``now`` (golden ``tresminskill/``). The caller queues its new end."""
    if minutes is None or job.start_time is None:
        job.extra.pop(TRES_MINS_CUT, None)
        return
    reached = Instant(max(_origin(job) + minutes * 60, now + 1))
    cut = timeout_at(reached, Seconds(0))
    assert cut is not None  # a limit was given
    job.extra[TRES_MINS_CUT] = str(cut)


def ended_spent(job: Job, now: Instant) -> bool:
    """Whether the time-limit check at ``now`` ends ``job`` for a limit that ran out
    (it exits with no signal: ExitCode 0:0, where a time limit's is 0:15)."""
    return any(
        (cut := job.extra.get(key)) is not None and int(cut) == now
        for key in (LIMIT_SPENT, TRES_MINS_CUT)
    )


def planned_end(state: ClusterState, job: Job) -> tuple[Instant, JobState] | None:
    """When a running job will stop and in which state (None: it runs forever, or is
    suspended and never times out until it is resumed)."""
    if job.start_time is None or job.state is _SUSPENDED:
        return None
    if LAUNCH_FAILED in job.extra:
        return job.start_time, _FAILED
    grace_end = job.extra.get(GRACE_END)
    if grace_end is not None:  # preempted with a GraceTime: it stops then, whatever else
        return Instant(int(grace_end)), JobState.PREEMPTED
    # A resumed job runs on as if it had started its suspended time later.
    origin = _origin(job)
    kill = timeout_at(origin, job.time_limit, state.config.over_time_limit)
    for key in (RESV_ENDED, LIMIT_SPENT, TRES_MINS_CUT):
        cut = job.extra.get(key)
        if cut is not None and (kill is None or int(cut) < kill):
            kill = Instant(int(cut))
    # A job whose script really runs ends when its process exits (engine/execution.py).
    runtime = None if _EXECUTED in job.extra else job.request.runtime
    done = None
    if runtime is not None:
        left = runtime - job.work_done
        done = Instant(origin + left if left > 0 else origin)
    warned = shell_warned(job) if WARN_SIGNAL in job.extra else None
    if warned is not None and all(t is None or warned[0] < t for t in (done, kill)):
        return warned[0], _FAILED  # its shell dies of the warning (``shell_warned``)
    if done is not None and (kill is None or done < kill):
        return done, _COMPLETED if job.request.exit_code == 0 else _FAILED
    if kill is None:
        return None
    return kill, JobState.TIMEOUT


def _origin(job: Job) -> Instant:
    """When a running job would have started had it never been suspended."""
    assert job.start_time is not None
    if job.suspend_time is None:
        return job.start_time
    return Instant(job.suspend_time - job.secs_pre_suspend)


def suspend(job: Job, now: Instant, by: int | None) -> Event:
    """Suspend a running job, under job ``by`` (gang scheduling) or by an operator (None,
    ``scontrol suspend``): it keeps its allocation (memory and GPUs stay its own), its run
    time and time limit stop counting."""
    job.extra[SECS_PRE_SUSPEND] = str(job.run_seconds(now))
    if by is not None:
        job.extra[SUSPENDED_BY] = str(by)
    job.state = JobState.SUSPENDED
    job.extra.pop(STOPPED, None)  # its state is set anew: resumed, it shows RUNNING (oracle)
    job.suspend_time = now
    return Event(now, "job_suspend", job.job_id, "operator" if by is None else str(by))


def resume(job: Job, now: Instant) -> Event:
    """A suspended job runs again; its end moves on by the time it was suspended
    (golden preempt/015: EndTime = resume + TimeLimit - SecsPreSuspend)."""
    job.state = JobState.RUNNING
    job.suspend_time = now
    job.extra.pop(SUSPENDED_BY, None)
    if job.time_limit is not None:
        job.end_time = Instant(now + job.time_limit - job.secs_pre_suspend)
    return Event(now, "job_resume", job.job_id)


def resume_under(
    state: ClusterState, ended: Job, now: Instant, among: Iterable[Job] | None = None
) -> list[Job]:
    """The jobs suspended under ``ended``, which has just stopped, resumed now.

    ``among``: the jobs holding resources, when the caller keeps them (a suspended job
    does), so that a job's end does not look at every job in the state.
    """
    key = str(ended.job_id)
    resumed = [
        j
        for j in (state.jobs.values() if among is None else among)
        if j.state is JobState.SUSPENDED and j.extra.get(SUSPENDED_BY) == key
    ]
    for job in resumed:
        resume(job, now)
    return resumed


def start(
    state: ClusterState, job: Job, alloc: tuple[NodeAlloc, ...], now: Instant, scheduler: str
) -> Job:
    """Start ``job`` (an array meta record starts its lowest pending task) on ``alloc``.

    Returns the record that is now running: for an array with more than one task
    left, a new record split off under the next job id; the last task keeps the meta
    record's own id (golden 094).
    """
    running = _split_task(state, job, now) if job.array_tasks else job
    note_db_reason(running)
    running.state = JobState.RUNNING
    running.reason = "None"
    running.alloc = alloc
    running.start_time = now
    running.last_sched_eval = now
    running.scheduler = scheduler
    running.sched_nodes = ()
    running.extra.pop(STOPPED, None)  # a requeued job's stop flagged its last run only
    running.extra.pop(DB_UNELIGIBLE, None)  # its record is now a running job's
    if running.eligible_time is None:
        running.eligible_time = now
    if running.accrue_time is None:
        running.accrue_time = now
    if running.time_limit is None:
        part = state.partitions.get(running.request.partition)
        running.time_limit = part.max_time if part else None
    if scheduler == "Backfill":
        running.time_limit = _backfill_limit(running)
    limit = running.time_limit
    running.end_time = Instant(now + limit) if limit is not None else None
    running.extra.pop(LAUNCH_FAILED, None)
    running.extra.pop(_EXECUTED, None)
    # Only a batch job has a script to run; srun and salloc run their commands themselves.
    if running.request.batch:
        launcher = state.launcher
        if launcher is not None and launcher.fails(running):
            running.extra[LAUNCH_FAILED] = "1"  # it ends in this second (planned_end)
        elif state.extra.get("execution") == "on":
            running.extra[_EXECUTED] = "1"
        elif launcher is not None:  # before its end is planned: the script may end sooner
            launcher.simulate(state, running)
    return running


def _backfill_limit(job: Job) -> Seconds | None:
    """The limit backfill starts ``job`` with: its --time-min, which it planned with,
    and nothing it could have had beyond (the oracle: 2:00 of 10:00 with a reservation
    3 minutes off); the main scheduler starts it with its full limit."""
    time_min, limit = job.request.time_min, job.time_limit
    if time_min is None or time_min == TIME_MIN_UNLIMITED:
        return limit
    return time_min if limit is None or time_min < limit else limit


def _split_task(state: ClusterState, meta: Job, now: Instant) -> Job:
    task, *rest = meta.array_tasks
    meta.accrue_time = meta.accrue_time or now
    if not rest:
        meta.array_task_id = task
        meta.array_tasks = ()
        meta.eligible_time = meta.eligible_time or now
        return meta
    task_job = split_task(state, meta, task)
    meta.extra.pop(DB_UNELIGIBLE, None)  # its record went with the task: the next is new
    # A task keeps the array's eligible time (the oracle: one split off at 10:13:17
    # showed the array's 10:13:01).
    task_job.eligible_time = meta.eligible_time or now
    # The tasks left have no plan until a cycle makes one (the oracle: a throttled array's
    # record shows StartTime=Unknown and no SchedNodeList once its tasks start).
    meta.start_time = meta.end_time = None
    meta.sched_nodes = ()
    return task_job


def waits_on_correspondents(job: Job) -> bool:
    """Is ``job`` an array's pending record of several tasks with an ``aftercorr``
    dependency (which slurmctld splits, a task a queue build)?"""
    dependency = job.request.dependency
    return (
        job.state is JobState.PENDING
        and bool(job.array_tasks)
        and dependency is not None
        and any(term.kind is DepKind.AFTERCORR for term in dependency.terms)
    )


def correspond_split(state: ClusterState, meta: Job) -> Job:
    """Split ``meta``'s lowest pending task off (the record it now has); its last task
    keeps the meta record."""
    task, *rest = meta.array_tasks
    if not rest:
        meta.array_task_id, meta.array_tasks = task, ()
        return meta
    return split_task(state, meta, task)


def split_task(state: ClusterState, meta: Job, task: int) -> Job:
    """Give ``task``, pending in ``meta`` with others, a record of its own under the next
    job id; the others stay in ``meta``, which becomes the record of the last one when
    only one is left (slurmctld splits an array so)."""
    job_id = state.next_job_id
    state.next_job_id += 1
    meta.array_tasks = tuple(t for t in meta.array_tasks if t != task)
    task_job = replace(
        meta, job_id=job_id, array_task_id=task, array_tasks=(), extra=dict(meta.extra)
    )
    task_job.extra[LISTED_AT] = str(list_place(meta))  # it keeps the record's place
    meta.extra[LISTED_AT] = str(job_id)  # the pending record, made anew, goes last
    state.jobs[job_id] = task_job
    if len(meta.array_tasks) == 1:
        (meta.array_task_id,), meta.array_tasks = meta.array_tasks, ()
    return task_job


def finish(
    job: Job,
    now: Instant,
    final: JobState,
    *,
    reason: str | None = None,
    exit_code: int = 0,
    signal: int = 0,
) -> Event:
    """End a running (or pending) job in state ``final`` at ``now``."""
    was_running = job.state in (JobState.RUNNING, JobState.SUSPENDED)
    if job.start_time is not None and was_running:
        job.work_done = Seconds(job.work_done + job.run_seconds(now))
    if job.state is JobState.SUSPENDED:
        job.extra.pop(SUSPENDED_BY, None)
        job.suspend_time = now  # its run time stays what it was when suspended
    if not was_running:
        # A pending job that is cancelled shows StartTime = EndTime = now (golden 124).
        job.start_time = now
    job.state = final
    job.end_time = now
    job.exit_code = exit_code
    job.exit_signal = signal
    if reason is not None:
        job.reason = reason
    elif final is JobState.FAILED:
        job.reason = "NonZeroExitCode"
    elif final is JobState.TIMEOUT:
        job.reason = "TimeLimit"
    elif was_running:
        job.reason = "None"
    return Event(now, "job_end", job.job_id, final.value)


def interrupt(job: Job, now: Instant) -> None:
    """A running job is stopped before its end to run again: it keeps the work up to
    its last checkpoint (none without ``--checkpoint-every``), the rest is lost."""
    job.work_done = Seconds(job.work_done + count_loss(job, now))


def count_loss(job: Job, now: Instant) -> int:
    """Add to ``gpu_seconds_lost`` the work a running job loses if stopped ``now``;
    return the seconds of work it keeps (up to its last checkpoint)."""
    if job.state not in (JobState.RUNNING, JobState.SUSPENDED) or job.start_time is None:
        return 0
    elapsed = job.run_seconds(now)
    every = job.request.checkpoint_every
    kept = elapsed // every * every if every else 0
    job.gpu_seconds_lost += (elapsed - kept) * sum(len(a.gpus) for a in job.alloc)
    return kept


def requeue(
    state: ClusterState,
    job: Job,
    now: Instant,
    *,
    hold_reason: str | None = None,
    ended: str = "PREEMPTED",
) -> None:
    """Put a job back to PENDING under its own id, eligible again after the credential delay.

    The run that ends is kept for accounting in state ``ended`` (a finished job's run
    keeps the state it ended in).
    """
    _keep_run(job, now, job.state.value if job.state.finished else ended)
    job.extra.pop(RESIZE_TIME, None)  # the next run's record is its own
    job.extra.pop(RECORD_START, None)
    if job.state in (JobState.RUNNING, JobState.SUSPENDED):
        usage.charge_end(state, job, now)
    interrupt(job, now)
    job.state = JobState.PENDING
    job.extra.pop(GRACE_END, None)
    job.extra.pop(RESV_ENDED, None)
    job.extra.pop(LIMIT_SPENT, None)
    job.extra.pop(TRES_MINS_CUT, None)
    job.extra.pop(SECS_PRE_SUSPEND, None)
    job.extra.pop(SUSPENDED_BY, None)
    job.suspend_time = None
    job.alloc = ()
    job.restarts += 1
    job.submit_time = now
    # Its expected start is when it may run again (golden 149: StartTime = EligibleTime).
    job.start_time = Instant(now + REQUEUE_DELAY)
    job.end_time = None
    job.sched_nodes = ()
    job.accrue_time = None
    job.eligible_time = Instant(now + REQUEUE_DELAY)
    job.extra["requeue_begin"] = str(now + REQUEUE_DELAY)
    job.reason = hold_reason or "BeginTime"
    job.extra.pop(DB_REASON, None)  # a new record: what it waits for now is noted afresh
    note_db_reason(job)
    job.extra[DB_PRIORITY] = str(job.priority)  # until a pass sends it (``note_db_priority``)


def _keep_run(job: Job, now: Instant, ended: str) -> None:
    finished = job.state.finished and job.end_time is not None
    end = job.end_time if finished and job.end_time is not None else now
    add_past_run(
        job,
        PastRun(
            state=ended,
            submit_time=record_submit(job),
            eligible_time=job.eligible_time,
            start_time=record_start(job),
            end_time=end,
            run_seconds=Seconds(job.run_seconds(end)),
            alloc=job.alloc,
            exit_code=job.exit_code,
            exit_signal=job.exit_signal,
            priority=db_priority(job),
            scheduler=job.scheduler,
        ),
    )


def requeue_begin(job: Job) -> Instant | None:
    """The instant before which a requeued job may not start (None when not requeued)."""
    text = job.extra.get("requeue_begin")
    return Instant(int(text)) if text else None
