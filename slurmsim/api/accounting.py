"""Accounting: the records ``sacct`` lists, built from the jobs the store keeps.

The controller forgets a finished job MinJobAge after its end; the store keeps it as
history (``Transaction.load_history``), so accounting sees every job the cluster ever
had. ``records`` turns each job into its accounting rows (see
``slurmsim.model.accounting``) and ``select`` applies sacct's filters and time window.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from slurmsim.api.session import session
from slurmsim.model import distribution
from slurmsim.model.accounting import (
    CANCELLED_BY,
    DB_REASON,
    OWN_CPU,
    RESIZE_TIME,
    STEP_ABORTED,
    STEP_EXIT,
    SUBMIT_LINE,
    AcctRecord,
    AcctState,
    PastRun,
    db_eligible,
    db_priority,
    derived_exit,
    past_runs,
    record_start,
    record_submit,
)
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import REFUSED, Job, JobState, NodeAlloc
from slurmsim.model.signals import SIGHUP, SIGKILL, SIGTERM
from slurmsim.model.steps import (
    Step,
    ended,
    node_filling_tasks,
    own_step_distribution,
    runs_as_step_zero,
    steps_of,
)
from slurmsim.model.time import Instant, Seconds

#: States in which the batch script was stopped by a signal (its step shows CANCELLED 0:15).
_KILLED = frozenset(
    {AcctState.CANCELLED, AcctState.TIMEOUT, AcctState.PREEMPTED, AcctState.REQUEUED}
)
#: Job states whose job row shows no signal: the signal belongs to the batch step.
_SIGNAL_ON_STEP = _KILLED | {AcctState.NODE_FAIL}


@dataclass(frozen=True, slots=True)
class AcctQuery:
    """What ``sacct`` asks for. Empty tuples mean "any"; None times mean no window.

    ``jobs`` holds (job id, array task or None, step or None) triples; a task of
    ``"*"`` is not used: a bare array id selects every task.
    """

    jobs: tuple[tuple[int, int | None, str | None], ...] = ()
    users: tuple[str, ...] = ()
    #: ``-g``: group ids (each user's own group, as on the oracle's hosts).
    groups: tuple[int, ...] = ()
    accounts: tuple[str, ...] = ()
    partitions: tuple[str, ...] = ()
    qos: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    states: tuple[AcctState, ...] = ()
    nodes: tuple[str, ...] = ()
    associations: tuple[int, ...] = ()
    #: ``-M``: the clusters asked about, lower case (empty: this one; ``-M all`` and ``-L``
    #: ask about every cluster the database keeps, here the one).
    clusters: tuple[str, ...] = ()
    start: Instant | None = None
    end: Instant | None = None
    allocations_only: bool = False
    duplicates: bool = False
    #: ``-T``: starts and ends outside the window are moved to its edges.
    truncate: bool = False
    #: ``-k``/``-K``: the time limits a job may have, in seconds (None: not given;
    #: ``UNLIMITED_LIMIT`` for UNLIMITED, a job without a limit's).
    least_limit: int | None = None
    most_limit: int | None = None
    #: ``-i``/``-I``: (least, most) allocated nodes or CPUs; most None: exactly least.
    node_range: tuple[int, int | None] | None = None
    cpu_range: tuple[int, int | None] | None = None
    #: ``--whole-hetjob``: a heterogeneous job's component named in ``jobs`` stands for
    #: every component (True), only itself, even the leader (False); None: a leader's id
    #: stands for every component, another's for itself.
    whole_hetjob: bool | None = None


#: ``-k UNLIMITED``: slurmdbd stores no limit as the largest number of minutes there is.
UNLIMITED_LIMIT = 0xFFFFFFFF * 60


@dataclass(frozen=True, slots=True)
class Accounting:
    """The answer to a query: the records in sacct's order, and the clock when asked."""

    records: list[AcctRecord]
    now: Instant


