"""Asking for a main-scheduler pass soon: what commands do after changing something.

Kept apart from the event loop (``simulate``) so that a command that only submits
or cancels does not import the scheduler to say so.
"""

from slurmsim.model.cluster import ClusterState
from slurmsim.model.time import Instant, Seconds

#: A submit, release, resume or cancel queues a main pass this much later (golden
#: 073/088: submitted 19:05:31, started 19:05:33).
TRIGGER_DELAY: Seconds = Seconds(2)


def trigger(state: ClusterState) -> None:
    """Queue a main pass ``TRIGGER_DELAY`` from now (one pass serves every trigger before it)."""
    if state.sched_due is None:
        state.sched_due = Instant(state.now + TRIGGER_DELAY)
