"""Job dependencies (``--dependency``): the small grammar and whether each is met.

``afterok:12:13,afterany:14`` needs every part (``,``); ``afterok:12?afternotok:12``
needs any (``?``). The engine reads ``JobRequest.dependency`` as given, so the
parsing is kept here, tiny and total: anything it cannot read is refused at submit
with Slurm's "Job dependency problem".
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobState

KINDS = frozenset({"after", "afterany", "afterok", "afternotok", "aftercorr", "singleton"})


class Status(Enum):
    WAITING = "waiting"
    MET = "met"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Dependency:
    """One ``kind:job[_task][+minutes]`` term (``singleton`` has no job)."""

    kind: str
    job_id: int | None = None
    task_id: int | None = None
    minutes: int = 0


@dataclass(frozen=True, slots=True)
class Dependencies:
    terms: tuple[Dependency, ...]
    any_of: bool  # joined by '?' rather than ','


def parse_dependency(text: str) -> Dependencies:
    """Read a dependency expression; raises ``SlurmError`` when it makes no sense."""
    text = text.strip()
    if not text:
        return Dependencies((), any_of=False)
    any_of = "?" in text
    if any_of and "," in text:
        raise SlurmError("Job dependency problem")
    terms: list[Dependency] = []
    for part in text.split("?" if any_of else ","):
        kind, _, rest = part.partition(":")
        kind = kind.strip().lower()
        if kind not in KINDS:
            raise SlurmError("Job dependency problem")
        if kind == "singleton":
            if rest:
                raise SlurmError("Job dependency problem")
            terms.append(Dependency(kind))
            continue
        if not rest:
            raise SlurmError("Job dependency problem")
        terms.extend(_targets(kind, rest))
    return Dependencies(tuple(terms), any_of)


def _targets(kind: str, rest: str) -> Iterable[Dependency]:
    for word in rest.split(":"):
        spec, _, minutes = word.partition("+")
        job, _, task = spec.partition("_")
        if (
            not job.isdigit()
            or (task and not task.isdigit())
            or (minutes and not minutes.isdigit())
        ):
            raise SlurmError("Job dependency problem")
        yield Dependency(kind, int(job), int(task) if task else None, int(minutes or 0))


def status(state: ClusterState, job: Job, deps: Dependencies) -> Status:
    """Whether ``job``'s dependencies are met, still waiting, or can never be met."""
    if not deps.terms:
        return Status.MET
    results = [_term(state, job, d) for d in deps.terms]
    if deps.any_of:
        if Status.MET in results:
            return Status.MET
        return Status.FAILED if all(r is Status.FAILED for r in results) else Status.WAITING
    if Status.FAILED in results:
        return Status.FAILED
    return Status.MET if all(r is Status.MET for r in results) else Status.WAITING


def _term(state: ClusterState, job: Job, d: Dependency) -> Status:
    if d.kind == "singleton":
        return _singleton(state, job)
    task = d.task_id
    if d.kind == "aftercorr" and task is None:
        task = job.array_task_id
    records = _records(state, d.job_id, task)
    if not records:
        return Status.MET  # the job is gone (or never was): Slurm lifts the dependency
    if any(r.state is JobState.PENDING for r in records):
        if d.kind == "after":
            return Status.WAITING
        return _unfinished_or_failed(records, d.kind)
    if d.kind == "after":
        if d.minutes:
            due = [r.start_time + d.minutes * 60 for r in records if r.start_time is not None]
            return Status.MET if all(state.now >= t for t in due) else Status.WAITING
        return Status.MET
    return _unfinished_or_failed(records, d.kind)


def _unfinished_or_failed(records: list[Job], kind: str) -> Status:
    finished = [r for r in records if r.state.finished]
    ok = [r for r in finished if r.state is JobState.COMPLETED]
    if kind in ("afterok", "aftercorr"):
        if len(ok) < len(finished):
            return Status.FAILED
    elif kind == "afternotok" and len(finished) == len(records) and len(ok) == len(records):
        return Status.FAILED
    if len(finished) < len(records):
        return Status.WAITING
    return Status.MET


def _records(state: ClusterState, job_id: int | None, task_id: int | None) -> list[Job]:
    """The job records a dependency names: a job, a whole array, or one task."""
    if job_id is None:
        return []
    direct = state.jobs.get(job_id)
    if direct is not None and direct.array_job_id is None:
        return [direct]
    members = [j for j in state.jobs.values() if j.array_job_id == job_id]
    if task_id is None:
        return members
    return [j for j in members if j.array_task_id == task_id or task_id in j.array_tasks]


def _singleton(state: ClusterState, job: Job) -> Status:
    for other in state.jobs.values():
        if other.job_id == job.job_id or other.state.finished:
            continue
        same = other.request.user == job.request.user and other.request.name == job.request.name
        if same and (other.submit_time, other.job_id) < (job.submit_time, job.job_id):
            return Status.WAITING
    return Status.MET