def query(
    build: Callable[[Instant, Mapping[str, str], Mapping[str, int]], AcctQuery],
) -> Accounting:
    """The records the query ``build(now, users, groups)`` selects, oldest submission
    first (the query depends on the clock, as sacct's default window starts at midnight,
    and on who is known: ``users`` maps each user's name and uid to the name, ``groups``
    each group's name and gid to the gid). Raises ``SlurmError`` for a QOS the cluster
    does not have."""
    with session(write=False) as s:
        users, groups = {"root": "root", "0": "root"}, {"root": 0, "0": 0}
        for user in s.state.users.values():
            users[user.name] = users[str(user.uid)] = user.name
            groups[user.name] = groups[str(user.gid)] = user.gid
        q = build(s.state.now, users, groups)
        unknown = next((name for name in q.qos if name and name not in s.state.qos), None)
        if unknown is not None:
            raise SlurmError(
                f"You gave a bad qos '{unknown}'. Valid QOS's are {','.join(s.state.qos)}"
            )
        # Jobs purged while this command caught the clock up are in neither the stored
        # history nor the state's jobs until a writer saves them (a reader never does).
        jobs = [*s.tx.load_history(), *s.state.purged, *s.state.jobs.values()]
        return Accounting(select(s.state, jobs, q), s.state.now)


def select(state: ClusterState, jobs: Iterable[Job], q: AcctQuery) -> list[AcctRecord]:
    """Apply ``q`` to the runs of ``jobs``: filters, window, duplicates, then order."""
    now = state.now
    gid_of = {"root": 0, **{u.name: u.gid for u in state.users.values()}}
    chosen: list[tuple[tuple[int, int, int, int], list[AcctRecord]]] = []
    if q.whole_hetjob and q.jobs:
        jobs = list(jobs)
        q = replace(q, jobs=q.jobs + _leaders_of(jobs, q.jobs))
    for job in jobs:
        runs = [run for run in job_runs(state, job, now) if _wanted(run[0], q, now, gid_of)]
        if not runs:
            continue
        if not q.duplicates:  # the last run, with the records its resizes ended
            runs = runs[_last_run(runs) :]
        for run in runs:
            head = run[0]
            # sacct's order: by submit time, then arrays after other jobs (array job id 0
            # for those), by task, then by job id.
            task = head.array_task_id if head.array_task_id is not None else 1 << 32
            key = (head.submit or 0, head.array_job_id or 0, task, head.job_id)
            steps = [] if _no_steps(q) else [r for r in run[1:] if _step_wanted(r, q)]
            if q.jobs and not _any_whole_job(head, q) and not steps:
                continue
            rows = steps if q.jobs and not _any_whole_job(head, q) else [head, *steps]
            if q.truncate and q.start is not None and q.end is not None:
                rows = [_truncated(r, q.start, q.end) for r in rows]
            chosen.append((key, rows))
    chosen.sort(key=lambda item: item[0])
    return [r for _, rows in chosen for r in rows]


def _last_run(runs: list[list[AcctRecord]]) -> int:
    """Where the last run's records begin: the records its resizes ended lead it."""
    first = len(runs) - 1
    while first > 0 and runs[first - 1][0].state is AcctState.RESIZING:
        first -= 1
    return first


def job_runs(state: ClusterState, job: Job, now: Instant) -> list[list[AcctRecord]]:
    """Each record of ``job``, oldest first: its job row followed by its steps (a run's
    steps under its first record, where a resize split it)."""
    past = past_runs(job)
    runs = []
    for i, run in enumerate(past):
        opens = i == 0 or past[i - 1].state != AcctState.RESIZING.value
        restarts = sum(r.state != AcctState.RESIZING.value for r in past[:i])
        runs.append(_past(state, job, run, restarts, with_steps=opens))
    head = _current(state, job, now)
    steps = _steps(state, job, head)
    if any(r.number is not None and r.end is not None for r in steps):
        head = replace(head, step_energy=True)
    if steps:  # a job's CPU time is its steps'
        head = replace(
            head,
            user_cpu_us=sum(r.user_cpu_us for r in steps),
            system_cpu_us=sum(r.system_cpu_us for r in steps),
        )
    return [*runs, [_as_stored(head), *steps]]


def _as_stored(head: AcctRecord) -> AcctRecord:
    """The job's record as slurmdbd keeps it: a status word of 1 (a shell killed by SIGHUP)
    it takes for a failure slurmctld set and keeps as exit code 1 (the oracle: sacct ``1:0``
    where scontrol shows ``0:1``, its batch step ``CANCELLED 0:1``)."""
    if head.exit_code == 0 and head.exit_signal == SIGHUP:
        return replace(head, exit_code=1, exit_signal=0)
    return head


# --- selection -------------------------------------------------------------------------


