"""The values of ``scontrol update JobId=... Key=Value ...``, read into a ``JobUpdate``.

Keys are matched case-insensitively as scontrol does. What scontrol itself refuses
raises ParseError with its message; a ``StartTime=`` it cannot read is skipped after
its ``Invalid time specification`` line (``JobUpdate`` then may change nothing, and
scontrol says ``No changes specified``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from slurmsim.model.dependency import UNREADABLE, Dependency, Unreadable
from slurmsim.model.digits import is_number
from slurmsim.model.errors import GRES_ERROR, TRES_ERROR
from slurmsim.model.features import UNREADABLE as UNREADABLE_CONSTRAINT
from slurmsim.model.features import Constraint
from slurmsim.model.features import Unreadable as UnreadableConstraint
from slurmsim.model.job_update import JobUpdate, LimitChange, TresChange
from slurmsim.model.mail import MAIL_WORDS
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.dependency import parse_dependency
from slurmsim.parse.durations import parse_time_limit
from slurmsim.parse.errors import ParseError

#: scontrol's keys for a job, in the order it tries them, each with the fewest letters it
#: takes for it: a key may be any prefix that long or longer, in any case (``timel`` is
#: TimeLimit, ``na`` Name, ``f`` Features; ``time`` and ``co`` are nothing). ``JobId``
#: (3) comes first.
_KEYS: tuple[tuple[str, int], ...] = (
    ("AdminComment", 6), ("SiteFactor", 5), ("ArrayTaskThrottle", 10), ("Comment", 3),
    ("Clusters", 8), ("ClusterFeatures", 8), ("DelayBoot", 5), ("TimeLimit", 5),
    ("TimeMin", 5), ("Priority", 2), ("Nice", 2), ("CPUsPerTask", 9), ("CpusPerTres", 9),
    ("NumCPUs", 6), ("NumTasks", 8), ("ReqProcs", 8), ("Requeue", 4), ("ReqNodes", 8),
    ("NumNodes", 8), ("ReqSockets", 4), ("ReqCores", 4), ("TasksPerNode", 2),
    ("ReqThreads", 4), ("MinCPUsNode", 4), ("MinMemoryNode", 10), ("MinMemoryCPU", 10),
    ("MinTmpDiskNode", 5), ("Partition", 2), ("QOS", 2), ("ReservationName", 3), ("Name", 2),
    ("JobName", 4), ("WCKey", 1), ("StdOut", 6), ("Switches", 5), ("wait-for-switch", 5),
    ("OverSubscribe", 2), ("Shared", 2), ("Contiguous", 3), ("CoreSpec", 4),
    ("MemPerTres", 5), ("ThreadSpec", 4), ("TresBind", 5), ("TresFreq", 5), ("TresPerJob", 8),
    ("TresPerNode", 8), ("TresPerSocket", 8), ("TresPerTask", 8), ("ExcNodeList", 3),
    ("NodeList", 8), ("ReqNodeList", 8), ("Features", 1), ("Prefer", 3), ("Gres", 2),
    ("Account", 1), ("BurstBuffer", 1), ("Dependency", 1), ("Licenses", 1),
    ("EligibleTime", 2), ("StartTime", 2), ("EndTime", 2), ("Reboot", 3), ("UserID", 3),
    ("Deadline", 3), ("WorkDir", 2), ("MailType", 5), ("MailUser", 5),
)  # fmt: skip
_TEXT = {"Name": "name", "JobName": "name", "Comment": "comment", "Partition": "partition",
         "QOS": "qos", "Account": "account", "ReservationName": "reservation",
         "WorkDir": "work_dir", "StdOut": "std_out", "MailUser": "mail_user", "WCKey": "wckey",
         "Licenses": "licenses", "ClusterFeatures": "cluster_features", "Clusters": "clusters",
         "BurstBuffer": "burst_buffer"}  # fmt: skip
_MEMORY = {"MinMemoryNode": "mem_per_node", "MinMemoryCPU": "mem_per_cpu"}
#: Fields only an operator may change (slurmctld answers a user Access/permission denied);
#: slurmsim does not model them.
_ADMIN_ONLY = frozenset({"AdminComment", "CoreSpec", "ThreadSpec", "Deadline", "OverSubscribe",
                         "Shared", "SiteFactor", "TasksPerNode", "Reboot"})  # fmt: skip
#: The node layout keys, by the option that asks for the same at submission.
_LAYOUT = {"ReqSockets": "sockets-per-node", "ReqCores": "cores-per-socket",
           "ReqThreads": "threads-per-core"}  # fmt: skip
#: TRES requests taken as written and judged by the controller.
_TRES = frozenset({"TresPerJob", "TresPerTask", "TresPerSocket", "CpusPerTres", "MemPerTres",
                   "TresBind", "TresFreq"})  # fmt: skip
#: Keys scontrol takes without a value (``Nice`` alone is a nice value of 100).
_BARE = (("Nice", 2), ("ResetAccrueTime", 3))
_UINT16 = 0xFFFF
_UINT32 = 0xFFFFFFFF


class LoggedError(ParseError):
    """A value scontrol refuses through its error log: printed ``scontrol: error: ...``
    (the others, ``Update of this parameter is not supported``, it prints bare)."""


class QuietError(LoggedError):
    """A ``LoggedError`` after which scontrol exits 0 (see ``model.errors.Declined``)."""


def match_key(tag: str, keys: Sequence[tuple[str, int]] = _KEYS) -> str | None:
    """The key ``tag`` names as scontrol reads it (None: none): the first of ``keys`` that
    starts with it, case aside, when it has at least that key's fewest letters."""
    low = tag.lower()
    for name, least in keys:
        if least <= len(low) <= len(name) and name.lower().startswith(low):
            return name
    return None


