"""Who may do what: Slurm's privilege levels, the one place every command asks.

Slurm knows three levels, set per user with ``sacctmgr modify user X set
AdminLevel=...``: None (a plain user: only their own jobs, within what a user may
change), Operator (anyone's jobs, admin holds, Priority, reservations, accounts and
users) and Administrator (all of that, and what slurmctld and slurmdbd keep for
administrators: nodes, partitions, QOS and AdminLevels).
root and the cluster's SlurmUser are administrators whatever the database says.
"""

from slurmsim.model.accounts import AdminLevel
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job

_RANK = {AdminLevel.NONE: 0, AdminLevel.OPERATOR: 1, AdminLevel.ADMINISTRATOR: 2}


def slurm_user(state: ClusterState) -> str:
    """slurm.conf's SlurmUser, the account the daemons run as (root by default)."""
    return state.config.setting("SlurmUser") or "root"


def admin_level(state: ClusterState, user: str) -> AdminLevel:
    """``user``'s privilege: Administrator for root (uid 0) and SlurmUser, else sacctmgr's."""
    if user in ("root", slurm_user(state)):
        return AdminLevel.ADMINISTRATOR
    found = state.users.get(user)
    if found is None:
        return AdminLevel.NONE
    return AdminLevel.ADMINISTRATOR if found.uid == 0 else found.admin_level


def is_operator(state: ClusterState, user: str) -> bool:
    """Operator or above: may change reservations and anyone's jobs."""
    return _RANK[admin_level(state, user)] >= _RANK[AdminLevel.OPERATOR]


def is_administrator(state: ClusterState, user: str) -> bool:
    """Administrator: may also change nodes, partitions, QOS and AdminLevels."""
    return admin_level(state, user) is AdminLevel.ADMINISTRATOR


def may_manage_job(state: ClusterState, job: Job, actor: str) -> bool:
    """The job's owner or an operator may signal, hold, release, requeue or update it."""
    return job.request.user == actor or is_operator(state, actor)


def may_change_accounting(state: ClusterState, user: str, entity: str) -> bool:
    """sacctmgr add/modify/delete: QOS and a user's AdminLevel (``entity`` "adminlevel")
    need an Administrator; accounts and users (and so their associations) an Operator,
    as slurmdbd checks them."""
    if entity in ("qos", "adminlevel"):
        return is_administrator(state, user)
    return is_operator(state, user)
