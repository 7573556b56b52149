"""Advance reservations as slurmdbd keeps them: one record per stretch of a reservation.

slurmctld tells the accounting store three things about a reservation: it was added,
modified (with all it now holds) or removed. The store keys a record by the
reservation's id and the start of the stretch it covers:

* an addition opens a record from the reservation's start to its end;
* a modification changes the last record in place, unless the reservation has started
  and its associations, nodes, flags or TRES changed: then the record ends now and a
  new one begins now (its end changes in place, as does anything of one not started);
* a removal drops the last record if the reservation has not started yet, else ends
  it now (deleted, but still listed);
* a reservation that simply ends leaves its record as it is.

``UnusedWall`` is what slurmdbd's hourly rollup leaves: for every hour rolled up (each
hour that has ended), the seconds of the record within it, less each job of the
reservation's seconds there in the share of the reservation's CPUs it held.

The engine writes the messages into the event log as they happen
(``engine/reservation_accounting.py``); ``replay`` plays them back into records.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace

from slurmsim.model.events import Event
from slurmsim.model.time import Instant

#: Event log kinds of the three messages.
RESV_ADD = "acct_resv_add"
RESV_MODIFY = "acct_resv_modify"
RESV_REMOVE = "acct_resv_remove"
KINDS = (RESV_ADD, RESV_MODIFY, RESV_REMOVE)

#: How often slurmdbd rolls usage up (an hour's is rolled up once the hour has ended).
_HOUR = 3600


@dataclass(frozen=True, slots=True)
class ReservationRecord:
    """One stretch of reservation ``id``, ``name``, from ``start`` until ``end``."""

    id: int
    name: str
    start: Instant
    end: Instant
    nodes: str  # a compressed host list, as slurmctld sends it
    node_inx: str  # the nodes' indexes, as ranges (``0-3``)
    assocs: str  # association ids, ``2,8``
    flags: str  # as ``scontrol show reservation`` prints them
    cpus: int  # its TRES: the CPUs of its nodes
    deleted: bool = False


@dataclass(frozen=True, slots=True)
class Usage:
    """A job's run in a reservation: from ``start`` until ``end`` on ``cpus`` CPUs."""

    reservation: str
    start: Instant
    end: Instant
    cpus: int


def message(kind: str, now: Instant, record: ReservationRecord) -> Event:
    """The log line of a message about ``record`` (its start and end as slurmctld holds
    them); a removal needs only the name."""
    if kind == RESV_REMOVE:
        return Event(now, kind, None, record.name)
    fields = {
        "id": record.id,
        "name": record.name,
        "start": record.start,
        "end": record.end,
        "nodes": record.nodes,
        "node_inx": record.node_inx,
        "assocs": record.assocs,
        "flags": record.flags,
        "cpus": record.cpus,
    }
    return Event(now, kind, None, json.dumps(fields, separators=(",", ":")))


def replay(log: Iterable[Event]) -> list[ReservationRecord]:
    """The records the messages in ``log`` leave in the store, in the order slurmdbd lists
    them (start, then name)."""
    records: list[ReservationRecord | None] = []  # None: a record dropped
    last: dict[str, int] = {}  # name -> index of its reservation's last record
    for event in log:
        if event.kind == RESV_REMOVE:
            at = last.pop(event.detail, None)
            if at is not None:
                current = records[at]
                assert current is not None  # a dropped record's name has left ``last``
                started = current.start <= event.time
                records[at] = replace(current, end=event.time, deleted=True) if started else None
            continue
        if event.kind not in (RESV_ADD, RESV_MODIFY):
            continue
        new = ReservationRecord(**json.loads(event.detail))
        at = last.get(new.name)
        if event.kind == RESV_ADD or at is None:
            last[new.name] = len(records)
            records.append(new)
            continue
        current = records[at]
        assert current is not None  # a dropped record's name has left ``last``
        new = replace(new, id=current.id)  # a modification names the reservation only
        if current.start > event.time:  # not started: everything changes in place
            records[at] = new
        elif _kept_alike(current, new) or current.start == event.time:
            records[at] = replace(new, start=current.start)
        else:  # a new stretch from now
            records[at] = replace(current, end=event.time)
            last[new.name] = len(records)
            records.append(replace(new, start=event.time))
    kept = [r for r in records if r is not None]
    kept.sort(key=lambda r: (r.start, r.name))
    return kept


def _kept_alike(old: ReservationRecord, new: ReservationRecord) -> bool:
    """Does accounting see the same reservation (slurmctld's test for a new stretch)?"""
    return (old.assocs, old.cpus, old.flags, old.nodes) == (
        new.assocs,
        new.cpus,
        new.flags,
        new.nodes,
    )


def unused_wall(record: ReservationRecord, now: Instant, usage: Iterable[Usage]) -> float:
    """The record's ``UnusedWall`` at ``now``: the rollup of each hour that has ended."""
    runs = [u for u in usage if u.reservation == record.name]
    unused = 0.0
    hour = record.start // _HOUR * _HOUR
    while hour + _HOUR <= now and hour < record.end:
        start, end = max(record.start, hour), min(record.end, hour + _HOUR)
        if end - start >= 1:
            unused += end - start
            for run in runs:
                seconds = min(run.end, end) - max(run.start, start)
                if seconds > 0 and record.cpus:
                    unused -= seconds * run.cpus / record.cpus
            unused = max(unused, 0.0)
        hour += _HOUR
    return unused
