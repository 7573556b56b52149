"""``sacctmgr show``: QOS, accounts, users and associations in Slurm's print_fields layout.

Every column has a width: headers and cells are right-justified to it (left with a
negative ``%-N`` width), a cell too long ends in ``+``, and each is followed by a blank;
a dash line follows the header. ``-p`` ends every cell with ``|``; ``-P`` puts ``|``
between cells. ``format=`` picks columns by name, in any case, or by a unique prefix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from slurmsim.format.rendered import Rendered
from slurmsim.format.sacctmgr_fields import FIELDS, WIDTHS
from slurmsim.format.times import format_hms
from slurmsim.model.accounts import Account, Association, Qos, User
from slurmsim.model.cluster import ClusterState
from slurmsim.model.keywords import keyword
from slurmsim.model.limits import decode_tres
from slurmsim.model.tres import Tracked, tracked_tres

T = TypeVar("T")


class Column(NamedTuple, Generic[T]):
    header: str
    width: int
    #: The cell; None prints none (the row is a cell shorter, as sacctmgr prints a
    #: column another entity has).
    value: Callable[[ClusterState, T], str | None]


class Layout(NamedTuple):
    """How ``-p``/``-P``/``-n`` shape the table."""

    parsable: bool = False  # -p: "|" after every cell
    parsable2: bool = False  # -P: "|" between cells
    noheader: bool = False
    with_assocs: bool = False  # -s / withassoc: a user's line per association
    tree: bool = False  # show assoc tree: accounts indented by depth, left-justified
    with_coords: bool = False  # withcoord: a "Coord Accounts" column in the default ones


# -- values ---------------------------------------------------------------------------------


def tres_text(stored: str) -> str:
    """A stored TRES limit as sacctmgr prints it (``mem=100G``, ``gres/gpu=8``)."""
    values = decode_tres(stored)
    return ",".join(
        f"{name}={_mem(count) if name == 'mem' else count}" for name, count in values.items()
    )


def _mem(megabytes: int) -> str:
    for suffix, size in (("T", 1 << 20), ("G", 1 << 10)):
        if megabytes and megabytes % size == 0:
            return f"{megabytes // size}{suffix}"
    return f"{megabytes}M"


def limit_text(key: str, stored: str | None) -> str:
    """A stored limit (see ``slurmsim.model.limits``) as a table cell."""
    if stored is None:
        return ""
    if "TRES" in key:
        return tres_text(stored)
    if key in ("MaxWall", "GrpWall", "PreemptExemptTime"):
        return format_hms(int(stored))
    if key in ("UsageThres", "LimitFactor"):
        return f"{float(stored):f}"
    return stored


def _qos_limit(key: str) -> Callable[[ClusterState, Qos], str]:
    return lambda _, q: limit_text(key, q.limits.get(key))


def _assoc_limit(key: str) -> Callable[[ClusterState, Association], str]:
    return lambda _, a: limit_text(key, a.limits.get(key))


def _one_tres(limits: Mapping[str, str], key: str, tres: str) -> str:
    """One TRES of a TRES limit, as a column from before TRES shows it (memory in MB)."""
    value = decode_tres(limits.get(key, "")).get(tres)
    return "" if value is None else str(value)


#: The columns from before TRES, each one TRES of a TRES limit: header, the QOS's limit
#: and the association's (None: the entity has none) and the TRES.
_PRE_TRES: tuple[tuple[str, str | None, str | None, str], ...] = (
    ("GrpCPUs", "GrpTRES", "GrpTRES", "cpu"), ("GrpMem", "GrpTRES", "GrpTRES", "mem"),
    ("GrpNodes", "GrpTRES", "GrpTRES", "node"),
    ("GrpCPUMins", "GrpTRESMins", "GrpTRESMins", "cpu"),
    ("GrpCPURunMins", "GrpTRESRunMins", "GrpTRESRunMins", "cpu"),
    ("MaxCPUs", "MaxTRES", "MaxTRES", "cpu"), ("MaxNodes", "MaxTRES", "MaxTRES", "node"),
    ("MaxCPUMins", "MaxTRESMins", "MaxTRESMins", "cpu"),
    ("MaxCPUsPU", "MaxTRESPU", None, "cpu"), ("MaxNodesPU", "MaxTRESPU", None, "node"),
    ("MinCPUs", "MinTRES", None, "cpu"),
)  # fmt: skip


def _pre_tres(key: str, tres: str) -> Callable[[ClusterState, Qos | Association], str]:
    """A column from before TRES: one TRES of the limit ``key`` (memory in MB)."""

    def value(_: ClusterState, holder: Qos | Association) -> str:
        found = decode_tres(holder.limits.get(key, "")).get(tres)
        return "" if found is None else str(found)

    return value


# -- the columns of each entity, by lower-case name and alias --------------------------------

_QOS_LIMITS = (
    ("GrpTRES", 13), ("GrpTRESMins", 13), ("GrpTRESRunMins", 13), ("GrpJobs", 7),
    ("GrpSubmit", 9), ("GrpWall", 11), ("MaxTRES", 13), ("MaxTRESPerNode", 14),
    ("MaxTRESMins", 13), ("MaxWall", 11), ("MaxTRESPU", 13), ("MaxJobsPU", 9),
    ("MaxSubmitPU", 11), ("MaxTRESPA", 13), ("MaxJobsPA", 9), ("MaxSubmitPA", 11),
    ("MinTRES", 13),
)  # fmt: skip

QOS_COLUMNS: dict[str, Column[Qos]] = {
    "name": Column("Name", 10, lambda _, q: q.name),
    "priority": Column("Priority", 10, lambda _, q: str(q.priority)),
    "gracetime": Column("GraceTime", 10, lambda _, q: format_hms(q.grace_time)),
    "preempt": Column("Preempt", 10, lambda _, q: ",".join(q.preempt)),
    "preemptexempttime": Column("PreemptExemptTime", 19, _qos_limit("PreemptExemptTime")),
    "preemptmode": Column("PreemptMode", 11, lambda _, q: q.preempt_mode),
    "flags": Column("Flags", 20, lambda _, q: ",".join(q.flags)),
    "usagethres": Column("UsageThres", 10, _qos_limit("UsageThres")),
    "usagefactor": Column("UsageFactor", 11, lambda _, q: f"{q.usage_factor:f}"),
    **{key.lower(): Column(key, width, _qos_limit(key)) for key, width in _QOS_LIMITS},
    **{
        header.lower(): Column(header, WIDTHS[header], _pre_tres(key, tres))
        for header, key, _, tres in _PRE_TRES
        if key is not None
    },
    "description": Column("Descr", 20, lambda _, q: q.description),
    "id": Column("ID", 6, lambda _, q: str(q.id)),
    # Kept and shown, not enforced (docs/differences.md).
    **{
        key.lower(): Column(key, WIDTHS[key], _qos_limit(key))
        for key in ("GrpJobsAccrue", "MaxJobsAccruePA", "MaxJobsAccruePU")
    },
    "minpriothres": Column("MinPrioThres", 12, _qos_limit("MinPrioThresh")),
    "limitfactor": Column("LimitFactor", 11, _qos_limit("LimitFactor")),
}
QOS_DEFAULT = [
    "name", "priority", "gracetime", "preempt", "preemptexempttime", "preemptmode", "flags%40",
    "usagethres", "usagefactor", *(key.lower() for key, _ in _QOS_LIMITS),
]  # fmt: skip


def _parent_name(_: ClusterState, a: Association) -> str:
    return a.parent_account or "" if a.user is None else ""


_ASSOC_LIMITS = (
    ("GrpJobs", 7), ("GrpTRES", 13), ("GrpSubmit", 9), ("GrpWall", 11), ("GrpTRESMins", 13),
    ("MaxJobs", 7), ("MaxTRES", 13), ("MaxTRESPerNode", 14), ("MaxSubmit", 9), ("MaxWall", 11),
    ("MaxTRESMins", 13), ("GrpTRESRunMins", 13),
)  # fmt: skip

ASSOC_COLUMNS: dict[str, Column[Association]] = {
    "cluster": Column("Cluster", 10, lambda s, _: s.config.cluster_name),
    "account": Column("Account", 10, lambda _, a: a.account),
    "user": Column("User", 10, lambda _, a: a.user or ""),
    "partition": Column("Partition", 10, lambda _, a: ""),
    "share": Column("Share", 9, lambda _, a: str(a.shares)),
    "priority": Column("Priority", 10, _assoc_limit("Priority")),
    **{key.lower(): Column(key, width, _assoc_limit(key)) for key, width in _ASSOC_LIMITS},
    "qos": Column("QOS", 20, lambda _, a: ",".join(a.qos)),
    "defaultqos": Column("Def QOS", 9, lambda _, a: a.default_qos or ""),
    "id": Column("ID", 6, lambda _, a: str(a.id)),
    "parentname": Column("ParentName", 10, _parent_name),
    "grpjobsaccrue": Column("GrpJobsAccrue", 13, _assoc_limit("GrpJobsAccrue")),
    "maxjobsaccrue": Column("MaxJobsAccrue", 13, _assoc_limit("MaxJobsAccrue")),
    "minpriothres": Column("MinPrioThres", 12, _assoc_limit("MinPrioThresh")),
    **{
        header.lower(): Column(header, WIDTHS[header], _pre_tres(key, tres))
        for header, _, key, tres in _PRE_TRES
        if key is not None
    },
}
ASSOC_DEFAULT = [
    "cluster", "account", "user", "partition", "share", "priority", "grpjobs", "grptres",
    "grpsubmit", "grpwall", "grptresmins", "maxjobs", "maxtres", "maxtrespernode", "maxsubmit",
    "maxwall", "maxtresmins", "qos", "defaultqos", "grptresrunmins",
]  # fmt: skip

ACCOUNT_COLUMNS: dict[str, Column[Account]] = {
    "account": Column("Account", 10, lambda _, a: a.name),
    "description": Column("Descr", 20, lambda _, a: a.description),
    "organization": Column("Org", 20, lambda _, a: a.organization),
    "coordinators": Column("Coord Accounts", 20, lambda _, __: ""),  # slurmsim has none
}
ACCOUNT_DEFAULT = ["account", "description", "organization"]

USER_COLUMNS: dict[str, Column[User]] = {
    "user": Column("User", 10, lambda _, u: u.name),
    "defaultaccount": Column("Def Acct", 10, lambda _, u: u.default_account),
    "adminlevel": Column("Admin", 9, lambda _, u: u.admin_level.value),
    "coordinators": Column("Coord Accounts", 20, lambda _, __: ""),  # slurmsim has none
}
USER_DEFAULT = ["user", "defaultaccount", "adminlevel"]


class UserAssoc(NamedTuple):
    """One line of ``sacctmgr show user -s``: a user beside one of its associations, or
    beside none (None) when it has none that the conditions pick."""

    user: User
    assoc: Association | None


def _on_user(column: Column[User]) -> Column[UserAssoc]:
    return Column(column.header, column.width, lambda s, r: column.value(s, r.user))


def _assoc_value(
    key: str, column: Column[Association]
) -> Callable[[ClusterState, Association | None], str | None]:
    """``column``'s value of an association, or what slurmdbd shows of a line without one."""
    empty = _NO_ASSOC.get(key, "")
    return lambda state, assoc: empty if assoc is None else column.value(state, assoc)


