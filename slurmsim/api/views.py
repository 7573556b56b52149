"""Read-only intents: the state that squeue, sinfo and scontrol show render."""

from slurmsim.api.session import session
from slurmsim.model.cluster import ClusterState


def current_state() -> tuple[ClusterState, str]:
    """The cluster as it is now (no write lock, the clock does not move) and who asks."""
    with session(write=False) as s:
        return s.state, s.user
