"""What users and operators do to jobs and nodes: scancel, scontrol hold/release/
requeue/top/update, and node state changes.

Each operation checks permission the way slurmctld does and raises ``SlurmError``
with Slurm's string on refusal; the command decides how to print it. Operations
that free resources or make jobs runnable queue a main pass (``trigger``).
"""

from collections.abc import Callable, Iterable
from dataclasses import replace

from slurmsim.engine import hetjobs, lifecycle, node_accounting, resize, usage
from slurmsim.engine.dependency import (
    DEPENDENCY_PROBLEM,
    NOT_SUPPORTED,
    check_dependency,
    expands,
)
from slurmsim.engine.eligibility import DEPENDENCY_NEVER
from slurmsim.engine.execution import is_executed, process_exited
from slurmsim.engine.lifecycle import SIGTERM, count_loss, finish, resume_under
from slurmsim.engine.lifecycle import requeue as requeue_job
from slurmsim.engine.liveness import ping, pinged_down, stop_responding
from slurmsim.engine.permissions import is_administrator, is_operator, may_manage_job
from slurmsim.engine.priority import priority
from slurmsim.engine.resources import GPU
from slurmsim.engine.submit import never_runs, queued_in_list
from slurmsim.engine.trigger import trigger
from slurmsim.model import dependency_status
from slurmsim.model.accounting import (
    CANCELLED_BY,
    note_db_priority,
    note_db_reason,
)
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency import Unreadable
from slurmsim.model.dependency_status import FAILED_ENTRIES
from slurmsim.model.errors import (
    GRES_ERROR,
    PART_CONFIG_UNAVAILABLE,
    TRES_ERROR,
    AccessDenied,
    AppliedError,
    ClientError,
    InvalidJobId,
    SlurmError,
)
from slurmsim.model.events import Event
from slurmsim.model.features import Unreadable as UnreadableConstraint
from slurmsim.model.hetjobs import is_component, named
from slurmsim.model.hostlist import sort_hosts
from slurmsim.model.job_update import JobUpdate, LimitChange, TresChange
from slurmsim.model.jobs import (
    ARRAY_EMPTIED,
    MAX_SWITCH_WAIT,
    STOPPED,
    SUSPENDED_BY,
    TRES_CPUS,
    TRES_GPUS,
    TRES_NODES,
    Hold,
    Job,
    JobRequest,
    JobState,
)
from slurmsim.model.node_update import UNCHANGED, GresChange, NodeSettings
from slurmsim.model.nodes import (
    ACTIVE_FEATURES,
    COMMENT,
    CONFIGURED_GRES,
    CPU_BIND,
    EXTRA,
    FAILED,
    FUTURE,
    GRES,
    NODE_ADDR,
    NODE_HOSTNAME,
    Node,
)
from slurmsim.model.signals import (
    SIGCONT,
    SIGKILL,
    SIGSTOP,
    Target,
    queue_signal,
    shell_end,
)
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres

TIME_MIN_INVALID = "Invalid time-min specification (exceeds job's time or other limits)"
INVALID_USER = "Invalid user id"
#: slurmctld's answer to a signal for a pending job (scancel retries, then gives up).
NOT_NOW = "Job can not be altered now, try again later"
JOB_HELD = "Job is in held state, pending scheduler release"
#: What slurmctld answers a user who sets their own job's Priority.
PRIORITY_NOT_PERSISTENT = "Changes to job priority are not persistent, change nice instead"

#: States a running job can be in (a suspended job still holds its nodes).
_ACTIVE = frozenset({JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})
_REASON_NEEDED = "You must specify a reason when DOWNING or DRAINING a node. Request denied"


def _records(state: ClusterState, job_id: int, task_id: int | None) -> list[Job]:
    """The records a job spec names: one job, a whole array, or one array task."""
    members = [j for j in state.jobs.values() if j.array_job_id == job_id]
    if task_id is None:
        if members:
            return sorted(members, key=lambda j: j.job_id)
        job = state.jobs.get(job_id)
        return [job] if job is not None else []
    return [j for j in members if j.array_task_id == task_id or task_id in j.array_tasks]


def _one(state: ClusterState, job_id: int, task_id: int | None) -> Job:
    found = _records(state, job_id, task_id)
    if not found:
        raise InvalidJobId()
    # For an array named by its id, the meta record (pending tasks) is the one to act on.
    return next((j for j in found if j.job_id == job_id), found[0])


#: An array's answer to hold, release or update, task by task: {index: error or None}.
TaskAnswers = dict[int, str | None]


def on_named(
    state: ClusterState, job_id: int, task_id: int | None, act: Callable[[Job], None]
) -> TaskAnswers | None:
    """Apply ``act`` to what ``12`` or ``12_3`` names, as slurmctld's job update does.

    A job that is no array, or an array task named by its own id, is acted on alone:
    a refusal is raised (None returned). An array named by its id, or a task named as
    ``12_3``, is answered task by task: every record of the array (the pending tasks'
    one covering them all), or the task, which leaves the pending tasks' record first
    under an id of its own when others stay there. A task that does not exist is
    ``Invalid job id specified``.
    """
    job = state.jobs.get(job_id)
    if task_id is None:
        if job is not None and job.array_job_id != job_id:
            act(job)  # no array, or an array task named by its own id
            return None
        members = [j for j in state.jobs.values() if j.array_job_id == job_id]
        if not members:
            raise InvalidJobId()
        answers: TaskAnswers = {}
        for member in members:
            answers.update(dict.fromkeys(_tasks_of(member), _refusal(act, member)))
        return dict(sorted(answers.items()))
    if job is not None and task_id in job.array_tasks and len(job.array_tasks) > 1:
        lifecycle.split_task(state, job, task_id)
    task = next(iter(_records(state, job_id, task_id)), None)
    if task is None:
        return {task_id: InvalidJobId().message}
    return {task_id: _refusal(act, task)}


def _tasks_of(record: Job) -> tuple[int, ...]:
    return record.array_tasks or (record.array_task_id or 0,)


def _refusal(act: Callable[[Job], None], record: Job) -> str | None:
    try:
        act(record)
    except SlurmError as e:
        return e.message
    return None


