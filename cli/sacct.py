"""``sacct``: accounting records of jobs and their steps, as Slurm 22.05 prints them.

A read-only command: it reads every job the store keeps (finished ones included,
long after the controller forgot them) without moving the clock.
"""

import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from cli._common import comma_list, err, error, gather, out, run, suffixed_count
from cli._help import answer_probe
from slurmsim.model.digits import is_number
from slurmsim.model.errors import SlurmError
from slurmsim.parse.options import OptionError, getopt, options

if TYPE_CHECKING:
    from slurmsim.api.accounting import AcctQuery
    from slurmsim.format.sacct import Column
    from slurmsim.model.accounting import AcctState
    from slurmsim.model.time import Instant

PROG = "sacct"

_OPTIONS = options(
    [
        ("allusers", "a", "none"), ("accounts", "A", "required"),
        ("allocations", "X", "none"), ("brief", "b", "none"), ("batch-script", "B", "none"),
        ("completion", "c", "none"), ("constraints", "C", "required"),
        ("delimiter", None, "required"), ("duplicates", "D", "none"),
        ("federation", None, "none"), ("helpformat", "e", "none"),
        ("help-fields", None, "none", "helpformat"), ("endtime", "E", "required"),
        ("env-vars", None, "none"), ("file", "f", "required"), ("flags", "F", "required"),
        ("gid", "g", "required"), ("group", None, "required", "gid"), ("help", "h", "none"),
        ("local", None, "none"), ("name", None, "required"), ("nnodes", "i", "required"),
        ("ncpus", "I", "required"), ("jobs", "j", "required"),
        ("timelimit-min", "k", "required"), ("timelimit-max", "K", "required"),
        ("long", "l", "none"), ("allclusters", "L", "none"),
        ("cluster", None, "required", "clusters"), ("clusters", "M", "required"),
        ("nodelist", "N", "required"), ("noconvert", None, "none"),
        ("units", None, "required"), ("noheader", "n", "none"),
        ("fields", None, "required", "format"), ("format", "o", "required"),
        ("parsable", "p", "none"), ("parsable2", "P", "none"), ("qos", "q", "required"),
        ("partition", "r", "required"), ("reason", "R", "required"),
        ("state", "s", "required"), ("starttime", "S", "required"),
        ("truncate", "T", "none"), ("uid", "u", "required"), ("use-local-uid", None, "none"),
        ("usage", "U", "none"), ("user", None, "required", "uid"), ("verbose", "v", "none"),
        ("version", "V", "none"), ("wckeys", "W", "required"),
        ("whole-hetjob", None, "optional"), ("associations", "x", "required"),
        ("json", None, "none"), ("yaml", None, "none"),
        (None, "t", "none", "allocations"),  # the old spelling of -X
    ]
)  # fmt: skip

#: Step names ``-j ID.NAME`` takes besides numbers.
_STEP_NAMES = frozenset({"batch", "extern", "interactive"})
_UNITS = "KMGTP"


class _BadInput(Exception):
    """Input sacct refuses: its message (without the ``sacct: error:`` prefix)."""


class _Fatal(Exception):
    """Input sacct refuses with ``sacct: fatal: <message>``."""


class _Bare(Exception):
    """Input sacct refuses with a message of its own, no prefix."""


class _Silent(Exception):
    """Input sacct gives up on without a word (exit 1): a ``-u`` or ``-g`` list of no
    user or group (the oracle: ``--user=``, ``-u ,``)."""


class _Operands(Exception):
    """Words that are no option's: sacct says so once it has read every option (its own
    refusals come first) and before it asks slurmdbd anything."""

    def __init__(self, words: list[str]) -> None:
        super().__init__(words)
        self.words = words


class _InvalidArgument(Exception):
    """A query slurmdbd refuses (a ``-N`` it cannot read as a hostlist): sacct has printed
    its header by then, then says ``Invalid argument`` and exits 22 (EINVAL)."""


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sacct(list(sys.argv[1:] if argv is None else argv)))


