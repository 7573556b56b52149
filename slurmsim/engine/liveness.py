"""Whether slurmctld hears from a node: the ``*`` after a state in sinfo.

slurmctld pings a node it has just resumed before trusting it again; until the
answer comes the node shows as not responding (``mix*``; golden 140 at the
instant of the resume, plain ``mix`` five seconds later in golden 141; golden
``events/``: a node undrained while down registered again a second later); new jobs
may still land on it. A node an operator marks ``State=NoResp`` is also taken out of
the nodes new jobs may use until it answers (slurmctld clears its bit in the
available nodes); the answer comes in the event loop (``simulate``), at its instant.
"""

from slurmsim.engine.trigger import trigger
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.node_events import NODE_UP
from slurmsim.model.nodes import KEPT_OFF, Node
from slurmsim.model.time import EPOCH, Instant

#: Seconds until a resumed node answers the controller's ping.
PING_ANSWER = 1
_ANSWER_AT = "responds_at"  # key in Node.extra: the instant the node answers


def next_answer(state: ClusterState) -> Instant | None:
    """The instant the next node to answer answers, if one is waited for."""
    dues = [int(due) for node in state.nodes.values() if (due := node.extra.get(_ANSWER_AT))]
    return Instant(min(dues)) if dues else None


def awaits_answer(node: Node) -> bool:
    """Whether the controller waits for ``node`` to answer a ping."""
    return _ANSWER_AT in node.extra


def ping(node: Node, now: Instant) -> None:
    """The controller pings ``node`` at ``now``; it responds ``PING_ANSWER`` seconds later."""
    node.not_responding = True
    node.extra[_ANSWER_AT] = str(now + PING_ANSWER)


def ping_interval(state: ClusterState) -> int:
    """How often slurmctld pings its nodes: every SlurmdTimeout/3, or 100 s without one."""
    timeout = state.config.setting("SlurmdTimeout")
    seconds = int(timeout) if timeout is not None and timeout.isdigit() else 300
    return seconds // 3 if seconds else 100


def stop_responding(state: ClusterState, node: Node) -> None:
    """``State=NoResp``: ``node`` shows as not responding until the controller's next
    periodic ping, which it answers (the oracle: ``idle*`` for the best part of a minute;
    slurmsim pings on a grid of ``ping_interval`` from the epoch)."""
    every = ping_interval(state)
    now = state.now
    node.not_responding = True
    node.extra[_ANSWER_AT] = str(now + every - (now - EPOCH) % every)
    node.extra[KEPT_OFF] = "1"


def pinged_down(state: ClusterState, node: Node) -> None:
    """A node an operator set DOWN: its slurmd still answers the controller's pings, and
    under ``ReturnToService=2`` an answer returns it to service (a RESUME is then
    refused); under other settings the answer changes nothing.

    slurmctld pings only the nodes it has not heard from for an interval, so the answer
    comes one to two intervals after their last word (the oracle, SlurmdTimeout=300: 42
    to 196 s after the DOWN, idle again then). slurmsim keeps no last word: the first
    ping on its grid at least an interval after the DOWN (docs/differences.md)."""
    if state.config.setting("ReturnToService") != "2":
        return
    every = ping_interval(state)
    after = state.now + every
    node.extra[_ANSWER_AT] = str(after + (EPOCH - after) % every)


def answers_before(state: ClusterState, until: Instant) -> list[Event]:
    """Nodes whose ping answer arrives before ``until`` respond again. A DOWN node that
    answers registers, and under ``ReturnToService=2`` that returns it to service (the
    oracle's node undrained while down came back a second later): its record ends,
    unless it is drained too (then only DOWN goes). A node kept off new jobs takes
    them again."""
    events = []
    back = state.config.setting("ReturnToService") == "2"
    for node in state.nodes.values():
        due = node.extra.get(_ANSWER_AT)
        if due is not None and int(due) < until:
            node.not_responding = False
            del node.extra[_ANSWER_AT]
            node.extra.pop(KEPT_OFF, None)
            if back and node.down:
                node.down = False
                if node.drain:
                    continue  # drained still: its record and reason stay (golden downreturns/)
                node.reason = node.reason_user = None
                node.reason_time = None
                events.append(Event(Instant(int(due)), NODE_UP, None, node.name))
                trigger(state)  # its resources are there for a pass
    return events
