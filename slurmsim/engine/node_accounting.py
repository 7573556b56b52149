"""What slurmctld tells the accounting store about nodes (``model/node_events.py``).

A node is recorded down when it goes DOWN, and drained when it is DRAIN (or FAIL)
with no job left on it: at once when nothing runs there, else when its last job
ends, in the name of the slurm user. It is recorded up when it returns to service.
"""

from collections.abc import Iterable

from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job
from slurmsim.model.node_events import (
    DOWN,
    DRAIN,
    FAIL,
    IDLE,
    NO_RESPOND,
    NODE_DOWN,
    NODE_UP,
    down_detail,
)
from slurmsim.model.nodes import FAILED, Node
from slurmsim.model.time import Instant

#: Who slurmctld names when it drains a node itself.
SLURM_USER = "slurm"


def raw_state(node: Node) -> int:
    """The node's state as slurmctld numbers it, for a node with nothing running."""
    raw = DOWN if node.down else IDLE
    if node.drain and FAILED not in node.extra:
        raw |= DRAIN
    if FAILED in node.extra:
        raw |= FAIL
    if node.not_responding:
        raw |= NO_RESPOND
    return raw


def down(node: Node, now: Instant, user: str, reason: str | None = None) -> Event:
    """The node is recorded down (or drained) now, with its reason (or ``reason``), by
    ``user``."""
    detail = down_detail(node.name, raw_state(node), user, reason or node.reason or "")
    return Event(now, NODE_DOWN, None, detail)


def up(node: Node, now: Instant) -> Event:
    """The node's open record, if any, ends now."""
    return Event(now, NODE_UP, None, node.name)


def busy(state: ClusterState, name: str, leaving: Job | None = None) -> bool:
    """Does a job other than ``leaving`` hold resources on node ``name``?"""
    return any(
        job is not leaving and job.state in HOLDS_RESOURCES and name in job.nodes
        for job in state.jobs.values()
    )


def drained_by(state: ClusterState, job: Job, now: Instant) -> list[Event]:
    """``job`` lets go of its nodes now: those it leaves drained are recorded so."""
    return drained_on(state, job.nodes, now, job)


def drained_on(
    state: ClusterState, names: Iterable[str], now: Instant, leaving: Job | None = None
) -> list[Event]:
    """Of the nodes ``names``, those DRAIN or FAIL, up, and empty (but for ``leaving``),
    recorded drained now by the slurm user."""
    events = []
    for name in names:
        node = state.nodes.get(name)
        if node is None or node.down or not node.drain:
            continue
        if not busy(state, name, leaving):
            events.append(down(node, now, SLURM_USER))
    return events
