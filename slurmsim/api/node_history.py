"""``sacctmgr show event``: when the cluster's nodes were down, drained or failed.

The records are played back from the event log (``model/node_events.py``); the
conditions are read as sacctmgr reads them, each key from a few letters on, and
filter as slurmdbd filters them: a window keeps the records that overlap it.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from slurmsim.api.session import session
from slurmsim.format import sacctmgr_events as fmt
from slurmsim.format.rendered import Rendered
from slurmsim.format.sacctmgr import Layout
from slurmsim.model.accounts import uid_of
from slurmsim.model.cluster import ClusterState, controller_started
from slurmsim.model.hostlist import compress
from slurmsim.model.keywords import abbreviates
from slurmsim.model.node_events import (
    DOWN,
    DRAIN,
    FAIL,
    IDLE,
    NODE_DOWN,
    NODE_UP,
    NodeEvent,
    replay,
)
from slurmsim.model.nodes import Node
from slurmsim.model.tres import tracked_tres

_DAY = 86400

#: ``States=`` words: (name, letters it needs, state bits); the base states after the flags.
_STATES = (
    ("DRAIN", 3, DRAIN), ("FAIL", 3, FAIL), ("REBOOT^", 7, 0x20000), ("REBOOT", 3, 0x10000),
    ("UNKNOWN", 3, 0), ("DOWN", 3, DOWN), ("IDLE", 3, IDLE), ("ALLOCATED", 3, 3),
    ("ERROR", 3, 4), ("MIXED", 3, 5), ("FUTURE", 3, 6),
)  # fmt: skip
_STATES_HINT = "DRAIN FAIL UNKNOWN DOWN IDLE ALLOCATED ? MIXED FUTURE "


@dataclass
class _Conditions:
    """What ``show event`` was asked, as slurmdbd's event condition holds it."""

    kind: str = ""  # "", "cluster", "node" or "all"
    clusters: list[str] = field(default_factory=list)
    all_clusters: bool = False
    all_time: bool = False
    open_only: bool = False
    start: int = 0
    end: int = 0
    nodes: list[str] | None = None
    reasons: list[str] = field(default_factory=list)
    uids: list[int] = field(default_factory=list)
    states: list[int] = field(default_factory=list)
    cpus_min: int = 0
    cpus_max: int = 0
    fields: list[tuple[str, int | None]] | None = None


class _Refused(Exception):
    def __init__(self, stderr: str) -> None:
        super().__init__(stderr)
        self.stderr = stderr


def show_events(words: Sequence[str], layout: Layout) -> Rendered:
    """``sacctmgr show event [where] [key=value...] [format=...]``."""
    with session(write=False) as s:
        state = s.state
        cond = _Conditions()
        said: list[str] = []
        try:
            for word in words:
                _condition(state, cond, word, said)
        except _Refused as e:
            return Rendered(stderr="".join(said) + e.stderr, exit_code=1)
        _default_window(cond, int(state.now), bool(words))
        log = s.tx.events(kinds=(NODE_DOWN, NODE_UP))
        ids = _tres_ids(state)
        rows = [_cluster_row(state, ids), *(_node_row(state, ids, r) for r in replay(log))]
        kept = [row for row in rows if _kept(state, cond, row)]
        default = fmt.CLUSTER_DEFAULT if cond.kind == "cluster" else fmt.NODE_DEFAULT
        shown = fmt.show(state, kept, cond.fields, default, layout)
    return Rendered(shown.stdout, "".join(said) + shown.stderr, shown.exit_code)