def cancel(
    state: ClusterState,
    job_id: int,
    task_id: int | None,
    actor: str,
    *,
    signal: int | None = None,
    target: Target = Target.STEPS,
    whole: bool = True,
) -> list[Event]:
    """``scancel``: cancel a job, a whole array, or one task; with ``signal``, only signal it.
    ``whole``: a heterogeneous job's leader named by its id (not as ``235+0``) stands
    for every component; a component alone may end once the job runs, not before.

    ``scancel -s KILL`` (without ``-b``) cancels, as plain scancel does; any other
    signal goes to the job's processes (``target``, see ``signal_jobs``).
    """
    targets = _records(state, job_id, task_id)
    if not targets:
        raise InvalidJobId()
    if task_id is None and len(targets) == 1:
        pending = targets[0].state is JobState.PENDING
        if is_component(targets[0]) and pending:
            raise SlurmError(hetjobs.NOT_WHOLE)
        if whole or pending:  # a waiting leader is cancelled whole, even as ``235+0``
            targets = named(state.jobs, targets[0])
    if not all(may_manage_job(state, j, actor) for j in targets):
        raise AccessDenied()
    active = [j for j in targets if not j.state.finished]
    if not active:
        raise SlurmError("Job/step already completing or completed")
    now = state.now
    if signal is not None and (signal != SIGKILL or target is Target.BATCH):
        if any(j.state is JobState.PENDING for j in active):  # no process to signal
            raise SlurmError(NOT_NOW)
        return signal_jobs(state, active, signal, target)
    events: list[Event] = []
    for job in active:
        if task_id is not None and task_id in job.array_tasks:
            left = tuple(t for t in job.array_tasks if t != task_id)
            if left:
                # One pending task of several: it just leaves the meta record (golden 126, 168).
                job.array_tasks = left
                events.append(Event(now, "job_cancel", job.job_id, f"task {task_id}"))
                continue
            # The last one: the record itself ends, naming no task any more (squeue shows
            # the bare array id, scontrol no task); slurmdbd keeps the tasks it had.
            job.extra[ARRAY_EMPTIED] = ",".join(map(str, job.array_tasks))
            job.array_tasks = ()
        running = job.state in _ACTIVE
        if running:
            usage.charge_end(state, job, now)
        job.extra[CANCELLED_BY] = actor
        events.append(finish(job, now, JobState.CANCELLED, signal=SIGTERM if running else 0))
        resume_under(state, job, now)
        if running:
            events.extend(node_accounting.drained_by(state, job, now))
    trigger(state)
    return events


def signal_jobs(
    state: ClusterState, jobs: Iterable[Job], signal: int, target: Target
) -> list[Event]:
    """``scancel --signal``: the signal goes to the processes of each job that runs them
    (its script under execution, an interactive command), whatever it does to them. A
    simulated batch job's shell is taken to wait for a command, as a script does
    (``model.signals.shell_end``); it has no steps."""
    now = state.now
    events = []
    for job in jobs:
        events.append(Event(now, "job_signal", job.job_id, f"{signal} {target.value}"))
        if job.state not in _ACTIVE:
            continue
        # slurmctld flags the job once slurmd took STOP or CONT, whichever processes it
        # went to (the oracle: steps, -b and -f alike, a job with no step too).
        if job.state is JobState.RUNNING and signal == SIGSTOP:
            job.extra[STOPPED] = "1"
        elif signal == SIGCONT:
            job.extra.pop(STOPPED, None)
        if is_executed(job) or not job.request.batch:
            queue_signal(job, signal, target)
        elif job.state is JobState.RUNNING and (end := shell_end(job, signal, target)):
            events.extend(process_exited(state, job, *end))
    return events


def _each_named(
    act: Callable[[Job], None], state: ClusterState, whole: bool
) -> Callable[[Job], None]:
    """``act`` on every record a job's id names (a heterogeneous job's leader names all
    its components: the oracle holds, releases and updates them all), unless the id
    named one component (``235+0``: ``whole`` is False)."""
    if not whole:
        return act

    def each(job: Job) -> None:
        for record in named(state.jobs, job):
            act(record)

    return each


def hold(
    state: ClusterState,
    job_id: int,
    task_id: int | None,
    actor: str,
    *,
    user_hold: bool = False,
    whole: bool = True,
) -> TaskAnswers | None:
    """``scontrol hold``: priority 0; JobHeldAdmin by an operator, JobHeldUser by the owner
    (``on_named`` says what is answered how).

    ``user_hold`` (``scontrol uhold``) makes even an operator's hold a user hold. The
    controller evaluates the job as it holds it: LastSchedEval moves to now (golden 114),
    unless its begin time lies ahead.
    A running job is accepted and left as it is (the oracle answers 0).
    """
    act = _each_named(lambda job: _hold(state, job, actor, user_hold), state, whole)
    return on_named(state, job_id, task_id, act)


def _hold(state: ClusterState, job: Job, actor: str, user_hold: bool) -> None:
    if not may_manage_job(state, job, actor):
        raise SlurmError(INVALID_USER)
    admin = is_operator(state, actor) and not user_hold
    if _already_running(job):
        # It runs on, held: priority 0 and the hold's reason, kept should it be requeued
        # (the oracle: RUNNING with JobHeldUser, then PENDING with it after a requeue).
        job.hold = Hold.ADMIN if admin else Hold.USER
        job.priority, job.reason = 0, job.hold.value
        return
    job.hold = Hold.ADMIN if admin else Hold.USER
    dependency_status.hold(state, job)
    job.priority = 0
    note_db_priority(job, state.last_main)
    job.reason = job.hold.value
    job.accrue_time = None
    begin = job.request.begin_time
    if begin is None or begin <= state.now:
        job.last_sched_eval = state.now
        job.eligible_time = None
    # else the begin time stands as its eligible time, and nothing evaluates it now (the
    # oracle: a job held before its --begin shows EligibleTime= that time and its submit
    # time as LastSchedEval).


def release(
    state: ClusterState, job_id: int, task_id: int | None, actor: str, *, whole: bool = True
) -> TaskAnswers | None:
    """``scontrol release``: owners lift only user holds; reason None until the next pass."""
    act = _each_named(lambda job: _release(state, job, actor), state, whole)
    return on_named(state, job_id, task_id, act)


def _release(state: ClusterState, job: Job, actor: str) -> None:
    if not may_manage_job(state, job, actor):
        raise SlurmError(INVALID_USER)
    running = _already_running(job)
    if job.hold is Hold.NONE:
        return
    if job.hold is not Hold.USER and not is_operator(state, actor):
        raise AccessDenied()  # an admin hold, or BadConstraints (slurmctld's priority 0)
    if running:  # held while it runs: it goes on as it was
        job.hold, job.reason = Hold.NONE, "None"
        job.priority = priority(state, job)
        return
    job.hold = Hold.NONE
    dependency_status.release(job)
    begin = job.request.begin_time
    if begin is None or begin <= state.now:
        job.eligible_time = None  # judged again by the next pass (the oracle: Unknown)
    note_db_reason(job)
    job.reason = "None"
    job.state_desc = None
    job.scheduler = "Main"
    job.priority_set = False  # released to a computed priority, as slurmctld does
    job.priority = priority(state, job)
    _judge_constraints(state, job)
    note_db_priority(job, state.last_main)
    trigger(state)


def _judge_constraints(state: ClusterState, job: Job) -> None:
    """A pending job no node could ever run (a held submission is not tested against
    the nodes, an update may ask for more than there is) is put aside as the controller
    puts it: priority 0, reason BadConstraints, eligible and evaluated now (the oracle:
    at the release's second), until an update or an operator's release."""
    if job.hold is Hold.NONE and never_runs(state, job.request):
        job.hold = Hold.BAD_CONSTRAINTS
        job.reason = job.hold.value
        job.priority = 0
        job.last_sched_eval = state.now
        job.start_time = job.end_time = None  # a plan it had is gone (its nodes stay shown)
        job.scheduler = "Main"
        if job.eligible_time is None:
            job.eligible_time = job.accrue_time = state.now


