"""``sacctmgr show reservation``: the accounting store's records of reservations.

The records are played back from the event log (``model/reservation_records.py``);
the conditions are read as sacctmgr reads them, each key from a few letters on (a
bare word is its own value: ``names`` alone names the reservation "names"), and
filter as slurmdbd filters them. With no condition at all the window opens at 00:00
the day before and closes now; with any, there is no window unless ``Start=`` or
``End=`` gives one.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from slurmsim.api.session import session
from slurmsim.format import sacctmgr_reservations as fmt
from slurmsim.format.rendered import Rendered
from slurmsim.format.sacctmgr import Layout
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job
from slurmsim.model.keywords import abbreviates
from slurmsim.model.reservation_records import KINDS, ReservationRecord, Usage, replay, unused_wall
from slurmsim.model.time import Instant

_DAY = 86400
#: What sacctmgr says when slurmdbd's SQL fails (MySQL's "unknown column").
_BAD_QUERY = "sacctmgr: error: Unknown error 1054\n Problem with query.\n"
#: What sacctmgr asks before it looks for reservations on nodes without a cluster named.
_ASK_CLUSTER = (
    "If requesting nodes you must also request the cluster.\n"
    "Would you like to use the local cluster of '{}'?"
)


@dataclass
class _Conditions:
    """What ``show reservation`` was asked, as slurmdbd's reservation condition holds it."""

    clusters: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    nodes: str | None = None
    start: int = 0
    end: int = 0
    fields: list[tuple[str, int | None]] | None = None
    said: list[str] = field(default_factory=list)  # complaints, in order
    failed: bool = False


def show_reservations(
    words: Sequence[str], layout: Layout, confirm: Callable[[str], bool]
) -> Rendered:
    """``sacctmgr show reservation [where] [key=value...] [format=...]``; ``confirm`` asks
    the person at the terminal a question (``Nodes=`` without ``Clusters=``)."""
    with session(write=False) as s:
        state = s.state
        cond = _Conditions()
        if not words:
            cond.start = (int(state.now) // _DAY - 1) * _DAY
        for word in _conditions(words):
            _condition(state, cond, word)
        if cond.nodes is not None and not cond.clusters and not cond.failed:
            if confirm(_ASK_CLUSTER.format(state.config.cluster_name)):
                cond.clusters.append(state.config.cluster_name)
            else:
                cond.failed = True
        said = "".join(cond.said)
        if cond.failed:
            return Rendered(stderr=said, exit_code=1)
        if not all(i.isdigit() for i in cond.ids):  # a column name to slurmdbd's SQL
            return Rendered(stderr=said + _BAD_QUERY, exit_code=1)
        records = replay(s.tx.events(kinds=KINDS))
        usage: list[Usage] = []
        if records:
            jobs = [*s.tx.load_history(), *state.purged, *state.jobs.values()]
            usage = [u for job in jobs if (u := _usage(job, state.now)) is not None]
        rows = [
            fmt.ResvRow(r, unused_wall(r, state.now, usage))
            for r in records
            if _kept(state, cond, r)
        ]
        shown = fmt.show(state, rows, cond.fields, layout)
    return Rendered(shown.stdout, said + shown.stderr, shown.exit_code)


def _conditions(words: Sequence[str]) -> list[str]:
    """The words sacctmgr reads as conditions: ``where`` is passed by, and ``set`` ends them."""
    kept = []
    for word in words:
        key, eq, _ = word.partition("=")
        if abbreviates(key, "set", 3):
            break
        if not eq and abbreviates(key, "where", 5):
            continue
        kept.append(word)
    return kept


def _condition(state: ClusterState, cond: _Conditions, word: str) -> None:
    key, eq, value = word.partition("=")
    if not eq:
        value = word  # a bare word is read as a key and as its own value
    if abbreviates(key, "clusters", 1):
        cond.clusters.extend(v for v in value.split(",") if v)
    elif abbreviates(key, "end", 1):
        cond.end = _time(state, cond, value)
    elif abbreviates(key, "format", 1):
        from slurmsim.parse.sacctmgr import parse_fields

        cond.fields = [*(cond.fields or []), *((f.name, f.width) for f in parse_fields(value))]
    elif abbreviates(key, "ids", 1):
        cond.ids.extend(v for v in value.split(",") if v)
    elif abbreviates(key, "names", 2):
        cond.names.extend(v for v in value.split(",") if v)
    elif abbreviates(key, "nodes", 2):
        cond.nodes = value.strip("\"'")
    elif abbreviates(key, "start", 5):
        cond.start = _time(state, cond, value)
    else:
        cond.failed = True
        cond.said.append(f" Unknown condition: {word}\n Use keyword 'set' to modify value\n")


def _time(state: ClusterState, cond: _Conditions, text: str) -> int:
    """A point in time as sacctmgr reads it; 0 (no bound: the oracle's ``start=``) for none."""
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    if not text:
        return 0
    try:
        return parse_begin(text, int(state.now), option="time", past=True)
    except ParseError as e:
        cond.failed = True
        if e.context is not None:
            cond.said.append(f"{e.context}\n")
        return 0


def _kept(state: ClusterState, cond: _Conditions, r: ReservationRecord) -> bool:
    if cond.clusters and state.config.cluster_name not in cond.clusters:
        return False
    if cond.ids and str(r.id) not in {i.lstrip("0") or "0" for i in cond.ids}:
        return False
    if cond.names and r.name.lower() not in {n.lower() for n in cond.names}:  # SQL's "="
        return False
    # slurmdbd looks for the nodes in the cluster's records, which end a second after now;
    # asked for no node the cluster has (or a list it cannot read), it looks for none.
    wanted = (_hosts(cond.nodes or "") or set()) & set(state.nodes)
    if wanted and (r.start > state.now + 1 or not wanted & (_hosts(r.nodes) or set())):
        return False
    if cond.start:
        end = cond.end or int(state.now)
        return r.start < end and r.end >= cond.start
    return not cond.end or r.start < cond.end


def _hosts(text: str) -> set[str] | None:
    """The hosts of a host list, None when it cannot be read."""
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand

    try:
        return set(expand(text)) if text else set()
    except ParseError:
        return None


def _usage(job: Job, now: Instant) -> Usage | None:
    """The job's run in its reservation, if it ran in one."""
    name = job.request.reservation
    if not name or job.start_time is None or not job.alloc:
        return None
    end = job.end_time if job.end_time is not None and job.state.finished else now
    return Usage(name, job.start_time, end, job.num_cpus)
