"""What users and operators do to jobs and nodes: scancel, scontrol hold/release/
requeue/top/update, and node state changes.

Each operation checks permission the way slurmctld does and raises ``SlurmError``
with Slurm's string on refusal; the command decides how to print it. Operations
that free resources or make jobs runnable queue a main pass (``trigger``).
"""

from dataclasses import replace

from slurmsim.engine import updates
from slurmsim.engine.dependency import parse_dependency
from slurmsim.engine.lifecycle import SIGTERM, count_loss, finish
from slurmsim.engine.lifecycle import requeue as requeue_job
from slurmsim.engine.liveness import ping
from slurmsim.engine.priority import priority
from slurmsim.engine.simulate import trigger
from slurmsim.model.accounts import AdminLevel
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import AccessDenied, InvalidJobId, SlurmError
from slurmsim.model.events import Event
from slurmsim.model.jobs import Hold, Job, JobState
from slurmsim.model.time import Seconds

#: States a running job can be in (a suspended job still holds its nodes).
_ACTIVE = frozenset({JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})
_REASON_NEEDED = "You must specify a reason when DOWNING or DRAINING a node. Request denied"


def is_operator(state: ClusterState, user: str) -> bool:
    """root (uid 0) or a user with AdminLevel Operator or Administrator."""
    if user == "root":
        return True
    u = state.users.get(user)
    return u is not None and (u.uid == 0 or u.admin_level is not AdminLevel.NONE)


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


def _owner_or_operator(state: ClusterState, job: Job, actor: str) -> bool:
    return job.request.user == actor or is_operator(state, actor)


def cancel(
    state: ClusterState, job_id: int, task_id: int | None, actor: str, *, signal: int | None = None
) -> list[Event]:
    """``scancel``: cancel a job, a whole array, or one task; with ``signal``, only signal it.

    Simulated jobs run no processes, so a signal other than the default one is
    recorded as an event and changes nothing else.
    """
    targets = _records(state, job_id, task_id)
    if not targets:
        raise InvalidJobId()
    if not all(_owner_or_operator(state, j, actor) for j in targets):
        raise AccessDenied()
    active = [j for j in targets if not j.state.finished]
    if not active:
        raise SlurmError("Job/step already completing or completed")
    now = state.now
    if signal is not None and signal != SIGTERM:
        return [Event(now, "job_signal", j.job_id, str(signal)) for j in active]
    events: list[Event] = []
    for job in active:
        if task_id is not None and task_id in job.array_tasks and len(job.array_tasks) > 1:
            # One pending task of several: it just leaves the meta record (golden 126, 168).
            job.array_tasks = tuple(t for t in job.array_tasks if t != task_id)
            events.append(Event(now, "job_cancel", job.job_id, f"task {task_id}"))
            continue
        if task_id is not None and job.array_tasks:
            job.array_task_id, job.array_tasks = task_id, ()
        running = job.state in _ACTIVE
        events.append(finish(job, now, JobState.CANCELLED, signal=SIGTERM if running else 0))
    trigger(state)
    return events


def hold(
    state: ClusterState, job_id: int, task_id: int | None, actor: str, *, user_hold: bool = False
) -> None:
    """``scontrol hold``: priority 0; JobHeldAdmin by an operator, JobHeldUser by the owner.

    ``user_hold`` (``scontrol uhold``) makes even an operator's hold a user hold. The
    controller evaluates the job as it holds it: LastSchedEval moves to now (golden 114).
    """
    job = _one(state, job_id, task_id)
    if not _owner_or_operator(state, job, actor):
        raise SlurmError("Invalid user id")
    _must_be_pending(job)
    admin = is_operator(state, actor) and not user_hold
    job.hold = Hold.ADMIN if admin else Hold.USER
    job.last_sched_eval = state.now
    job.priority = 0
    job.reason = job.hold.value
    job.eligible_time = None
    job.accrue_time = None


def release(state: ClusterState, job_id: int, task_id: int | None, actor: str) -> None:
    """``scontrol release``: owners lift only user holds; reason None until the next pass."""
    job = _one(state, job_id, task_id)
    if not _owner_or_operator(state, job, actor):
        raise SlurmError("Invalid user id")
    _must_be_pending(job)
    if job.hold is Hold.NONE:
        return
    if job.hold is Hold.ADMIN and not is_operator(state, actor):
        raise AccessDenied()
    job.hold = Hold.NONE
    job.reason = "None"
    job.scheduler = "Main"
    job.priority = priority(state, job)
    trigger(state)