def _no_steps(q: AcctQuery) -> bool:
    """``-X``; and ``-s PD`` alone: slurmdbd fetches no steps for jobs asked for as pending
    only (the oracle shows the jobs, whatever their state now, without their steps)."""
    return q.allocations_only or (bool(q.states) and set(q.states) == {AcctState.PENDING})


def _leaders_of(
    jobs: list[Job], named: tuple[tuple[int, int | None, str | None], ...]
) -> tuple[tuple[int, int | None, str | None], ...]:
    """The leaders of the heterogeneous jobs whose components ``named`` names by id."""
    leaders = {j.job_id: het.leader for j in jobs if (het := j.het) is not None}
    return tuple(
        (leaders[i], None, step) for i, task, step in named if task is None and i in leaders
    )


def _matches_job(head: AcctRecord, q: AcctQuery) -> bool:
    if not q.jobs:
        return True
    return any(_names_job(head, job_id, task, q) for job_id, task, _ in q.jobs)


def _names_job(head: AcctRecord, job_id: int, task: int | None, q: AcctQuery) -> bool:
    if task is None:  # a heterogeneous job's leader names every component (the oracle)
        leader = head.het[0] if head.het is not None and q.whole_hetjob is not False else None
        return job_id in (head.job_id, head.array_job_id, leader)
    return head.array_job_id == job_id and head.array_task_id == task


def _any_whole_job(head: AcctRecord, q: AcctQuery) -> bool:
    """Whether some ``-j`` item names the job itself rather than only a step of it."""
    return any(step is None and _names_job(head, job_id, task, q) for job_id, task, step in q.jobs)


def _step_wanted(step: AcctRecord, q: AcctQuery) -> bool:
    if not q.jobs:
        return True
    return any(
        # (A step over parts of a job is named by its id: the oracle's ``-j 12.0`` lists
        # 12.0+0 and 12.0+1.)
        _names_job(step, job_id, task, q) and name in (None, step.step, step.number)
        for job_id, task, name in q.jobs
    )


def _wanted(head: AcctRecord, q: AcctQuery, now: Instant, gid_of: Mapping[str, int]) -> bool:
    checks = (
        _matches_job(head, q),
        not q.users or head.user in q.users,
        not q.groups or gid_of.get(head.user) in q.groups,
        not q.accounts or head.account in q.accounts,
        not q.partitions or head.partition in q.partitions,
        not q.qos or head.qos in q.qos,
        not q.names or head.name in q.names,
        not q.nodes or bool(set(head.nodes) & set(q.nodes)),
        not q.associations or head.assoc_id in q.associations,
        not q.clusters or head.cluster.lower() in q.clusters,
        _limit_between(head.time_limit, q.least_limit, q.most_limit),
        _in_range(head.alloc_nodes, q.node_range),
        _in_range(_cpus_as_slurmdbd_reads(head), q.cpu_range),
    )
    return all(checks) and _in_window(head, q, now)


def _in_range(value: int, bounds: tuple[int, int | None] | None) -> bool:
    if bounds is None:
        return True
    least, most = bounds
    return value == least if most is None else least <= value <= most


def _cpus_as_slurmdbd_reads(head: AcctRecord) -> int:
    """The CPU count ``-I`` compares: slurmdbd reads the number after the last ``1=`` of the
    job's allocated TRES string (``1=2,2=32768,...,1001=16``), which is the GPU count
    (TRES 1001) when the job holds GPUs. 0 for a job that holds nothing."""
    held = dict(head.alloc_tres)
    if not held:
        return 0
    return held.get("gres/gpu", held.get("cpu", 0))


def _limit_between(limit: int | None, least: int | None, most: int | None) -> bool:
    """``-k`` alone asks for that very limit, with ``-K`` for the range; UNLIMITED is the
    largest limit there is (``UNLIMITED_LIMIT``)."""
    if least is None:
        return True  # -K alone bounds nothing (sacct reads it only with -k)
    value = UNLIMITED_LIMIT if limit is None else limit
    if most is None:
        return value == least
    return least <= value <= most


def _in_window(head: AcctRecord, q: AcctQuery, now: Instant) -> bool:
    if q.start is None and q.end is None:
        return not q.states or head.state in q.states
    start = q.start or 0
    end = q.end if q.end is not None else now
    if q.states:
        return any(_was_in(head, state, start, end) for state in q.states)
    if q.jobs:  # jobs named: submitted before the end, not ended before the start
        submitted = head.submit is not None and head.submit < end
        return submitted and (head.end is None or head.end >= start)
    # A job counts from the time it became eligible; one never eligible is left out.
    eligible = head.eligible
    return eligible is not None and eligible < end and (head.end is None or head.end >= start)