def _condition(state: ClusterState, cond: _Conditions, word: str, said: list[str]) -> None:
    key, eq, value = word.partition("=")
    if not eq:
        if abbreviates(key, "all_clusters", 5):
            cond.all_clusters = True
        elif abbreviates(key, "all_time", 5):
            cond.all_time = True
        elif not abbreviates(key, "where", 5) and not abbreviates(key, "set", 3):
            _event_kinds(cond, key)  # a bare word names the kinds of event
        return
    if abbreviates(key, "events", 1):
        _event_kinds(cond, value)
    elif abbreviates(key, "clusters", 2):
        cond.clusters.extend(v for v in value.split(",") if v)
    elif abbreviates(key, "condflags", 2):
        for flag in value.split(","):
            if flag.upper() != "OPEN":
                raise _Refused(f"sacctmgr: error: Unknown condition flag {flag}\n")
            cond.open_only = True
    elif abbreviates(key, "end", 1):
        cond.end = _time(state, value, said)
    elif abbreviates(key, "format", 1):
        from slurmsim.parse.sacctmgr import parse_fields

        cond.fields = [*(cond.fields or []), *((f.name, f.width) for f in parse_fields(value))]
    elif abbreviates(key, "mincpus", 2) or abbreviates(key, "maxcpus", 2):
        minimum = abbreviates(key, "mincpus", 2)
        if not value.isdigit():
            said.append(
                f"sacctmgr: error: Invalid value for {'Min' if minimum else 'Max'}Cpus ({value})\n"
            )
        elif minimum:
            cond.cpus_min = int(value)
        else:
            cond.cpus_max = int(value)
    elif abbreviates(key, "nodes", 1):
        from slurmsim.parse.errors import ParseError
        from slurmsim.parse.hostlist import expand

        try:
            cond.nodes = expand(value)
        except ParseError:  # slurmdbd cannot make hosts of it
            raise _Refused(
                "sacctmgr: error: Invalid argument\n Error with request: Invalid argument\n"
            ) from None
    elif abbreviates(key, "reason", 1):
        cond.reasons.extend(v for v in value.split(",") if v)
    elif abbreviates(key, "start", 4):
        cond.start = _time(state, value, said)
    elif abbreviates(key, "states", 4):
        cond.states.extend(_state(name) for name in value.split(",") if name)
        cond.kind = "node"
    elif abbreviates(key, "user", 1):
        for name in (v for v in value.split(",") if v):
            uid = int(name) if name.isdigit() else uid_of(state.users, name)
            if uid is None:
                raise _Refused(f"sacctmgr: error: Invalid user id: {name}\n")
            cond.uids.append(uid)
        cond.kind = "node"
    else:
        raise _Refused(f" Unknown condition: {word}\n")


def _event_kinds(cond: _Conditions, value: str) -> None:
    for name in (v for v in value.split(",") if v):
        if "node".startswith(name.lower()):
            kind = "node"
        elif "cluster".startswith(name.lower()):
            kind = "cluster"
        else:
            raise _Refused(f" Unknown event type: '{name}'  Valid events are Cluster and Node.\n")
        cond.kind = kind if not cond.kind else "all"


def _state(name: str) -> int:
    for full, least, bits in _STATES:
        if abbreviates(name, full, least):
            return bits
    raise _Refused(
        f"Invalid state: {name}\nValid node states are: {_STATES_HINT}\n"
        "sacctmgr: fatal: unrecognized job state value\n"
    )


def _time(state: ClusterState, text: str, said: list[str]) -> int:
    """A point in time as sacctmgr reads it (a past one); 0, after Slurm's complaint,
    when the text names none."""
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    try:
        return parse_begin(text, int(state.now), option="time", past=True)
    except ParseError as e:
        if e.context is not None:
            said.append(f"{e.context}\n")
        return 0