def _already_running(job: Job) -> bool:
    """True for a job that runs (a hold then only marks it); refuses a finished one."""
    if job.state.finished:
        raise SlurmError("Job has already finished")
    return job.state is not JobState.PENDING


def _must_be_pending(job: Job) -> None:
    if job.state.finished:
        raise SlurmError("Job has already finished")
    if job.state is not JobState.PENDING:
        raise SlurmError("Job is no longer pending execution")


REQUEUED_HELD = "job requeued in held state"


def requeue(
    state: ClusterState,
    job_id: int,
    task_id: int | None,
    actor: str,
    *,
    hold: bool = False,
    events: list[Event] | None = None,
) -> dict[int, str | None]:
    """``scontrol requeue`` / ``requeuehold``: batch jobs back to PENDING under their ids,
    eligible 121 s later (held, with ``hold``); a finished job may be requeued too.

    A job or one task raises ``SlurmError`` on refusal. A whole array is answered task by
    task, as slurmctld does: ``{task index: error or None}``. The nodes a running job
    leaves drained are recorded in ``events``, when given.
    """
    found = events if events is not None else []
    records = _records(state, job_id, task_id)
    if not records:
        raise InvalidJobId()
    if task_id is not None or records[0].array_job_id is None:
        job = _one(state, job_id, task_id)
        if is_component(job):
            raise SlurmError(hetjobs.NOT_LEADER)
        for record in named(state.jobs, job):  # a leader's every component comes back
            found.extend(_requeue_one(state, record, actor, hold))
        return {}
    answers: dict[int, str | None] = {}
    for job in records:
        tasks = job.array_tasks or (job.array_task_id or 0,)
        try:
            found.extend(_requeue_one(state, job, actor, hold))
            error = None
        except SlurmError as e:
            error = e.message
        answers.update(dict.fromkeys(tasks, error))
    return dict(sorted(answers.items()))


def _requeue_one(state: ClusterState, job: Job, actor: str, hold: bool) -> list[Event]:
    if not may_manage_job(state, job, actor):
        raise AccessDenied()
    if job.state is JobState.PENDING:
        raise SlurmError("Job is pending execution")
    if not job.request.batch:
        raise SlurmError("Only batch jobs are accepted or processed")
    if not job.request.requeue:
        raise SlurmError("Requested operation is presently disabled")
    finished = job.state.finished
    left = job.nodes if job.state in HOLDS_RESOURCES else ()
    held = Hold.USER if hold else job.hold  # a job held as it ran stays held
    hold_reason = held.value if held is not Hold.NONE else None
    requeue_job(state, job, state.now, hold_reason=hold_reason, ended="REQUEUED")
    if finished:
        job.exit_code = job.exit_signal = 0
    resume_under(state, job, state.now)
    if hold:
        job.hold = Hold.USER
        job.priority = 0
        job.state_desc = REQUEUED_HELD
    elif held is Hold.NONE:
        job.priority = priority(state, job)
    note_db_priority(job, state.last_main)  # its new record's
    trigger(state)
    return node_accounting.drained_on(state, left, state.now)


def top(state: ClusterState, job_ids: list[int], actor: str) -> None:
    """``scontrol top``: move the jobs ahead of their owner's other pending jobs.

    Operators may; users only their own jobs, under SchedulerParameters=enable_user_top.
    As slurmctld does it, the jobs named take the highest priorities among themselves and
    the owner's other pending jobs of the same partition, account and QOS (in the order
    named), through their nice values; what they gained, the others give up in equal
    shares, so the owner's nice values keep their sum.
    """
    user_top = state.config.scheduler_parameters.enable_user_top
    if not (user_top or is_operator(state, actor)):
        raise AccessDenied()  # before the jobs are looked up: a missing one too
    jobs = [_one(state, job_id, None) for job_id in job_ids]
    for job in jobs:
        mine = user_top and job.request.user == actor
        if not (is_operator(state, actor) or mine):
            raise AccessDenied()
        if job.hold is not Hold.NONE:
            raise SlurmError(JOB_HELD)
        _must_be_pending(job)
    first = jobs[0].request
    group = (first.user, first.partition, first.account, first.qos)
    named = {j.job_id for j in jobs}
    others = [
        j
        for j in sorted(state.jobs.values(), key=lambda j: j.job_id)
        if j.state is JobState.PENDING
        and j.job_id not in named
        and j.hold is Hold.NONE
        and (j.request.user, j.request.partition, j.request.account, j.request.qos) == group
    ]
    ranks = sorted((j.priority for j in (*jobs, *others)), reverse=True)
    gained = 0
    for job, new in zip(jobs, ranks, strict=False):
        delta = new - job.priority
        gained += delta
        _nice_by(state, job, -delta)
    for i, job in enumerate(others):
        share = gained // (len(others) - i)
        gained -= share
        _nice_by(state, job, share)


def _nice_by(state: ClusterState, job: Job, delta: int) -> None:
    if delta:
        job.request = replace(job.request, nice=job.request.nice + delta)
        job.priority = priority(state, job)
        note_db_priority(job, state.last_main)


def named_jobs(state: ClusterState, name: str, user: str | None) -> list[str]:
    """The jobs called ``name`` (of ``user``, by name or uid, when given), in id order:
    ``12``, or ``12_3`` for an array task. Raises scontrol's error when there are none."""
    uid = None
    if user is not None:
        known = state.users.get(user)
        uid = known.uid if known is not None else int(user) if user.isdigit() else -1
    found = []
    for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
        owner = state.users.get(job.request.user)
        if uid is not None and (owner.uid if owner else job.request.uid) != uid:
            continue
        if job.request.name == name:
            task = job.array_task_id
            found.append(str(job.job_id) if task is None else f"{job.array_job_id}_{task}")
    if not found:
        who = "" if uid is None else f"user ID {uid} and "
        raise SlurmError(f"No jobs with {who}name '{name}'")
    return found


def update_job(
    state: ClusterState,
    job_id: int,
    task_id: int | None,
    actor: str,
    update: JobUpdate,
    *,
    whole: bool = True,
) -> TaskAnswers | None:
    """``scontrol update JobId=...``: apply ``update`` (``on_named`` says what is answered
    how).

    Users may lower their own job's time limit, rename it, raise its nice value and
    change pending-only fields; raising a limit, a negative nice or Priority needs an
    operator. Another user's job is refused as slurmctld refuses it (``Invalid user id``).
    """
    act = _each_named(lambda job: _update(state, job, actor, update), state, whole)
    return on_named(state, job_id, task_id, act)


