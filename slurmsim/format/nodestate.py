"""A node's displayed state, derived from its flags and the jobs on it.

slurmctld stores only IDLE/ALLOCATED/DOWN plus flag bits; clients work out
MIXED (some but not all CPUs allocated; GPUs do not count) and choose the one
word sinfo prints (``drng`` = DRAIN with jobs still on the node, ``drain`` =
DRAIN and empty). scontrol prints the base in upper case followed by
``+FLAG`` words.
"""

from collections.abc import Iterable
from typing import NamedTuple

from slurmsim.format.hostlist import format_ranges
from slurmsim.model.alloc import NodeUsage
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.nodes import FAILED, Node

#: Slurm's numeric base states and flag bits; sinfo sorts its lines by these, highest first.
_BASE_VALUE = {"DOWN": 1, "IDLE": 2, "ALLOCATED": 3, "MIXED": 5}
_FLAG_VALUE = {
    "DRAIN": 0x200,
    "COMPLETING": 0x400,
    "NOT_RESPONDING": 0x800,
    "FAIL": 0x2000,
    "MAINTENANCE": 0x40000,
    "RESERVED": 0x80000,
    "PLANNED": 0x200000,
}
#: The order scontrol prints flag words in.
_FLAG_ORDER = (
    "COMPLETING", "DRAIN", "FAIL", "MAINTENANCE", "RESERVED", "NOT_RESPONDING", "PLANNED",
)  # fmt: skip


class NodeStatus(NamedTuple):
    """``base`` is IDLE, MIXED, ALLOCATED or DOWN; ``flags`` a subset of _FLAG_ORDER."""

    base: str
    flags: frozenset[str] = frozenset()

    @property
    def has_jobs(self) -> bool:
        return self.base in ("ALLOCATED", "MIXED") or "COMPLETING" in self.flags

    @property
    def value(self) -> int:
        """Slurm's numeric state, for sinfo's default sort."""
        return _BASE_VALUE[self.base] + sum(_FLAG_VALUE[f] for f in self.flags)

    def _word(self) -> tuple[str, str]:
        """(long, compact) names before any suffix."""
        if "MAINTENANCE" in self.flags and self.base == "IDLE":
            return "maint", "maint"
        if "DRAIN" in self.flags:
            return ("draining", "drng") if self.has_jobs else ("drained", "drain")
        if "FAIL" in self.flags:
            return ("failing", "failg") if self.has_jobs else ("fail", "fail")
        if self.base == "DOWN":
            return "down", "down"
        if self.base == "ALLOCATED":
            return "allocated", "alloc"
        if self.base == "IDLE" and "COMPLETING" in self.flags:
            return "completing", "comp"
        if self.base == "MIXED":
            return "mixed", "mix"
        if "RESERVED" in self.flags:
            return "reserved", "resv"
        if "PLANNED" in self.flags and "NOT_RESPONDING" not in self.flags:
            return "planned", "plnd"
        return "idle", "idle"

    @property
    def busy(self) -> bool:
        """Allocated or mixed: a job holds part of the node."""
        return self.base in ("ALLOCATED", "MIXED")

    def _suffix(self) -> str:
        if "MAINTENANCE" in self.flags and self.base != "IDLE":
            return "$"
        if "NOT_RESPONDING" in self.flags:
            return "*"
        if self.base == "ALLOCATED" and "COMPLETING" in self.flags and "DRAIN" not in self.flags:
            return "+"
        return ""

    @property
    def compact(self) -> str:
        """sinfo ``%t``: ``mix``, ``drng``, ``idle*``, ``alloc+``."""
        return self._word()[1] + self._suffix()

    @property
    def long(self) -> str:
        """sinfo ``%T``: ``mixed``, ``draining``, ``idle*``."""
        return self._word()[0] + self._suffix()

    @property
    def complete(self) -> str:
        """sinfo ``StateComplete``: ``mixed+drain``."""
        return self.scontrol.lower()

    @property
    def scontrol(self) -> str:
        """scontrol ``State=``: ``MIXED+DRAIN``, ``DOWN+NOT_RESPONDING``."""
        return "+".join([self.base, *(f for f in _FLAG_ORDER if f in self.flags)])


def node_status(
    node: Node,
    usage: NodeUsage | None,
    completing: bool = False,
    reserved: frozenset[str] = frozenset(),
    planned: bool = False,
) -> NodeStatus:
    """The state of ``node`` given what its jobs hold (``completing``: one of them is CG),
    the flags active reservations give it (``reserved``, see ``model.reservations``) and
    whether backfill plans a job on it (``planned_nodes``)."""
    flags = set(reserved)
    if node.drain:
        # A FAIL node is kept from new jobs as a drained one is (see engine/node_accounting.py).
        flags.add("FAIL" if FAILED in node.extra else "DRAIN")
    if node.not_responding:
        flags.add("NOT_RESPONDING")
    if completing:
        flags.add("COMPLETING")
    cpus = usage.cpus if usage else 0
    if node.future:
        base = "FUTURE"
    elif node.down:
        base = "DOWN"
    elif cpus == 0:
        base = "IDLE"
    elif cpus >= node.config.cpus:
        base = "ALLOCATED"
    else:
        base = "MIXED"
    if planned and base == "IDLE":
        flags.add("PLANNED")
    return NodeStatus(base, frozenset(flags))


def planned_nodes(state: ClusterState) -> frozenset[str]:
    """The nodes backfill's last cycle planned a pending job on, within its window: while
    idle they show PLANNED (slurmctld flags them at the end of a cycle; the next one
    clears the flags and sets them anew)."""
    last = state.last_backfill
    if last is None:
        return frozenset()
    horizon = last + state.config.scheduler_parameters.bf_window * 60
    return frozenset(
        name
        for job in state.jobs.values()
        if job.state is JobState.PENDING
        and job.scheduler == "Backfill"
        and job.start_time is not None
        and job.start_time <= horizon
        for name in job.sched_nodes
    )


def completing_nodes(jobs: Iterable[Job]) -> frozenset[str]:
    """Nodes where some job is still COMPLETING."""
    return frozenset(a.node for job in jobs if job.state is JobState.COMPLETING for a in job.alloc)


def gres_used(node: Node, usage: NodeUsage | None) -> str:
    """What slurmctld says a node's GRES have in use (sinfo's GresUsed, ``scontrol -d
    show node``): ``gpu:h100:8(IDX:0-7)``, or ``gpu:h100:0(IDX:N/A)`` when none is."""
    parts = []
    for gres in node.configured_gres:
        kind = f"{gres.name}:{gres.type or '(null)'}"
        used = usage.gpus if usage is not None and gres.name == "gpu" else ()
        if not node.config.gres_count(gres.name):
            used = ()  # taken away by an update: slurmctld counts none in use
        if used:
            parts.append(f"{kind}:{len(used)}(IDX:{format_ranges(used)})")
        else:
            parts.append(f"{kind}:0(IDX:N/A)")
    return ",".join(parts) if parts else "(null)"