def _on_assoc(key: str, column: Column[Association]) -> Column[UserAssoc]:
    value = _assoc_value(key, column)
    return Column(column.header, column.width, lambda s, r: value(s, r.assoc))


#: What slurmdbd shows of the association a user line has none of (a record of zeros): its
#: counts and limits 0, its wall limit 00:00:00, the rest blank (the oracle).
_NO_ASSOC = {
    "share": "0", "maxjobs": "0", "maxsubmit": "0", "maxwall": "00:00:00", "maxnodes": "0",
    "maxcpus": "0", "maxcpumins": "0", "grpjobs": "0", "grpsubmit": "0", "grpwall": "00:00:00",
    "grpnodes": "0", "grpcpus": "0", "grpcpumins": "0", "grpcpurunmins": "0", "grpmem": "0",
}  # fmt: skip


USER_ASSOC_COLUMNS: dict[str, Column[UserAssoc]] = {
    **{key: _on_assoc(key, column) for key, column in ASSOC_COLUMNS.items()},
    **{key: _on_user(column) for key, column in USER_COLUMNS.items()},
}
USER_ASSOC_DEFAULT = [
    "user", "defaultaccount", "adminlevel", "cluster", "account", "partition", "share",
    "priority", "maxjobs", "maxnodes", "maxcpus", "maxsubmit", "maxwall", "maxcpumins", "qos",
    "defaultqos",
]  # fmt: skip


