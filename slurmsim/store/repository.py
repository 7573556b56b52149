"""``Store`` and ``Transaction``: how every command reads and writes the cluster.

A command opens the store, runs one transaction, and is done::

    store = Store.open()                       # $SLURMSIM_DB or the user's data dir
    with store.transaction(write=True) as tx:  # on SQLite: BEGIN IMMEDIATE
        state = tx.load()
        ...                                    # the engine and the command change state
        tx.save(state)                         # writes only the rows that changed
        tx.append_events(events)

The SQL is plain and portable, written once for every database (see ``connection``);
``tables`` says what the columns are. Nothing here imports SQLAlchemy except
``initialize``, which needs it for the DDL.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from types import TracebackType
from typing import Any

from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job
from slurmsim.store import meta
from slurmsim.store.connection import Connection, connect
from slurmsim.store.errors import StoreError
from slurmsim.store.location import default_url
from slurmsim.store.rows import (
    Key,
    LoadedJobs,
    Row,
    Rows,
    TableRows,
    history_rows,
    jobs_from_rows,
    keyed,
    state_from_rows,
    state_meta,
    state_rows,
)
from slurmsim.store.tables import (
    EVENT,
    EVENTS,
    JOB_ALLOC,
    JOBS,
    META,
    STATE_TABLES,
    TableLayout,
    layout_digest,
)

__all__ = ["Store", "StoreError", "Transaction"]

# Which rows of a table load() reads: the jobs the controller still knows, and their allocations.
_VISIBLE = {
    JOBS.name: "purged = ?",
    JOB_ALLOC.name: "job_id IN (SELECT job_id FROM jobs WHERE purged = ?)",
}


class Store:
    """One cluster's database; open it with ``Store.open``."""

    def __init__(self, connection: Connection) -> None:
        self._conn = connection

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """The store at ``url`` (a path or SQLAlchemy URL), by default ``default_url()``."""
        return cls(connect(default_url() if url is None else url))

    @property
    def where(self) -> str:
        """The store's location as users should see it."""
        return self._conn.where

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def is_initialized(self) -> bool:
        """Whether the store holds a cluster this slurmsim can read.

        Raises ``StoreError`` if it holds one written by another schema version.
        """
        with self._begin(write=False):
            version = self._version()
        if version is not None and version != meta.SCHEMA_VERSION:
            raise self._version_error(version)
        return version is not None

    def initialize(self, state: ClusterState, *, force: bool = False) -> None:
        """Create the tables and write ``state``; ``force`` replaces a cluster already there."""
        from slurmsim.store import schema  # imports SQLAlchemy: only here

        dialect = self._conn.dialect()
        with self._begin(write=True):
            version = self._version()
            if version is not None and not force:
                if version != meta.SCHEMA_VERSION:
                    raise self._version_error(version)
                raise StoreError(
                    f"slurmsim: the store at {self.where} already holds a cluster. "
                    "Run `slurmsim init --force` to start a new one."
                )
            for sql in [*schema.drop_statements(dialect), *schema.create_statements(dialect)]:
                self._conn.execute(sql)
            tx = Transaction(self._conn, write=True, empty=True)
            tx.set_meta(meta.SCHEMA_VERSION_KEY, str(meta.SCHEMA_VERSION))
            tx.set_meta(meta.SCHEMA_LAYOUT, layout_digest())
            tx.set_meta(meta.CLOCK_MODE, meta.DEFAULT_CLOCK_MODE)
            tx.save(state)

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        """One unit of work: committed on normal exit, rolled back on any exception.

        ``write=True`` transactions exclude each other from their first statement (on
        SQLite, ``BEGIN IMMEDIATE``; a busy store is waited for up to 30 s). A process
        killed inside one leaves the store as it was before.
        """
        with self._begin(write=write):
            version = self._version()
            if version is None:
                raise StoreError(
                    f"slurmsim: the store at {self.where} holds no cluster yet. "
                    "Run `slurmsim init` to create one."
                )
            if version != meta.SCHEMA_VERSION:
                raise self._version_error(version)
            if write:
                self._conn.lock_for_write()
            yield Transaction(self._conn, write=write)

    @contextmanager
    def _begin(self, *, write: bool) -> Iterator[None]:
        self._conn.begin(write=write)
        try:
            yield
            self._conn.commit()
        except self._conn.error as exc:  # e.g. a store file the user may read but not write
            self._rollback()
            raise StoreError(f"slurmsim: cannot use the store at {self.where}: {exc}") from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        with suppress(self._conn.error):  # a failed commit may have ended it
            self._conn.rollback()

    def _version(self) -> int | None:
        """The schema version of the store, or None when it holds no cluster.

        A store of our version but with other columns (a model field was added since it
        was written) counts as an unknown version, -1, so that it is refused cleanly.
        """
        if not self._conn.has_table(META.name):
            return None
        sql = "SELECT key, value FROM meta WHERE key IN (?, ?)"
        found = dict(self._conn.query(sql, (meta.SCHEMA_VERSION_KEY, meta.SCHEMA_LAYOUT)))
        if meta.SCHEMA_VERSION_KEY not in found:
            return None
        try:
            version = int(found[meta.SCHEMA_VERSION_KEY])
        except (TypeError, ValueError):
            return -1
        if version == meta.SCHEMA_VERSION and found.get(meta.SCHEMA_LAYOUT) != layout_digest():
            return -1
        return version

    def _version_error(self, version: int) -> StoreError:
        written = "another build of slurmsim" if version < 0 else f"schema version {version}"
        return StoreError(
            f"slurmsim: the store at {self.where} was written by {written}; "
            f"this slurmsim reads version {meta.SCHEMA_VERSION}. "
            "Run `slurmsim init --force` to start a new cluster."
        )