def is_job_id_key(tag: str) -> bool:
    """Does ``tag`` name ``JobId`` (``job``, ``JobID``)?"""
    return match_key(tag, (("JobId", 3),)) is not None


def job_update_pairs(args: Sequence[str]) -> list[tuple[str, str | None]]:
    """``scontrol update``'s words as it pairs them: ``Key=Value`` (``Key+=``/``Key-=`` keep
    their sign on the key), a bare ``Nice`` or ``ResetAccrueTime`` (value None), or a key
    alone whose value is the next word (``TimeLimit 30``)."""
    pairs: list[tuple[str, str | None]] = []
    i = 0
    while i < len(args):
        word = args[i]
        key, eq, value = word.partition("=")
        if eq:
            pairs.append((key, value))
        elif match_key(word, _BARE) is not None:
            pairs.append((word, None))
        elif i + 1 < len(args):
            pairs.append((word, args[i + 1]))
            i += 1
        else:
            raise ParseError(f"Invalid input: {word}\nRequest aborted")
        i += 1
    return pairs


def parse_job_update(
    pairs: Sequence[tuple[str, str | None]], now: int
) -> tuple[JobUpdate, list[str]]:
    """``(update, lines)``: the typed changes, and the lines scontrol prints on the way.
    ``JobId`` pairs are passed over (a ``TimeLimit`` increment needs one before it)."""
    fields: dict[str, object] = {}
    lines: list[str] = []
    job_seen = False
    for tag, value in pairs:
        if is_job_id_key(tag):
            job_seen = True
            continue
        if value is None:  # a bare word (job_update_pairs)
            if match_key(tag, _BARE) == "Nice":
                fields["nice"] = 100
            else:
                fields["reset_accrue"] = True
            continue
        sign = tag[-1:] if tag[-1:] in ("+", "-") else ""
        key = match_key(tag[:-1] if sign else tag)
        if key is None:
            raise ParseError(
                f"Update of this parameter is not supported: {tag}={value}\nRequest aborted"
            )
        if key == "TimeLimit":
            fields["time_limit"] = _limit(value, sign, job_seen)
            continue
        if sign and key != "AdminComment":
            raise LoggedError(f"Option {tag}={value} does not accept [+|-]= syntax")
        _read(key, value, fields, lines, now)
    return JobUpdate(**fields), lines  # type: ignore[arg-type]  # keys are JobUpdate fields