class AccountAssoc(NamedTuple):
    """One line of ``sacctmgr show account withassoc``: an account beside one of its
    associations (its own, then its users'), or beside none (None) when it has none that
    the conditions pick."""

    account: Account
    assoc: Association | None


def _of_assoc(key: str, column: Column[Association]) -> Column[AccountAssoc]:
    value = _assoc_value(key, column)
    return Column(column.header, column.width, lambda s, r: value(s, r.assoc))


def _of_account(column: Column[Account]) -> Column[AccountAssoc]:
    return Column(column.header, column.width, lambda s, r: column.value(s, r.account))


ACCOUNT_ASSOC_COLUMNS: dict[str, Column[AccountAssoc]] = {
    **{key: _of_assoc(key, column) for key, column in ASSOC_COLUMNS.items()},
    **{key: _of_account(column) for key, column in ACCOUNT_COLUMNS.items()},
}
ACCOUNT_ASSOC_DEFAULT = [
    "account", "description", "organization", "cluster", "parentname", "user", "share",
    "priority", "grpjobs", "grpnodes", "grpcpus", "grpmem", "grpsubmit", "grpwall",
    "grpcpumins", "maxjobs", "maxnodes", "maxcpus", "maxsubmit", "maxwall", "maxcpumins", "qos",
    "defaultqos",
]  # fmt: skip


