"""``sinfo``: partitions and nodes, one line per group of alike nodes.

Nodes of a partition share a line when every displayed per-node value (state,
GRES, reason, ...) is equal; counts, node lists and CPU/memory sizes are then
summed or summarised over the line's nodes (free memory and load as a range), and
under ``-e`` the sizes must be equal too. Partitions whose displayed attributes are
all equal pool their nodes, each node once (with no partition column, all of them).
Lines are ordered by partition (slurm.conf order) and then by Slurm's numeric node
state, highest first; ``-N`` orders by node name.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from slurmsim.format.columns import (
    NUL,
    Column,
    literal,
    or_null,
    parse_long,
    parse_percent,
    printed,
)
from slurmsim.format.hostlist import compress
from slurmsim.format.nodestate import (
    NodeStatus,
    completing_nodes,
    gres_used,
    node_status,
    planned_nodes,
)
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import date_line, format_instant, format_limit
from slurmsim.format.version import SLURM_VERSION
from slurmsim.model.alloc import NodeUsage, node_usage
from slurmsim.model.cluster import ClusterState
from slurmsim.model.nodes import Node
from slurmsim.model.partitions import Partition, PartitionState
from slurmsim.model.reservations import node_flags
from slurmsim.model.time import Instant


@dataclass(frozen=True, slots=True)
class SinfoOptions:
    """sinfo's command-line options, already split into lists."""

    node_oriented: bool = False  # -N
    long: bool = False  # -l
    summarize: bool = False  # -s
    reasons: bool = False  # -R
    format: str | None = None  # -o
    format_long: str | None = None  # -O
    partitions: tuple[str, ...] = ()  # -p
    states: tuple[str, ...] = ()  # -t
    noheader: bool = False  # -h
    nodes: tuple[str, ...] = ()  # -n, expanded host names
    dead: bool = False  # -d: only the nodes that do not respond
    exact: bool = False  # -e: nodes share a line only if their sizes are equal too
    sort: str | None = None  # -S
    #: -a, or an operator asks: Hidden=YES partitions too (-p shows those it names).
    show_hidden: bool = False


# Private types are NamedTuples: cheaper to create at import than frozen dataclasses.
class _NodeView(NamedTuple):
    node: Node
    usage: NodeUsage
    status: NodeStatus
    partitions: tuple[str, ...]  # every partition holding the node, config order


class _Group(NamedTuple):
    """The nodes one output line stands for."""

    partition: Partition | None
    nodes: tuple[_NodeView, ...]
    state: ClusterState

    @property
    def first(self) -> _NodeView:
        return self.nodes[0]


_Value = Callable[[_Group], str | None]
_PerNode = Callable[[_NodeView], str]


def _min_plus(values: list[int]) -> str:
    """One number, or the smallest with ``+`` when the line's nodes differ; each cut to
    seven digits, as sinfo prints them into eight bytes (``Weight=UNLIMITED``: 4294967)."""
    low = min(values)
    return str(low)[:7] if low == max(values) else f"{str(low)[:7]}+"


def _counts(group: _Group) -> tuple[int, int, int]:
    """(allocated, idle, other) node counts: a node with jobs counts as allocated, a
    draining one too (the oracle); one drained without jobs, or down, as other."""
    alloc = idle = other = 0
    for view in group.nodes:
        if view.status.has_jobs and view.status.base != "DOWN":
            alloc += 1
        elif view.status.base == "DOWN" or "DRAIN" in view.status.flags:
            other += 1
        else:
            idle += 1
    return alloc, idle, other


def _free_mem(view: _NodeView) -> int:
    return view.node.config.real_memory - view.usage.mem


def _span(values: list[int]) -> str:
    """One number, or the smallest and largest (``22998-23302``) when the nodes differ."""
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}-{high}"


def _cpu_counts(group: _Group) -> str:
    alloc = idle = other = total = 0
    for view in group.nodes:
        cpus, used = view.node.config.cpus, view.usage.cpus
        total += cpus
        alloc += used
        if view.status.base == "DOWN" or "DRAIN" in view.status.flags:
            other += cpus - used
        else:
            idle += cpus - used
    return f"{alloc}/{idle}/{other}/{total}"


def _gres(view: _NodeView) -> str:
    return view.node.gres_text


def _gres_used(view: _NodeView) -> str:
    return gres_used(view.node, view.usage)