def _read(key: str, value: str, fields: dict[str, object], lines: list[str], now: int) -> None:
    """Put what ``key=value`` changes into ``fields`` (JobUpdate's)."""
    if key in _TEXT:
        fields[_TEXT[key]] = value
    elif key in _ADMIN_ONLY:
        _check_admin_value(key, value)
        fields["admin_only"] = key
    elif key in _MEMORY:
        fields[_MEMORY[key]] = _number(value, key)  # a plain number of MB (``10G`` is refused)
    elif key in _LAYOUT:
        layout = dict(fields.get("node_layout", ()))  # type: ignore[call-overload]
        layout[_LAYOUT[key]] = _number(value, key, _UINT16)
        fields["node_layout"] = tuple(layout.items())
    elif key in _TRES:
        fields["tres"] = (*fields.get("tres", ()), _tres(key, value))  # type: ignore[misc]
    elif key == "TimeMin":
        fields["time_min"] = _duration(value, "TimeMin")
    elif key == "Nice":
        fields["nice"] = _strtol(value)
    elif key == "Priority":
        fields["priority"] = _number(value, "Priority")
    elif key == "CPUsPerTask":
        fields["cpus_per_task"] = _number(value, key, _UINT16)
    elif key == "NumCPUs":
        fields["num_cpus"] = _cpu_range(value)
    elif key in ("NumTasks", "ReqProcs"):
        fields["num_tasks"] = _number(value, "NumTasks", _UINT32)
    elif key == "MinCPUsNode":
        fields["min_cpus_node"] = _number(value, key, _UINT16)
    elif key == "MinTmpDiskNode":
        fields["min_tmp_disk"] = _number(value, key, _UINT32)
    elif key in ("NumNodes", "ReqNodes") and value.casefold() == "all":
        fields["nodes_all"] = True
    elif key in ("NumNodes", "ReqNodes"):
        fields["nodes"] = _node_range(value)
    elif key == "Dependency":
        fields["dependency"] = _dependency(value)
    elif key in ("StartTime", "EligibleTime"):
        begin = _begin(value, now, lines)
        if begin is not None:
            fields["begin_time"] = begin
    elif key == "EndTime":
        fields["end_time"] = _begin(value, now, lines) or Instant(0)
    elif key in ("ReqNodeList", "NodeList", "ExcNodeList"):
        fields["exc_nodes" if key == "ExcNodeList" else "req_nodes"] = _hosts(value)
    elif key == "MailType":
        fields["mail_type"] = _mail_type(value)
    elif key == "DelayBoot":
        fields["delay_boot"] = _seconds(value, "DelayBoot")
    elif key == "ArrayTaskThrottle":
        fields["array_throttle"] = _strtol(value)  # the oracle took "abc" as 0
    elif key == "Features":
        fields["features"], fields["constraint"] = value, _constraint(value)
    elif key == "Prefer":
        fields["prefer"], fields["prefer_constraint"] = value, _constraint(value)
    elif key in ("Gres", "TresPerNode"):
        fields["gres_per_node"], fields["tres_per_node"] = _gres(value, tres=key == "TresPerNode")
    elif key == "Requeue":
        fields["requeue"] = _number(value, key, _UINT16) != 0
    elif key == "Contiguous":
        fields["contiguous"] = _yes_no(value, key) != 0
    elif key == "Switches":
        fields["switches"], wait = _switches(value)
        if wait is not None:
            fields["switch_wait"] = wait
    elif key == "wait-for-switch":
        fields["switch_wait"] = _number(value, key, _UINT32)
    elif key != "UserID":  # sent, but nothing changes the owner of a job
        raise ParseError(
            f"Update of this parameter is not supported: {key}={value}\nRequest aborted"
        )


def _check_admin_value(key: str, value: str) -> None:
    """What scontrol itself refuses of an operator's field before sending it."""
    if key in ("OverSubscribe", "Shared"):
        _yes_no(value, "OverSubscribe")
    elif key in ("CoreSpec", "ThreadSpec") and value not in ("-1", "*"):
        _number(value, key, _UINT16)
    elif key == "Reboot":
        _yes_no(value, "reboot")


def _yes_no(value: str, name: str) -> int:
    """``YES``/``NO`` or any prefix of them (any case), else a number."""
    low = value.lower()
    if low and "yes".startswith(low):
        return 1
    if low and "no".startswith(low):
        return 0
    return _number(value, name, _UINT16)