def tres_rows(state: ClusterState) -> list[Tracked]:
    """The cluster's TRES (``sacctmgr show tres``)."""
    return tracked_tres(state.config.setting("AccountingStorageTRES"))


TRES_COLUMNS: dict[str, Column[Tracked]] = {
    "type": Column("Type", 8, lambda _, t: t.type),
    "name": Column("Name", 10, lambda _, t: t.name),
    "id": Column("ID", 6, lambda _, t: str(t.id)),
}


class Cluster(NamedTuple):
    """The one cluster slurmsim's accounting knows (``sacctmgr show cluster``)."""

    name: str


_CLUSTER_LIMITS = (
    ("GrpJobs", 7), ("GrpTRES", 13), ("GrpSubmit", 9), ("MaxJobs", 7), ("MaxTRES", 13),
    ("MaxSubmit", 9), ("MaxWall", 11),
)  # fmt: skip

CLUSTER_COLUMNS: dict[str, Column[Cluster]] = {
    "cluster": Column("Cluster", 10, lambda _, c: c.name),
    # The controller runs on this host: its address, its port, 22.05's protocol number.
    "controlhost": Column("ControlHost", 15, lambda _, c: "127.0.0.1"),
    "controlport": Column("ControlPort", 12, lambda _, c: "6817"),
    "rpc": Column("RPC", 5, lambda _, c: "9728"),
    "share": Column("Share", 9, lambda _, c: "1"),
    **{key.lower(): Column(key, width, lambda _, c: "") for key, width in _CLUSTER_LIMITS},
    "qos": Column("QOS", 20, lambda _, c: "normal"),
    "defaultqos": Column("Def QOS", 9, lambda _, c: ""),
}
CLUSTER_DEFAULT = [
    "cluster", "controlhost", "controlport", "rpc", "share",
    *(key.lower() for key, _ in _CLUSTER_LIMITS), "qos", "defaultqos",
]  # fmt: skip


def _none(_: ClusterState, row: object) -> str:
    return ""