def _partition_name(group: _Group) -> str | None:
    part = group.partition
    if part is None:
        return None
    return part.name + ("*" if part.default else "")


def _part(attr: Callable[[Partition], str]) -> _Value:
    return lambda g: attr(g.partition) if g.partition else None


def _avail(part: Partition) -> str:
    return {PartitionState.INACTIVE: "inact"}.get(part.state, part.state.value.lower())


def _job_size(part: Partition) -> str:
    low = max(part.min_nodes, 1)
    if part.max_nodes is None:
        return f"{low}-infinite"
    return str(low) if low == part.max_nodes else f"{low}-{part.max_nodes}"


def _user_long(state: ClusterState, view: _NodeView) -> str:
    name = view.node.reason_user
    if name is None:
        return "Unknown"
    user = state.users.get(name)
    return f"{name}({user.uid})" if user else name


#: Per-node values: nodes share a line only when these are equal.
_PER_NODE: dict[str, tuple[str, _PerNode]] = {
    "b": ("ACTIVE_FEATURES", lambda v: or_null(v.node.active_features_text)),
    "E": ("REASON", lambda v: v.node.reason or "none"),
    "f": ("AVAIL_FEATURES", lambda v: ",".join(v.node.config.features) or "(null)"),
    "G": ("GRES", _gres),
    "H": ("TIMESTAMP", lambda v: format_instant(v.node.reason_time)),
    "t": ("STATE", lambda v: v.status.compact),
    "T": ("STATE", lambda v: v.status.long),
    "u": ("USER", lambda v: v.node.reason_user or "Unknown"),
    "v": ("VERSION", lambda v: SLURM_VERSION),
    "X": ("SOCKETS", lambda v: str(v.node.config.sockets)),
    "Y": ("CORES", lambda v: str(v.node.config.cores_per_socket)),
    "Z": ("THREADS", lambda v: str(v.node.config.threads_per_core)),
    "z": (
        "S:C:T",
        lambda v: (
            f"{v.node.config.sockets}:{v.node.config.cores_per_socket}"
            f":{v.node.config.threads_per_core}"
        ),
    ),
    "gresused": ("GRES_USED", _gres_used),
    "statecomplete": ("STATECOMPLETE", lambda v: v.status.complete),
    "allocmem": ("ALLOCMEM", lambda v: str(v.usage.mem)),
    "comment": ("COMMENT", lambda v: or_null(v.node.comment)),
    "extra": ("EXTRA", lambda v: or_null(v.node.extra_text)),
}

_SLURMD_PORT = 6818  # a node's Port when slurm.conf gives none

#: Values of the whole line: partition attributes and sums over its nodes.
_PER_LINE: dict[str, tuple[str, _Value]] = {
    "a": ("AVAIL", _part(_avail)),
    "A": ("NODES(A/I)", lambda g: "{}/{}".format(*_counts(g)[:2])),
    "B": ("MAX_CPUS_PER_NODE", _part(lambda p: "UNLIMITED")),
    "c": ("CPUS", lambda g: _min_plus([v.node.config.cpus for v in g.nodes])),
    "C": ("CPUS(A/I/O/T)", _cpu_counts),
    "d": ("TMP_DISK", lambda g: _min_plus([v.node.config.tmp_disk for v in g.nodes])),
    "D": ("NODES", lambda g: str(len(g.nodes))),
    "e": ("FREE_MEM", lambda g: _span([_free_mem(v) for v in g.nodes])),
    "F": ("NODES(A/I/O/T)", lambda g: "{}/{}/{}/{}".format(*_counts(g), len(g.nodes))),
    "g": ("GROUPS", _part(lambda p: ",".join(p.allow_groups) or "all")),
    "h": ("OVERSUBSCRIBE", _part(lambda p: p.oversubscribe)),
    "I": ("PRIO_JOB_FACTOR", _part(lambda p: str(p.priority_job_factor))),
    "l": ("TIMELIMIT", _part(lambda p: format_limit(p.max_time, unlimited="infinite"))),
    "L": ("DEFAULTTIME", _part(lambda p: format_limit(p.default_time, unlimited="n/a"))),
    "m": ("MEMORY", lambda g: _min_plus([v.node.config.real_memory for v in g.nodes])),
    "M": (
        "PREEMPT_MODE",
        lambda g: (g.partition and g.partition.preempt_mode) or g.state.config.preempt_mode,
    ),
    "n": (
        "HOSTNAMES",
        lambda g: compress(v.node.hostname for v in g.nodes),
    ),
    "N": ("NODELIST", lambda g: compress(v.node.name for v in g.nodes)),
    "O": ("CPU_LOAD", lambda g: "0.00"),  # nothing runs: no load
    "o": ("NODE_ADDR", lambda g: compress(v.node.address for v in g.nodes)),
    "p": ("PRIO_TIER", _part(lambda p: str(p.priority_tier))),
    "P": ("PARTITION", _partition_name),
    "r": ("ROOT", _part(lambda p: "no")),
    "R": ("PARTITION", _part(lambda p: p.name)),
    "s": ("JOB_SIZE", _part(_job_size)),
    "S": ("ALLOCNODES", _part(lambda p: "all")),
    "U": ("USER", lambda g: _user_long(g.state, g.first)),
    "V": ("CLUSTER", lambda g: "N/A"),  # named only when sinfo asks several clusters (-M)
    "w": ("WEIGHT", lambda g: _min_plus([v.node.config.weight for v in g.nodes])),
    # -O only. A line's port is its first node's (nodes with other ports share the line).
    "port": ("PORT", lambda g: str(g.first.node.config.port or _SLURMD_PORT)),
}

