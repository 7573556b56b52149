"""Changing jobs and nodes: scancel, scontrol hold/release/update/requeue/top.

Each function is one write transaction; refusals come back as ``SlurmError``
with Slurm's own error string, and nothing is saved when one is raised.
"""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import NamedTuple

from slurmsim.api.session import Session, session
from slurmsim.model.cluster import ClusterState
from slurmsim.model.digits import is_number
from slurmsim.model.errors import AppliedError, SlurmError
from slurmsim.model.events import Event
from slurmsim.model.hetjobs import is_component
from slurmsim.model.job_update import JobUpdate
from slurmsim.model.jobs import ARRAY_EMPTIED, Job, JobState
from slurmsim.model.node_update import UNCHANGED, NodeSettings
from slurmsim.model.partition_update import PartitionUpdate
from slurmsim.model.signals import SIGKILL, Target


@dataclass(frozen=True)
class JobRef:
    """A job as users name it: ``12``, the array task ``12_3``, or the heterogeneous job
    component ``12+1`` (``label``: the record ``job_id`` named so)."""

    job_id: int
    task_id: int | None = None
    label: str | None = None

    @classmethod
    def parse(cls, text: str) -> "JobRef":
        leader, plus, offset = text.partition("+")
        if plus and is_number(leader) and is_number(offset):
            return cls(int(leader) + int(offset), label=text)  # a heterogeneous job's component
        head, sep, task = text.partition("_")
        if not is_number(head) or (sep and not is_number(task)) or int(head) <= 0:
            raise SlurmError("Invalid job id specified")
        return cls(int(head), int(task) if sep else None)

    @property
    def whole(self) -> bool:
        """Does the id stand for a heterogeneous job's every component when it is the
        leader's (``235``, not ``235+0``)?"""
        return self.label is None

    def __str__(self) -> str:
        if self.label is not None:
            return self.label
        return f"{self.job_id}" if self.task_id is None else f"{self.job_id}_{self.task_id}"

    @classmethod
    def parse_many(cls, text: str) -> "list[JobRef]":
        """``12``, ``12_3``, every task ``12_*``, the tasks ``12_[1-3,7]``, or ``12+1``
        (scancel)."""
        leader, plus, offset = text.partition("+")
        if plus and is_number(leader) and is_number(offset):
            return [cls(int(leader) + int(offset), label=text)]
        head, sep, tasks = text.partition("_")
        if sep and tasks == "*":
            return [cls.parse(head)]
        if sep and tasks.startswith("[") and tasks.endswith("]"):
            from slurmsim.parse.arrays import parse_array
            from slurmsim.parse.errors import ParseError

            job = cls.parse(head)
            try:
                indexes = parse_array(tasks[1:-1], max_array_size=2**31).indices
            except ParseError:
                raise SlurmError("Invalid job id specified") from None
            return [cls(job.job_id, i) for i in indexes]
        return [cls.parse(text)]


@dataclass(frozen=True)
class Outcome:
    """What happened to one job a command named: ``error`` is Slurm's string, or None."""

    ref: JobRef
    error: str | None = None
    #: A whole array answered task by task when some task was refused: (index, error or
    #: None), as scontrol prints them (``12_0,2: No error``).
    tasks: tuple[tuple[int, str | None], ...] = ()
    #: How the job was named to the controller, when not as ``ref`` (scancel names a
    #: record it chose itself: ``12_[2-5%2]``).
    named: str = ""

    def __str__(self) -> str:
        return self.named or str(self.ref)


class Cancelled(NamedTuple):
    """What ``scancel`` did. When it reads the jobs itself (a filter, a signal, -b or -i),
    ``missing`` are the named jobs it found no active record of, and ``matched`` says
    whether any active job passed the filters; ``outcomes`` are the controller's answers.
    ``uid`` is the acting user's, which ``--me`` filters on."""

    outcomes: list[Outcome]
    missing: list[Outcome]
    matched: bool
    uid: int


#: Asked before each job ``scancel -i`` would cancel: its id as named, name and partition.
Confirm = Callable[[str, str, str], bool]


class _Chosen(NamedTuple):
    """A record scancel chose: how it names it, and the refs that reach it."""

    named: str
    refs: list[JobRef]
    name: str
    partition: str