#: Entities slurmsim's accounting never holds a record of: no ``TrackWCKey``, no
#: ``sacctmgr add resource``, no federation. Their tables print their headers alone.
WCKEY_COLUMNS: dict[str, Column[object]] = {
    "wckey": Column("WCKey", 10, _none),
    "cluster": Column("Cluster", 10, _none),
    "user": Column("User", 10, _none),
}
FEDERATION_COLUMNS: dict[str, Column[object]] = {
    "federation": Column("Federation", 10, _none),
    "cluster": Column("Cluster", 10, _none),
    "id": Column("ID", 6, _none),
    "features": Column("Features", 20, _none),
    "fedstate": Column("FedState", 12, _none),
}
RESOURCE_COLUMNS: dict[str, Column[object]] = {
    "name": Column("Name", 10, _none),
    "server": Column("Server", 10, _none),
    "type": Column("Type", 8, _none),
    "count": Column("Count", 6, _none),
    "allocated": Column("% Allocated", 11, _none),
    "servertype": Column("ServerType", 10, _none),
}


class Problem(NamedTuple):
    """One thing slurmdbd finds amiss in the accounts (``sacctmgr show problem``)."""

    cluster: str
    account: str
    user: str
    problem: str


PROBLEM_COLUMNS: dict[str, Column[Problem]] = {
    "cluster": Column("Cluster", 10, lambda _, p: p.cluster),
    "account": Column("Account", 10, lambda _, p: p.account),
    "user": Column("User", 10, lambda _, p: p.user),
    "problem": Column("Problem", 40, lambda _, p: p.problem),
}

_TABLES: dict[str, tuple[Mapping[str, Column[object]], list[str]]] = {
    "problem": (PROBLEM_COLUMNS, list(PROBLEM_COLUMNS)),  # type: ignore[dict-item]
    "wckey": (WCKEY_COLUMNS, list(WCKEY_COLUMNS)),
    "federation": (  # its default list narrows the ID column
        FEDERATION_COLUMNS,
        ["federation", "cluster", "id%2", "features", "fedstate"],
    ),
    "resource": (RESOURCE_COLUMNS, list(RESOURCE_COLUMNS)),
    "qos": (QOS_COLUMNS, QOS_DEFAULT),  # type: ignore[dict-item]  # per entity
    "association": (ASSOC_COLUMNS, ASSOC_DEFAULT),  # type: ignore[dict-item]
    "account": (ACCOUNT_COLUMNS, ACCOUNT_DEFAULT),  # type: ignore[dict-item]
    "user": (USER_COLUMNS, USER_DEFAULT),  # type: ignore[dict-item]
    "tres": (TRES_COLUMNS, ["type", "name%15", "id"]),  # type: ignore[dict-item]
    "cluster": (CLUSTER_COLUMNS, CLUSTER_DEFAULT),  # type: ignore[dict-item]
    "userassoc": (USER_ASSOC_COLUMNS, USER_ASSOC_DEFAULT),  # type: ignore[dict-item]
    "accountassoc": (ACCOUNT_ASSOC_COLUMNS, ACCOUNT_ASSOC_DEFAULT),  # type: ignore[dict-item]
}


def _default(item: str) -> tuple[str, int | None]:
    # The default lists give a few columns their own width: Slurm's is "Flags%40".
    name, _, width = item.partition("%")
    return name, int(width) if width else None


class UnknownField(Exception):
    """A ``format=`` name that matches no column (sacctmgr: ``Unknown field 'x'``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def pick(name: str, by_header: Mapping[str, Column[T]]) -> Column[T]:
    """The column a ``format=`` name picks (``sacctmgr_fields``): the entity's own with that
    header, else an empty one; raises ``UnknownField`` for a name sacctmgr does not know."""
    word = name.strip()
    header = keyword(word, FIELDS)
    if header is None:
        raise UnknownField(word)
    found = by_header.get(header)
    return found if found is not None else Column(header, WIDTHS[header], _none)


def _by_header(entity: str) -> dict[str, Column[object]]:
    """The entity's columns by the header ``format=`` names them by."""
    columns = _TABLES[entity][0]
    found = {c.header: c for c in columns.values()}
    if entity == "wckey":
        found["Name"] = columns["wckey"]  # listed as "WCKey"
    return found