def sacct(argv: list[str]) -> int:
    try:
        pairs, operands = getopt(argv, _OPTIONS, stop_at_operand=False)
    except OptionError as e:  # sacct adds no "Try --help" hint
        err(f"{PROG}: {e.message}\n")
        return 1
    given, flags = gather(pairs)
    chosen = [name for name, _ in pairs if name in ("allclusters", "clusters")]
    if chosen and chosen[-1] == "clusters":  # -L and -M: the last one given counts
        flags.discard("allclusters")
    else:
        given.pop("clusters", None)
    if answer_probe(PROG, (name for name, _ in pairs if name in ("help", "usage", "version"))):
        return 0
    for name, value in pairs:  # read as it comes: yes or no, in any case, or nothing
        if name == "whole-hetjob" and value is not None and value.lower() not in ("yes", "no"):
            error(PROG, f'Invalid --whole-hetjob value "{value}". Valid values: [yes|no].')
            return 1
    from slurmsim.format import sacct as fmt

    if "helpformat" in flags:
        out(fmt.helpformat())
        return 0
    unit = given.get("units", [""])[-1]
    if "units" in given and (len(unit) != 1 or unit.upper() not in _UNITS):
        error(PROG, f"Invalid unit type '{unit}'. Possible options are '{_UNITS}'")
        err(f"{PROG}: fatal: Invalid unit type\n")
        return 1
    memory = None
    if unit:
        memory = fmt.memory_in(unit)
    elif "noconvert" in flags:
        memory = fmt.unconverted
    try:
        cols = fmt.columns(_format(given, flags), memory)
    except fmt.UnknownField as e:
        error(PROG, f'Invalid field requested: "{e.name}"')
        return 1
    if "completion" in flags:  # slurm.conf sets no JobCompType
        err("Slurm job completion is disabled\n")
        return 1
    try:
        if "json" in flags or "yaml" in flags:
            yaml = [name for name, _ in pairs if name in ("json", "yaml")][-1] == "yaml"
            return _dump(given, flags, operands, yaml=yaml)
        return _list(given, flags, operands, cols)
    except _Silent:
        pass
    except _Operands as e:
        error(PROG, "Unknown arguments:")
        for word in e.words:
            error(PROG, f" {word}")
    except _BadInput as e:
        error(PROG, str(e))
    except SlurmError as e:  # a -q QOS the cluster does not have
        error(PROG, e.message)
        err(f"{PROG}: fatal: problem processing qos list\n")
    except _Fatal as e:
        err(f"{PROG}: fatal: {e}\n")
    except _Bare as e:
        err(f"{e}\n")
    return 1


def _format(given: dict[str, list[str]], flags: set[str]) -> str:
    from slurmsim.format import sacct as fmt

    if "brief" in flags:
        return fmt.BRIEF_FORMAT
    if "long" in flags:
        return fmt.LONG_FORMAT
    if "format" in given:
        return ",".join(given["format"])
    return os.environ.get("SACCT_FORMAT") or fmt.DEFAULT_FORMAT


def _list(
    given: dict[str, list[str]], flags: set[str], operands: list[str], cols: "list[Column]"
) -> int:
    from slurmsim.api.accounting import query
    from slurmsim.format import sacct as fmt

    delimiter = given.get("delimiter", ["|"])[-1]
    layout = fmt.Layout("parsable" in flags, "parsable2" in flags, "noheader" in flags, delimiter)
    try:
        answer = query(
            lambda now, users, groups: _query(given, flags, now, users, groups, operands=operands)
        )
    except _InvalidArgument:
        out(fmt.render([], cols, layout))
        error(PROG, "Invalid argument")
        return 22
    out(fmt.render(answer.records, cols, layout))
    return 0


def _dump(given: dict[str, list[str]], flags: set[str], operands: list[str], *, yaml: bool) -> int:
    """``--json``/``--yaml`` (the last one given wins): every run of each job chosen, its
    steps inside it. 22.05 ignores the formats, ``-u`` (any user sees everyone's jobs)
    and a step named in ``-j`` (the whole job is dumped), and lists duplicates as ``-D``
    does; ``-j``, ``-X`` and the time window still choose."""
    from dataclasses import replace

    from slurmsim.api.accounting import query
    from slurmsim.format.sacct_json import render_json

    names: dict[int, str] = {}

    def build(now: int, known: "Mapping[str, str]", groups: "Mapping[str, int]") -> "AcctQuery":
        q = _query(given, flags, now, known, groups, operands=operands)
        names.update((int(key), name) for key, name in known.items() if is_number(key))
        jobs = tuple(dict.fromkeys((job, task, None) for job, task, _ in q.jobs))
        return replace(q, jobs=jobs, users=(), duplicates=True)

    answer = query(build)
    out(render_json(answer.records, names, yaml=yaml))
    return 0