def cancel(
    refs: Sequence[JobRef],
    *,
    users: Sequence[str] = (),
    partitions: Sequence[str] = (),
    states: Sequence[str] = (),
    names: Sequence[str] = (),
    accounts: Sequence[str] = (),
    qos: Sequence[str] = (),
    nodes: Sequence[str] = (),
    me: bool = False,
    signal: int | None = None,
    target: Target = Target.STEPS,
    reads_jobs: bool = False,
    confirm: Confirm | None = None,
) -> Cancelled:
    """``scancel``: cancel the named jobs, or every job the filters select (with
    ``signal``: signal their processes, ``target`` saying which). Raises ``SlurmError``
    for a user name the cluster does not know, before anything is cancelled.

    Plain ``scancel ID...`` hands the ids to the controller as given. With a filter, a
    signal, ``-b`` or ``-i`` (``reads_jobs``) scancel first reads the jobs itself, as
    Slurm's does: a named job that has ended is one it does not find; the filters narrow
    the named jobs (or all of them); and each record left is named to the controller by
    its own id, the pending ones first: an array's pending tasks all at once
    (``12_[2-5%2]``), even when only one of them was named. ``confirm`` (``-i``) is asked
    for each, with no store lock held while it waits for an answer.
    """
    wanted = _JobFilter(
        users=set(users),
        partitions=set(partitions),
        states=tuple(states),
        names=set(names),
        accounts=set(accounts),
        qos=set(qos),
        nodes=set(nodes),
    )
    if not (reads_jobs or any(wanted) or me or confirm):
        with session(write=True) as s:
            _check_users(s.state, users)
            had = _array_tasks(s.state)
            outcomes = [_cancel(s, [ref], signal, target, str(ref)) for ref in refs]
            _keep_emptied_tasks(s.state, had)
            return Cancelled(outcomes, [], True, _uid(s.state, s.user))
    with session(write=confirm is None) as s:
        missing, chosen, uid = _choose(s.state, s.user, refs, wanted, me)
        if confirm is None:
            return Cancelled(_cancel_chosen(s, chosen, signal, target), missing, bool(chosen), uid)
    # Answers can take a while: the jobs were read without the write lock; what is
    # confirmed is cancelled in a transaction of its own, as Slurm's RPCs come after.
    confirmed = [c for c in chosen if confirm(c.named, c.name, c.partition)]
    with session(write=True) as s:
        return Cancelled(_cancel_chosen(s, confirmed, signal, target), missing, bool(chosen), uid)


def count_selected(
    refs: Sequence[JobRef],
    *,
    users: Sequence[str] = (),
    partitions: Sequence[str] = (),
    states: Sequence[str] = (),
    names: Sequence[str] = (),
    accounts: Sequence[str] = (),
    qos: Sequence[str] = (),
    me: bool = False,
) -> int:
    """How many records ``cancel`` would pick with these filters and no node list (scancel
    reads a ``-w`` it cannot parse once for each of them)."""
    wanted = _JobFilter(
        set(users), set(partitions), tuple(states), set(names), set(accounts), set(qos), set()
    )
    with session(write=False) as s:
        return len(_choose(s.state, s.user, refs, wanted, me)[1])


def _check_users(state: ClusterState, users: Sequence[str]) -> None:
    known = set(state.users) | {str(u.uid) for u in state.users.values()}
    for user in users:
        if user not in known:
            raise SlurmError(f"Invalid user name: {user}")


def _uid(state: ClusterState, user: str) -> int:
    found = state.users.get(user)
    return found.uid if found is not None else 0


def _array_tasks(state: ClusterState) -> dict[int, tuple[int, ...]]:
    return {j.job_id: j.array_tasks for j in state.jobs.values() if j.array_tasks}


