"""``scontrol show reservation`` records and ``sinfo -T`` lines, Slurm 22.05's bytes.

A record is five lines (the first flush left, the rest indented three spaces) and
an empty line; ``-o`` puts each record's fields on one line. ``sinfo -T`` is a table
whose name column is as wide as the longest name (at least ``RESV_NAME``), the state
right-aligned in 8, the times in 19 and the duration in 11 (wider values push on).
"""

from slurmsim.format.hostlist import compress
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import format_hms, format_instant
from slurmsim.model.cluster import ClusterState
from slurmsim.model.reservations import FLAG_SHOWN, Reservation
from slurmsim.model.time import Instant

NONE_IN_SYSTEM = "No reservations in the system\n"


def _names(names: tuple[str, ...]) -> str:
    return ",".join(names) if names else "(null)"


def _lines(state: ClusterState, resv: Reservation, now: Instant) -> list[list[str]]:
    configs = [state.nodes[n].config for n in resv.nodes if n in state.nodes]
    cores = sum(c.sockets * c.cores_per_socket for c in configs)
    cpus = sum(c.cpus for c in configs)
    flags = ",".join(FLAG_SHOWN.get(f, f) for f in resv.flags)
    return [
        [
            f"ReservationName={resv.name}",
            f"StartTime={format_instant(resv.start_time)}",
            f"EndTime={format_instant(resv.end_time)}",
            f"Duration={format_hms(resv.duration)}",
        ],
        [
            f"Nodes={compress(resv.nodes) or '(null)'}",
            f"NodeCnt={len(resv.nodes)}",
            f"CoreCnt={cores}",
            "Features=(null)",
            f"PartitionName={resv.partition or '(null)'}",
            f"Flags={flags}",
        ],
        [f"TRES=cpu={cpus}"],
        [
            f"Users={_names(resv.users)}",
            "Groups=(null)",
            f"Accounts={_names(resv.accounts)}",
            "Licenses=(null)",
            f"State={'ACTIVE' if resv.active(now) else 'INACTIVE'}",
            "BurstBuffer=(null)",
            "Watts=n/a",
        ],
        ["MaxStartDelay=(null)"],
    ]


def show_reservation(
    state: ClusterState, resv: Reservation, now: Instant, *, oneliner: bool
) -> str:
    """One record of ``scontrol show reservation``."""
    lines = _lines(state, resv, now)
    if oneliner:
        return " ".join(f for line in lines for f in line) + "\n"
    return "\n".join(("   " if i else "") + " ".join(line) for i, line in enumerate(lines)) + "\n\n"


def show_reservations(
    state: ClusterState, name: str | None, now: Instant, *, oneliner: bool = False
) -> Rendered:
    """``scontrol show reservation [NAME]``: every reservation in creation order, or one.

    An unknown name prints ``Reservation NAME not found`` on standard output, exit 1.
    """
    if not state.reservations and name is None:
        return Rendered(stdout=NONE_IN_SYSTEM)
    if name is not None:
        resv = state.reservations.get(name)
        if resv is None:
            return Rendered(stdout=f"Reservation {name} not found\n", exit_code=1)
        return Rendered(stdout=show_reservation(state, resv, now, oneliner=oneliner))
    text = "".join(
        show_reservation(state, r, now, oneliner=oneliner) for r in state.reservations.values()
    )
    return Rendered(stdout=text)


def sinfo_reservations(state: ClusterState, now: Instant) -> Rendered:
    """``sinfo -T``: one line per reservation, in creation order."""
    if not state.reservations:
        return Rendered(stdout=NONE_IN_SYSTEM)
    width = max(len("RESV_NAME"), *(len(name) for name in state.reservations))
    lines = [_row(width, ("RESV_NAME", "STATE", "START_TIME", "END_TIME", "DURATION", "NODELIST"))]
    for resv in state.reservations.values():
        lines.append(
            _row(
                width,
                (
                    resv.name,
                    "ACTIVE" if resv.active(now) else "INACTIVE",
                    format_instant(resv.start_time),
                    format_instant(resv.end_time),
                    format_hms(resv.duration),
                    compress(resv.nodes),
                ),
            )
        )
    return Rendered(stdout="".join(lines))


def _row(width: int, cells: tuple[str, str, str, str, str, str]) -> str:
    name, state, start, end, span, nodes = cells
    return f"{name:<{width}}  {state:>8}  {start:>19}  {end:>19}  {span:>11}  {nodes}\n"