class Transaction:
    """Reads and writes inside one database transaction (see ``Store.transaction``)."""

    def __init__(self, connection: Connection, *, write: bool, empty: bool = False) -> None:
        self._conn = connection
        self._write = write
        # The rows as last loaded or saved: save() writes the difference to these.
        self._rows: TableRows | None = {t.name: {} for t in STATE_TABLES} if empty else None
        self._meta: dict[str, str | None] = {}
        self._jobs: LoadedJobs | None = None  # writers only: lets save() skip unchanged requests
        #: Rows inserted, updated, deleted or marked purged by save() so far.
        self.rows_written = 0

    def load(self) -> ClusterState:
        """Everything the engine needs: config, nodes, accounts, usage, jobs ordered by id."""
        tables = {
            t.name: keyed(t, self._conn.query(_select_sql(t, _VISIBLE.get(t.name)), _args(t)))
            for t in STATE_TABLES
        }
        values: dict[str, str | None] = dict(self._conn.query("SELECT key, value FROM meta"))
        state = state_from_rows(tables, values)
        self._rows = tables
        self._meta = {key: values.get(key) for key in state_meta(state)}
        if self._write:
            self._jobs = LoadedJobs(tables[JOBS.name], state.jobs.values())
        return state

    def load_history(self) -> list[Job]:
        """The finished jobs the engine has purged from the state, by job id (for sacct)."""
        jobs, allocs = (
            keyed(t, self._conn.query(_select_sql(t, _VISIBLE[t.name]), (True,)))
            for t in (JOBS, JOB_ALLOC)
        )
        return jobs_from_rows(jobs, allocs)

    def save(self, state: ClusterState) -> None:
        """Write what changed since ``load()``: new jobs are inserted, changed rows updated.

        Jobs missing from ``state.jobs`` (purged by the engine) stay in the database as
        history, with their allocations; nothing else about a job is ever deleted.
        """
        if not self._write:
            raise RuntimeError("save() in a read-only transaction")
        if self._rows is None:
            raise RuntimeError("save() before load() in this transaction")
        new = state_rows(state, self._jobs)
        ended = {job.job_id for job in state.purged}
        for table in STATE_TABLES:
            self._sync(table, self._rows[table.name], new, ended)
        self._keep_history(state.purged, self._rows[JOBS.name])
        state.purged.clear()
        values = state_meta(state)
        for key, value in values.items():
            if key not in self._meta or self._meta[key] != value:
                self._put_meta(key, value)
        self._rows, self._meta = new, values
        self._jobs = LoadedJobs(new[JOBS.name], state.jobs.values())

    def append_events(self, events: Sequence[Event]) -> None:
        """Add ``events`` to the event log, in order."""
        columns = ", ".join(_quote(c.name) for c in EVENTS.columns[1:])  # id is generated
        marks = ", ".join("?" * len(EVENTS.columns[1:]))
        sql = f"INSERT INTO events ({columns}) VALUES ({marks})"
        self._conn.executemany(sql, [EVENT.encode(e) for e in events])

    def events(
        self, *, job_id: int | None = None, kinds: Sequence[str] | None = None
    ) -> list[Event]:
        """The event log in the order it was written, optionally for one job, or only
        events of ``kinds``."""
        columns = ", ".join(_quote(c.name) for c in EVENTS.columns[1:])
        where, args = "", ()  # type: tuple[str, tuple[object, ...]]
        if job_id is not None:
            where, args = "WHERE job_id = ?", (job_id,)
        elif kinds is not None:
            where, args = f"WHERE kind IN ({', '.join('?' * len(kinds))})", tuple(kinds)
        rows = self._conn.query(f"SELECT {columns} FROM events {where} ORDER BY id", args)
        return [EVENT.decode(row) for row in rows]

    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table (see ``slurmsim.store.meta`` for the keys)."""
        rows = self._conn.query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a value of the ``meta`` table."""
        if not self._write:
            raise RuntimeError("set_meta() in a read-only transaction")
        self._put_meta(key, value)

    def _put_meta(self, key: str, value: str | None) -> None:
        # UPDATE then INSERT: portable, and race-free under the write lock.
        if self._conn.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key)) == 0:
            self._conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))

    def _sync(self, table: TableLayout, old: Rows, new_tables: TableRows, ended: set[int]) -> None:
        new = new_tables[table.name]
        inserts = [row for key, row in new.items() if key not in old]
        updates = [row for key, row in new.items() if key in old and old[key] != row]
        gone = [key for key in old if key not in new]
        if table is JOBS:  # the jobs purged as they ended are written by _keep_history
            self._write_rows(_purge_sql(), [(True, *key) for key in gone if key[0] not in ended])
        else:
            if table is JOB_ALLOC:  # a purged job keeps its allocation as history
                gone = [key for key in gone if key[:1] in new_tables[JOBS.name]]
            self._write_rows(_delete_sql(table), gone)
        self._write_rows(_insert_sql(table), inserts)
        self._write_rows(_update_sql(table), [_update_args(table, row) for row in updates])

    def _keep_history(self, jobs: Sequence[Job], old: Rows) -> None:
        """Write purged ``jobs`` as they ended, with their allocations, as history.

        A job may start, end and be purged within one command (a long clock advance), so
        the row of its last save can be PENDING: the final row replaces it.
        """
        if not jobs:
            return
        rows = history_rows(jobs)
        self._write_rows(
            _insert_sql(JOBS), [r for r in rows[JOBS.name].values() if r[:1] not in old]
        )
        self._write_rows(
            _update_sql(JOBS),
            [_update_args(JOBS, r) for r in rows[JOBS.name].values() if r[:1] in old],
        )
        self._write_rows(
            f"DELETE FROM {JOB_ALLOC.name} WHERE job_id = ?", [(j.job_id,) for j in jobs]
        )
        self._write_rows(_insert_sql(JOB_ALLOC), list(rows[JOB_ALLOC.name].values()))

    def _write_rows(self, sql: str, rows: list[Key] | list[Row]) -> None:
        if rows:
            self._conn.executemany(sql, rows)
            self.rows_written += len(rows)


