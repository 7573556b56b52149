"""Read-only intents: the state that squeue, sinfo and scontrol show render."""

from slurmsim.api.session import session
from slurmsim.model.cluster import ClusterState


def current_state() -> tuple[ClusterState, str]:
    """The cluster as it is now (no write lock, the clock does not move) and who asks."""
    with session(write=False) as s:
        return s.state, s.user


def sees_hidden(state: ClusterState, user: str) -> bool:
    """Does ``user`` see hidden partitions without ``-a``? slurmctld sends them to
    operators (the oracle: root's sinfo lists a Hidden=YES partition, alice's does not).
    True when no partition is hidden, without looking up who asks."""
    if not any(p.hidden for p in state.partitions.values()):
        return True
    from slurmsim.engine.permissions import is_operator

    return is_operator(state, user)


def batch_script(job_id: int) -> str:
    """The batch script of job ``job_id`` (``scontrol write batch_script``), for its owner or
    an operator; refused with slurmctld's words."""
    from slurmsim.engine.permissions import may_manage_job
    from slurmsim.model.errors import InvalidJobId, SlurmError

    state, user = current_state()
    job = state.jobs.get(job_id)
    if job is None:
        raise InvalidJobId()
    if not may_manage_job(state, job, user):
        raise SlurmError("Invalid user id")
    if not job.request.batch or not job.request.script:
        raise SlurmError("Job script not specified")
    return job.request.script