def _query(
    given: dict[str, list[str]],
    flags: set[str],
    now: int,
    known: "Mapping[str, str]",
    groups: "Mapping[str, int]",
    *,
    operands: list[str],
) -> "AcctQuery":
    """What the options ask for, given the clock (the window's defaults depend on it) and
    the users and groups the cluster knows (by name and by id). Raises ``_Operands`` for
    ``operands`` once the options are read, before the node list slurmdbd reads."""
    from slurmsim.api.accounting import AcctQuery
    from slurmsim.api.session import current_user

    jobs = tuple(_job(item) for item in comma_list(given.get("jobs", [])))
    users = _users(given, known)
    gids = _groups(given, groups)
    if not users and "allusers" not in flags and not jobs and current_user() != "root":
        users = (current_user(),)
    start, end = _window(given, bool(jobs), now)
    states = _states(given)
    least_limit = _time_limit(given, "timelimit-min")
    most_limit = _time_limit(given, "timelimit-max")
    node_range = _range(given, "nnodes", "node")
    cpu_range = _range(given, "ncpus", "cpu")
    if operands:
        raise _Operands(operands)
    return AcctQuery(
        jobs=jobs,
        users=users,
        groups=gids,
        accounts=_listed(given, "accounts"),
        partitions=_listed(given, "partition"),
        qos=_listed(given, "qos"),
        names=_listed(given, "name"),
        states=states,
        nodes=_nodes(given),
        start=start,
        end=end,
        associations=_associations(given),
        clusters=_clusters(given),
        allocations_only="allocations" in flags,
        whole_hetjob=_whole_hetjob(given),
        duplicates="duplicates" in flags,
        truncate="truncate" in flags,
        least_limit=least_limit,
        most_limit=most_limit,
        node_range=node_range,
        cpu_range=cpu_range,
    )


#: What an option given an empty value asks for: a name no record has, so it lists none
#: (the oracle: ``--name=``, ``-A ''``, ``-u ''`` list no job).
_NOTHING = ""


def _listed(given: dict[str, list[str]], key: str) -> tuple[str, ...]:
    """An option's comma-separated values; given with none, ``_NOTHING``."""
    values = comma_list(given.get(key, []))
    return values if values or key not in given else (_NOTHING,)


def _range(given: dict[str, list[str]], key: str, what: str) -> tuple[int, int | None] | None:
    """``-i``/``-I`` (``N`` or ``N-M``) as (least, most); most None for "exactly least";
    None when not given or 0 (no bound)."""
    value = given.get(key, [None])[-1]
    if value is None:
        return None
    low, dash, high = value.partition("-")  # N, or N-M; each may end in k or m
    least, most = suffixed_count(low), suffixed_count(high) if dash else None
    if least is None or (dash and most is None):
        raise _BadInput(f'Invalid numeric value "{value}" for requested {what} range.')
    return (least, most) if least else None


def _time_limit(given: dict[str, list[str]], key: str) -> int | None:
    """``-k``/``-K`` in seconds (None: not given); UNLIMITED is the largest limit, and no
    time at all is refused as a bad one."""
    from slurmsim.api.accounting import UNLIMITED_LIMIT
    from slurmsim.parse.durations import parse_time_limit
    from slurmsim.parse.errors import ParseError

    value = given.get(key, [None])[-1]
    if value is None:
        return None
    try:
        seconds = parse_time_limit(value)
    except ParseError:
        raise _Fatal("Invalid time limit specification") from None
    if seconds is None and value.strip().lower() in ("unlimited", "infinite"):
        return UNLIMITED_LIMIT
    if not seconds:  # 0 is no time, not UNLIMITED, here
        raise _Fatal("Invalid time limit specification")
    return seconds


def _job(text: str) -> tuple[int, int | None, str | None]:
    """``ID[_TASK][.STEP]``; Slurm reads each number's leading digits, as atoi does."""
    job, dot, step = text.strip().partition(".")
    if dot and not (step in _STEP_NAMES or is_number(step[:1])):
        raise _Fatal(f"Bad step specified: {job}")
    if dot and is_number(step[:1]):
        step = re.match(r"\d+", step, re.ASCII).group()  # type: ignore[union-attr]  # starts with one
    job, under, task = job.partition("_")
    if under and not is_number(task[:1]):
        raise _Fatal(f"Bad job array element specified: {job}")
    if not is_number(job[:1]):
        raise _Fatal(f"Bad job/step specified: {job}")
    job = re.match(r"\d+", job, re.ASCII).group()  # type: ignore[union-attr]  # starts with one
    task_id = int(re.match(r"\d+", task, re.ASCII).group()) if under else None  # type: ignore[union-attr]
    return int(job), task_id, step if dot else None