#: What a partition none of whose nodes is shown prints where its nodes' values would be
#: (``sinfo -t alloc`` on an idle cluster: ``gpu* up 7-00:00:00 0 n/a``); the partition's
#: own values and the counts print as on any line.
_NO_NODES: dict[str, str] = {
    "b": "(null)", "c": "0", "d": "0", "e": "0", "E": "none", "f": "(null)", "G": "(null)",
    "H": "Unknown", "m": "0", "O": "0.00", "t": "n/a", "T": "n/a", "u": "root",
    "U": "root(0)", "v": "N/A", "V": "N/A", "w": "0", "X": "0", "Y": "0", "Z": "0",
    "z": "0:0:0", "gresused": "(null)", "statecomplete": "n/a", "allocmem": "0", "port": "0",
    "comment": "(null)", "extra": "(null)",
}  # fmt: skip

#: Sizes summarised over a line's nodes (``250+``, ``22998-23302``), which under ``-e``
#: (``--exact``) nodes must share to share a line, as their per-node values.
_EXACT: dict[str, _PerNode] = {
    "c": lambda v: str(v.node.config.cpus),
    "d": lambda v: str(v.node.config.tmp_disk),
    "e": lambda v: str(_free_mem(v)),
    "m": lambda v: str(v.node.config.real_memory),
    "O": lambda v: "0.00",
    "w": lambda v: str(v.node.config.weight),
}

#: Partition attributes: the partitions whose shown ones are all equal share lines.
_PARTITION_KEYS = frozenset("aBghIlLMpPrRsS")
#: The node list, host name and address columns' headers are never cut to a width (their
#: values are: sinfo's print.c, and the oracle's ``%.5N``: ``NODELIST`` over ``dgx[1``).
_HEADER_UNCUT = frozenset("Nno")

_LONG_NAMES = {
    "allocmem": "allocmem",
    "allocnodes": "S",
    "available": "a",
    "cluster": "V",
    "comment": "comment",
    "cores": "Y",
    "cpus": "c",
    "cpusload": "O",
    "cpusstate": "C",
    "defaulttime": "L",
    "disk": "d",
    "extra": "extra",
    "features": "f",
    "features_act": "b",
    "freemem": "e",
    "gres": "G",
    "gresused": "gresused",
    "groups": "g",
    "maxcpuspernode": "B",
    "memory": "m",
    "nodeai": "A",
    "nodeaiot": "F",
    "nodeaddr": "o",
    "nodehost": "n",
    "nodelist": "N",
    "nodes": "D",
    "oversubscribe": "h",
    "partition": "P",
    "partitionname": "R",
    "port": "port",
    "preemptmode": "M",
    "priorityjobfactor": "I",
    "prioritytier": "p",
    "reason": "E",
    "root": "r",
    "share": "h",
    "size": "s",
    "socketcorethread": "z",
    "sockets": "X",
    "statecompact": "t",
    "statecomplete": "statecomplete",
    "statelong": "T",
    "threads": "Z",
    "time": "l",
    "timestamp": "H",
    "user": "u",
    "userlong": "U",
    "version": "v",
    "weight": "w",
}