def _choose(
    state: ClusterState, user: str, refs: Sequence[JobRef], wanted: "_JobFilter", me: bool
) -> tuple[list[Outcome], list[_Chosen], int]:
    """The named jobs scancel does not find, the records it will cancel (pending first), and
    the acting user's uid (``--me`` filters on it)."""
    from slurmsim.format.jobview import job_id_text, shown_partition

    _check_users(state, list(wanted.users))
    by_uid = {str(u.uid): u.name for u in state.users.values()}
    users = {user} if me else {by_uid.get(u, u) for u in wanted.users}
    wanted = wanted._replace(users=users)
    active = [j for j in state.jobs.values() if not j.state.finished]
    missing = []
    chosen = active
    if refs:
        chosen = []
        for ref in refs:
            found = [j for j in active if _names(ref, j)]
            if not found:
                missing.append(Outcome(ref, "Invalid job id specified"))
            chosen += [j for j in found if j not in chosen]
    else:  # a filter names a heterogeneous job by its leader alone (the oracle)
        chosen = [j for j in chosen if not is_component(j)]
    chosen = [j for j in chosen if wanted.takes(j)]
    pending = [j for j in chosen if j.state is JobState.PENDING]
    ordered = pending + [j for j in chosen if j.state is not JobState.PENDING]
    records = [
        # (a heterogeneous job's leader by its own id: ``Terminating job 3645``)
        _Chosen(
            job_id_text(j) if j.het is None else str(j.job_id),
            _own_refs(j),
            j.request.name,
            shown_partition(j),
        )
        for j in ordered
    ]
    return missing, records, _uid(state, user)


def _cancel_chosen(
    s: Session, chosen: list[_Chosen], signal: int | None, target: Target
) -> list[Outcome]:
    had = _array_tasks(s.state)
    outcomes = [_cancel(s, c.refs, signal, target, c.named) for c in chosen]
    _keep_emptied_tasks(s.state, had)
    return outcomes


def _keep_emptied_tasks(state: ClusterState, had: dict[int, tuple[int, ...]]) -> None:
    """An array record whose pending tasks one command cancelled one by one keeps, for
    slurmdbd, the tasks it had before the command (Slurm takes them in one request)."""
    for job_id, tasks in had.items():
        job = state.jobs.get(job_id)
        if job is not None and not job.array_tasks and ARRAY_EMPTIED in job.extra:
            job.extra[ARRAY_EMPTIED] = ",".join(map(str, tasks))


def _cancel(
    s: Session, refs: list[JobRef], signal: int | None, target: Target, named: str
) -> Outcome:
    """One cancel request, naming ``refs`` together (the first refusal answers it)."""
    from slurmsim.engine import control

    error = None
    for ref in refs:
        try:
            s.events.extend(
                control.cancel(
                    s.state,
                    ref.job_id,
                    ref.task_id,
                    s.user,
                    signal=signal,
                    target=target,
                    whole=ref.whole,
                )
            )
        except SlurmError as e:
            error = error or e.message
        else:
            if signal is not None and signal != SIGKILL and target is Target.STEPS:
                s.events.extend(_signal_script_steps(s, ref, signal))
    return Outcome(refs[0], error, named=named if named != str(refs[0]) else "")


def _signal_script_steps(s: Session, ref: JobRef, signal: int) -> list[Event]:
    """A signal for the steps of the simulated batch jobs ``ref`` names reaches the steps
    their scripts are running (``api.script_steps``)."""
    from slurmsim.model.steps import SCRIPT_STEPS

    jobs = [j for j in s.state.jobs.values() if SCRIPT_STEPS in j.extra and _names(ref, j)]
    if not jobs:
        return []
    from slurmsim.api import script_steps

    return [e for job in jobs for e in script_steps.signal_steps(s.state, job, signal)]


def _names(ref: JobRef, job: Job) -> bool:
    """Does ``ref`` name the record ``job``: the job, any record of the array, or the task?"""
    if ref.task_id is None:
        return ref.job_id in (job.job_id, job.array_job_id)
    return job.array_job_id == ref.job_id and (
        job.array_task_id == ref.task_id or ref.task_id in job.array_tasks
    )


def _own_refs(job: Job) -> list[JobRef]:
    """The record ``job`` by its own id: a job, an array task, or every pending task."""
    if job.array_job_id is None:
        return [JobRef(job.job_id)]
    if job.array_task_id is not None:
        return [JobRef(job.array_job_id, job.array_task_id)]
    return [JobRef(job.array_job_id, t) for t in job.array_tasks]


class _JobFilter(NamedTuple):
    """scancel's filters (-u, -p, -t, -n, -A, -q, -w): a job passes every one given."""

    users: set[str]
    partitions: set[str]
    states: tuple[str, ...]
    names: set[str]
    accounts: set[str]
    qos: set[str]
    nodes: set[str]

    def takes(self, job: Job) -> bool:
        r = job.request
        return not job.state.finished and not (
            (self.users and r.user not in self.users)
            or (self.partitions and r.partition not in self.partitions)
            or (self.states and not _state_matches(job.state, self.states))
            or (self.names and r.name not in self.names)
            or (self.accounts and r.account not in self.accounts)
            or (self.qos and r.qos not in self.qos)
            or (self.nodes and not self.nodes.intersection(job.nodes))
        )


