"""``scontrol create|update|delete reservation`` as slurmctld judges them.

Only operators may change reservations (others get ``Invalid user id``, as from the
real controller). A new reservation may not share a node and a moment with another
unless one of the two is MAINT or OVERLAP; without IGNORE_JOBS its nodes
must be free of running jobs whose time limit reaches its start. Reservations are
numbered: a name not given is ``<first user or account>_<number>``; the number counts
every reservation made, and a refused duplicate name uses one up too (oracle: alice_1,
then a duplicate, then product_6 after three more). Refusals raise ``SlurmError`` with
Slurm's string and change nothing but that counter.
"""

from collections.abc import Iterable
from dataclasses import replace

from slurmsim.engine.permissions import is_operator
from slurmsim.engine.trigger import trigger
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.reservations import (
    Reservation,
    ReservationRequest,
    listed,
    ordered_flags,
)
from slurmsim.model.time import Instant

INVALID_USER = "Invalid user id"
INVALID_ACCOUNT = "Invalid account or account/partition combination specified"
INVALID_NODE = "Invalid node name specified"
INVALID_PARTITION = "Invalid partition name specified"
INVALID_TIME = "Invalid time specified"
INVALID = "Requested reservation is invalid"
DUPLICATE = "Duplicate reservation name"
OVERLAPS = "Requested reservation overlaps with another reservation"
BUSY = "Requested nodes are busy"
IN_USE = "Requested reservation is in use"

#: scontrol prints this on standard output before a "nodes are busy" refusal.
BUSY_NOTE = (
    "Note, unless nodes are directly requested a reservation must exist in a single partition.\n"
    "If no partition is requested the default partition is assumed.\n"
)

_HOLDING = frozenset({JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})


def create(state: ClusterState, req: ReservationRequest, actor: str) -> Reservation:
    """Add the reservation ``req`` describes; the caller has checked that it names a start,
    an end or duration, nodes or a node count, and users or accounts.

    Example: ``create(state, ReservationRequest(start_time=now, duration=3600,
    nodes=("dgx4",), users=("carol",)), "root").name == "carol_1"``.
    """
    if not is_operator(state, actor):
        raise SlurmError(INVALID_USER)
    users, accounts = req.users or (), req.accounts or ()
    _check_owners(state, users, accounts)
    start = req.start_time if req.start_time is not None else state.now
    end = _end(start, req)
    if start < state.now or end <= start:
        raise SlurmError(INVALID_TIME)
    flags = set(req.flags or ())
    nodes, partition = _choose_nodes(state, req, start, end, flags)
    state.last_resv_id += 1
    # Named after the first account, else the first user (slurmctld's order).
    name = req.name or f"{listed(accounts or users)[1][0]}_{state.last_resv_id}"
    if name in state.reservations:
        raise SlurmError(DUPLICATE)
    _check_pairs(state, users, accounts)
    resv = Reservation(
        name=name,
        start_time=start,
        end_time=end,
        nodes=nodes,
        users=users,
        accounts=accounts,
        flags=ordered_flags(flags),
        partition=partition,
        by_duration=req.duration is not None,
    )
    state.reservations[name] = resv
    trigger(state)
    return resv


def update(state: ClusterState, name: str, req: ReservationRequest, actor: str) -> Reservation:
    """Change reservation ``name``: Duration and EndTime keep its start; StartTime keeps its
    duration if it was given one, else its end (the oracle: golden ``resvacct/``)."""
    if not is_operator(state, actor):
        raise SlurmError(INVALID_USER)
    old = state.reservations.get(name)
    if old is None:
        raise SlurmError(INVALID)
    users = req.users if req.users is not None else old.users
    accounts = req.accounts if req.accounts is not None else old.accounts
    _check_owners(state, users, accounts)
    _check_pairs(state, users, accounts)
    start = req.start_time if req.start_time is not None else old.start_time
    end = Instant(start + old.duration) if old.by_duration else old.end_time
    if req.duration is not None or req.end_time is not None:
        end = _end(start, req)
    by_duration = req.duration is not None or (old.by_duration and req.end_time is None)
    if end <= start:
        raise SlurmError(INVALID_TIME)
    flags = set(req.flags if req.flags is not None else old.flags) - set(req.flags_removed)
    flags |= {f for f in old.flags if f in ("SPEC_NODES", "ALL_NODES")}
    nodes, partition = old.nodes, old.partition
    if req.nodes is not None or req.node_count is not None:
        flags -= {"SPEC_NODES", "ALL_NODES"}
        nodes, partition = _choose_nodes(state, req, start, end, flags, ignore=name)
    elif start != old.start_time or end != old.end_time:
        _check_overlap(state, nodes, start, end, flags, ignore=name)
    new = replace(
        old,
        start_time=start,
        end_time=end,
        nodes=nodes,
        users=users,
        accounts=accounts,
        flags=ordered_flags(flags),
        partition=partition,
        by_duration=by_duration,
    )
    state.reservations[name] = new
    trigger(state)
    return new