def _must_be_pending(job: Job) -> None:
    if job.state.finished:
        raise SlurmError("Job has already finished")
    if job.state is not JobState.PENDING:
        raise SlurmError("Job is no longer pending execution")


def requeue(state: ClusterState, job_id: int, actor: str) -> None:
    """``scontrol requeue``: a batch job back to PENDING under its id, eligible 121 s later."""
    job = _one(state, job_id, None)
    if not _owner_or_operator(state, job, actor):
        raise AccessDenied()
    if job.state is JobState.PENDING:
        raise SlurmError("Job is pending execution")
    if not job.request.batch:
        raise SlurmError("Only batch jobs are accepted or processed")
    if not job.request.requeue:
        raise SlurmError("Requested operation is presently disabled")
    requeue_job(state, job, state.now)
    job.priority = priority(state, job)
    trigger(state)


def top(state: ClusterState, job_ids: list[int], actor: str) -> None:
    """``scontrol top``: put jobs ahead of the user's other pending jobs in the same
    partition, account and QOS, by lowering their nice value just enough."""
    if not is_operator(state, actor):
        raise AccessDenied()
    for job_id in job_ids:
        job = _one(state, job_id, None)
        _must_be_pending(job)
        req = job.request
        peers = [
            j
            for j in state.jobs.values()
            if j.state is JobState.PENDING
            and j.job_id != job.job_id
            and j.hold is Hold.NONE
            and (j.request.user, j.request.partition, j.request.account, j.request.qos)
            == (req.user, req.partition, req.account, req.qos)
        ]
        best = max((j.priority for j in peers), default=0)
        if job.priority > best:
            continue
        lift = best - job.priority + 1
        job.request = replace(req, nice=req.nice - lift)
        job.priority = priority(state, job)


def update_job(
    state: ClusterState, job_id: int, task_id: int | None, actor: str, changes: dict[str, str]
) -> None:
    """``scontrol update JobId=...``: apply ``changes`` (keys as scontrol spells them).

    Users may lower their own job's time limit, rename it, change nice upward and
    change pending-only fields; raising a limit or setting Priority needs an operator.
    """
    job = _one(state, job_id, task_id)
    operator = is_operator(state, actor)
    if not (job.request.user == actor or operator):
        raise AccessDenied()
    if job.state.finished:
        raise SlurmError("Job has already finished")
    req = job.request
    fields: dict[str, object] = {}
    for raw_key, value in changes.items():
        key = raw_key.lower()
        if key == "timelimit":
            job.time_limit = _new_limit(job, value, operator)
            fields["time_limit"] = job.time_limit
            fields["time_limit_set"] = True
        elif key in ("name", "jobname"):
            fields["name"] = value
        elif key == "comment":
            fields["comment"] = value
        elif key == "nice":
            nice = int(value) if value.lstrip("-").isdigit() else 100
            if nice < 0 and not operator:
                raise AccessDenied()
            fields["nice"] = nice
        elif key == "priority":
            if not operator:
                raise AccessDenied()
            job.priority = int(value)
        elif key in (
            "partition",
            "qos",
            "account",
            "numnodes",
            "reqnodes",
            "dependency",
            "starttime",
            "begintime",
            "reqnodelist",
            "excnodelist",
        ):
            _pending_only(job)
            fields.update(_pending_change(state, job, key, value))
        else:
            raise SlurmError(f"Update of this parameter is not supported: {raw_key}={value}")
    job.request = replace(req, **fields)  # type: ignore[arg-type]  # keys are JobRequest fields
    if job.end_time is not None and job.start_time is not None and job.state is not JobState.FAILED:
        limit = job.time_limit
        job.end_time = None if limit is None else job.start_time + limit  # type: ignore[assignment]  # Instant arithmetic
    if job.state is JobState.PENDING:
        if "priority" not in {k.lower() for k in changes}:
            job.priority = priority(state, job)
        if job.hold is Hold.NONE:
            job.reason = "None"
        trigger(state)