def _state_matches(state: JobState, wanted: Sequence[str]) -> bool:
    return any(w.upper() in (state.value, state.compact) for w in wanted)


def hold(refs: Sequence[JobRef], *, user_hold: bool = False) -> list[Outcome]:
    """``scontrol hold``/``uhold``: priority 0; an operator's hold is an admin hold."""
    from slurmsim.engine import control

    return _each(
        refs,
        lambda st, ref, actor: control.hold(
            st, ref.job_id, ref.task_id, actor, user_hold=user_hold, whole=ref.whole
        ),
    )


def release(refs: Sequence[JobRef]) -> list[Outcome]:
    """``scontrol release``."""
    from slurmsim.engine import control

    return _each(
        refs,
        lambda st, ref, actor: control.release(st, ref.job_id, ref.task_id, actor, whole=ref.whole),
    )


def _outcome(ref: JobRef, answers: "dict[int, str | None] | None") -> Outcome:
    """An array's answers are told, every task, when one of them is a refusal."""
    if answers is None or not any(answers.values()):
        return Outcome(ref)
    return Outcome(ref, None, tuple(answers.items()))


def requeue(refs: Sequence[JobRef], *, hold: bool = False) -> list[Outcome]:
    """``scontrol requeue`` / ``requeuehold``; a whole array is answered per task."""
    from slurmsim.engine import control

    outcomes = []
    with session(write=True) as s:
        for ref in refs:
            try:
                tasks = control.requeue(
                    s.state, ref.job_id, ref.task_id, s.user, hold=hold, events=s.events
                )
            except SlurmError as e:
                outcomes.append(Outcome(ref, e.message))
                continue
            failed = any(error is not None for error in tasks.values())
            outcomes.append(Outcome(ref, None, tuple(tasks.items()) if failed else ()))
    return outcomes


def top(refs: Sequence[JobRef]) -> str | None:
    """``scontrol top``: move the jobs ahead of their owner's other jobs; the refusal, if any."""
    from slurmsim.engine import control

    with session(write=True) as s:
        try:
            control.top(s.state, [r.job_id for r in refs], s.user)
        except SlurmError as e:
            return e.message
    return None


def read_job_update(
    changes: Sequence[tuple[str, str | None]],
) -> tuple[JobUpdate, list[str]]:
    """``Key=Value`` pairs as scontrol reads them, before it sends anything: the typed
    update and the lines it prints on the way. Raises ``SlurmError`` with scontrol's
    message for what it refuses itself (``No changes specified`` when nothing is left)."""
    from slurmsim.api.cluster import now
    from slurmsim.model.errors import Declined
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.job_update import LoggedError, QuietError, parse_job_update

    try:
        update, lines = parse_job_update(changes, now())
    except ParseError as e:
        logged = isinstance(e, LoggedError)
        refusal = Declined if isinstance(e, QuietError) else SlurmError
        raise refusal(f"scontrol: error: {e.message}" if logged else e.message) from None
    if update == JobUpdate():
        raise SlurmError("No changes specified", detail="\n".join(lines) or None)
    return update, lines


def ids_named(name: str, user: str | None) -> list[str]:
    """The jobs named ``name`` (of ``user``, a name or uid, when given), as scontrol finds
    them for an update that names no JobId: ``12``, or ``12_3`` for an array task."""
    from slurmsim.engine.control import named_jobs

    with session(write=False) as s:
        return named_jobs(s.state, name, user)


def update_job(ref: JobRef, update: JobUpdate) -> Outcome:
    """``scontrol update JobId=...``: raises ``SlurmError`` when a job that is no array
    refuses; an array answers task by task (``Outcome.tasks``). An ``AppliedError`` is
    raised once the change it comes with is saved."""
    from slurmsim.engine import control

    with _saving_applied() as s:
        answers = control.update_job(
            s.state, ref.job_id, ref.task_id, s.user, update, whole=ref.whole
        )
    return _outcome(ref, answers)


@contextmanager
def _saving_applied() -> Iterator[Session]:
    """A writing session whose ``AppliedError`` (refused, but the change stands) is saved
    with the change and then raised as the refusal."""
    applied: AppliedError | None = None
    with session(write=True) as s:
        try:
            yield s
        except AppliedError as e:
            applied = e
    if applied is not None:
        raise SlurmError(applied.message)