def _update(state: ClusterState, job: Job, actor: str, update: JobUpdate) -> None:
    operator = is_operator(state, actor)
    if job.state.finished:  # asked before whose it is (the oracle: another user's job too)
        raise SlurmError("Job has already finished")
    if not (job.request.user == actor or operator):
        raise SlurmError(INVALID_USER)
    keep = None
    if job.state is JobState.RUNNING:  # it may give nodes back (``resize``)
        keep = resize.kept_nodes(job, update)
        update = replace(update, nodes=None, req_nodes=None)
    if update.nodes is not None and job.state is not JobState.PENDING:
        raise SlurmError("Requested operation not supported on this system")
    if update.pending_only:
        _pending_only(job)
    if update.nice is not None and job.priority_set and job.priority:
        update = replace(update, nice=None)  # slurmctld ignores it: the set value stands
    if update.nice is not None and update.nice < 0 and not operator:
        raise AccessDenied()
    if update.admin_only is not None and not operator:
        raise AccessDenied()
    # A user may drop Contiguous but not ask for it (golden scontrol 099).
    if update.contiguous and not job.request.contiguous and not operator:
        raise AccessDenied()
    if job.hold is Hold.BAD_CONSTRAINTS and update.priority is None:
        job.hold = Hold.NONE  # the request changes: judged again below, as slurmctld does
    new_priority = (
        None if update.priority is None else _new_priority(state, job, update.priority, operator)
    )
    counted = job.tres_cpus, job.tres_nodes  # what the TRES counted before
    fields = _request_changes(state, job, update, operator)
    if update.array_throttle is not None:
        job.array_throttle = update.array_throttle or None
    if new_priority == 0:
        _hold(state, job, actor, user_hold=False)
    elif new_priority is not None:
        fields["nice"] = 0  # slurmctld drops the nice of a job whose priority is set
        job.priority, job.priority_set = new_priority, True
    if update.end_time is not None:
        fields["time_limit"] = _limit_to_end(state, job, update.end_time, operator)
        fields["time_limit_set"] = True
    if update.reset_accrue and job.accrue_time is not None:
        job.accrue_time = state.now  # counted afresh from now, as slurmctld resets it
    asked = _asked(job.request)
    gpus = job.extra.get(TRES_GPUS, str(job.request.requested_gpus))  # as the TRES count them
    job.request = replace(job.request, **fields)  # type: ignore[arg-type]  # JobRequest fields
    if {"gres_per_node", "gpus_per_job", "gpus_per_task"} & fields.keys():
        job.extra.pop(TRES_GPUS, None)  # the GRES asked for changed: counted afresh
    elif job.state is JobState.PENDING and str(job.request.requested_gpus) != gpus:
        job.extra[TRES_GPUS] = gpus  # the node count moved: the GRES are not counted again
    if _asked(job.request) != asked:
        job.node_guess = None  # what it asks for changed: the controller's guess goes
    if "time_limit" in fields:
        job.time_limit = job.request.time_limit
    if job.end_time is not None and job.start_time is not None and job.state is not JobState.FAILED:
        limit = job.time_limit
        job.end_time = None if limit is None else Instant(job.start_time + limit)
        if update.end_time is not None:
            job.end_time = update.end_time  # to the second; the limit in whole minutes
    if job.state is JobState.PENDING:
        if update.priority is None:
            job.priority = priority(state, job)
        if job.hold is Hold.NONE and update.begin_time is None:
            note_db_reason(job)
            job.reason = "None"
        _judge_constraints(state, job)
        note_db_priority(job, state.last_main)
        trigger(state)
        if _over_partition(state, job.request, update):
            _keep_tres(job, *counted)  # refused, but kept (the oracle)
            raise AppliedError(PART_CONFIG_UNAVAILABLE)
        job.extra.pop(TRES_NODES, None)
        if update.num_cpus is not None or update.min_cpus_node:
            job.extra.pop(TRES_CPUS, None)  # the CPUs set: the TRES counts them
    if job.state is JobState.RUNNING and update.nice is not None and update.priority is None:
        job.priority = priority(state, job)  # a running job's moves with its nice too (the oracle)
    if keep is not None:
        resize.shrink(state, job, keep)


def _asked(request: JobRequest) -> tuple[object, ...]:
    """What a job's TRES request counts (CPUs, memory, nodes, GPUs): slurmctld drops its
    node count guess when an update changes any of them."""
    return (
        request.asked_cpus,
        request.mem_cpus,
        request.mem_per_cpu,
        request.mem_per_node,
        request.mem_per_gpu,
        request.min_nodes,
        request.gres_per_node,
        request.gpus_per_job,
        request.gpus_per_task,
    )


def _over_partition(state: ClusterState, req: JobRequest, update: JobUpdate) -> bool:
    """Does the updated job ask for more CPUs than its partition has, in all or (by
    ``MinCPUsNode``) on its widest node? slurmctld refuses that after the change."""
    part = state.partitions.get(req.partition)
    names = part.nodes if part is not None else ()
    cpus = [state.nodes[n].config.cpus for n in names if n in state.nodes]
    widest = update.min_cpus_node and update.min_cpus_node > max(cpus, default=0)
    return bool(widest) or req.asked_cpus > sum(cpus)