def _switches(value: str) -> tuple[int, int | None]:
    """``Switches=N[@wait]``: the leading number (as strtol reads it), and the wait in
    seconds when one is given (read as a time limit in minutes; -1: unreadable)."""
    count_text, at, wait = value.partition("@")
    count = _strtol(count_text)
    if not at:
        return count, None
    try:
        seconds = parse_time_limit(wait)
    except ParseError:
        return count, None
    return count, 0 if seconds is None else seconds


def _tres(key: str, value: str) -> TresChange:
    """What the controller makes of a TRES request given by update (the oracle): a count
    per job or task must come as ``gres:NAME[:TYPE]:N``; a binding or frequency as
    ``gpu:...``; ``CpusPerTres`` is kept as typed; ``MemPerTres`` and ``TresPerSocket`` it
    refused in every form tried (slurmsim's jobs ask for no sockets)."""
    from slurmsim.parse.gres import parse_gres

    if key in ("TresBind", "TresFreq"):
        return TresChange(key, value, error=None if value.startswith("gpu:") else TRES_ERROR)
    if key == "MemPerTres":
        return TresChange(key, value, error=GRES_ERROR)
    if key == "TresPerSocket":
        return TresChange(key, value, error=GRES_ERROR if value.startswith("gres:") else TRES_ERROR)
    if key == "TresPerJob" and not value:
        return TresChange(key, value)  # taken, and only shown: the job's GPUs stay (oracle)
    gres = None
    if value.startswith(("gres:", "gres/")):
        try:
            specs = parse_gres(value)
        except ParseError:
            specs = ()
        if len(specs) == 1:
            gres = Gres(specs[0].name, specs[0].type, specs[0].count)
    if key == "CpusPerTres":
        return TresChange(key, value, gres=gres)
    if gres is None or not value.startswith("gres:"):
        return TresChange(key, value, error=TRES_ERROR)
    return TresChange(key, value, gres=gres)


def _cpu_range(value: str) -> tuple[int, int | None]:
    """``NumCPUs=N`` or ``N-M``: N at least 1, M not below N."""
    lo, dash, hi = value.partition("-")
    if is_number(lo) and (not dash or is_number(hi)):
        low, high = int(lo), int(hi) if dash else None
        if low > 0 and (high is None or high >= low):
            return low, high
    raise LoggedError(f"Invalid NumCPUs value: {value}")


def _constraint(value: str) -> Constraint | UnreadableConstraint | None:
    from slurmsim.parse.features import parse_constraint

    if not value:
        return None
    try:
        return parse_constraint(value)
    except ParseError:
        return UNREADABLE_CONSTRAINT  # the controller refuses it: Invalid feature specification


def _gres(value: str, *, tres: bool) -> tuple[tuple[Gres, ...] | None, str]:
    """``Gres=`` or ``TresPerNode=`` read, and the text the controller shows for it then:
    ``TresPerNode=`` as typed, ``Gres=`` with the ``gres:`` prefix.

    The controller reads a ``TresPerNode=`` item as a GRES only in its own ``gres:name``
    form with a count: ``gres/gpu:6``, ``gpu:1`` or ``gres:gpu:0`` alone are only shown,
    the job's GRES kept (None here; the oracle), and refused for a job with none."""
    from slurmsim.parse.gres import format_tres_per_node, parse_gres

    if tres and value:
        items = ",".join(w for w in value.split(",") if w[:5].lower() == "gres:")
        read = tuple(Gres(g.name, g.type, g.count) for g in parse_gres(items) if g.count)
        return read or None, value
    specs = parse_gres(value, tres_form=tres)
    shown = value if tres else format_tres_per_node(specs) or "gres:"  # ``Gres=``: the prefix
    return tuple(Gres(g.name, g.type, g.count) for g in specs), shown


def _memory(value: str, key: str) -> int:
    """A memory size in MB: scontrol takes a plain number only (``10G`` is refused)."""
    return _number(value, key)


def _hosts(value: str) -> tuple[str, ...]:
    """A node list, hostlist expressions expanded (``dgx[1-2]``); one that cannot be read
    names no node, which the controller refuses."""
    from slurmsim.parse.hostlist import expand

    try:
        return tuple(expand(value)) if value else ()
    except ParseError:
        return (value,)