def _whole_hetjob(given: dict[str, list[str]]) -> bool | None:
    """``--whole-hetjob[=yes|no]`` (alone: yes); None when not given."""
    values = given.get("whole-hetjob")
    if not values:
        return None
    return (values[-1] or "yes").lower() == "yes"


def _clusters(given: dict[str, list[str]]) -> tuple[str, ...]:
    """``-M``: the clusters asked about, lower case, as slurmdbd keeps their names; none for
    ``-L``, ``-M all`` or no ``-M`` (the oracle: ``-M foo`` lists no job)."""
    names = tuple(name.lower() for name in comma_list(given.get("clusters", [])))
    return () if "all" in names else names


def _associations(given: dict[str, list[str]]) -> tuple[int, ...]:
    """``-x``: association ids (Slurm reads each as a number; others match nothing)."""
    return tuple(int(a) if is_number(a) else -1 for a in _listed(given, "associations"))


def _users(given: dict[str, list[str]], known: "Mapping[str, str]") -> tuple[str, ...]:
    """``-u``: user names or uids, as names; one the cluster does not know is refused."""
    words = _listed(given, "uid")
    if words == (_NOTHING,):
        raise _Silent
    return _known_ids(words, known, "user")


def _groups(given: dict[str, list[str]], known: "Mapping[str, int]") -> tuple[int, ...]:
    """``-g``: group names or ids, as gids; one the cluster does not know is refused."""
    words = _listed(given, "gid")
    if words == (_NOTHING,):
        raise _Silent
    return _known_ids(words, known, "group")


T = TypeVar("T")


def _known_ids(words: tuple[str, ...], known: "Mapping[str, T]", what: str) -> tuple[T, ...]:
    for word in words:
        if word not in known:
            raise _BadInput(f"Invalid {what} id: {word}")
    return tuple(known[word] for word in words)


def _states(given: dict[str, list[str]]) -> tuple["AcctState", ...]:
    from slurmsim.model.accounting import STATE_ABBREVIATIONS, AcctState

    states = []
    for word in comma_list(given.get("state", [])):
        upper = word.upper()
        state = STATE_ABBREVIATIONS.get(upper) or AcctState.__members__.get(upper)
        if state is None:
            raise _Fatal(f"unrecognized job state value '{word}'")
        states.append(state)
    return tuple(states)


def _nodes(given: dict[str, list[str]]) -> tuple[str, ...]:
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand

    try:
        nodes = tuple(n for value in given.get("nodelist", []) for n in expand(value))
    except ParseError:
        raise _InvalidArgument() from None
    return nodes if nodes or "nodelist" not in given else (_NOTHING,)


def _window(
    given: dict[str, list[str]], jobs: bool, now: int
) -> tuple["Instant | None", "Instant | None"]:
    """sacct's default window: from midnight today without ``-j``/``-s``, from ``now``
    with ``-s`` alone, all time with ``-j`` and ``-s``, and no window for ``-j`` alone
    unless ``-S``/``-E`` say otherwise."""
    from slurmsim.model.time import Instant

    start = _time(given, "starttime", now)
    end = _time(given, "endtime", now)
    states = bool(comma_list(given.get("state", [])))  # -s '' asks for no state
    if start is None and end is None and jobs:
        # With -s, slurmdbd still asks for the states in a window: all time until now.
        return (Instant(0), Instant(now)) if states else (None, None)
    if start is None:
        start = now if states and not jobs else (0 if jobs else now - now % 86400)
    if end is None:
        end = start if states and "starttime" in given else now
    if end in (start, now):
        end += 1  # the window is [start, end): this takes in the end's (or now's) second
    if start > end:
        from slurmsim.format.times import format_instant

        shown = (format_instant(Instant(t)) for t in (start, end))
        raise _BadInput("Start time ({}) requested is after end time ({}).".format(*shown))
    return Instant(start), Instant(end)


def _time(given: dict[str, list[str]], key: str, now: int) -> int | None:
    if key not in given:
        return None
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    try:
        # Read as past times: a time of day is today's, a date without a year this
        # year's unless its month is still to come.
        return parse_begin(given[key][-1], now, option="time", past=True)
    except ParseError as e:
        if e.context is None:
            return None  # names no instant: as if not given
        raise _Bare(e.context) from None