def _limit_to_end(state: ClusterState, job: Job, end: Instant, operator: bool) -> Seconds:
    """``EndTime=``: a running job's limit moved to end then, in whole minutes (a user may
    only bring it nearer)."""
    if job.state is not JobState.RUNNING or job.end_time is None or job.time_limit is None:
        raise SlurmError("Job is not running")
    if end < state.now:
        raise SlurmError("Invalid time specified")
    if not operator and end >= job.end_time:
        raise AccessDenied()
    moved = int((end - job.end_time + 30) / 60)  # C's division, toward zero
    return Seconds(max(job.time_limit // 60 + moved, 0) * 60)


def _new_priority(state: ClusterState, job: Job, wanted: int, operator: bool) -> int | None:
    """What ``Priority=wanted`` sets, None when it is the job's already. A held job keeps
    0 until released; 0 holds the job; a user may not raise it, nor set it for good."""
    if wanted == job.priority:
        return None
    if job.priority == 0:
        raise SlurmError(JOB_HELD)
    if wanted and not operator:
        if wanted > job.priority:
            raise AccessDenied()
        # Lowered by its owner: slurmctld drops the nice, works the priority out again
        # (the oracle shows it unchanged at once) and answers that it will not last.
        job.request = replace(job.request, nice=0)
        job.priority = priority(state, job)
        raise AppliedError(PRIORITY_NOT_PERSISTENT)
    return wanted


def _request_changes(
    state: ClusterState, job: Job, update: JobUpdate, operator: bool
) -> dict[str, object]:
    """The JobRequest fields ``update`` sets, checked against the cluster."""
    req = job.request
    fields: dict[str, object] = {}
    if update.time_limit is not None:
        fields["time_limit"] = _new_limit(state, job, update.time_limit, operator)
        fields["time_limit_set"] = True
    limit = fields.get("time_limit", job.time_limit)
    if update.time_min is not None:
        if isinstance(limit, int) and update.time_min > limit:
            raise SlurmError(TIME_MIN_INVALID)
        fields["time_min"] = update.time_min
    for name in ("name", "comment", "nice"):
        if (value := getattr(update, name)) is not None:
            fields[name] = value
    # Options kept only as shown: every change to them goes in once, at the end.
    shown: dict[str, str | None] = {
        option: value
        for option, value in (
            ("mail-user", update.mail_user),
            ("mail-type", update.mail_type),
            ("wckey", update.wckey),
            ("delay-boot", None if update.delay_boot is None else str(update.delay_boot)),
        )
        if value is not None
    }
    if update.licenses:  # slurmsim's clusters have no Licenses=
        raise SlurmError("Invalid license specification")
    if update.burst_buffer is not None:  # the oracle: no burst buffer plugin
        raise SlurmError(NOT_SUPPORTED)
    if update.cluster_features is not None or update.clusters is not None:  # not federated
        raise SlurmError("Unspecified error")
    if update.partition is not None:
        names = update.partition.split(",")
        if any(name not in state.partitions for name in names):
            raise SlurmError("Invalid partition name specified")
        fields["partition"] = names[0]
        listed = shown["partition"] = update.partition if len(names) > 1 else None
        if listed is not None:  # queued in the one Slurm tries first, as at submission
            fields["partition"] = queued_in_list(state, req, names).partition
    if update.qos is not None:
        if update.qos not in state.qos:
            raise SlurmError("Invalid qos specification")
        fields["qos"] = update.qos
    if update.account is not None:
        known = any(a.account == update.account and a.user == req.user for a in state.associations)
        if not known:
            raise SlurmError("Invalid account or account/partition combination specified")
        fields["account"] = update.account
    if update.nodes is not None:
        fields.update(_node_count_changes(job, *update.nodes))
    fields.update(_count_changes(req, update, shown))
    if isinstance(update.dependency, Unreadable):
        raise SlurmError(DEPENDENCY_PROBLEM)
    if update.dependency is not None and expands(update.dependency):
        raise SlurmError(NOT_SUPPORTED)
    if update.dependency is not None:
        check_dependency(state, job, update.dependency)
        if job.reason in ("Dependency", DEPENDENCY_NEVER):
            note_db_reason(job)
            job.reason = "None"
        job.extra.pop(FAILED_ENTRIES, None)  # the new entries are judged afresh
        fields["dependency"] = update.dependency if update.dependency.terms else None
    for name, key in (("req_nodes", "req_nodes"), ("exc_nodes", "exc_nodes")):
        names = getattr(update, name)
        if names is not None:
            if any(n not in state.nodes for n in names):
                raise SlurmError("Invalid node name specified")
            fields[key] = names
    partition = str(fields.get("partition", req.partition))
    fields.update(_resource_changes(state, job, update, partition, shown))
    if shown:
        fields["shown"] = req.with_shown_all(shown)
    if update.begin_time is not None:
        later = update.begin_time > state.now
        if (update.begin_time if later else state.now) != job.eligible_time:
            job.accrue_time = None  # a new begin: accrued time is dropped (limits enforced)
        # One at or before now is now: the controller shows it as the eligible time at
        # once, held or waiting on a dependency (the oracle).
        job.eligible_time = update.begin_time if later else state.now
        job.start_time = update.begin_time if later else None
        if later and job.hold is Hold.NONE:
            job.reason = "BeginTime"
        elif not later and job.reason in ("BeginTime", "Dependency"):
            job.reason = "None"  # until the next pass judges it (the oracle)
        fields["begin_time"] = update.begin_time
    return fields


def _node_count_changes(job: Job, low: int, high: int | None) -> dict[str, object]:
    """``NumNodes=`` on a pending job, as slurmctld takes it. A lone count moves the
    minimum and keeps the maximum (the oracle: ``3`` on ``1-5`` shows ``3-5``); a task a
    node unless tasks were asked for. The CPUs become what the tasks need when that is
    more than the TRES counts, lowered too (the oracle: 2048 to 3), and otherwise stay as
    they are (``5`` then ``4`` keeps ``NumCPUs=5``); the memory follows the CPUs the TRES
    counts. A minimum under 1 or over the maximum is refused once the CPUs are set, and
    they stay (``AppliedError``)."""
    req = job.request
    top = req.max_nodes if high is None else high
    fields: dict[str, object] = {"min_nodes": low, "max_nodes": top}
    if not req.ntasks_set:  # a task a node unless tasks were asked for (oracle: NumTasks=9)
        fields["num_tasks"] = low * (req.ntasks_per_node or 1)
    elif req.num_tasks < low:  # at least one a node (the oracle: -n 4, NumNodes=500)
        fields["num_tasks"] = low
    tasks = int(fields.get("num_tasks", req.num_tasks))  # type: ignore[call-overload]
    least = max(tasks * req.cpus_per_task, req.mincpus * low)
    counted = job.tres_cpus
    if least > counted:
        fields["num_cpus"] = least
    elif req.num_cpus is not None or replace(req, **fields).asked_cpus != req.asked_cpus:  # type: ignore[arg-type]
        fields["num_cpus"] = req.asked_cpus
    fields["mem_cpus"] = counted if TRES_CPUS in job.extra and least <= counted else None
    if low < 1 or (top and top < low):  # judged after the CPUs are set: they stay
        if least > counted:
            before = job.tres_cpus, job.tres_nodes
            job.request = replace(req, num_cpus=least)
            _keep_tres(job, *before)
        raise AppliedError("Node count specification invalid")
    if least > counted:
        job.extra.pop(TRES_CPUS, None)  # accepted: the TRES counts the new CPUs
    return fields


def _keep_tres(job: Job, cpus: int, nodes: int) -> None:
    """After a refused update that changed the job: its TRES still count the ``cpus``
    (the memory following them) and ``nodes`` they counted before, as slurmctld figures
    them again only when it accepts an update."""
    if job.request.asked_cpus != cpus:
        job.extra[TRES_CPUS] = str(cpus)
        job.request = replace(job.request, mem_cpus=cpus)
    if job.request.min_nodes != nodes:
        job.extra[TRES_NODES] = str(nodes)


def _count_changes(
    req: JobRequest, update: JobUpdate, shown: dict[str, str | None]
) -> dict[str, object]:
    """The task and CPU counts of a pending job, as the controller changes them: ``NumCPUs``
    and ``MinCPUsNode`` set the CPUs it is given (``MinCPUsNode`` a node's least, times the
    nodes) but leave its memory figured from the CPUs before; ``NumTasks`` and
    ``CPUsPerTask`` change only what is shown, the CPUs staying as they were (the oracle
    runs ``-n 2`` updated to ``CPUsPerTask=3`` on 2 CPUs)."""
    fields: dict[str, object] = {}
    if update.num_cpus is not None:
        fields["num_cpus"], fields["max_cpus"] = update.num_cpus
        fields["mem_cpus"] = req.mem_cpus or req.asked_cpus
    if update.min_cpus_node:  # 0 changes nothing
        shown["mincpus"] = shown["pn-min-cpus"] = str(update.min_cpus_node)
        fields["num_cpus"] = update.min_cpus_node * max(req.min_nodes, 1)
        fields["mem_cpus"] = req.mem_cpus or req.asked_cpus
    if update.num_tasks is not None:
        if update.num_tasks < 1:
            raise SlurmError("Task count specification invalid")
        fields["num_tasks"], fields["ntasks_set"] = update.num_tasks, True
    if update.cpus_per_task is not None:
        fields["cpus_per_task"] = update.cpus_per_task
        shown.setdefault("pn-min-cpus", str(req.min_cpus_per_node))  # a node's least stays
    if ("num_tasks" in fields or "cpus_per_task" in fields) and "num_cpus" not in fields:
        fields["num_cpus"] = req.asked_cpus
    for option, count in update.node_layout:
        shown[option] = str(count)
    if update.min_tmp_disk is not None:
        shown["tmp"] = str(update.min_tmp_disk) if update.min_tmp_disk else None
    return fields


def _switches(req: JobRequest, update: JobUpdate) -> str | None:
    """``Switches=`` as shown after ``update``: the count (kept when only the wait
    changes), and the wait, never above ``max_switch_wait`` (300 s by default)."""
    count_text, _, wait_text = (req.shown_value("switches") or "").partition("@")
    count = update.switches if update.switches is not None else int(count_text or 0)
    if update.switch_wait is not None:
        wait = min(update.switch_wait, MAX_SWITCH_WAIT)
    else:
        wait = int(wait_text or 0)
    return f"{count}@{wait}" if count else None  # the wait in seconds, as sbatch keeps it


def _resource_changes(
    state: ClusterState, job: Job, update: JobUpdate, partition: str, shown: dict[str, str | None]
) -> dict[str, object]:
    """What a pending job asks of its nodes (features within ``partition``, GRES,
    reservation, memory) and where its files go; what is only shown goes in ``shown``."""
    from slurmsim.engine.reservations import check_access
    from slurmsim.engine.submit import feature_nodes

    req = job.request
    fields: dict[str, object] = {}
    if update.reservation is not None:  # judged before the features (the oracle)
        check_access(state, replace(req, reservation=update.reservation or None))
        fields["reservation"] = update.reservation or None
    if update.features is not None:
        fields["features"], fields["feature_nodes"] = update.features or None, None
        if update.constraint is not None:
            allowed = feature_nodes(state, state.partitions[partition], update.constraint)
            if allowed is None:
                raise SlurmError("Invalid feature specification")
            fields["feature_nodes"] = allowed
    if update.gres_per_node is not None:
        _check_gres(state, update.gres_per_node)
        fields["gres_per_node"] = update.gres_per_node
        shown["tres-per-node"] = update.tres_per_node or None
    elif update.tres_per_node is not None:  # no GRES the controller reads: only shown
        if not (req.gres_per_node or req.gpus_per_job or req.gpus_per_task):
            raise SlurmError(TRES_ERROR)
        shown["tres-per-node"] = update.tres_per_node
    if update.prefer is not None:
        _check_prefer(state, partition, update)
        shown["prefer"] = update.prefer or None
    for change in update.tres:
        _tres_change(state, change, fields, shown)
    if update.switches is not None or update.switch_wait is not None:
        shown["switches"] = _switches(req, update)
    if {"gres_per_node", "gpus_per_job", "gpus_per_task"} & fields.keys():
        per_node = _check_gpu_counts(replace(req, **fields))  # type: ignore[arg-type]
        if per_node and not req.ntasks_per_node:
            fields["ntasks_per_node"] = per_node
    if update.mem_per_node is not None:
        fields["mem_per_node"], fields["mem_per_cpu"] = update.mem_per_node, None
        fields["mem_cpus"] = None
    if update.mem_per_cpu is not None:
        fields["mem_per_cpu"], fields["mem_per_node"] = update.mem_per_cpu, None
        fields["mem_cpus"] = None
    for name in ("requeue", "contiguous", "work_dir", "std_out"):
        if (value := getattr(update, name)) is not None:
            fields[name] = value
    return fields


def _check_prefer(state: ClusterState, partition: str, update: JobUpdate) -> None:
    """``Prefer=`` names features as ``Features=`` does, refused in its own words."""
    from slurmsim.engine.submit import feature_nodes

    wanted = update.prefer_constraint
    if update.prefer and (
        wanted is None
        or isinstance(wanted, UnreadableConstraint)
        or feature_nodes(state, state.partitions[partition], wanted) is None
    ):
        raise SlurmError("Invalid preferred feature specification")


def _tres_change(
    state: ClusterState,
    change: TresChange,
    fields: dict[str, object],
    shown: dict[str, str | None],
) -> None:
    """One ``Tres*=`` value: GPUs per job or task, CPUs per GPU, GPU binding or frequency."""
    if change.error is not None:
        raise SlurmError(change.error)
    key, gres = change.key, change.gres
    if key == "TresBind":
        shown["gpu-bind"] = change.text.removeprefix("gpu:")
    elif key == "TresFreq":
        shown["gpu-freq"] = change.text.removeprefix("gpu:")
    elif key == "CpusPerTres":
        shown["cpus-per-tres"] = change.text  # shown as typed, whatever it is
        if gres is not None and gres.name == "gpu":
            shown["cpus-per-gpu"] = str(gres.count)
    elif key == "TresPerJob":
        if gres is not None:
            fields["gpus_per_job"] = gres
        shown["tres-per-job"] = change.text
    elif gres is not None:  # TresPerTask: one task's GPUs must fit a node
        _check_gres(state, (gres,))
        fields["gpus_per_task"] = gres
        shown["tres-per-task"] = change.text


def _check_gres(state: ClusterState, wanted: tuple[Gres, ...]) -> None:
    """Every GRES must be one the cluster has, in a count some node offers."""
    for gres in wanted:
        offered = [
            g.count
            for node in state.nodes.values()
            for g in node.config.gres
            if g.name == gres.name and gres.type in (None, g.type)
        ]
        if not offered or gres.count > max(offered):
            raise SlurmError(GRES_ERROR)


def _check_gpu_counts(request: JobRequest) -> int:
    """GPUs asked per job, per node and per task must agree, as slurmctld checks them
    when an update changes one (the oracle): a count per job is a whole number of nodes'
    counts, within the job's node range, and of tasks' counts; a node's count is a whole
    number of tasks' counts, which makes the tasks per node (returned; 0: no such
    pair)."""
    per_job = request.gpus_per_job.count if request.gpus_per_job is not None else 0
    per_node = request.gpus_per_node
    per_task = request.gpus_per_task.count if request.gpus_per_task is not None else 0
    most = request.max_nodes if request.max_nodes is not None else request.min_nodes
    if (
        per_job
        and per_node
        and (per_job % per_node or not request.min_nodes <= per_job // per_node <= most)
    ):
        raise SlurmError(GRES_ERROR)
    if per_task and any(count and count % per_task for count in (per_job, per_node)):
        raise SlurmError(GRES_ERROR)
    return per_node // per_task if per_task else 0


def _new_limit(
    state: ClusterState, job: Job, change: LimitChange, operator: bool
) -> Seconds | None:
    current = job.time_limit
    new: int | None = change.seconds
    if change.sign:
        if change.seconds is None or current is None:
            raise SlurmError("Invalid TimeLimit value")
        if change.sign < 0 and change.seconds > current:
            raise ClientError(
                "TimeLimit decrement larger than current time limit "
                f"({change.seconds // 60} > {current // 60})"
            )
        new = max(0, current + change.sign * change.seconds)
    raising = new is None or (current is not None and new > current)
    # A user may raise a pending job's limit up to its partition's MaxTime (golden
    # permissions 023), never a running job's (golden scontrol 067).
    part = state.partitions.get(job.request.partition)
    cap = part.max_time if part is not None else None
    within = job.state is JobState.PENDING and (cap is None or (new is not None and new <= cap))
    if raising and not operator and not within:
        raise AccessDenied()
    return None if new is None else Seconds(new)


def _pending_only(job: Job) -> None:
    if job.state is not JobState.PENDING:
        raise SlurmError("Job is no longer pending execution")


def update_node(
    state: ClusterState,
    names: list[str],
    actor: str,
    state_word: str | None,
    reason: str | None,
    *,
    settings: NodeSettings = UNCHANGED,
    events: list[Event] | None = None,
) -> list[Event]:
    """``scontrol update NodeName=...``: DRAIN, DOWN, FAIL, RESUME, UNDRAIN, IDLE, NoResp,
    FUTURE, or a reason; features, comment, extra string, GRES and weight.

    DRAIN lets running jobs finish; DOWN ends them at once (a batch job that may be
    requeued goes back to PENDING, anything else ends NODE_FAIL with reason NodeDown).
    Only administrators change nodes; an operator is refused like a user. What
    changes is told to the accounting store as slurmctld tells it (``node_accounting``).

    Nodes are changed one after the other, in hostlist order, as slurmctld changes them: a
    refusal for one (a state it cannot take, active features not among the available
    ones) leaves the others changed, and a name that is no node stops the walk there; the
    refusal is raised as ``AppliedError`` at the end, the events of what changed in
    ``events``. Then, if nothing was refused, the GRES (``_set_gres``), and last the
    weight, on all of them, if nothing was refused still.
    """
    if not is_administrator(state, actor):
        raise SlurmError(INVALID_USER)
    names = sort_hosts(names)  # slurmctld walks the list sorted, each node once
    if names and names[0] not in state.nodes:
        raise SlurmError("Invalid node name specified")  # nothing changed
    word = (state_word or "").upper()
    if word in ("DRAIN", "DOWN", "FAIL") and not reason:
        raise SlurmError(_REASON_NEEDED)
    if word not in ("", "DRAIN", "DOWN", "FAIL", "RESUME", "IDLE", "UNDRAIN", "NORESP", "FUTURE"):
        raise SlurmError("Invalid node state specified")
    found = events if events is not None else []
    refusal: str | None = None
    features = _FeatureUpdate(settings.features, settings.active_features)
    for name in names:
        node = state.nodes.get(name)
        if node is None:  # the nodes before it are changed (the oracle: dgx[3-5])
            refusal = "Invalid node name specified"
            break
        refusal = features.apply(node) or refusal
        _set_text(node, COMMENT, settings.comment)
        _set_text(node, EXTRA, settings.extra)
        _set_text(node, CPU_BIND, settings.cpu_bind)
        for key, values in (
            (NODE_ADDR, settings.node_addr),
            (NODE_HOSTNAME, settings.node_hostname),
        ):
            if values:  # one for every node, or one each in the order named
                node.extra[key] = values[names.index(name)] if len(values) > 1 else values[0]
        done = _update_one_node(state, node, actor, word, reason)
        if done is None:
            refusal = "Invalid node state specified"
        else:
            found.extend(done)
        if not (node.down or node.drain):
            # slurmctld tells the accounting a node in service is up, which drops its
            # reason (the oracle: Reason= alone on an idle node leaves none).
            node.reason = node.reason_user = None
            node.reason_time = None
    if refusal is None and settings.gres is not None:
        for name in names:
            refusal = _set_gres(state.nodes[name], settings.gres) or refusal
        for job in state.jobs.values():
            if job.state is JobState.PENDING:
                _judge_constraints(state, job)  # -w a node without the GPUs it asks for
    if refusal is None and settings.weight is not None:
        for name in names:
            node = state.nodes[name]
            node.config = replace(node.config, weight=settings.weight)
    if features.changed or (refusal is None and settings.weight is not None):
        trigger(state)  # the scheduler looks again at what the nodes now offer
    if refusal is not None:
        raise AppliedError(refusal)
    return found


class _FeatureUpdate:
    """An update's features as slurmctld applies them node after node, to one request.

    Without a node features plugin, available features given alone become the active
    ones too, and from then on the request carries them as such; active features not
    among the available ones are refused for that node, and the request then carries
    no features for the nodes after it (the oracle: ``dgx[2-4] Features=ib`` checks
    only dgx2's active features).
    """

    def __init__(self, available: str | None, active: str | None) -> None:
        self.available, self.active = available, active
        self.changed = False

    def apply(self, node: Node) -> str | None:
        """Set ``node``'s features; the refusal, if they were refused."""
        if self.available is None and self.active is None:
            return None
        active = self.active if self.active is not None else node.active_features_text
        available = self.available
        if available is None:
            available = ",".join(node.config.features)
        if not _subset(active, available):
            self.available = self.active = None
            return "Active features not subset of available features"
        if self.available is not None:
            if self.active is None:
                self.active = self.available
            listed = tuple(f for f in self.available.split(",") if f)
            node.config = replace(node.config, features=listed)
        node.extra[ACTIVE_FEATURES] = self.active or ""
        self.changed = True
        return None


def _set_gres(node: Node, change: GresChange) -> str | None:
    """``Gres=`` for one node whose GPUs slurm.conf gives with device files (as slurmd
    22.05 needs them): the count it has changes nothing, no GPU at all takes them away
    (jobs running on them go on), any other count is refused; the refusal, if any."""
    have = node.config.gres_count(GPU)
    if change.gpus is None or change.gpus not in (0, have):
        return GRES_ERROR
    if change.gpus == have != 0:
        return None  # the GPUs it has: nothing changes, not even the text shown
    if CONFIGURED_GRES not in node.extra:
        node.extra[CONFIGURED_GRES] = ",".join(str(g) for g in node.config.gres)
    node.config = replace(node.config, gres=tuple(g for g in node.config.gres if g.name != GPU))
    node.extra[GRES] = change.text
    return None


def _subset(active: str | None, available: str) -> bool:
    """Is every feature of ``active`` among ``available`` (both comma-separated)?"""
    if not active:
        return True
    offered = available.split(",")
    return bool(available) and all(f in offered for f in active.split(","))


def _set_text(node: Node, key: str, value: str | None) -> None:
    """Set a text an update gives (an empty one clears it)."""
    if value:
        node.extra[key] = value
    elif value is not None:
        node.extra.pop(key, None)


def _valid_change(state: ClusterState, node: Node, word: str) -> bool:
    """Whether slurmctld takes ``word`` for the node as it is: RESUME only for a node
    down, drained or failed; IDLE and FUTURE only for one down or with no job."""
    if word == "RESUME":
        return node.down or node.drain
    if word in ("IDLE", "FUTURE"):
        return node.down or not node_accounting.busy(state, node.name)
    return True


def _update_one_node(
    state: ClusterState, node: Node, actor: str, word: str, reason: str | None
) -> list[Event] | None:
    """One node's update: its events, or None when slurmctld refuses the state for the
    node as it is (the reason is taken all the same: it is set before the state)."""
    now = state.now
    failed = FAILED in node.extra
    same_state = (
        not word
        or (word == "DOWN" and node.down)
        or (word == "DRAIN" and node.drain and not failed)
        or (word == "FAIL" and failed)
    )
    if same_state and (reason or None) == node.reason:
        return []  # nothing to change, not even the reason's time
    if reason:
        node.reason, node.reason_user, node.reason_time = reason, actor, now
    if not _valid_change(state, node, word):
        return None
    idle = not node_accounting.busy(state, node.name)
    if word in ("RESUME", "IDLE", "UNDRAIN"):
        return _back_in_service(state, node, word, idle)
    events: list[Event] = []
    if word == "NORESP":
        stop_responding(state, node)
    elif word == "FUTURE":
        # Out of service as DOWN, its DRAIN and FAIL flags gone (the oracle: a drained node
        # set FUTURE and resumed is idle).
        node.down, node.drain = True, False
        node.extra.pop(FAILED, None)
        node.extra[FUTURE] = "1"
        # Recorded down, for the accounting, in the name of who set its reason (nobody's
        # for a node without one): the oracle's idle node shows no user.
        user = (node.reason_user or "") if node.reason else ""
        events.append(node_accounting.down(node, now, user, reason=FUTURE_REASON))
    elif word == "DOWN":
        node.down = True
        events.append(node_accounting.down(node, now, node.reason_user or actor))
        events.extend(kill_jobs_on(state, node.name))
        pinged_down(state, node)
    elif word in ("DRAIN", "FAIL"):
        node.drain = True
        if word == "FAIL":
            node.extra[FAILED] = "1"
        else:
            node.extra.pop(FAILED, None)
        if idle:  # else drained when its last job ends (``node_accounting.drained_by``)
            events.append(node_accounting.down(node, now, node.reason_user or actor))
    if word and reason:
        events.append(Event(now, f"node_{word.lower()}", None, f"{node.name}: {reason}"))
    return events


#: The reason slurmctld gives the accounting for a node set FUTURE.
FUTURE_REASON = "Set to State=FUTURE"


def _back_in_service(state: ClusterState, node: Node, word: str, idle: bool) -> list[Event]:
    """RESUME and IDLE clear DRAIN and FAIL and bring a DOWN node up; UNDRAIN clears DRAIN
    alone. slurmctld then waits to hear from the node (``ping``), but not after a FAIL
    alone is cleared."""
    now = state.now
    failed = FAILED in node.extra
    drained = node.drain and not failed  # the DRAIN flag itself
    events: list[Event] = []
    if idle and not node.down and (drained or (failed and word != "UNDRAIN")):
        events.append(node_accounting.up(node, now))
    if word == "UNDRAIN":
        node.drain = failed
        ping(node, now)
        if node.down:  # marked down afresh, as it stands now
            events.append(node_accounting.down(node, now, node.reason_user or "root"))
    else:
        if node.down or drained:
            ping(node, now)
        if node.down:
            events.append(node_accounting.up(node, now))
        node.drain = node.down = False
        node.extra.pop(FAILED, None)
        node.extra.pop(FUTURE, None)
    if not node.down and not node.drain:  # its reason goes with it (``update_node``)
        events.append(Event(now, "node_resume", None, node.name))
        trigger(state)
    return events


def kill_jobs_on(state: ClusterState, node: str) -> list[Event]:
    """The jobs on ``node`` die with it: requeued where Slurm would, else NODE_FAIL."""
    now = state.now
    events: list[Event] = []
    for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
        if job.state not in _ACTIVE or node not in job.nodes:
            continue
        if job.request.batch and job.request.requeue and state.config.job_requeue:
            requeue_job(state, job, now, ended="NODE_FAIL")
            job.priority = priority(state, job)
            note_db_priority(job, state.last_main)
            events.append(Event(now, "job_requeue", job.job_id, "NODE_FAIL"))
        else:
            count_loss(job, now)
            usage.charge_end(state, job, now)
            events.append(finish(job, now, JobState.NODE_FAIL, reason="NodeDown"))
        resume_under(state, job, now)
        events.extend(node_accounting.drained_by(state, job, now))
    if events:
        trigger(state)
    return events


def suspend(state: ClusterState, job_id: int, task_id: int | None, actor: str) -> Event | None:
    """``scontrol suspend``: an operator stops a running job where it stands.

    The job keeps its nodes, memory and GPUs; its run time and time limit stop counting
    until ``resume``, which moves its end on by the time it was suspended. A job that
    does not exist is answered first, whoever asks (the oracle), then the operator is
    checked; a suspended job is accepted again (nothing to do: None).
    """
    job = _found(state, job_id, task_id)
    if not is_operator(state, actor):
        raise AccessDenied()
    _must_have_run(job)
    if job.state is JobState.SUSPENDED:
        return None
    if job.state is not JobState.RUNNING:
        raise SlurmError("Job is not running")
    job.priority = 0  # so that gang scheduling never resumes it (oracle: scontrol/037)
    return lifecycle.suspend(job, state.now, None)


def resume(state: ClusterState, job_id: int, task_id: int | None, actor: str) -> Event:
    """``scontrol resume``: a job an operator (or gang scheduling) suspended runs again."""
    job = _found(state, job_id, task_id)
    if not is_operator(state, actor):
        raise AccessDenied()
    _must_have_run(job)
    if job.state is not JobState.SUSPENDED:
        raise SlurmError("Job is not suspended")
    job.extra.pop(SUSPENDED_BY, None)
    event = lifecycle.resume(job, state.now)
    job.priority = priority(state, job)
    return event


def _found(state: ClusterState, job_id: int, task_id: int | None) -> Job:
    """The job a suspend or resume names; slurmctld answers an unknown one oddly."""
    try:
        return _one(state, job_id, task_id)
    except InvalidJobId:
        raise SlurmError("Unexpected message received") from None


def _must_have_run(job: Job) -> None:
    if job.state is JobState.PENDING:
        raise SlurmError("Job is pending execution")
    if job.state.finished:
        raise SlurmError("Job/step already completing or completed")


def notify(state: ClusterState, job_id: int, actor: str, message: str) -> Event:
    """``scontrol notify``: a message for a running job's owner (slurmd writes it into
    the batch job's stderr); the owner or the SlurmUser may send one."""
    job = state.jobs.get(job_id)
    if job is None:
        raise InvalidJobId()
    if job.request.user != actor and actor not in ("root", "slurm"):
        raise SlurmError("Invalid user id")
    if job.state is not JobState.RUNNING:
        raise SlurmError("Requested operation is presently disabled")
    return Event(state.now, "job_notify", job_id, message)