def _mail_type(value: str) -> str:
    if not value or any(word.upper() not in MAIL_WORDS for word in value.split(",")):
        raise ParseError(f"Invalid MailType: {value}")
    return value


def _dependency(value: str) -> Dependency | Unreadable:
    try:
        return parse_dependency(value)
    except ParseError:
        return UNREADABLE  # the controller refuses it, job by job


def _limit(value: str, add: str, job_seen: bool) -> LimitChange:
    """``TimeLimit=30``, ``=+30``/``=-30``, or ``TimeLimit+=30``/``-=30`` (``add``); a
    change by an amount needs the job named first, as scontrol reads the limit it changes."""
    text = value.strip()
    sign = {"+": 1, "-": -1}.get(text[:1], 0) if text[1:] else 0
    if sign and add:
        raise LoggedError("Invalid syntax, variations of +=- are not accepted.")
    seconds = _duration(text[1:] if sign else text, "TimeLimit")
    sign = sign or {"+": 1, "-": -1}.get(add, 0)
    if sign and not job_seen:
        raise LoggedError("JobId must precede TimeLimit increment or decrement")
    return LimitChange(seconds, sign)


def _duration(text: str, name: str) -> Seconds | None:
    try:
        seconds = parse_time_limit(text)
    except ParseError:
        raise LoggedError(f"Invalid {name} value") from None
    return None if seconds is None else Seconds(seconds)


def _seconds(text: str, name: str) -> int:
    from slurmsim.parse.durations import parse_seconds

    try:
        return parse_seconds(text)
    except ParseError:
        raise LoggedError(f"Invalid {name} value") from None


def _strtol(text: str) -> int:
    """C's strtol: the leading integer, 0 when there is none (``nice=abc`` sets 0)."""
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    n = len(digits) - len(digits.lstrip("0123456789"))
    return sign * int(digits[:n]) if n else 0


def _number(text: str, name: str, most: int | None = None) -> int:
    """A whole number, at most ``most`` (scontrol's unsigned fields) when given."""
    if not is_number(text.strip()) or (most is not None and int(text) > most):
        raise LoggedError(f"Invalid {name} value: {text}")
    return int(text)


def _node_range(text: str) -> tuple[int, int | None]:
    """``NumNodes=N`` (a minimum, as ``-N`` without a maximum shows it) or ``min-max``, read
    as scontrol reads a count (``2k`` is 2048; empty or ``*``: 1 to any)."""
    if text in ("", "*"):
        return 1, _INT_MAX
    lo, _, hi = text.partition("-")
    if not lo.strip():  # a sign first: strtol reads a negative count
        raise QuietError(f'Invalid numeric value "{text}" for requested node count.')
    for part in (lo, hi):
        m = _COUNT.fullmatch(part)
        if m is not None and m[1].strip("+") and int(m[1]) >= _LONG_MAX:
            # strtol stops at LONG_MAX, and scontrol says so (the oracle, exit 0).
            raise QuietError(f"Numeric argument ({_LONG_MAX}) to big for requested node count.")
    low, high = _count(lo), _count(hi) if hi else None
    if low is None or (hi and (high is None or high <= 0)):
        raise QuietError(f'Invalid numeric value "{text}" for requested node count.')
    return low, high


#: C's INT_MAX, the most a count may be, and LONG_MAX, where strtol stops.
_INT_MAX = 2**31 - 1
_LONG_MAX = 2**63 - 1
_COUNT = re.compile(r"\s*([+-]?\d*)([kKmM]?)")


def _count(text: str) -> int | None:
    """A count as C's strtol reads it, with a k or m suffix; None when something else
    follows, or it is negative or too big."""
    m = _COUNT.fullmatch(text)
    if m is None:
        return None
    value = int(m[1]) if m[1] not in ("", "+", "-") else 0
    value *= {"": 1, "k": 1024, "m": 1048576}[m[2].lower()]
    return value if 0 <= value <= _INT_MAX else None


def _begin(text: str, now: int, lines: list[str]) -> Instant | None:
    from slurmsim.parse.datetimes import parse_begin

    try:
        return Instant(parse_begin(text, now, option="StartTime"))
    except ParseError as e:
        if e.context is not None:  # text naming no instant is passed over in silence
            lines.append(e.context)
        return None
