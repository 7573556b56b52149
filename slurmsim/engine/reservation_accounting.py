"""What slurmctld tells the accounting store about reservations (``model/reservation_records.py``).

It sends the reservation whole, as it holds it: its nodes and their indexes, its CPUs
(its TRES), its flags, and the associations it lets in: every association of each user
named, or each account's own, or, when both are named, the association of each user in
each account (users first, in the order given).
"""

from operator import attrgetter

from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.hostlist import compress
from slurmsim.model.reservation_records import (
    RESV_ADD,
    RESV_MODIFY,
    RESV_REMOVE,
    ReservationRecord,
    message,
)
from slurmsim.model.reservations import FLAG_SHOWN, Reservation, listed


def added(state: ClusterState, resv: Reservation, resv_id: int) -> Event:
    """Reservation ``resv``, numbered ``resv_id``, was created now."""
    return message(RESV_ADD, state.now, record(state, resv, resv_id))


def modified(state: ClusterState, resv: Reservation) -> Event:
    """Reservation ``resv`` was updated now (the store keeps its number)."""
    return message(RESV_MODIFY, state.now, record(state, resv, 0))


def removed(state: ClusterState, resv: Reservation) -> Event:
    """Reservation ``resv`` was deleted now."""
    return message(RESV_REMOVE, state.now, record(state, resv, 0))


def record(state: ClusterState, resv: Reservation, resv_id: int) -> ReservationRecord:
    """What slurmctld sends of ``resv``, from its start to its end."""
    order = {name: i for i, name in enumerate(state.nodes)}
    places = sorted(order[n] for n in resv.nodes if n in order)
    return ReservationRecord(
        id=resv_id,
        name=resv.name,
        start=resv.start_time,
        end=resv.end_time,
        nodes=compress(resv.nodes),
        node_inx=_ranges(places),
        assocs=",".join(str(i) for i in _assoc_ids(state, resv)),
        # As scontrol prints them, but sacctmgr has no purge delay to show.
        flags=",".join(FLAG_SHOWN.get(f, f).partition("=")[0] for f in resv.flags),
        cpus=sum(state.nodes[n].config.cpus for n in resv.nodes if n in state.nodes),
    )


def _assoc_ids(state: ClusterState, resv: Reservation) -> list[int]:
    """The associations let in (slurmdbd keeps no list of those shut out)."""
    assocs = state.associations
    users_not, users = listed(resv.users)
    accounts_not, accounts = listed(resv.accounts)
    if users and accounts and not users_not and not accounts_not:
        return [
            a.id
            for user in users
            for account in accounts
            for a in assocs
            if a.user == user and a.account == account
        ]
    by_id = sorted(assocs, key=attrgetter("id"))
    ids = [] if users_not else [a.id for user in users for a in by_id if a.user == user]
    if not accounts_not:
        ids += [a.id for name in accounts for a in assocs if a.account == name and not a.user]
    return ids


def _ranges(places: list[int]) -> str:
    """``0-3``, ``0,2``: sorted indexes as slurmdbd writes a node index list."""
    spans: list[list[int]] = []
    for i in places:
        if spans and spans[-1][1] == i - 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
