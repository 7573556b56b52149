"""``sacctmgr show event``: the accounting store's records of the cluster and its nodes.

A row is a node's record (``model/node_events.py``), or the cluster's own: its TRES as
registered when the controller started, open ever since. ``format=`` names are matched
as sacctmgr matches them: in its order, each name taken from a few letters on.
"""

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from slurmsim.format.rendered import Rendered
from slurmsim.format.sacctmgr import Column, Layout, UnknownField, pick, table
from slurmsim.format.times import format_hms, format_instant
from slurmsim.format.units import format_mem
from slurmsim.model.cluster import ClusterState
from slurmsim.model.node_events import NodeEvent, state_name
from slurmsim.model.time import Instant

#: What the cluster's record says (its reason).
REGISTERED = "Cluster Registered TRES"


class EventRow(NamedTuple):
    """A row: the cluster's record (``node`` empty) or a node's, with its TRES by name."""

    record: NodeEvent
    tres: dict[str, int]  # by TRES name; mem in MB
    ids: dict[int, int]  # the same by TRES id, as the store keeps them
    cluster_nodes: str = ""
    uid: int | None = None  # of the record's user (None: the cluster's, which names none)

    @property
    def is_cluster(self) -> bool:
        return not self.record.node


def tres_text(tres: dict[str, int]) -> str:
    """``billing=448,cpu=448,...,mem=7812.50G``: by name, memory in Slurm's units."""
    return ",".join(
        f"{name}={format_mem(count) if name == 'mem' else count}"
        for name, count in sorted(tres.items())
    )


def _user(row: EventRow) -> str:
    return "" if row.uid is None else f"{row.record.user}({row.uid})"


def _duration(now: Instant) -> "Column[EventRow]":
    def value(_: ClusterState, row: EventRow) -> str:
        end = row.record.end if row.record.end is not None else now
        return format_hms(end - row.record.start)

    return Column("Duration", 13, value)


def columns(now: Instant) -> dict[str, Column[EventRow]]:
    """The columns ``show event`` can print, by key."""
    return {
        "cluster": Column("Cluster", 10, lambda s, _: s.config.cluster_name),
        "clusternodes": Column("Cluster Nodes", 20, lambda _, r: r.cluster_nodes),
        "cpucount": Column("CPU Cnt", 7, lambda _, r: str(r.tres.get("cpu", 0))),
        "duration": _duration(now),
        "end": Column("TimeEnd", 19, lambda _, r: format_instant(r.record.end)),
        "event": Column("Event", 7, lambda _, r: "Cluster" if r.is_cluster else "Node"),
        "eventraw": Column("EventRaw", 8, lambda _, r: "1" if r.is_cluster else "2"),
        "nodename": Column("NodeName", -15, lambda _, r: r.record.node),
        "reason": Column("Reason", 30, lambda _, r: r.record.reason),
        "start": Column("TimeStart", 19, lambda _, r: format_instant(r.record.start)),
        "state": Column(
            "State", 6, lambda _, r: "" if r.is_cluster else state_name(r.record.state)
        ),
        "stateraw": Column("StateRaw", 8, lambda _, r: str(r.record.state)),
        "tres": Column("TRES", 20, lambda _, r: tres_text(r.tres)),
        "user": Column("User", 10, lambda _, r: _user(r)),
    }


CLUSTER_DEFAULT = ["cluster", "tres", "start", "end", "clusternodes"]
NODE_DEFAULT = ["cluster", "nodename", "start", "end", "state", "reason", "user"]


def show(
    state: ClusterState,
    rows: Iterable[EventRow],
    fields: Sequence[tuple[str, int | None]] | None,
    default: list[str],
    layout: Layout,
) -> Rendered:
    """The table for ``rows``; ``fields`` as ``format=`` gave them (None: ``default``)."""
    by_key = columns(state.now)
    if fields is None:
        return table(state, rows, [(by_key[k], None) for k in default], layout)
    by_header = {c.header: c for c in by_key.values()}
    try:
        chosen = [(pick(name, by_header), width) for name, width in fields]
    except UnknownField as e:
        return Rendered(stderr=f"Unknown field '{e.name}'\n", exit_code=1)
    return table(state, rows, chosen, layout)
