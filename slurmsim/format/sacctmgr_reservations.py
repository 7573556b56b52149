"""``sacctmgr show reservation``: the accounting store's records of reservations.

``format=`` names are matched as sacctmgr matches every entity's: down one list shared
by all of them, each name taken from a few letters on, the first match winning. A name
that matches a column of another entity (``User``) keeps its header but prints no cell
in the rows, as sacctmgr's does.
"""

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from slurmsim.format.rendered import Rendered
from slurmsim.format.sacctmgr import Column, Layout, UnknownField, table
from slurmsim.format.times import format_instant
from slurmsim.model.cluster import ClusterState
from slurmsim.model.keywords import abbreviates
from slurmsim.model.reservation_records import ReservationRecord


class ResvRow(NamedTuple):
    record: ReservationRecord
    unused: float  # UnusedWall, seconds


def unused_text(value: float, width: int, *, parsable: bool) -> str:
    """A double as sacctmgr prints one: ``%f``, or in ``width`` as ``%*f`` when that fits,
    else in the exponent form narrowed until it does (``3.6000e+03``)."""
    if parsable:
        return f"{value:f}"
    size = abs(width)
    text = f"{value:{size}f}"
    if len(text) > size:
        narrowed = size - (len(f"{value:{size}.{size}e}") - size)
        text = f"{value:.{max(narrowed, 0)}e}"
    return text


def _unused(parsable: bool, width: int) -> Column[ResvRow]:
    return Column("UnusedWall", width, lambda _, r: unused_text(r.unused, width, parsable=parsable))


def columns(layout: Layout, widths: dict[str, int]) -> dict[str, Column[ResvRow]]:
    """The columns ``show reservation`` prints, by key (``widths``: the UnusedWall one)."""
    parsable = layout.parsable or layout.parsable2
    return {
        "assocs": Column("Assocs", 10, lambda _, r: r.record.assocs),
        "cluster": Column("Cluster", 10, lambda s, _: s.config.cluster_name),
        "end": Column("TimeEnd", 19, lambda _, r: format_instant(r.record.end)),
        "flags": Column("Flags", 20, lambda _, r: r.record.flags),
        "id": Column("ID", 6, lambda _, r: str(r.record.id)),
        "name": Column("Name", 10, lambda _, r: r.record.name),
        "nodeinx": Column("NodeInx", 9, lambda _, r: r.record.node_inx),
        "nodename": Column("NodeName", -15, lambda _, r: r.record.nodes),
        "start": Column("TimeStart", 19, lambda _, r: format_instant(r.record.start)),
        "tres": Column("TRES", 20, lambda _, r: f"cpu={r.record.cpus}"),
        "unused": _unused(parsable, widths.get("unused", 10)),
    }


