"""Checks the controller makes when a dependency is set: on a job it can name, and
without a cycle. Whether a dependency is met lives in ``model.dependency_status``,
shared with the formatters.
"""

from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency import Dependency, DepKind
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job

DEPENDENCY_PROBLEM = "Job dependency problem"
CIRCULAR = "Circular job dependency"
#: What slurmctld answers ``expand:`` without ``SchedulerParameters=permit_job_expansion``,
#: which slurmsim's clusters never set (the oracle).
NOT_SUPPORTED = "Requested operation not supported on this system"


def expands(dep: Dependency) -> bool:
    """Does ``dep`` ask to expand another job (``expand:``)?"""
    return any(term.kind is DepKind.EXPAND for term in dep.terms)


def check_dependency(state: ClusterState, job: Job, dep: Dependency) -> None:
    """Refuse a dependency of ``job`` on itself (``Job dependency problem``) or one that
    closes a loop through other jobs' dependencies (``Circular job dependency``)."""
    own = {job.job_id, job.array_job_id} - {None}
    named = {t.job.job_id for t in dep.terms if t.job is not None}
    if named & own:
        raise SlurmError(DEPENDENCY_PROBLEM)
    seen: set[int] = set()
    todo = sorted(named)
    while todo:
        job_id = todo.pop()
        if job_id in own:
            raise SlurmError(CIRCULAR)
        if job_id in seen:
            continue
        seen.add(job_id)
        for other in _records(state, job_id):
            if other.request.dependency is not None and not other.state.finished:
                todo.extend(t.job.job_id for t in other.request.dependency.terms if t.job)


def _records(state: ClusterState, job_id: int) -> list[Job]:
    members = [j for j in state.jobs.values() if j.array_job_id == job_id]
    if members:
        return members
    direct = state.jobs.get(job_id)
    return [direct] if direct is not None else []