def _was_in(head: AcctRecord, state: AcctState, start: int, end: int) -> bool:
    """``sacct -s STATE`` with a window [start, end], as slurmdbd asks it: pending at some
    time in it (eligible before its end, not started before its start); running at some
    time in it (whatever the job's state now); any other state: ended in it with that
    state."""
    if state is AcctState.PENDING:
        if head.eligible is None or not head.eligible < end:
            return False
        if head.start is not None:
            return start < head.start
        if head.end is not None:
            return start < head.end
        return head.state is AcctState.PENDING
    if state is AcctState.RUNNING:
        if head.start is None or not head.start < end:
            return False
        return start < head.end if head.end is not None else head.state is AcctState.RUNNING
    if state is AcctState.SUSPENDED:  # slurmdbd's suspend periods are not kept: judged now
        return head.state is state and head.start is not None and head.start <= end
    return head.state is state and head.end is not None and start <= head.end <= end


def _truncated(r: AcctRecord, start: Instant, end: Instant) -> AcctRecord:
    """``-T``: the record's run cut to the window (a running one ends at its end)."""
    if r.start is None:
        return r
    begin = max(r.start, start)
    finish = min(r.end if r.end is not None else end, end)
    return replace(r, start=begin, end=finish, elapsed=Seconds(max(finish - begin, 0)))


# --- building records ------------------------------------------------------------------


def _state(job: Job) -> AcctState:
    return AcctState(job.state.value)


def _uid_of(state: ClusterState, name: str) -> int | None:
    user = state.users.get(name)
    if user is not None:
        return user.uid
    return 0 if name == "root" else None


def _limit(state: ClusterState, job: Job) -> Seconds | None:
    """The job's time limit as slurmdbd keeps it; None for UNLIMITED."""
    if job.time_limit is not None:
        return job.time_limit
    if job.request.time_limit is not None:
        return job.request.time_limit
    if job.request.time_limit_set:
        return None  # --time=UNLIMITED
    part = state.partitions.get(job.request.partition)
    if part is None:
        return None
    return part.default_time if part.default_time is not None else part.max_time


def _alloc_tres(alloc: tuple[NodeAlloc, ...], *, billing: bool) -> tuple[tuple[str, int], ...]:
    if not alloc:
        return ()
    cpus = sum(a.cpus for a in alloc)
    pairs = [
        ("billing", cpus if billing else 0),
        ("cpu", cpus),
        ("gres/gpu", sum(len(a.gpus) for a in alloc)),
        ("mem", sum(a.mem for a in alloc)),
        ("node", len(alloc)),
    ]
    return tuple((name, value) for name, value in pairs if value)


def _requested(state: ClusterState, job: Job) -> tuple[int, int, int, int]:
    """(cpus, MB of memory, GPUs, nodes) the job asked for (``--mem=0``: all of each
    node's memory)."""
    from slurmsim.format.jobview import (
        requested_cpus,
        requested_mem,
        whole_node_memory,
    )

    request = job.request
    cpus = requested_cpus(request)
    mem = requested_mem(request, state.config)
    if request.mem_per_node == 0:
        mem = whole_node_memory(state, job) * request.min_nodes
    return cpus, mem, request.requested_gpus, request.min_nodes