def update_node(
    names: Sequence[str],
    state_word: str | None,
    reason: str | None,
    settings: NodeSettings = UNCHANGED,
) -> None:
    """``scontrol update NodeName=...``: drain, resume, down, undrain; weight, features,
    comment and extra string. Pending jobs' ``--constraint`` is matched afresh against
    nodes whose features changed."""
    from slurmsim.engine import control

    with _saving_applied() as s:
        try:
            control.update_node(
                s.state, list(names), s.user, state_word, reason, settings=settings, events=s.events
            )
        finally:
            if settings.features is not None or settings.active_features is not None:
                _rematch_constraints(s.state)


def _rematch_constraints(state: ClusterState) -> None:
    """Which nodes each pending job's ``--constraint`` admits, as the features now stand
    (slurmctld matches them at each scheduling attempt; slurmsim keeps the answer on the
    job). A constraint no node can meet any more leaves the job no node."""
    from slurmsim.engine.submit import feature_nodes
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.features import parse_constraint

    for job in state.jobs.values():
        text = job.request.features
        if job.state is not JobState.PENDING or not text:
            continue
        try:
            constraint = parse_constraint(text)
        except ParseError:
            continue  # refused at submission: never queued
        part = state.partitions.get(job.request.partition)
        if part is not None:
            allowed = feature_nodes(state, part, constraint)
            job.request = replace(job.request, feature_nodes=allowed or ())


def update_partition(update: PartitionUpdate) -> None:
    """``scontrol update PartitionName=...``: raises ``SlurmError`` on refusal."""
    from slurmsim.engine.partition_control import update_partition as apply

    with session(write=True) as s:
        apply(s.state, s.user, update)


def create_partition(update: PartitionUpdate) -> None:
    """``scontrol create PartitionName=...``: raises ``SlurmError`` on refusal."""
    from slurmsim.engine.partition_control import create_partition as create

    with _saving_applied() as s:  # unknown nodes are refused once the partition is made
        create(s.state, s.user, update)


def delete_partition(name: str) -> None:
    """``scontrol delete PartitionName=...``: raises ``SlurmError`` on refusal."""
    from slurmsim.engine.partition_control import delete_partition as delete

    with session(write=True) as s:
        delete(s.state, s.user, name)


def _each(
    refs: Sequence[JobRef],
    act: "Callable[[ClusterState, JobRef, str], dict[int, str | None] | None]",
) -> list[Outcome]:
    """Apply ``act`` to each job in one transaction; a refusal is reported, not raised."""
    outcomes = []
    with session(write=True) as s:
        for ref in refs:
            try:
                outcomes.append(_outcome(ref, act(s.state, ref, s.user)))
            except SlurmError as e:
                outcomes.append(Outcome(ref, e.message))
    return outcomes


def suspend(refs: Sequence[JobRef]) -> list[Outcome]:
    """``scontrol suspend``: operators stop running jobs where they stand."""
    from slurmsim.engine import control

    return _each_logged(refs, control.suspend)


def resume(refs: Sequence[JobRef]) -> list[Outcome]:
    """``scontrol resume``: suspended jobs run again."""
    from slurmsim.engine import control

    return _each_logged(refs, control.resume)


def notify(job_id: int, message: str) -> None:
    """``scontrol notify``: raises ``SlurmError`` on refusal."""
    from slurmsim.engine import control

    with session(write=True) as s:
        s.events.append(control.notify(s.state, job_id, s.user, message))


def _each_logged(
    refs: Sequence[JobRef], act: Callable[[ClusterState, int, int | None, str], Event | None]
) -> list[Outcome]:
    """``_each`` for an operation that may report an event."""
    outcomes = []
    with session(write=True) as s:
        for ref in refs:
            try:
                event = act(s.state, ref.job_id, ref.task_id, s.user)
            except SlurmError as e:
                outcomes.append(Outcome(ref, e.message))
                continue
            if event is not None:
                s.events.append(event)
            outcomes.append(Outcome(ref))
    return outcomes


def may_operate() -> bool:
    """Whether the user at the shell is an operator (root, or AdminLevel Operator or above)."""
    from slurmsim.engine.permissions import is_operator

    with session(write=False) as s:
        return is_operator(s.state, s.user)
