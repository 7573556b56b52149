"""Whether slurmctld hears from a node: the ``*`` after a state in sinfo.

slurmctld pings a node it has just resumed before trusting it again; until the
answer comes the node shows as not responding (``mix*``; golden 140 at the
instant of the resume, plain ``mix`` five seconds later in golden 141). Only the
display is modelled: for those seconds Slurm would also keep new jobs off the node.
"""

from slurmsim.model.cluster import ClusterState
from slurmsim.model.nodes import Node
from slurmsim.model.time import Instant

#: Seconds until a resumed node answers the controller's ping.
PING_ANSWER = 3
_ANSWER_AT = "responds_at"  # key in Node.extra: the instant the node answers


def ping(node: Node, now: Instant) -> None:
    """The controller pings ``node`` at ``now``; it responds ``PING_ANSWER`` seconds later."""
    node.not_responding = True
    node.extra[_ANSWER_AT] = str(now + PING_ANSWER)


def answers_before(state: ClusterState, until: Instant) -> None:
    """Nodes whose ping answer arrives before ``until`` respond again."""
    for node in state.nodes.values():
        due = node.extra.get(_ANSWER_AT)
        if due is not None and int(due) < until:
            node.not_responding = False
            del node.extra[_ANSWER_AT]