def _base(state: ClusterState, job: Job) -> dict[str, object]:
    """The fields every run of ``job`` shares."""
    request = job.request
    user = state.users.get(request.user)
    uid, gid = (user.uid, user.gid) if user else (request.uid, request.gid)
    cpus, mem, gpus, nodes = _requested(state, job)
    req_tres = tuple(
        (name, value)
        for name, value in (
            ("billing", cpus),
            ("cpu", cpus),
            ("gres/gpu", gpus),
            ("mem", mem),
            ("node", nodes),
        )
        if value
    )
    pending = None
    if job.array_job_id is not None and job.array_task_id is None:
        from slurmsim.format.jobview import recorded_task_text

        pending = recorded_task_text(job)
    return {
        "job_id": job.job_id,
        "step": None,
        "name": request.name,
        "user": request.user,
        "uid": uid,
        "group": request.user,
        "gid": gid,
        "account": request.account,
        "cluster": state.config.cluster_name,
        "partition": request.partition,
        "qos": request.qos,
        "req_tres": req_tres,
        "req_cpus": cpus,
        "req_mem": mem,
        "req_nodes": nodes,
        "ntasks": None,
        "comment": request.comment if _stores_comments(state) else None,
        "work_dir": request.work_dir,
        "constraints": request.features,
        "mcs_label": request.shown_value("mcs-label"),
        "reservation": request.reservation,
        "array_job_id": job.array_job_id,
        "array_task_id": job.array_task_id,
        "array_pending": pending,
        # slurmdbd never hears a component abandoned at submission is one (the oracle).
        "het": None if (het := job.het) is None or REFUSED in job.extra else het[:2],
        # slurmdbd learns of a step's signal with the job's end (the oracle: 0:0 till then).
        "derived_exit": derived_exit(job) if job.state.finished else (job.derived_exit_code, 0),
        "submit_line": job.extra.get(SUBMIT_LINE),
        "assoc_id": next(
            (
                a.id
                for a in state.associations
                if a.account == request.account and a.user == request.user
            ),
            None,
        ),
    }


def _stores_comments(state: ClusterState) -> bool:
    """Does slurmdbd keep jobs' comments? Only with ``AccountingStoreFlags=job_comment``
    (the oracle's sacct shows none without it)."""
    flags = [v for k, v in state.config.raw if k.casefold() == "accountingstoreflags"]
    return any("job_comment" in f.casefold().split(",") for f in flags)


def _refused(job: Job) -> bool:
    """A job the controller refused as it arrived (FAILED, BadConstraints): slurmdbd got
    the start it was given, the instant of its end (the oracle), unlike a job cancelled
    while pending."""
    return job.state is JobState.FAILED and not job.alloc and job.reason == "BadConstraints"


def _current(state: ClusterState, job: Job, now: Instant) -> AcctRecord:
    acct_state = _state(job)
    started = job.state is not JobState.PENDING and job.start_time is not None and bool(job.alloc)
    end = job.end_time if job.state.finished else None
    run = job.run_seconds(now) if started else 0
    wall = (end if end is not None else now) - job.start_time if started and job.start_time else 0
    begun = record_start(job)
    if begun is not None and job.start_time is not None and begun != job.start_time:
        run -= begun - job.start_time  # a resize began this record: its time counts from then
        wall -= begun - job.start_time
    cancelled_by = None
    if acct_state is AcctState.CANCELLED and CANCELLED_BY in job.extra:
        cancelled_by = _uid_of(state, job.extra[CANCELLED_BY])
    signal = 0 if acct_state in _SIGNAL_ON_STEP else job.exit_signal
    limit = _limit(state, job)
    cpus = job.num_cpus if job.alloc else _requested(state, job)[0]
    return AcctRecord(
        **_base(state, job),  # type: ignore[arg-type]  # the shared fields, typed there
        state=acct_state,
        cancelled_by=cancelled_by,
        exit_code=job.exit_code,
        exit_signal=signal,
        submit=record_submit(job),
        eligible=db_eligible(job),
        start=begun if started or _refused(job) else None,
        end=end,
        elapsed=Seconds(run),
        suspended=Seconds(max(wall - run, 0)),
        time_limit=limit,
        unlimited=limit is None,
        alloc_cpus=cpus,
        alloc_nodes=len(job.alloc),
        nodes=job.nodes,
        alloc_tres=_alloc_tres(job.alloc, billing=True),
        priority=db_priority(job),
        reason=_reason(job, acct_state, started),
        restarts=job.restarts,
        flags=_flags(job, started),
        reserved=_reserved(job, end, now),
        qos_id=qos.id if (qos := state.qos.get(job.request.qos)) is not None else None,
    )


def _reason(job: Job, acct_state: AcctState, started: bool) -> str:
    """sacct's Reason: the last reason noted for the job (``DB_REASON``), whether it ran,
    ended pending or still waits (Dependency for one whose dependency can never be met),
    else None: slurmdbd keeps a reason not yet noted only if the controller set it before
    sending the record, a race (the oracle shows both, even for -H). A requeued job waits
    with the BeginTime set before its new record was sent."""
    noted = job.extra.get(DB_REASON)
    if job.restarts and not started and acct_state is AcctState.PENDING:
        return job.reason
    return noted if noted is not None else "None"