#: sacctmgr's list of ``format=`` names (every entity's), in its order, each with the
#: letters it needs and the reservation column it is (None: another entity's).
_NAMES: tuple[tuple[str, int, str | None], ...] = (
    ("Account", 3, None), ("Acct", 4, None), ("ActionRaw", 7, None), ("Action", 4, None),
    ("Actor", 4, None), ("AdminLevel", 2, None), ("Allowed", 2, None),
    ("Associations", 2, "assocs"), ("TRES", 2, "tres"), ("Classification", 3, None),
    ("ClusterNodes", 8, None), ("Clusters", 2, "cluster"), ("Coordinators", 2, None),
    ("ControlHost", 8, None), ("ControlPort", 8, None), ("Count", 3, None),
    ("CountAllowed", 6, None), ("CountUsed", 6, None), ("CPUCount", 2, None),
    ("DefaultAccount", 8, None), ("DefaultQOS", 8, None), ("DefaultWCKey", 8, None),
    ("Description", 3, None), ("Duration", 2, None), ("EventRaw", 6, None), ("Event", 2, None),
    ("Features", 3, None), ("Federation", 3, None), ("FedState", 4, None),
    ("FedStateRaw", 9, None), ("Flags", 2, "flags"), ("GraceTime", 3, None),
    ("GrpCPUs", 6, None), ("GrpCPUMins", 7, None), ("GrpCPURunMins", 7, None),
    ("GrpTRES", 7, None), ("GrpTRESMins", 7, None), ("GrpTRESRunMins", 7, None),
    ("GrpJobs", 4, None), ("GrpMemory", 4, None), ("GrpNodes", 4, None),
    ("GrpSubmitJobs", 4, None), ("GrpWall", 4, None), ("ID", 2, "id"), ("Info", 2, None),
    ("LFT", 1, None), ("servertype", 10, None), ("MaxCPUMinsPerJob", 7, None),
    ("MaxCPURunMinsPerUser", 7, None), ("MaxCPURunMinsPU", 7, None), ("MaxCPUsPerJob", 7, None),
    ("MaxCPUsPerUser", 11, None), ("MaxCPUsPU", 9, None), ("MaxTRES", 7, None),
    ("MaxJobs", 4, None), ("MaxNodesPerJob", 4, None), ("MinPrioThreshold", 4, None),
    ("MaxSubmitJobs", 4, None), ("MaxWallDurationPerJob", 4, None), ("MinCPUsPerJob", 7, None),
    ("MinTRESPerJob", 7, None), ("Name", 2, "name"), ("NodeCount", 5, None),
    ("NodeInx", 5, "nodeinx"), ("NodeNames", 5, "nodename"), ("Organization", 1, None),
    ("ParentID", 7, None), ("ParentName", 7, None), ("Partition", 4, None),
    ("PluginIDSelect", 2, None), ("PreemptMode", 8, None), ("Preempt", 7, None),
    ("PreemptExemptTime", 8, None), ("Priority", 3, None), ("Problem", 1, None),
    ("QOSLevel", 3, None), ("QOSRAWLevel", 4, None), ("Reason", 1, None), ("RGT", 1, None),
    ("RPC", 1, None), ("Server", 3, None), ("Share", 1, None), ("FairShare", 2, None),
    ("StateRaw", 6, None), ("State", 1, None), ("TimeStamp", 2, None),
    ("TimeEligible", 6, None), ("Eligible", 2, None), ("TimeEnd", 6, "end"), ("End", 2, "end"),
    ("TimeStart", 7, "start"), ("Start", 3, "start"), ("TimeSubmit", 6, None),
    ("Submit", 2, None), ("Type", 2, None), ("UnusedWall", 2, "unused"),
    ("UsageFactor", 6, None), ("UsageThreshold", 6, None), ("LimitFactor", 6, None),
    ("Allocated", 7, None), ("User", 1, None), ("WCKeys", 2, None),
)  # fmt: skip

DEFAULT: list[tuple[str, int | None]] = [
    ("Cluster", None), ("Name", 15), ("TRES", 30), ("TimeStart", None), ("TimeEnd", None),
    ("Unused", None),
]  # fmt: skip


def _resolve(word: str) -> tuple[str, str | None]:
    """(the name matched, its reservation column or None); raises ``UnknownField``."""
    for name, least, key in _NAMES:
        # A short word is compared over the letters the name needs (``n`` is not ``Name``).
        if abbreviates(word, name, least):
            return name, key
    raise UnknownField(word)


def show(
    state: ClusterState,
    rows: Iterable[ResvRow],
    fields: Sequence[tuple[str, int | None]] | None,
    layout: Layout,
) -> Rendered:
    """The table for ``rows``; ``fields`` as ``format=`` gave them (None: the default)."""
    chosen: list[tuple[Column[ResvRow], int | None]] = []
    try:
        for word, width in fields if fields is not None else DEFAULT:
            name, key = _resolve(word.strip())
            if key is None:
                chosen.append((Column(name, 10, _no_cell), width))
                continue
            cols = columns(layout, {key: width} if width is not None else {})
            chosen.append((cols[key], width))
    except UnknownField as e:
        return Rendered(stderr=f"Unknown field '{e.name}'\n", exit_code=1)
    return table(state, rows, chosen, layout)


def _no_cell(_: ClusterState, __: ResvRow) -> None:
    return None