class _Field(NamedTuple):
    key: str
    header: str
    column: Column

    def value(self, group: _Group) -> str | None:
        if not group.nodes and self.key in _NO_NODES:
            return _NO_NODES[self.key]
        if self.key in _PER_NODE:
            return _PER_NODE[self.key][1](group.first)
        return _PER_LINE[self.key][1](group) if self.key else ""

    def render(self, group: _Group) -> str:
        value = self.value(group)
        part, width = group.partition, self.column.width
        if self.key == "P" and part is not None and part.default and 0 < width <= len(part.name):
            value = part.name[: width - 1] + "*"  # the mark takes the last place (%.3P: gp*)
        return printed([value], self.column)[0]


def _field(key: str, column: Column) -> _Field | None:
    entry = _PER_NODE.get(key) or _PER_LINE.get(key)
    return _Field(key, entry[0], column) if entry else None


def _cols(spec: list[tuple[str, int, bool]]) -> list[Column]:
    """Built-in formats: (letter, width, right), each followed by one space but the last."""
    return [
        Column(key, width, right, "" if i == len(spec) - 1 else " ")
        for i, (key, width, right) in enumerate(spec)
    ]


def _default_columns(state: ClusterState, opts: SinfoOptions) -> list[Column]:
    parts = list(state.partitions.values())
    pwidth = max([9] + [len(p.name) + (1 if p.default else 0) for p in parts])
    nwidth = max([9] + [len(n) for n in state.nodes])
    if opts.reasons:
        if opts.long:
            return _cols(
                [
                    ("E", 20, False),
                    ("U", 12, False),
                    ("H", 19, False),
                    ("t", 6, False),
                    ("N", 0, False),
                ]
            )
        return _cols([("E", 20, False), ("u", 9, False), ("H", 19, False), ("N", 0, False)])
    if opts.node_oriented and opts.long:
        return _cols(
            [
                ("N", nwidth, False),
                ("D", 6, True),
                ("P", pwidth, True),
                ("T", 11, True),
                ("c", 4, False),
                ("z", 8, True),
                ("m", 6, True),
                ("d", 8, True),
                ("w", 6, True),
                ("f", 8, True),
                ("E", 20, False),
            ]
        )
    if opts.node_oriented:
        return _cols([("N", nwidth, False), ("D", 6, True), ("P", pwidth, True), ("t", 6, False)])
    if opts.summarize:
        return _cols(
            [
                ("P", pwidth, False),
                ("a", 5, True),
                ("l", 10, True),
                ("F", 16, True),
                ("N", 0, False),
            ]
        )
    if opts.long:
        return _cols(
            [
                ("P", pwidth, False),
                ("a", 5, True),
                ("l", 10, True),
                ("s", 10, True),
                ("r", 4, True),
                ("h", 8, True),
                ("g", 10, True),
                ("D", 6, True),
                ("T", 11, True),
                ("N", 0, False),
            ]
        )
    return _cols(
        [
            ("P", pwidth, False),
            ("a", 5, True),
            ("l", 10, True),
            ("D", 6, True),
            ("t", 6, True),
            ("N", 0, False),
        ]
    )


#: ``-o %all`` (the whole format, any case) and ``-O all``: every field, lower-case
#: letters first, as sinfo spells it out.
_ALL_FORMAT = (
    "%a|%b|%c|%d|%e|%f|%g|%h|%l|%m|%n|%o|%p|%r|%s|%t|%u|%v|%w|%z|"
    "%A |%B |%C |%D |%E |%F |%G |%H |%I |%L |%M |%N |%O |%P |%R |%S |%T |%U |%V |%X |%Y |%Z "
)


def _long_columns(fmt: str) -> list[Column]:
    """``-O``'s columns, each name as its letter; ``all`` stands for ``_ALL_FORMAT``'s."""
    columns = []
    for c in parse_long(fmt):
        name = c.key.lower()
        if name == "all":
            columns += parse_percent(_ALL_FORMAT)[1]
        else:
            columns.append(Column(_LONG_NAMES.get(name, c.key), c.width, c.right, c.suffix))
    return columns