def _reserved(job: Job, end: Instant | None, now: Instant) -> int:
    """sacct's Reserved: from eligible to start (a job that ended pending: to its end), or to
    now while it waits; 0 if it never was eligible."""
    eligible = db_eligible(job)
    if eligible is None:
        return 0
    if job.state is JobState.PENDING:
        return now - eligible
    began = job.start_time if job.start_time is not None else end
    return (began if began is not None else now) - eligible


#: slurmdbd's flag that it got the job's record, misspelt as Slurm spells it.
_RECEIVED = "StartRecieved"


def _flags(job: Job, started: bool) -> str:
    if not started or not job.alloc:
        return _RECEIVED
    return _sched_flags(job.scheduler)


def _sched_flags(scheduler: str) -> str:
    return f"{'SchedBackfill' if scheduler == 'Backfill' else 'SchedMain'},{_RECEIVED}"


def _past(
    state: ClusterState, job: Job, run: PastRun, index: int, *, with_steps: bool = True
) -> list[AcctRecord]:
    acct_state = AcctState(run.state)
    signal = 0 if acct_state in _SIGNAL_ON_STEP else run.exit_signal
    limit = _limit(state, job)
    wall = run.end_time - run.start_time if run.start_time is not None else 0
    head = AcctRecord(
        **_base(state, job),  # type: ignore[arg-type]  # the shared fields, typed there
        state=acct_state,
        cancelled_by=None,
        exit_code=run.exit_code,
        exit_signal=signal,
        submit=run.submit_time,
        eligible=run.eligible_time,
        start=run.start_time,
        end=run.end_time,
        elapsed=run.run_seconds,
        suspended=Seconds(max(wall - run.run_seconds, 0)),
        time_limit=limit,
        unlimited=limit is None,
        alloc_cpus=sum(a.cpus for a in run.alloc),
        alloc_nodes=len(run.alloc),
        nodes=tuple(a.node for a in run.alloc),
        alloc_tres=_alloc_tres(run.alloc, billing=True),
        priority=run.priority,
        reason="None",
        restarts=index,
        flags=_sched_flags(run.scheduler) if run.alloc else _RECEIVED,
    )
    steps = _run_steps(job, head, run.alloc) if with_steps else []
    return [_as_stored(head), *steps]


def _steps(state: ClusterState, job: Job, head: AcctRecord) -> list[AcctRecord]:
    if head.start is None or not job.alloc:
        return []
    numbered = [
        _numbered_step(state, head, ended(step, job))
        for step in steps_of(job)
        if step.start_time >= head.start
    ]
    if numbered and not job.request.batch:
        return numbered  # srun's steps inside an allocation: it has no step 0 of its own
    if RESIZE_TIME in job.extra:
        return numbered  # its batch step is under the run's first record
    own = job.extra.get(STEP_EXIT)
    if own is not None and head.state is AcctState.FAILED:  # srun killed what outlived --wait
        final = AcctState.COMPLETED if own == "0" else AcctState.FAILED
        head = replace(head, state=final, exit_code=int(own), exit_signal=0)
    run = _run_steps(job, head, job.alloc)
    aborted = job.extra.get(STEP_ABORTED)
    if aborted is not None and run:
        run = [_aborted_step(state, job, run[0], aborted)]
    if run and OWN_CPU in job.extra:
        run = [_own_cpu(run[0], job.extra[OWN_CPU], numbered)]
    return [*run, *numbered]


def _own_cpu(own: AcctRecord, used: str, numbered: list[AcctRecord]) -> AcctRecord:
    """The job's own step (batch, or srun's 0) with the CPU time its processes used
    (``OWN_CPU``): a batch script's counts the srun steps it waited for, which have their
    own rows."""
    user, system = (int(n) for n in used.split())
    user -= sum(r.user_cpu_us for r in numbered)
    system -= sum(r.system_cpu_us for r in numbered)
    return replace(own, user_cpu_us=max(user, 0), system_cpu_us=max(system, 0))


def _aborted_step(state: ClusterState, job: Job, zero: AcctRecord, ended: str) -> AcctRecord:
    """srun's step 0 that it aborted at a user's signal (``STEP_ABORTED``): CANCELLED by the
    job's user with the signal that ended its tasks, else as they exited."""
    code, sig = (int(n) for n in ended.split(":"))
    if sig:
        by = _uid_of(state, job.request.user)
        return replace(
            zero, state=AcctState.CANCELLED, cancelled_by=by, exit_code=0, exit_signal=sig
        )
    final = AcctState.FAILED if code else AcctState.COMPLETED
    return replace(zero, state=final, cancelled_by=None, exit_code=code, exit_signal=0)