def show(
    entity: str,
    state: ClusterState,
    rows: Iterable[object],
    fields: Sequence[tuple[str, int | None]] | None,
    layout: Layout,
) -> Rendered:
    """The table ``sacctmgr show <entity>`` prints for ``rows`` (already selected and sorted).

    ``fields`` are the ``format=`` items as (name, width or None); None means the default
    columns. An unknown name prints ``Unknown field`` and exits 1.
    """
    columns, default = _TABLES[entity]
    chosen: list[tuple[Column[object], int | None]]
    if fields is None:
        if layout.with_coords and "coordinators" in columns:
            # A user's coordinated accounts come after its own columns, an account's last.
            after = default.index("adminlevel") + 1 if "adminlevel" in default else len(default)
            default = [*default[:after], "coordinators", *default[after:]]
        chosen = [(columns[key], width) for key, width in map(_default, default)]
    else:
        by_header = _by_header(entity)
        try:
            chosen = [(pick(name, by_header), width) for name, width in fields]
        except UnknownField as e:
            return Rendered(stderr=f"Unknown field '{e.name}'\n", exit_code=1)
    if layout.tree and entity == "association":
        rows = list(rows)
        shown = {r.account for r in rows if isinstance(r, Association) and r.user is None}
        chosen = [
            _as_tree(state, shown, c, w) if c.header == "Account" else (c, w) for c, w in chosen
        ]
    return table(state, rows, chosen, layout)


def table(
    state: ClusterState,
    rows: Iterable[T],
    chosen: Sequence[tuple[Column[T], int | None]],
    layout: Layout,
) -> Rendered:
    """``rows`` in the ``chosen`` columns, each with its ``format=`` width or its own."""
    specs = [(c, c.width if w is None else w) for c, w in chosen]
    lines = []
    if not layout.noheader:
        lines.append(_line([c.header for c, _ in specs], specs, layout, header=True))
        if not (layout.parsable or layout.parsable2):
            lines.append("".join("-" * abs(w) + " " for _, w in specs))
    for row in rows:
        lines.append(_line([c.value(state, row) for c, _ in specs], specs, layout, header=False))
    return Rendered(stdout="".join(f"{line}\n" for line in lines))


def _as_tree(
    state: ClusterState, shown: set[str], column: Column[object], width: int | None
) -> tuple[Column[object], int | None]:
    """``tree``: the account indented by its depth among the accounts ``shown`` (a user one
    level below its account, when that is shown), left in 20 columns unless ``format=``
    gave a width."""
    parents = {a.account: a.parent_account for a in state.associations if a.user is None}

    def depth(row: object) -> int:
        assert isinstance(row, Association)
        if row.user is not None and row.account not in shown:
            return 0
        level, name, seen = (1 if row.user is not None else 0), row.account, set()
        while (parent := parents.get(name)) is not None and name not in seen:
            seen.add(name)
            level, name = level + (parent in shown), parent
        return level

    indented = column._replace(
        value=lambda st, row: " " * depth(row) + (column.value(st, row) or "")
    )
    return indented, -20 if width is None else width


def _line(
    values: Sequence[str | None],
    specs: Sequence[tuple[Column[T], int]],
    layout: Layout,
    *,
    header: bool,
) -> str:
    cells = [(v, w) for v, (_, w) in zip(values, specs, strict=True) if v is not None]
    if layout.parsable2:
        return "|".join(v for v, _ in cells)
    if layout.parsable:
        return "".join(f"{v}|" for v, _ in cells)
    return "".join(_cell(v, w, header=header) + " " for v, w in cells)


def _cell(value: str, width: int, *, header: bool) -> str:
    size = abs(width)
    if size and len(value) > size:
        # A header is cut; a value keeps one character less and ends in "+".
        value = value[:size] if header else value[: size - 1] + "+"
    return value.ljust(size) if width < 0 else value.rjust(size)