def _fields(state: ClusterState, opts: SinfoOptions) -> tuple[str, list[_Field], list[str]]:
    prefix, errors = "", []
    if opts.format_long is not None:
        columns = _long_columns(opts.format_long)
    elif opts.format is not None:
        fmt = _ALL_FORMAT if opts.format.lower() == "%all" else opts.format
        prefix, columns = parse_percent(fmt)
    else:
        columns = _default_columns(state, opts)
    fields = []
    for column in columns:
        made = _field(column.key, column)
        if made is not None:
            fields.append(made)
        elif opts.format_long is not None:  # sinfo's -O check names jobs, not nodes
            errors.append(f"sinfo: error: Invalid job format specification: {column.key}")
        else:  # -o: the column stays as written, and its complaint has no prefix
            errors.append(f"Invalid node format specification: {column.key or NUL}")
            fields.append(_Field("", "", literal(column)))
    return prefix, fields, errors


_STATE_FILTERS: dict[str, Callable[[NodeStatus], bool]] = {
    # Jobs hold CPUs there, mixed or draining too (the oracle); MIXED only undrained.
    "ALLOC": lambda s: s.busy,
    "ALLOCATED": lambda s: s.busy,
    "COMP": lambda s: "COMPLETING" in s.flags,
    "COMPLETING": lambda s: "COMPLETING" in s.flags,
    "DOWN": lambda s: s.base == "DOWN",
    "DRAIN": lambda s: "DRAIN" in s.flags,
    "DRAINED": lambda s: "DRAIN" in s.flags and not s.has_jobs,
    "DRAINING": lambda s: "DRAIN" in s.flags and s.has_jobs,
    "IDLE": lambda s: s.base == "IDLE",
    "MIX": lambda s: s.base == "MIXED" and "DRAIN" not in s.flags,
    "MIXED": lambda s: s.base == "MIXED" and "DRAIN" not in s.flags,
    "NO_RESPOND": lambda s: "NOT_RESPONDING" in s.flags,
    "FAIL": lambda s: False,
    "MAINT": lambda s: "MAINTENANCE" in s.flags,
    "RESV": lambda s: "RESERVED" in s.flags,
    "RESERVED": lambda s: "RESERVED" in s.flags,
    "PLANNED": lambda s: "PLANNED" in s.flags,
    "PLND": lambda s: "PLANNED" in s.flags,
    "FUTURE": lambda s: s.base == "FUTURE",  # hidden: sinfo never lists FUTURE nodes
    # States slurmsim's nodes never take (no power saving, cloud nodes or reboots).
    **dict.fromkeys(
        ("UNKNOWN", "?", "PERFCTRS", "CLOUD", "POWERING_DOWN", "POWERED_DOWN", "POWER_DOWN",
         "POWERING_UP", "REBOOT", "REBOOT^"),
        lambda s: False,
    ),
}  # fmt: skip


def _state_filter(
    names: tuple[str, ...], opts: SinfoOptions
) -> Callable[[NodeStatus], bool] | str | None:
    """A predicate for ``-t`` (``,`` = or); -R alone means down, drain, fail."""
    if not names:
        names = ("DOWN", "DRAIN", "FAIL") if opts.reasons else ()
    if not names:
        return None
    tests = []
    for name in names:
        test = _STATE_FILTERS.get(name.upper())
        if test is None:
            return name
        tests.append(test)
    return lambda status: any(t(status) for t in tests)


#: The node states sinfo names when ``-t`` gets one it does not know, in its order.
_VALID_STATES = (
    "unknown,down,idle,allocated,?,mixed,future,drain,drained,draining,no_respond,reserved,"
    "perfctrs,cloud,completing,powering_down,powered_down,power_down,powering_up,fail,maint,"
    "reboot,reboot^,unknown"
)


def bad_state_message(name: str) -> str:
    """sinfo's complaint about a ``-t`` name that is not a node state (it then exits 1)."""
    return (
        f'sinfo: error: Bad state string: "{name}"\nsinfo: error: valid states: {_VALID_STATES}\n'
    )


def bad_state(names: tuple[str, ...]) -> str | None:
    """The first ``-t`` name that is not a node state, or None when all are."""
    return next((n for n in names if n.upper() not in _STATE_FILTERS), None)


def _part_value(get: Callable[[Partition], object], none: object) -> Callable[[_Group], object]:
    return lambda g: none if g.partition is None else get(g.partition)


def _node_value(get: Callable[[_NodeView], object], none: object) -> Callable[[_Group], object]:
    """A sort key read off a line's first node; ``none`` for a line without nodes (a
    partition that has none in the states asked for: ``sinfo -d -S N``)."""
    return lambda g: get(g.first) if g.nodes else none


