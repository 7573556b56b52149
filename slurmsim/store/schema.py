"""The store's schema as SQLAlchemy Core tables, and the DDL to create it on any database.

The columns come from ``tables`` (one per model field, or one for many, see ``codec``),
so the schema and the repository's SQL always agree. Only ``Store.initialize`` imports
this module: it pulls in SQLAlchemy, which the commands' hot path avoids.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    Text,
)
from sqlalchemy.schema import CreateIndex, CreateTable, DropTable
from sqlalchemy.types import TypeEngine

from slurmsim.store import tables
from slurmsim.store.codec import Kind
from slurmsim.store.meta import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "create_statements", "drop_statements", "metadata"]

_TYPES: dict[Kind, type[TypeEngine[Any]]] = {
    # Instants outgrow 32 bits in 2038; the simulated clock may be pushed that far.
    Kind.INT: BigInteger,
    Kind.FLOAT: Float,
    Kind.TEXT: Text,
    Kind.BOOL: Boolean,
    Kind.JSON: Text,
    Kind.PACKED: LargeBinary,
}

metadata = MetaData()


def _table(layout: tables.TableLayout) -> Table:
    columns = [
        Column(
            c.name,
            _TYPES[c.kind](),
            primary_key=c.name in layout.key,
            nullable=c.nullable,
            autoincrement=False,
        )
        for c in layout.columns
    ]
    if layout is tables.EVENTS:
        # The only generated key. Plain INTEGER, because only "INTEGER PRIMARY KEY" is
        # SQLite's auto-numbered rowid (a BIGINT key would stay NULL).
        columns[0] = Column("id", Integer, primary_key=True, autoincrement=True)
    indexes = [Index(f"ix_{layout.name}_{names[0]}", *names) for names in layout.indexes]
    return Table(layout.name, metadata, *columns, *indexes)


for _layout in tables.ALL_TABLES:
    _table(_layout)


def create_statements(dialect: Any) -> list[str]:
    """``CREATE TABLE`` and ``CREATE INDEX`` statements for every table, for ``dialect``."""
    statements: list[str] = []
    for table in metadata.sorted_tables:
        statements.append(str(CreateTable(table).compile(dialect=dialect)).strip())
        statements.extend(
            str(CreateIndex(index).compile(dialect=dialect)).strip()
            for index in sorted(table.indexes, key=lambda i: str(i.name))
        )
    return statements


def drop_statements(dialect: Any) -> list[str]:
    """``DROP TABLE IF EXISTS`` for every table of the schema."""
    return [
        str(DropTable(table, if_exists=True).compile(dialect=dialect)).strip()
        for table in reversed(metadata.sorted_tables)
    ]