def delete(state: ClusterState, name: str, actor: str) -> None:
    """Remove reservation ``name``; refused while any job that asked for it is not finished."""
    if not is_operator(state, actor):
        raise SlurmError(INVALID_USER)
    if name not in state.reservations:
        raise SlurmError(INVALID)
    if any(j.request.reservation == name and not j.state.finished for j in state.jobs.values()):
        raise SlurmError(IN_USE)
    del state.reservations[name]
    trigger(state)


def _end(start: Instant, req: ReservationRequest) -> Instant:
    if req.duration is not None:
        return Instant(start + req.duration)
    if req.end_time is not None:
        return req.end_time
    raise SlurmError(INVALID_TIME)


def _check_owners(state: ClusterState, users: tuple[str, ...], accounts: tuple[str, ...]) -> None:
    # A list shuts out names (each led by "-") or lets them in, never both.
    if any(u not in state.users for u in listed(users)[1]) or _mixed(users):
        raise SlurmError(INVALID_USER)
    if any(a not in state.accounts for a in listed(accounts)[1]) or _mixed(accounts):
        raise SlurmError(INVALID_ACCOUNT)


def _mixed(names: tuple[str, ...]) -> bool:
    return len({n.startswith("-") for n in names}) > 1


def _check_pairs(state: ClusterState, users: tuple[str, ...], accounts: tuple[str, ...]) -> None:
    """With users and accounts both let in, each user must be in each account: the
    reservation lets in those associations (the oracle refused alice,bob in product)."""
    if listed(users)[0] or listed(accounts)[0]:
        return
    pairs = {(a.user, a.account) for a in state.associations if a.user}
    if any((u, a) not in pairs for u in users for a in accounts):
        raise SlurmError(INVALID_ACCOUNT)


def _choose_nodes(
    state: ClusterState,
    req: ReservationRequest,
    start: Instant,
    end: Instant,
    flags: set[str],
    *,
    ignore: str | None = None,
) -> tuple[tuple[str, ...], str | None]:
    """(nodes, partition): the named nodes, or ``NodeCnt`` free ones of the partition.

    Adds SPEC_NODES (and ALL_NODES for ``Nodes=ALL``) to ``flags`` when nodes are named;
    ``Nodes=ALL`` with PART_NODES (scontrol's, for a partition) is the partition's nodes.
    """
    part_nodes = None
    if req.nodes == ("ALL",) and "PART_NODES" in flags:
        part = state.partitions.get(req.partition or "")
        if part is None:
            raise SlurmError(INVALID_PARTITION)
        part_nodes = part.name, set(part.nodes)
    if req.nodes is not None:
        if part_nodes is not None:
            nodes = tuple(n for n in state.nodes if n in part_nodes[1])
        elif req.nodes == ("ALL",):
            nodes = tuple(state.nodes)
            flags.add("ALL_NODES")
        else:
            if not req.nodes or any(n not in state.nodes for n in req.nodes):
                raise SlurmError(INVALID_NODE)
            wanted = set(req.nodes)
            nodes = tuple(n for n in state.nodes if n in wanted)
        flags.add("SPEC_NODES")
        _check_overlap(state, nodes, start, end, flags, ignore=ignore)
        if "IGNORE_JOBS" not in flags and _busy(state, nodes, start):
            raise SlurmError(BUSY, detail=BUSY_NOTE)
        return nodes, part_nodes[0] if part_nodes is not None else None
    part_name = req.partition or next(
        (p.name for p in state.partitions.values() if p.default), None
    )
    part = state.partitions.get(part_name) if part_name is not None else None
    if part is None:
        raise SlurmError(INVALID_PARTITION)
    count = min(req.node_count or 0, len(part.nodes))
    taken = _reserved(state, start, end, flags, ignore)
    busy = set() if "IGNORE_JOBS" in flags else _busy(state, part.nodes, start)
    free = [n for n in state.nodes if n in part.nodes and n not in taken and n not in busy]
    if len(free) < count:
        raise SlurmError(BUSY, detail=BUSY_NOTE)
    return tuple(free[:count]), part.name


def _reserved(
    state: ClusterState, start: Instant, end: Instant, flags: set[str], ignore: str | None
) -> set[str]:
    """Nodes a new reservation with ``flags`` may not share during ``[start, end)``."""
    if _shareable(flags):
        return set()
    return {
        n
        for r in state.reservations.values()
        if r.name != ignore and not _shareable(r.flags) and r.overlaps(start, end)
        for n in r.nodes
    }


def _shareable(flags: Iterable[str]) -> bool:
    """A MAINT or OVERLAP reservation may share nodes and time with others, either way."""
    return not {"MAINT", "OVERLAP"}.isdisjoint(flags)


def _check_overlap(
    state: ClusterState,
    nodes: Iterable[str],
    start: Instant,
    end: Instant,
    flags: set[str],
    *,
    ignore: str | None,
) -> None:
    if _reserved(state, start, end, flags, ignore) & set(nodes):
        raise SlurmError(OVERLAPS)


def _busy(state: ClusterState, nodes: Iterable[str], start: Instant) -> set[str]:
    """Nodes running a job whose time limit reaches past ``start``."""
    wanted = set(nodes)
    busy: set[str] = set()
    for job in state.jobs.values():
        if job.state not in _HOLDING:
            continue
        if job.end_time is None or job.end_time > start:
            busy.update(n for n in job.nodes if n in wanted)
    return busy
