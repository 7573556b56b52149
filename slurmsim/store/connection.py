"""The DB-API connections the repository runs its SQL on.

A SQLite file (a plain path or ``sqlite:///path``) is opened with the stdlib ``sqlite3``
module: importing SQLAlchemy costs more than a whole ``squeue`` may take. Any other
SQLAlchemy URL (``postgresql://...``, or ``sqlite+pysqlite:///...`` to force that path) goes
through SQLAlchemy's ``engine.raw_connection()``. Both speak DB-API, so the repository
writes its SQL once, with ``?`` placeholders, and the connection adapts the paramstyle.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from slurmsim.store.errors import StoreError

#: How long a command waits for another one holding the write lock.
BUSY_TIMEOUT_S = 30.0

_SQLITE_URL = re.compile(r"sqlite:///(?P<path>.*)")


def connect(url: str) -> Connection:
    """Open the store at ``url``: a path, ``sqlite:///path`` or any SQLAlchemy URL."""
    if "://" not in url:
        return SqliteConnection(url)
    match = _SQLITE_URL.fullmatch(url)
    if match:
        return SqliteConnection(match["path"])
    return SqlAlchemyConnection(url)


class Connection:
    """A DB-API connection plus what differs between back ends: locking and DDL dialect."""

    def __init__(self, raw: Any, where: str, paramstyle: str, error: type[Exception]) -> None:
        self.raw = raw
        #: The store's location as users should see it (never with a password).
        self.where = where
        self._paramstyle = paramstyle
        #: What the driver raises when the database fails it (a read-only file, a full
        #: disk): the repository turns it into a ``StoreError``.
        self.error = error

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cursor = self.raw.cursor()
        try:
            cursor.execute(_adapt(sql, self._paramstyle), tuple(params))
            return [tuple(row) for row in cursor.fetchall()]
        finally:
            cursor.close()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        cursor = self.raw.cursor()
        try:
            cursor.execute(_adapt(sql, self._paramstyle), tuple(params))
            return int(cursor.rowcount)
        finally:
            cursor.close()

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        cursor = self.raw.cursor()
        try:
            cursor.executemany(_adapt(sql, self._paramstyle), [tuple(r) for r in rows])
        finally:
            cursor.close()

    def begin(self, *, write: bool) -> None:
        """Start a transaction; ``write`` ones exclude each other from the start."""
        raise NotImplementedError

    def lock_for_write(self) -> None:
        """Make this write transaction exclusive, if ``begin`` has not already."""

    def commit(self) -> None:
        self.raw.commit()

    def rollback(self) -> None:
        self.raw.rollback()

    def close(self) -> None:
        self.raw.close()

    def has_table(self, name: str) -> bool:
        raise NotImplementedError

    def dialect(self) -> Any:
        """The SQLAlchemy dialect to compile DDL for (imports SQLAlchemy)."""
        raise NotImplementedError


class SqliteConnection(Connection):
    """A SQLite file through the stdlib module, in WAL mode, transactions under our control."""

    def __init__(self, path: str) -> None:
        try:
            # isolation_level=None: the module never opens transactions behind our back.
            raw = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            # WAL: readers never wait for a writer; NORMAL sync stays consistent after a crash.
            raw.execute("PRAGMA journal_mode=WAL").fetchall()
            raw.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as exc:
            raise StoreError(f"slurmsim: cannot open the store at {path}: {exc}") from None
        super().__init__(raw, path, "qmark", sqlite3.Error)

    def begin(self, *, write: bool) -> None:
        # IMMEDIATE takes the write lock before the first read, so two sbatch never read
        # the same next_job_id; a deferred BEGIN gives readers one consistent snapshot.
        try:
            self.raw.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            busy = exc.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            state = "is busy" if busy else "cannot be written"
            raise StoreError(f"slurmsim: the store at {self.where} {state}: {exc}") from None

    def has_table(self, name: str) -> bool:
        sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return bool(self.query(sql, (name,)))

    def dialect(self) -> Any:
        from sqlalchemy.dialects import sqlite  # lazy: SQLAlchemy is slow to import

        return sqlite.dialect()


class SqlAlchemyConnection(Connection):
    """Any database SQLAlchemy knows, through the DB-API connection under its engine."""

    def __init__(self, url: str) -> None:
        # Lazy imports (here and below): SQLAlchemy costs ~450 ms, the SQLite path never needs it.
        from sqlalchemy import create_engine, exc, make_url
        from sqlalchemy.pool import NullPool

        try:
            where = make_url(url).render_as_string(hide_password=True)
            self._engine = create_engine(url, poolclass=NullPool)
            raw = self._engine.raw_connection()
        except (exc.SQLAlchemyError, ImportError, ValueError) as error:
            raise StoreError(f"slurmsim: cannot open the store at {url}: {error}") from None
        dbapi = self._engine.dialect.loaded_dbapi
        super().__init__(raw, where, dbapi.paramstyle, dbapi.Error)

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        # Drivers hand binary columns back as buffers (psycopg2: a memoryview of format
        # "c"), which never compare equal to the bytes the codecs write: a save would
        # take every packed row for changed. Read them as bytes.
        return [
            tuple(bytes(v) if isinstance(v, memoryview) else v for v in row)
            for row in super().query(sql, params)
        ]

    def begin(self, *, write: bool) -> None:
        # DB-API drivers open a transaction implicitly at the first statement.
        pass

    def lock_for_write(self) -> None:
        # A row lock on the version row, held until commit, serialises writers on any
        # database without dialect-specific locking statements; readers are not blocked.
        self.execute("UPDATE meta SET value = value WHERE key = ?", ("schema_version",))

    def has_table(self, name: str) -> bool:
        from sqlalchemy import inspect  # lazy, see __init__

        return inspect(self._engine).has_table(name)

    def dialect(self) -> Any:
        return self._engine.dialect

    def close(self) -> None:
        super().close()
        self._engine.dispose()


@functools.lru_cache(maxsize=256)
def _adapt(sql: str, paramstyle: str) -> str:
    """Rewrite ``?`` placeholders for drivers that want ``%s`` (our SQL has no literal ? or %)."""
    if paramstyle == "qmark":
        return sql
    if paramstyle in ("format", "pyformat"):
        return sql.replace("?", "%s")
    if paramstyle == "numeric":
        counter = iter(range(1, sql.count("?") + 1))
        return re.sub(r"\?", lambda _: f":{next(counter)}", sql)
    raise StoreError(f"slurmsim: database drivers with paramstyle {paramstyle} are not supported")