#: ``-S`` keys by letter: what each line is ordered by. Slurm's others (features, groups,
#: free memory, load, ...) are read and sort nothing here: every line has the same.
_SORT_KEYS: dict[str, Callable[[_Group], object]] = {
    "P": _part_value(lambda p: p.name, ""),
    "R": _part_value(lambda p: p.name, ""),
    "t": _node_value(lambda n: n.status.value, ""),
    "T": _node_value(lambda n: n.status.value, ""),
    "D": lambda g: len(g.nodes),
    "c": _node_value(lambda n: n.node.config.cpus, 0),
    "m": _node_value(lambda n: n.node.config.real_memory, 0),
    "w": _node_value(lambda n: n.node.config.weight, 0),
    "l": _part_value(lambda p: p.max_time if p.max_time is not None else 2**32, 0),
    "p": _part_value(lambda p: p.priority_tier, 0),
    "S": _part_value(lambda p: p.priority_job_factor, 0),
    "N": _node_value(lambda n: _natural(n.node.name), None),  # None: no nodes (_c_sort)
    "E": _node_value(lambda n: n.node.reason or "", ""),
}


#: Keys on a host list sinfo fills only when a column shows it (``%o``, ``%n``); otherwise
#: the list is empty and its comparison says "after" whichever way round it is asked.
_FILLED_BY_COLUMN: dict[str, Callable[[_Group], object]] = {
    "o": _node_value(lambda n: _natural(n.node.address), None),
    "n": _node_value(lambda n: _natural(n.node.hostname), None),
}


def _sorted(groups: list[_Group], spec: str, order: list[str], shown: set[str]) -> list[_Group]:
    """``-S`` read as sinfo reads it: every character but ``,``, ``#``, ``+`` and ``-`` is a
    key (``-`` before it reverses it, ``#P`` is the partitions' slurm.conf order), applied
    from the last, each by the C library's sort; a character it does not know sorts nothing.

    A line without nodes (``N``), or a host list no column fills (``o`` and ``n`` without
    ``%o`` or ``%n``), compares as greater than anything, even itself, as Slurm's host
    list comparison does on an empty list: ``sinfo -S o`` turns the lines round."""
    for i in range(len(spec) - 1, -1, -1):
        letter = spec[i]
        if letter in ",#+-" or (letter not in _SORT_KEYS and letter not in _FILLED_BY_COLUMN):
            continue
        if letter in _FILLED_BY_COLUMN:
            key = _FILLED_BY_COLUMN[letter] if letter in shown else lambda g: None
        elif letter == "P" and i > 0 and spec[i - 1] == "#":
            key = _part_value(lambda p: order.index(p.name) if p.name in order else 0, -1)
        else:
            key = _SORT_KEYS[letter]
        sign = -1 if i > 0 and spec[i - 1] == "-" else 1
        groups = _c_sort(groups, key, sign, empty=letter in "Non")
    return groups


def _c_sort(
    items: list[_Group], key: Callable[[_Group], object], sign: int, *, empty: bool
) -> list[_Group]:
    """``items`` in the order glibc's ``qsort`` (a merge sort) leaves them with sinfo's
    comparison of ``key``, times ``sign``; with ``empty``, a None key (an empty host list)
    is greater than anything, itself included."""
    keys = {id(g): key(g) for g in items}

    def cmp(a: _Group, b: _Group) -> int:
        ka, kb = keys[id(a)], keys[id(b)]
        if empty and ka is None:
            return sign
        if empty and kb is None:
            return -sign
        return sign * int((ka > kb) - (ka < kb))  # type: ignore[operator]  # one key's values compare

    def merge_sort(part: list[_Group]) -> list[_Group]:
        if len(part) <= 1:
            return part
        half = len(part) // 2
        left, right = merge_sort(part[:half]), merge_sort(part[half:])
        out, i, j = [], 0, 0
        while i < len(left) and j < len(right):
            if cmp(left[i], right[j]) <= 0:
                out.append(left[i])
                i += 1
            else:
                out.append(right[j])
                j += 1
        return out + left[i:] + right[j:]

    return merge_sort(items)


def _natural(name: str) -> tuple[str, int, str]:
    head = name.rstrip("0123456789")
    digits = name[len(head) :]
    return (head, int(digits) if digits else -1, name)


