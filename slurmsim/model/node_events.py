"""Node events as slurmdbd keeps them: when a node was down, drained or failed, and why.

slurmctld tells the accounting store two things about a node: it went down (a node
state, a reason and the user behind it) or it came back up. The store keeps one
record per stretch: a "down" closes the node's open record and opens a new one,
unless the state and reason are the same as the open record's (then nothing
changes) or the open record began that very second (then only its reason is
replaced); an "up" closes the open record. ``sacctmgr show event`` lists them.

The engine writes the two messages into the event log as they happen
(``engine/node_accounting.py``); ``replay`` plays them back into records.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from slurmsim.model.events import Event
from slurmsim.model.time import Instant

#: Event log kinds of the two messages.
NODE_DOWN = "acct_node_down"
NODE_UP = "acct_node_up"

# Node states as slurmctld numbers them (a base state, or-ed with flags).
DOWN = 1
IDLE = 2
ALLOCATED = 3
MIXED = 5
DRAIN = 0x200
COMPLETING = 0x400
NO_RESPOND = 0x800
FAIL = 0x2000

_BASE_NAMES = {0: "UNK", DOWN: "DOWN", IDLE: "IDLE", ALLOCATED: "ALLOC", MIXED: "MIX"}


@dataclass(frozen=True, slots=True)
class NodeEvent:
    """One record: ``node`` was in ``state`` from ``start`` until ``end`` (None: still is)."""

    node: str
    state: int
    start: Instant
    end: Instant | None
    reason: str
    user: str


def state_name(raw: int) -> str:
    """The compact name slurmctld gives a node state (``DRAIN``, ``DOWN*``, ``FAIL``)."""
    base = raw & 0xF
    if raw & DRAIN:
        name = "DRNG" if base in (ALLOCATED, MIXED) or raw & COMPLETING else "DRAIN"
    elif raw & FAIL:
        name = "FAILG" if base in (ALLOCATED, MIXED) else "FAIL"
    else:
        name = _BASE_NAMES.get(base, "UNK")
    return name + ("*" if raw & NO_RESPOND else "")


def down_detail(node: str, raw: int, user: str, reason: str) -> str:
    """The log detail of a "down" message."""
    return f"{node}\t{raw}\t{user}\t{reason}"


def replay(log: Iterable[Event]) -> list[NodeEvent]:
    """The records the messages in ``log`` leave in the store, by node then start (the
    store's key order)."""
    records: list[NodeEvent] = []
    open_at: dict[str, int] = {}  # node -> index of its open record
    for event in log:
        if event.kind == NODE_UP:
            at = open_at.pop(event.detail, None)
            if at is not None:
                records[at] = _closed(records[at], event.time)
            continue
        if event.kind != NODE_DOWN:
            continue
        node, raw, user, reason = event.detail.split("\t", 3)
        state = int(raw)
        at = open_at.get(node)
        if at is not None:
            current = records[at]
            if current.state == state and current.reason.lower() == reason.lower():
                continue
            if current.start == event.time:
                records[at] = NodeEvent(node, current.state, event.time, None, reason, current.user)
                continue
            records[at] = _closed(current, event.time)
        open_at[node] = len(records)
        records.append(NodeEvent(node, state, event.time, None, reason, user))
    records.sort(key=lambda r: (r.node, r.start))
    return records


def _closed(record: NodeEvent, end: Instant) -> NodeEvent:
    return NodeEvent(record.node, record.state, record.start, end, record.reason, record.user)
