"""Whether each entry of a job's dependency is met, as slurmctld judges it at a pass.

The engine decides eligibility with this and the formatters print ``Dependency=`` with
it, so the two can never disagree. A named job the controller no longer knows (purged,
or never there) counts as met: 22.05 lifts such a dependency. An entry once found failed
stays so (``remember_failed``): slurmctld keeps each entry's state and tests only those
still unfulfilled, so ``afterok:1(failed)`` outlives job 1's record.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency import Dependency, DepKind, DepTerm, term_text
from slurmsim.model.jobs import Hold, Job, JobState
from slurmsim.model.time import Instant


class Met(Enum):
    """An entry's (or a whole dependency's) verdict; the value is what Slurm prints."""

    YES = "fulfilled"
    WAITING = "unfulfilled"
    NEVER = "failed"


@dataclass(frozen=True, slots=True)
class Verdict:
    met: Met
    #: When a WAITING verdict turns YES by itself (a ``+minutes`` delay running out).
    at: Instant | None = None


def judge(state: ClusterState, job: Job, dep: Dependency) -> Verdict:
    """The whole dependency: all entries (``,``) or any (``?``)."""
    verdicts = [judge_term(state, job, t) for t in dep.terms]
    if not verdicts:
        return Verdict(Met.YES)
    if dep.any_of:
        if any(v.met is Met.YES for v in verdicts):
            return Verdict(Met.YES)
        if all(v.met is Met.NEVER for v in verdicts):
            return Verdict(Met.NEVER)
        return Verdict(Met.WAITING, _earliest(v.at for v in verdicts))
    if any(v.met is Met.NEVER for v in verdicts):
        return Verdict(Met.NEVER)
    if all(v.met is Met.YES for v in verdicts):
        return Verdict(Met.YES)
    waiting = [v for v in verdicts if v.met is Met.WAITING]
    # A timed wait only decides when every other entry is already met.
    at = waiting[0].at if len(waiting) == 1 else None
    return Verdict(Met.WAITING, at)


def _earliest(times: Iterable[Instant | None]) -> Instant | None:
    known = [t for t in times if t is not None]
    return min(known) if known else None


#: Key in ``Job.extra``: the entries of the job's dependency found failed, as typed
#: (``afterok:1``), comma-separated.
FAILED_ENTRIES = "dependency_failed"


def remember_failed(state: ClusterState, job: Job, dep: Dependency) -> None:
    """Keep which entries of ``dep`` have failed by now, for when their jobs are gone."""
    failed = [term_text(t) for t in dep.terms if judge_term(state, job, t).met is Met.NEVER]
    if failed:
        job.extra[FAILED_ENTRIES] = ",".join(failed)


def judge_term(state: ClusterState, job: Job, term: DepTerm) -> Verdict:
    """One entry against the records it names."""
    failed = job.extra.get(FAILED_ENTRIES)
    if failed is not None and term_text(term) in failed.split(","):
        return Verdict(Met.NEVER)
    if term.kind is DepKind.SINGLETON:
        return _singleton(state, job)
    records = named_records(state, job, term)
    if not records:
        return _only_a_pass_lifts(job)
    if term.kind is DepKind.AFTER:
        if any(r.state is JobState.PENDING or r.start_time is None for r in records):
            return Verdict(Met.WAITING)
        delay = (term.minutes or 0) * 60
        return _after_delay([r.start_time for r in records], delay, state.now)
    finished = [r for r in records if r.state.finished]
    ok = [r for r in finished if r.state is JobState.COMPLETED]
    if term.kind in (DepKind.AFTEROK, DepKind.AFTERCORR) and len(ok) < len(finished):
        return Verdict(Met.NEVER)
    if len(finished) < len(records):
        return Verdict(Met.WAITING)
    if term.kind is DepKind.AFTERNOTOK and len(ok) == len(records):
        return Verdict(Met.NEVER)
    return Verdict(Met.YES)


def _after_delay(times: list[Instant | None], delay: int, now: Instant) -> Verdict:
    if not delay:
        return Verdict(Met.YES)
    due = Instant(max(t or 0 for t in times) + delay)
    return Verdict(Met.YES) if now >= due else Verdict(Met.WAITING, due)


def named_records(state: ClusterState, job: Job, term: DepTerm) -> list[Job]:
    """The job records an entry names: a job, every task of an array, or one task.

    ``aftercorr`` names, for each of ``job``'s tasks, the task of the same index.
    """
    target = term.job
    if target is None:
        return []
    members = [j for j in state.jobs.values() if j.array_job_id == target.job_id]
    if not members:
        direct = state.jobs.get(target.job_id)
        plain = direct is not None and target.task_id is None
        return [direct] if plain and direct is not None else []
    tasks: Iterable[int] | None = None
    if target.task_id is not None:
        tasks = (target.task_id,)
    elif term.kind is DepKind.AFTERCORR:
        tasks = job.array_tasks or ((job.array_task_id,) if job.array_task_id is not None else None)
    if tasks is None:
        return members
    wanted = set(tasks)
    return [
        j for j in members if j.array_task_id in wanted or any(t in wanted for t in j.array_tasks)
    ]


def is_whole_array(state: ClusterState, term: DepTerm) -> bool:
    """Whether an entry names every task of an array (Slurm then prints ``12_*``)."""
    target = term.job
    if target is None or target.task_id is not None:
        return False
    return target.every_task or any(j.array_job_id == target.job_id for j in state.jobs.values())


def _only_a_pass_lifts(job: Job) -> Verdict:
    """An entry that a scheduling pass lifts (a singleton with no namesake before it, a
    job the controller does not know): no pass looks at a held job, so the oracle shows
    it unfulfilled until the release; an entry on a job that ended is lifted at once."""
    return Verdict(Met.WAITING if job.hold is not Hold.NONE else Met.YES)


#: Key in ``Job.extra``: a held job's ``Dependency=`` as its hold found it ("": none
#: left). No pass looks at a held job, so slurmctld shows its entries as the last pass
#: left them until the release (the oracle: ``afterany:46(unfulfilled)`` after 46 ended).
HELD_AS = "dependency_held"


def hold(state: ClusterState, job: Job) -> None:
    """``job`` is held now: its dependency shows as it stands until the release."""
    if job.request.dependency is not None:
        job.extra[HELD_AS] = shown(state, job) or ""


def release(job: Job) -> None:
    job.extra.pop(HELD_AS, None)


def shown(state: ClusterState, job: Job) -> str | None:
    """What Slurm prints of ``job``'s dependency: the entries not yet met, e.g.
    ``afterok:233(unfulfilled)``.

    Met entries are dropped, and once the whole dependency holds (any entry of an OR)
    nothing is left. An entry naming a whole array prints as ``12_*``.
    """
    dep = job.request.dependency
    held = job.extra.get(HELD_AS) if job.hold is not Hold.NONE else None
    if held is not None:
        return held or None
    if dep is None or judge(state, job, dep).met is Met.YES:
        return None
    entries: list[str] = []
    for term in dep.terms:
        met = judge_term(state, job, term).met
        if met is Met.YES:
            continue
        if term.job is None:
            entries.append(f"{term.kind.value}({met.value})")
            continue
        target = f"{term.job.job_id}_*" if is_whole_array(state, term) else str(term.job)
        delay = f"+{term.minutes}" if term.minutes is not None else ""
        entries.append(f"{term.kind.value}:{target}{delay}({met.value})")
    return ("?" if dep.any_of else ",").join(entries) or None


def _singleton(state: ClusterState, job: Job) -> Verdict:
    for other in state.jobs.values():
        if other.job_id == job.job_id or other.state.finished:
            continue
        same = other.request.user == job.request.user and other.request.name == job.request.name
        if same and (other.submit_time, other.job_id) < (job.submit_time, job.job_id):
            return Verdict(Met.WAITING)
    return _only_a_pass_lifts(job)