def _pools(
    state: ClusterState,
    opts: SinfoOptions,
    fields: list[_Field],
    partitions: list[Partition],
    views: dict[str, _NodeView],
) -> list[tuple[Partition | None, list[_NodeView]]]:
    """The nodes whose lines are made together: with ``-N``, each partition's; else the
    partitions whose shown attributes are all equal pool their nodes (a node once) under
    the first of them, as sinfo matches a node to a line on those attributes alone (so
    with none shown, one pool)."""
    if opts.node_oriented:
        return [(p, [views[n] for n in p.nodes if n in views]) for p in partitions]
    keys = [f.key for f in fields if f.key in _PARTITION_KEYS]
    if not keys:
        pooled = {n for p in partitions for n in p.nodes}
        return [(None, [v for n, v in views.items() if n in pooled])]
    pools: dict[tuple[str | None, ...], tuple[Partition, dict[str, _NodeView]]] = {}
    for part in partitions:
        shown = _Group(part, (), state)
        attrs = tuple(_PER_LINE[k][1](shown) for k in keys)
        nodes = pools.setdefault(attrs, (part, {}))[1]
        for n in part.nodes:
            if n in views:
                nodes.setdefault(n, views[n])
    return [(part, list(nodes.values())) for part, nodes in pools.values()]


def render_sinfo(state: ClusterState, opts: SinfoOptions, now: Instant) -> Rendered:
    """Print partitions and node states as ``sinfo`` with ``opts`` would at ``now``."""
    prefix, fields, errors = _fields(state, opts)
    wanted_state = _state_filter(opts.states, opts)
    if isinstance(wanted_state, str):
        return Rendered(stderr=bad_state_message(wanted_state), exit_code=1)
    usage = node_usage(state.jobs.values())
    completing = completing_nodes(state.jobs.values())
    reserved = node_flags(state.reservations.values(), now)
    planned = planned_nodes(state)
    views: dict[str, _NodeView] = {}
    for name, node in state.nodes.items():
        if node.future:
            continue  # out of the cluster's view until resumed
        holders = tuple(p.name for p in state.partitions.values() if name in p.nodes)
        status = node_status(
            node,
            usage.get(name),
            name in completing,
            reserved.get(name, frozenset()),
            planned=name in planned,
        )
        views[name] = _NodeView(node, usage.get(name, NodeUsage()), status, holders)

    def shown(view: _NodeView) -> bool:
        if opts.nodes and view.node.name not in opts.nodes:
            return False
        if opts.dead and "NOT_RESPONDING" not in view.status.flags:
            return False
        return wanted_state is None or wanted_state(view.status)

    partitions = [
        p
        for p in state.partitions.values()
        if (p.name in opts.partitions)
        or (not opts.partitions and (opts.show_hidden or not p.hidden))
    ]
    pools = _pools(state, opts, fields, partitions, views)
    node_keys = [f.key for f in fields if f.key in _PER_NODE]
    exact_keys = [f.key for f in fields if f.key in _EXACT] if opts.exact else []
    names_partition = any(f.key in ("P", "R") for f in fields)
    groups: list[_Group] = []
    for part, pool in pools:
        members = [v for v in pool if shown(v)]
        if opts.node_oriented:
            groups.extend(_Group(part, (v,), state) for v in members)
            continue
        if not members:
            if part is not None and names_partition:
                groups.append(_Group(part, (), state))  # shown with no nodes
            continue
        buckets: dict[tuple[str, ...], list[_NodeView]] = {}
        for view in members:
            key = tuple(_PER_NODE[k][1](view) for k in node_keys)
            key += tuple(_EXACT[k](view) for k in exact_keys)
            buckets.setdefault(key, []).append(view)
        line_groups = [_Group(part, tuple(b), state) for b in buckets.values()]
        if opts.sort is None:  # the default "#P,-t"; -S sorts the lines as sinfo made them
            line_groups.sort(key=lambda g: g.first.status.value, reverse=True)
        groups.extend(line_groups)
    if opts.node_oriented:
        groups.sort(key=lambda g: _natural(g.first.node.name))
    if opts.sort is not None:
        groups = _sorted(groups, opts.sort, list(state.partitions), {f.key for f in fields})

    out: list[str] = []
    if not opts.noheader:
        if opts.long:
            out.append(date_line(now) + "\n")
        heads = (printed([f.header], f.column, cut=f.key not in _HEADER_UNCUT)[0] for f in fields)
        out.append(prefix + "".join(heads) + "\n")
    for group in groups:
        out.append(prefix + "".join(f.render(group) for f in fields) + "\n")
    return Rendered(stdout="".join(out), stderr="".join(e + "\n" for e in errors))