def _quote(name: str) -> str:
    # Some model field names are SQL keywords ("user", "default"); quote every identifier.
    return f'"{name}"'


def _args(table: TableLayout) -> tuple[Any, ...]:
    return (False,) if table.name in _VISIBLE else ()


@functools.cache
def _select_sql(table: TableLayout, where: str | None) -> str:
    columns = ", ".join(_quote(n) for n in table.names)
    order = ", ".join(_quote(n) for n in table.order)
    condition = f" WHERE {where}" if where else ""
    return f"SELECT {columns} FROM {table.name}{condition} ORDER BY {order}"


@functools.cache
def _insert_sql(table: TableLayout) -> str:
    columns = ", ".join(_quote(n) for n in table.names)
    marks = ", ".join("?" * len(table.names))
    return f"INSERT INTO {table.name} ({columns}) VALUES ({marks})"


@functools.cache
def _update_sql(table: TableLayout) -> str:
    assignments = ", ".join(f"{_quote(n)} = ?" for n in table.names if n not in table.key)
    return f"UPDATE {table.name} SET {assignments} WHERE {_key_condition(table)}"


@functools.cache
def _delete_sql(table: TableLayout) -> str:
    return f"DELETE FROM {table.name} WHERE {_key_condition(table)}"


@functools.cache
def _purge_sql() -> str:
    return f"UPDATE jobs SET purged = ? WHERE {_key_condition(JOBS)}"


def _key_condition(table: TableLayout) -> str:
    return " AND ".join(f"{_quote(k)} = ?" for k in table.key)


def _update_args(table: TableLayout, row: Row) -> Row:
    values = tuple(v for i, v in enumerate(row) if i not in table.key_positions)
    return values + tuple(row[i] for i in table.key_positions)