def _new_limit(job: Job, value: str, operator: bool) -> Seconds | None:
    value = value.strip()
    current = job.time_limit
    if value[:1] in "+-" and value[1:]:
        delta = updates.duration(value[1:])
        if delta is None or current is None:
            raise SlurmError("Invalid TimeLimit value")
        new: int | None = max(0, current + delta if value[0] == "+" else current - delta)
    else:
        new = updates.duration(value)
    raising = new is None or (current is not None and new > current)
    if raising and not operator and job.state is not JobState.PENDING:
        raise AccessDenied()
    return None if new is None else Seconds(new)


def _pending_only(job: Job) -> None:
    if job.state is not JobState.PENDING:
        raise SlurmError("Job is no longer pending execution")


def _pending_change(state: ClusterState, job: Job, key: str, value: str) -> dict[str, object]:
    req = job.request
    if key == "partition":
        if value not in state.partitions:
            raise SlurmError("Invalid partition name specified")
        return {"partition": value}
    if key == "qos":
        if value not in state.qos:
            raise SlurmError("Invalid qos specification")
        return {"qos": value}
    if key == "account":
        known = any(a.account == value and a.user == req.user for a in state.associations)
        if not known:
            raise SlurmError("Invalid account or account/partition combination specified")
        return {"account": value}
    if key in ("numnodes", "reqnodes"):
        lo, hi = updates.node_range(value)
        return {"min_nodes": lo, "max_nodes": hi}
    if key == "dependency":
        parse_dependency(value)
        if job.reason in ("Dependency", "DependencyNeverSatisfied"):
            job.reason = "None"
        return {"dependency": value or None}
    if key in ("reqnodelist", "excnodelist"):
        names = tuple(n for n in value.split(",") if n)
        unknown = [n for n in names if n not in state.nodes]
        if unknown:
            raise SlurmError("Invalid node name specified")
        return {"req_nodes" if key == "reqnodelist" else "exc_nodes": names}
    begin = updates.instant(value, state.now)
    job.eligible_time = begin if begin > state.now else None
    return {"begin_time": begin}


def update_node(
    state: ClusterState, names: list[str], actor: str, state_word: str | None, reason: str | None
) -> list[Event]:
    """``scontrol update NodeName=...``: DRAIN, DOWN, FAIL, RESUME, UNDRAIN, IDLE, or a reason.

    DRAIN lets running jobs finish; DOWN ends them at once (a batch job that may be
    requeued goes back to PENDING, anything else ends NODE_FAIL with reason NodeDown).
    """
    if not is_operator(state, actor):
        raise AccessDenied()
    unknown = [n for n in names if n not in state.nodes]
    if unknown:
        raise SlurmError("Invalid node name specified")
    word = (state_word or "").upper()
    if word in ("DRAIN", "DOWN", "FAIL") and not reason:
        raise SlurmError(_REASON_NEEDED)
    now = state.now
    events: list[Event] = []
    for name in names:
        node = state.nodes[name]
        if word in ("DRAIN", "FAIL"):
            node.drain = True
        elif word == "DOWN":
            node.down = True
            events.extend(kill_jobs_on(state, name))
        elif word in ("RESUME", "IDLE"):
            node.drain = node.down = False
            ping(node, now)
        elif word == "UNDRAIN":
            node.drain = False
        elif word:
            raise SlurmError("Invalid node state specified")
        if word in ("RESUME", "IDLE") or (word == "UNDRAIN" and not node.down):
            node.reason = node.reason_user = None
            node.reason_time = None
            events.append(Event(now, "node_resume", None, name))
            trigger(state)
        elif reason:
            node.reason, node.reason_user, node.reason_time = reason, actor, now
            if word:
                events.append(Event(now, f"node_{word.lower()}", None, f"{name}: {reason}"))
    return events


def kill_jobs_on(state: ClusterState, node: str) -> list[Event]:
    """The jobs on ``node`` die with it: requeued where Slurm would, else NODE_FAIL."""
    now = state.now
    events: list[Event] = []
    for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
        if job.state not in _ACTIVE or node not in job.nodes:
            continue
        if job.request.batch and job.request.requeue and state.config.job_requeue:
            requeue_job(state, job, now)
            job.priority = priority(state, job)
            events.append(Event(now, "job_requeue", job.job_id, "NODE_FAIL"))
        else:
            count_loss(job, now)
            events.append(finish(job, now, JobState.NODE_FAIL, reason="NodeDown"))
    if events:
        trigger(state)
    return events
