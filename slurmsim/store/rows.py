"""A ``ClusterState`` as table rows, and back.

Rows are plain tuples in the column order of ``tables``; ``Rows`` maps each row's key to
it. The repository compares the rows of the state it loaded with the rows of the state it
is asked to save, and writes only the difference.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job, JobRequest
from slurmsim.model.nodes import Node
from slurmsim.model.time import Instant
from slurmsim.store import meta
from slurmsim.store.codec import RowCodec, dumps
from slurmsim.store.tables import (
    ACCOUNT,
    ACCOUNTS,
    ASSOCIATION,
    ASSOCIATIONS,
    CONFIG,
    GRES,
    JOB,
    JOB_ALLOC,
    JOB_REQUEST,
    JOBS,
    LIMIT_USAGE,
    NODE,
    NODE_ALLOC,
    NODE_CONFIG,
    NODE_GRES,
    NODES,
    PARTITION,
    PARTITIONS,
    QOS,
    QOS_TABLE,
    RESERVATION,
    RESERVATIONS,
    USAGE,
    USER,
    USERS,
    TableLayout,
    decode_config,
)

_K = TypeVar("_K", int, str)
Key = tuple[Any, ...]
Row = tuple[Any, ...]
Rows = dict[Key, Row]
#: Rows by table name.
TableRows = dict[str, Rows]

#: The meta keys that mirror ClusterState fields (all but ``extra`` are optional ints).
_INSTANT_KEYS = (
    meta.LAST_SCHED,
    meta.LAST_BACKFILL,
    meta.LAST_MAIN,
    meta.SCHED_DUE,
    meta.LAST_USAGE_CALC,
)


def keyed(layout: TableLayout, rows: Iterable[Row]) -> Rows:
    """Index rows by their key columns."""
    positions = layout.key_positions
    if len(positions) == 1:  # most tables: no generator per row (a thousand jobs)
        (position,) = positions
        return {(row[position],): row for row in rows}
    return {tuple(row[p] for p in positions): row for row in rows}


def state_meta(state: ClusterState) -> dict[str, str | None]:
    """The meta values that ``save`` keeps in step with the state."""
    values: dict[str, str | None] = {
        meta.NOW: str(state.now),
        meta.NEXT_JOB_ID: str(state.next_job_id),
        meta.NEXT_ASSOC_ID: str(state.next_assoc_id),
        meta.STATE_EXTRA: dumps(state.extra),
        meta.LAST_RESV_ID: str(state.last_resv_id),
    }
    for key, instant in zip(
        _INSTANT_KEYS,
        (
            state.last_sched,
            state.last_backfill,
            state.last_main,
            state.sched_due,
            state.last_usage_calc,
        ),
        strict=True,
    ):
        values[key] = None if instant is None else str(instant)
    return values


class LoadedJobs:
    """The job rows a transaction loaded, and the request each job was decoded with.

    A request is immutable, so a job that still holds the very object it was loaded with
    saves the same request columns: ``state_rows`` copies them from the loaded row
    instead of encoding them again (they are most of a job row, and every command that
    writes saves every job).
    """

    __slots__ = ("_requests", "_rows")

    def __init__(self, rows: Rows, jobs: Iterable[Job]) -> None:
        self._rows = rows
        self._requests: dict[int, JobRequest] = (
            {job.job_id: job.request for job in jobs} if JOB_REQUEST.immutable else {}
        )

    def request_columns(self, job: Job) -> Row | None:
        """The columns of ``job.request`` as loaded, or None when it is a new request."""
        if self._requests.get(job.job_id) is not job.request:
            return None
        return self._rows[(job.job_id,)][_JOB_END:_REQUEST_END]


def state_rows(state: ClusterState, loaded: LoadedJobs | None = None) -> TableRows:
    """Every row that stores ``state`` (except ``meta``, see ``state_meta``).

    ``loaded``: the jobs as the transaction loaded them, to skip encoding unchanged requests.
    """
    return {
        CONFIG.name: {(1,): (1, dumps(state.config))},
        NODES.name: _positional(
            NODES, (NODE_CONFIG.encode(n.config) + NODE.encode(n) for n in state.nodes.values())
        ),
        NODE_GRES.name: keyed(
            NODE_GRES,
            (
                (n.name, seq, *GRES.encode(g))
                for n in state.nodes.values()
                for seq, g in enumerate(n.config.gres)
            ),
        ),
        PARTITIONS.name: _entities(PARTITIONS, PARTITION, state.partitions.values()),
        QOS_TABLE.name: _entities(QOS_TABLE, QOS, state.qos.values()),
        ACCOUNTS.name: _entities(ACCOUNTS, ACCOUNT, state.accounts.values()),
        USERS.name: _entities(USERS, USER, state.users.values()),
        ASSOCIATIONS.name: _entities(ASSOCIATIONS, ASSOCIATION, state.associations),
        USAGE.name: _usage_rows(state),
        LIMIT_USAGE.name: _limit_usage_rows(state),
        RESERVATIONS.name: _entities(RESERVATIONS, RESERVATION, state.reservations.values()),
        JOBS.name: {(j.job_id,): _job_row(j, loaded) for j in state.jobs.values()},
        JOB_ALLOC.name: {
            (j.job_id, seq): (j.job_id, seq, *NODE_ALLOC.encode(a))
            for j in state.jobs.values()
            for seq, a in enumerate(j.alloc)
        },
    }


def history_rows(jobs: Iterable[Job]) -> TableRows:
    """The job and allocation rows that keep ``jobs`` as purged history."""
    return {
        JOBS.name: {(j.job_id,): (*_job_row(j, None)[:-1], True) for j in jobs},
        JOB_ALLOC.name: {
            (j.job_id, seq): (j.job_id, seq, *NODE_ALLOC.encode(a))
            for j in jobs
            for seq, a in enumerate(j.alloc)
        },
    }


def state_from_rows(tables: TableRows, values: dict[str, str | None]) -> ClusterState:
    """The state stored in ``tables`` (rows in load order) and the meta ``values``."""
    gres: dict[str, list[Any]] = {}
    for row in tables[NODE_GRES.name].values():
        gres.setdefault(row[0], []).append(GRES.decode(row[2:]))

    nodes = [
        _node(row, tuple(gres.get(row[_NODE_NAME], ()))) for row in tables[NODES.name].values()
    ]
    partitions = _decode(PARTITION, tables[PARTITIONS.name].values())
    qos = _decode(QOS, tables[QOS_TABLE.name].values())
    accounts = _decode(ACCOUNT, tables[ACCOUNTS.name].values())
    users = _decode(USER, tables[USERS.name].values())
    jobs = jobs_from_rows(tables[JOBS.name], tables[JOB_ALLOC.name])
    (config_row,) = tables[CONFIG.name].values()
    return ClusterState(
        config=decode_config(config_row[1]),
        nodes={n.name: n for n in nodes},
        partitions={p.name: p for p in partitions},
        qos={q.name: q for q in qos},
        accounts={a.name: a for a in accounts},
        users={u.name: u for u in users},
        associations=_decode(ASSOCIATION, tables[ASSOCIATIONS.name].values()),
        jobs={j.job_id: j for j in jobs},
        now=Instant(int(values.get(meta.NOW) or 0)),
        next_job_id=int(values.get(meta.NEXT_JOB_ID) or 1),
        next_assoc_id=int(values.get(meta.NEXT_ASSOC_ID) or 0),
        last_sched=_instant(values.get(meta.LAST_SCHED)),
        last_backfill=_instant(values.get(meta.LAST_BACKFILL)),
        last_main=_instant(values.get(meta.LAST_MAIN)),
        sched_due=_instant(values.get(meta.SCHED_DUE)),
        usage={row[0]: row[1] for row in tables[USAGE.name].values() if row[1] is not None},
        calc_usage={row[0]: row[2] for row in tables[USAGE.name].values() if row[2] is not None},
        last_usage_calc=_instant(values.get(meta.LAST_USAGE_CALC)),
        tres_usage=_limit_usage(tables[LIMIT_USAGE.name].values(), "assoc", int),
        qos_usage=_limit_usage(tables[LIMIT_USAGE.name].values(), "qos", str),
        reservations={r.name: r for r in _decode(RESERVATION, tables[RESERVATIONS.name].values())},
        last_resv_id=int(values.get(meta.LAST_RESV_ID) or 0),
        extra=json.loads(values.get(meta.STATE_EXTRA) or "{}"),
    )


def _usage_rows(state: ClusterState) -> Rows:
    """One row per association with live or last-calculated usage (either may be NULL)."""
    ids = sorted(state.usage.keys() | state.calc_usage.keys())
    return {(a,): (a, state.usage.get(a), state.calc_usage.get(a)) for a in ids}


def _limit_usage_rows(state: ClusterState) -> Rows:
    """One row per association or QOS and TRES (or ``wall``) with usage GrpTRESMins and
    GrpWall count."""
    owners = [("assoc", str(a), used) for a, used in state.tres_usage.items()]
    owners += [("qos", q, used) for q, used in state.qos_usage.items()]
    return {
        (holder, owner, name): (holder, owner, name, seconds)
        for holder, owner, used in owners
        for name, seconds in used.items()
    }


def _limit_usage(
    rows: Iterable[Row], holder: str, key: Callable[[str], _K]
) -> dict[_K, dict[str, float]]:
    found: dict[_K, dict[str, float]] = {}
    for kind, owner, name, seconds in rows:
        if kind == holder:
            found.setdefault(key(owner), {})[name] = seconds
    return found


def jobs_from_rows(jobs: Rows, allocs: Rows) -> list[Job]:
    """The jobs stored in ``jobs`` rows, with their ``allocs`` rows, in row order."""
    held: dict[int, list[Any]] = {}
    for row in allocs.values():
        held.setdefault(row[0], []).append(NODE_ALLOC.decode(row[2:]))
    return [_job(row, tuple(held.get(row[0], ()))) for row in jobs.values()]


def _positional(layout: TableLayout, rows: Iterable[tuple[Any, ...]]) -> Rows:
    return keyed(layout, ((position, *row) for position, row in enumerate(rows)))


def _entities(layout: TableLayout, codec: RowCodec[Any], objects: Iterable[object]) -> Rows:
    return _positional(layout, (codec.encode(o) for o in objects))


def _decode(codec: RowCodec[Any], rows: Iterable[Row]) -> list[Any]:
    return [codec.decode(row[1:]) for row in rows]  # row[0] is the position


_NODE_NAME = NODES.names.index("name")
_NODE_CONFIG_END = 1 + len(NODE_CONFIG)  # after the position and the NodeConfig columns
_JOB_END = len(JOB)
_REQUEST_END = _JOB_END + len(JOB_REQUEST)


def _node(row: Row, gres: tuple[Any, ...]) -> Node:
    config = NODE_CONFIG.decode(row[1:_NODE_CONFIG_END], gres=gres)
    return NODE.decode(row[_NODE_CONFIG_END:], config=config)


def _job_row(job: Job, loaded: LoadedJobs | None) -> Row:
    request = loaded.request_columns(job) if loaded is not None else None
    if request is None:
        request = JOB_REQUEST.encode(job.request)
    return (*JOB.encode(job), *request, False)


def _job(row: Row, alloc: tuple[Any, ...]) -> Job:
    request = JOB_REQUEST.decode(row[_JOB_END:_REQUEST_END])
    return JOB.decode(row[:_JOB_END], request=request, alloc=alloc)


def _instant(value: str | None) -> Instant | None:
    return None if value is None else Instant(int(value))
