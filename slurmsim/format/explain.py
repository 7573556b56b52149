"""``slurmsim explain JOBID``: why a job waits, in plain words.

The api gathers the facts (``Explanation``); this module only words them, so the
same facts always read the same.
"""

import time
from dataclasses import dataclass

from slurmsim.format.sprio import PriorityRow
from slurmsim.model.time import Instant

#: The pending jobs ahead that are listed one by one; the rest are counted.
_AHEAD_SHOWN = 10
_FACTORS = ("age", "fairshare", "job_size", "partition", "qos", "assoc")


@dataclass(frozen=True, slots=True)
class InTheWay:
    """A running job or a reservation holding nodes the waiting job could use."""

    what: str  # "job 12 (alice)" or "reservation maint"
    nodes: tuple[str, ...]
    until: Instant | None  # its planned end; None: no limit


#: A pending job ahead: (job id, user, priority, planned start, planned nodes).
Ahead = tuple[int, str, int, Instant | None, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Suggestion:
    change: str  # "--time=1:00:00"
    start: Instant


@dataclass(frozen=True, slots=True)
class Explanation:
    job_id: int
    name: str
    state: str
    reason: str
    now: Instant
    #: Why the reason holds, when it is not about resources: the hold, the dependency.
    detail: str
    in_the_way: tuple[InTheWay, ...]
    #: The job's sprio row, and the pending jobs ahead of it with their priority.
    priority: PriorityRow | None
    ahead: tuple[Ahead, ...]
    expected_start: Instant | None
    suggestions: tuple[Suggestion, ...]


def _when(instant: Instant | None) -> str:
    if instant is None:
        return "unknown"
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(instant))


def render_explanation(e: Explanation) -> str:
    """The explanation as a few short paragraphs, ending in a newline."""
    lines = [f"Job {e.job_id} ({e.name}) is {e.state}, reason {e.reason}."]
    if e.detail:
        lines.append(e.detail)
    if e.state != "PENDING":
        return "\n".join(lines) + "\n"
    if e.in_the_way:
        lines.append("\nIn its way, on the nodes it could use:")
        for w in e.in_the_way:
            end = "no end planned" if w.until is None else f"ends {_when(w.until)}"
            lines.append(f"  {w.what} on {','.join(w.nodes)}, {end}")
    if e.priority is not None:
        p = e.priority
        parts = ", ".join(f"{k} {p.weighted[k]:.0f}" for k in _FACTORS if p.weighted.get(k))
        lines.append(f"\nIts priority is {int(p.total)} ({parts or 'all factors 0'}).")
    if e.ahead:
        lines.append("Pending jobs ahead of it in the same partition:")
        for job_id, user, prio, start, nodes in e.ahead[:_AHEAD_SHOWN]:
            plan = f", planned to start {_when(start)} on {','.join(nodes)}" if nodes else ""
            lines.append(f"  job {job_id} ({user}) priority {prio}{plan}")
        if len(e.ahead) > _AHEAD_SHOWN:
            lines.append(f"  ... and {len(e.ahead) - _AHEAD_SHOWN} more (see sprio)")
    if e.expected_start is not None:
        lines.append(f"\nExpected start: {_when(e.expected_start)} (the backfill plan).")
    if e.suggestions:
        lines.append("\nIt could start sooner:")
        lines.extend(f"  with {s.change}: at {_when(s.start)}" for s in e.suggestions)
    return "\n".join(lines) + "\n"