def _numbered_step(state: ClusterState, head: AcctRecord, step: Step) -> AcctRecord:
    """A step srun created in the job: its own nodes, tasks, times and end."""
    # The job's row says how far it has got: its end, else its start plus its wall time.
    reached = (
        head.end if head.end is not None else (head.start or 0) + head.elapsed + head.suspended
    )
    until = step.end_time if step.end_time is not None else reached
    return replace(
        _step(head, step.label, step.name, step.alloc, step.num_tasks),
        state=AcctState(step.state.value),
        cancelled_by=_uid_of(state, step.cancelled_by) if step.cancelled_by else None,
        exit_code=step.exit_code,
        exit_signal=step.exit_signal,
        submit=step.start_time,
        eligible=step.start_time,
        start=step.start_time,
        end=step.end_time,
        elapsed=Seconds(max(until - step.start_time, 0)),
        suspended=Seconds(0),
        exit_known=True,
        layout=distribution.name(step.distribution),
        user_cpu_us=step.user_cpu_us,
        system_cpu_us=step.system_cpu_us,
    )


def _run_steps(job: Job, head: AcctRecord, alloc: tuple[NodeAlloc, ...]) -> list[AcctRecord]:
    if not alloc:
        return []
    if job.request.batch:
        het = job.het
        if het is not None and het.offset:
            return []  # the script runs in the leader
        return [replace(_step(head, "batch", "batch", alloc[:1], 1), layout="Unknown")]
    if not runs_as_step_zero(job):
        return []
    filling = node_filling_tasks(job)
    ntasks = sum(filling) if filling is not None else job.request.shown_tasks
    zero = _step(head, "0", job.request.name, alloc, ntasks)
    return [replace(zero, layout=distribution.name(own_step_distribution(job)))]


def _step(
    head: AcctRecord, step: str, name: str, alloc: tuple[NodeAlloc, ...], ntasks: int
) -> AcctRecord:
    """A step that ran from the job's start to its end on ``alloc``."""
    state, code, signal = _step_end(head)
    return AcctRecord(
        job_id=head.job_id,
        step=step,
        name=name,
        user=head.user,
        uid=head.uid,
        group=head.group,
        gid=head.gid,
        account=head.account,
        cluster=head.cluster,
        partition=None,
        qos=None,
        state=state,
        cancelled_by=None,
        exit_code=code,
        exit_signal=signal,
        derived_exit=None,
        submit=head.start,
        eligible=head.start,
        start=head.start,
        end=head.end,
        elapsed=head.elapsed,
        suspended=head.suspended,
        time_limit=None,
        unlimited=False,
        alloc_cpus=sum(a.cpus for a in alloc),
        alloc_nodes=len(alloc),
        nodes=tuple(a.node for a in alloc),
        alloc_tres=_alloc_tres(alloc, billing=False),
        req_tres=(),
        req_cpus=sum(a.cpus for a in alloc),
        req_mem=sum(a.mem for a in alloc),
        req_nodes=len(alloc),
        ntasks=ntasks,
        priority=None,
        reason=None,
        restarts=head.restarts,
        comment=None,
        work_dir=None,
        constraints=None,
        reservation=None,
        flags=None,
        array_job_id=head.array_job_id,
        array_task_id=head.array_task_id,
        het=head.het,
        assoc_id=head.assoc_id,
        exit_known=head.state is not AcctState.NODE_FAIL,
    )


def _step_end(head: AcctRecord) -> tuple[AcctState, int, int]:
    """How a step that lasted as long as its job ended: (state, exit code, signal)."""
    if head.state in _KILLED:
        return AcctState.CANCELLED, 0, SIGTERM
    if head.state is AcctState.NODE_FAIL:
        return AcctState.CANCELLED, 0, SIGKILL
    if head.state is AcctState.FAILED and head.exit_signal:
        # Killed by a signal, or its script never ran (LAUNCH_FAILURE_SIGNAL): the oracle.
        return AcctState.CANCELLED, 0, head.exit_signal
    return head.state, head.exit_code, head.exit_signal