def _default_window(cond: _Conditions, now: int, asked: bool) -> None:
    """Without ``Start=`` (or ``all_time``) the window opens at 00:00 the day before; with
    ``States=`` and no start, it is the present instant (records open now)."""
    if cond.all_time and asked:
        cond.start = cond.end = 0  # all_time: no window at all
        return
    if cond.start:
        cond.end = cond.end or now
        return
    cond.start = now if cond.states else (now // _DAY - 1) * _DAY
    cond.end = cond.end or now


def _kept(state: ClusterState, cond: _Conditions, row: fmt.EventRow) -> bool:
    r = row.record
    if cond.clusters and not cond.all_clusters and state.config.cluster_name not in cond.clusters:
        return False
    if (cond.kind == "cluster" and not row.is_cluster) or (cond.kind == "node" and row.is_cluster):
        return False
    if cond.cpus_min and not _cpus_match(row, cond.cpus_min, cond.cpus_max):
        return False
    if cond.nodes is not None and r.node not in cond.nodes:
        return False
    if cond.start:
        if cond.open_only:
            if r.start < cond.start or r.end is not None:
                return False
        elif not (r.start < cond.end and (r.end is None or r.end >= cond.start)):
            return False
    elif cond.open_only and r.end is not None:
        return False
    if cond.reasons and not any(x.lower() in r.reason.lower() for x in cond.reasons):
        return False
    if cond.uids and row.uid not in cond.uids:
        return False
    return not cond.states or any(_in_state(r.state, bits) for bits in cond.states)


def _in_state(raw: int, bits: int) -> bool:
    base = bits & 0xF
    return raw & 0xF == base if base else bool(raw & bits)


def _cpus_match(row: fmt.EventRow, least: int, most: int) -> bool:
    """slurmdbd's CPU filter reads the count after the last ``1=`` of the stored TRES
    (``1=112,...,1001=8`` reads 8: a node's GPUs where it has them), as it does."""
    stored = ",".join(f"{i}={n}" for i, n in sorted(row.ids.items()))
    tail = stored.rsplit("1=", 1)[-1] if "1=" in stored else ""
    digits = tail[: len(tail) - len(tail.lstrip("0123456789"))]
    cpus = int(digits) if digits else 0
    return least <= cpus <= most if most else cpus == least


def _tres_ids(state: ClusterState) -> dict[str, int]:
    return {t.key: t.id for t in tracked_tres(state.config.setting("AccountingStorageTRES"))}


def _row(
    ids: dict[str, int],
    nodes: list[Node],
    record: NodeEvent,
    *,
    cluster_nodes: str = "",
    uid: int | None = None,
) -> fmt.EventRow:
    """A record with the TRES of ``nodes`` as slurm.conf gives them (by name, and by id as
    stored): GPUs an update took away still count, as in the node's CfgTRES."""
    cpus = sum(n.config.cpus for n in nodes)
    tres = {"billing": cpus, "cpu": cpus, "mem": sum(n.config.real_memory for n in nodes)}
    for key in ids:
        count = sum(n.configured_count(key[5:]) for n in nodes) if key.startswith("gres/") else 0
        if count:
            tres[key] = count
    by_id = {ids[name]: count for name, count in tres.items() if name in ids}
    return fmt.EventRow(record, tres, by_id, cluster_nodes, uid)


def _cluster_row(state: ClusterState, ids: dict[str, int]) -> fmt.EventRow:
    """The cluster's record: its TRES, registered when the controller started."""
    record = NodeEvent("", 0, controller_started(state), None, fmt.REGISTERED, "")
    nodes = list(state.nodes.values())
    row = _row(ids, nodes, record, cluster_nodes=compress(list(state.nodes)))
    row.tres.update({"node": len(nodes), "energy": 0, "fs/disk": 0, "pages": 0, "vmem": 0})
    row.ids.update({ids[k]: row.tres[k] for k in ("node", "energy", "fs/disk", "pages", "vmem")})
    return row


def _node_row(state: ClusterState, ids: dict[str, int], record: NodeEvent) -> fmt.EventRow:
    node = state.nodes.get(record.node)
    uid = uid_of(state.users, record.user)
    nodes = [node] if node is not None else []
    if not record.user:  # recorded in nobody's name (a node set FUTURE with no reason)
        return _row(ids, nodes, record)
    return _row(ids, nodes, record, uid=0 if uid is None else uid)
