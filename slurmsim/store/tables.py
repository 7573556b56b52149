"""The tables of the store: their columns, keys and order, and the codec of each model class.

This module is the single description of the layout. ``schema`` turns it into SQLAlchemy
``Table``s (for DDL), and the repository builds its plain SQL from it, so the two cannot
drift apart. It imports no SQLAlchemy.
"""

from __future__ import annotations

import zlib
from functools import cache

from slurmsim.model.accounts import Account, Association, Qos, User
from slurmsim.model.cluster import ClusterConfig
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobRequest, NodeAlloc
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.partitions import Partition
from slurmsim.model.reservations import Reservation
from slurmsim.model.tres import Gres
from slurmsim.store.codec import Column, Kind, RowCodec, json_decoder

NODE_CONFIG = RowCodec(NodeConfig, exclude=("gres",))  # GRES rows go to node_gres
NODE = RowCodec(Node, exclude=("config",))
GRES = RowCodec(Gres)
PARTITION = RowCodec(Partition)
ACCOUNT = RowCodec(Account)
USER = RowCodec(User)
ASSOCIATION = RowCodec(Association)
QOS = RowCodec(Qos)
# A job row holds its request too. Every command reads every job row, so all of it but
# the indexed columns is packed into two columns (see RowCodec).
JOB = RowCodec(Job, exclude=("request", "alloc"), pack_into="details", keep=("job_id", "state"))
JOB_REQUEST = RowCodec(JobRequest, bulk=True, pack_into="request", keep=("user",))
NODE_ALLOC = RowCodec(NodeAlloc)
EVENT = RowCodec(Event)
RESERVATION = RowCodec(Reservation)
decode_config = json_decoder(ClusterConfig)

# Entity tables keep the order of the ClusterState's dicts and lists in a position column.
_POSITION = Column("position", Kind.INT)


class TableLayout:
    """One table: its columns, primary key, load order and indexed columns.

    A plain class, not a frozen dataclass: every command creates this class at import,
    and a dataclass's generated methods cost a millisecond or more to compile.
    Layouts are singletons, compared and hashed by identity.
    """

    __slots__ = ("columns", "indexes", "key", "key_positions", "name", "names", "order")

    def __init__(
        self,
        name: str,
        columns: tuple[Column, ...],
        key: tuple[str, ...],
        order: tuple[str, ...],
        indexes: tuple[tuple[str, ...], ...] = (),  # the columns of each index, in order
    ) -> None:
        self.name = name
        self.columns = columns
        self.key = key
        self.order = order
        self.indexes = indexes
        self.names = tuple(c.name for c in columns)
        self.key_positions = tuple(self.names.index(k) for k in key)

    def __repr__(self) -> str:
        return f"TableLayout({self.name!r})"


META = TableLayout(
    "meta",
    (Column("key", Kind.TEXT), Column("value", Kind.TEXT, nullable=True)),
    key=("key",),
    order=("key",),
)
CONFIG = TableLayout(
    "cluster_config",
    (Column("id", Kind.INT), Column("config", Kind.JSON)),
    key=("id",),
    order=("id",),
)
NODES = TableLayout(
    "nodes", (_POSITION, *NODE_CONFIG.columns, *NODE.columns), key=("name",), order=("position",)
)
NODE_GRES = TableLayout(
    "node_gres",
    (Column("node", Kind.TEXT), Column("seq", Kind.INT), *GRES.columns),
    key=("node", "seq"),
    order=("node", "seq"),
)
PARTITIONS = TableLayout(
    "partitions", (_POSITION, *PARTITION.columns), key=("name",), order=("position",)
)
QOS_TABLE = TableLayout("qos", (_POSITION, *QOS.columns), key=("name",), order=("position",))
ACCOUNTS = TableLayout(
    "accounts", (_POSITION, *ACCOUNT.columns), key=("name",), order=("position",)
)
USERS = TableLayout("users", (_POSITION, *USER.columns), key=("name",), order=("position",))
ASSOCIATIONS = TableLayout(
    "associations", (_POSITION, *ASSOCIATION.columns), key=("id",), order=("position",)
)
USAGE = TableLayout(
    "usage",
    (
        Column("assoc_id", Kind.INT),
        Column("raw_usage", Kind.FLOAT, nullable=True),
        Column("calc_usage", Kind.FLOAT, nullable=True),
    ),
    key=("assoc_id",),
    order=("assoc_id",),
)
# What GrpTRESMins and GrpWall count: ClusterState.tres_usage (holder "assoc", owner the
# association id) and qos_usage (holder "qos", owner the QOS name), seconds per TRES.
LIMIT_USAGE = TableLayout(
    "limit_usage",
    (
        Column("holder", Kind.TEXT),
        Column("owner", Kind.TEXT),
        Column("name", Kind.TEXT),
        Column("seconds", Kind.FLOAT),
    ),
    key=("holder", "owner", "name"),
    order=("holder", "owner", "name"),
)
RESERVATIONS = TableLayout(
    "reservations", (_POSITION, *RESERVATION.columns), key=("name",), order=("position",)
)
# Jobs the engine purged stay as history (purged = true) for sacct; load() skips them.
JOBS = TableLayout(
    "jobs",
    (*JOB.columns, *JOB_REQUEST.columns, Column("purged", Kind.BOOL)),
    key=("job_id",),
    order=("job_id",),
    # (purged, job_id): load() reads the live jobs in id order off the index, without a sort.
    indexes=(("state",), ("user",), ("purged", "job_id")),
)
JOB_ALLOC = TableLayout(
    "job_alloc",
    (Column("job_id", Kind.INT), Column("seq", Kind.INT), *NODE_ALLOC.columns),
    key=("job_id", "seq"),
    order=("job_id", "seq"),
)
EVENTS = TableLayout(
    "events",
    (Column("id", Kind.INT), *EVENT.columns),
    key=("id",),
    order=("id",),
    indexes=(("job_id",),),
)

#: The tables that hold a ClusterState, in the order load() reads them.
STATE_TABLES = (
    CONFIG,
    NODES,
    NODE_GRES,
    PARTITIONS,
    QOS_TABLE,
    ACCOUNTS,
    USERS,
    ASSOCIATIONS,
    USAGE,
    LIMIT_USAGE,
    RESERVATIONS,
    JOBS,
    JOB_ALLOC,
)
ALL_TABLES = (META, *STATE_TABLES, EVENTS)


@cache
def layout_digest() -> str:
    """A short digest of every table's columns, stored with the schema version."""
    text = ";".join(
        f"{t.name}:" + ",".join(f"{c.name} {c.kind}{'?' if c.nullable else ''}" for c in t.columns)
        for t in ALL_TABLES
    )
    return f"{zlib.crc32(text.encode()):08x}"  # zlib, not hashlib: cheaper to import
