"""Advance reservations: ``scontrol create|update|delete|show reservation``, ``sinfo -T``.

scontrol itself checks that a new reservation names a start, an end or duration,
nodes or a node count, and users or accounts; those refusals are ``InvalidOption``
(printed ``scontrol: error: ...``). The controller's refusals are ``SlurmError``.
Either way nothing is saved, except that a refusal after the controller has numbered
the reservation (a duplicate name, users outside the accounts named) still uses up
that number, as in Slurm. Every reservation created, updated or deleted is reported
to the accounting store (``engine/reservation_accounting.py``).
"""

from collections.abc import Sequence
from dataclasses import replace

from slurmsim.api.session import session
from slurmsim.format.rendered import Rendered
from slurmsim.model.errors import InvalidOption, SlurmError
from slurmsim.model.reservations import ReservationRequest
from slurmsim.model.time import Instant

_CREATED = "No reservation created."
_PART_NODES = "PART_NODES"


def _request(pairs: Sequence[tuple[str, str]], now: Instant, *, create: bool) -> ReservationRequest:
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.reservations import parse_reservation

    try:
        return parse_reservation(pairs, now, create=create)
    except ParseError as e:
        raise InvalidOption(e.message, detail=e.context) from None


def _completed(req: ReservationRequest) -> ReservationRequest:
    """scontrol's own checks on ``create``, in its order, and what it fills in: a
    partition with ``Nodes=ALL``, or with no nodes at all, reserves the partition's nodes
    (``PART_NODES``)."""
    if req.start_time is None:
        raise InvalidOption(f"A start time must be given.  {_CREATED}")
    if req.end_time is None and req.duration is None:
        raise InvalidOption(f"An end time or duration must be given.  {_CREATED}")
    if (
        req.end_time is not None
        and req.duration is not None
        and req.start_time + req.duration != req.end_time
    ):
        raise InvalidOption(f"StartTime + Duration does not equal EndTime.  {_CREATED}")
    if req.end_time is not None and req.duration is None and req.end_time < req.start_time:
        raise InvalidOption(f"Start time cannot be after end time.  {_CREATED}")
    flags = req.flags or ()
    if req.partition is not None and req.nodes is not None and _all(req.nodes):
        flags = (*flags, _PART_NODES)
    if _PART_NODES in flags and (req.partition is None or not _all(req.nodes or ())):
        raise InvalidOption(
            f"PART_NODES flag requires specifying a Partition and ALL nodes.  {_CREATED}"
        )
    if not req.nodes and not req.node_count:
        if req.partition is None:
            raise InvalidOption(
                "CoreCnt, Nodes, NodeCnt, BurstBuffer, Licenses or Watts must be specified.  "
                + _CREATED
            )
        flags, req = (*flags, _PART_NODES), replace(req, nodes=("ALL",))
    if not req.users and not req.accounts:
        raise InvalidOption(f"Either Users/Groups and/or Accounts must be specified.  {_CREATED}")
    return replace(req, flags=flags) if flags else req


def _all(nodes: Sequence[str]) -> bool:
    """``Nodes=ALL``, in any case."""
    return len(nodes) == 1 and nodes[0].upper() == "ALL"


def create(pairs: Sequence[tuple[str, str]]) -> str:
    """``scontrol create reservation KEY=VALUE...``: the new reservation's name."""
    from slurmsim.engine import reservation_accounting, reservation_control

    refused: SlurmError | None = None
    with session(write=True) as s:
        req = _completed(_request(pairs, s.state.now, create=True))
        try:
            resv = reservation_control.create(s.state, req, s.user)
            s.events.append(reservation_accounting.added(s.state, resv, s.state.last_resv_id))
            return resv.name
        except SlurmError as e:
            refused = e  # saved all the same: a refusal may have used up a number
    raise refused


def update(name: str, pairs: Sequence[tuple[str, str]]) -> None:
    """``scontrol update ReservationName=NAME KEY=VALUE...``."""
    from slurmsim.engine import reservation_accounting, reservation_control

    with session(write=True) as s:
        req = _request(pairs, s.state.now, create=False)
        resv = reservation_control.update(s.state, name, req, s.user)
        s.events.append(reservation_accounting.modified(s.state, resv))


def delete(name: str) -> None:
    """``scontrol delete reservation NAME``."""
    from slurmsim.engine import reservation_accounting, reservation_control

    with session(write=True) as s:
        resv = s.state.reservations.get(name)
        reservation_control.delete(s.state, name, s.user)
        if resv is not None:
            s.events.append(reservation_accounting.removed(s.state, resv))


def show(name: str | None, *, oneliner: bool) -> Rendered:
    """``scontrol show reservation [NAME]``."""
    from slurmsim.format.reservations import show_reservations

    with session(write=False) as s:
        return show_reservations(s.state, name, s.state.now, oneliner=oneliner)


def sinfo_table() -> Rendered:
    """``sinfo -T``."""
    from slurmsim.format.reservations import sinfo_reservations

    with session(write=False) as s:
        return sinfo_reservations(s.state, s.state.now)
