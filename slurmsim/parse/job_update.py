"""The values of ``scontrol update JobId=... Key=Value ...``, read into a ``JobUpdate``.

Keys are matched case-insensitively as scontrol does. What scontrol itself refuses
raises ParseError with its message; a ``StartTime=`` it cannot read is skipped after
its ``Invalid time specification`` line (``JobUpdate`` then may change nothing, and
scontrol says ``No changes specified``).
"""

from __future__ import annotations

from collections.abc import Sequence

from slurmsim.model.dependency import UNREADABLE, Dependency, Unreadable
from slurmsim.model.digits import is_number
from slurmsim.model.features import UNREADABLE as UNREADABLE_CONSTRAINT
from slurmsim.model.features import Constraint
from slurmsim.model.features import Unreadable as UnreadableConstraint
from slurmsim.model.job_update import JobUpdate, LimitChange
from slurmsim.model.mail import MAIL_WORDS
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.dependency import parse_dependency
from slurmsim.parse.durations import parse_time_limit
from slurmsim.parse.errors import ParseError

_TEXT = {"name": "name", "jobname": "name", "comment": "comment", "partition": "partition",
         "qos": "qos", "account": "account", "reservation": "reservation",
         "reservationname": "reservation", "workdir": "work_dir", "stdout": "std_out",
         "mailuser": "mail_user"}  # fmt: skip
_FLAGS = {"requeue": "requeue", "contiguous": "contiguous"}
_MEMORY = {"minmemorynode": "mem_per_node", "minmemorycpu": "mem_per_cpu"}
#: Fields only an operator may change (slurmctld answers a user Access/permission denied);
#: slurmsim does not model them.
_ADMIN_ONLY = frozenset({"admincomment", "corespec", "deadline", "oversubscribe", "shared",
                         "sitefactor", "threadspec"})  # fmt: skip


class LoggedError(ParseError):
    """A value scontrol refuses through its error log: printed ``scontrol: error: ...``
    (the others, ``Update of this parameter is not supported``, it prints bare)."""


def parse_job_update(pairs: Sequence[tuple[str, str]], now: int) -> tuple[JobUpdate, list[str]]:
    """``(update, lines)``: the typed changes, and the lines scontrol prints on the way."""
    fields: dict[str, object] = {}
    lines: list[str] = []
    for key, value in pairs:
        k = key.lower()
        if k in _TEXT:
            fields[_TEXT[k]] = value
        elif k == "timelimit":
            fields["time_limit"] = _limit(value)
        elif k == "timemin":
            fields["time_min"] = _duration(value, "TimeMin")
        elif k == "nice":
            fields["nice"] = _strtol(value)
        elif k == "priority":
            fields["priority"] = _number(value, "Priority")
        elif k in ("numnodes", "reqnodes"):
            fields["nodes"] = _node_range(value)
        elif k == "dependency":
            fields["dependency"] = _dependency(value)
        elif k == "starttime":
            begin = _begin(value, now, lines)
            if begin is not None:
                fields["begin_time"] = begin
        elif k in ("reqnodelist", "nodelist", "excnodelist"):
            field = "exc_nodes" if k == "excnodelist" else "req_nodes"
            fields[field] = _hosts(value)
        elif k == "mailtype":
            fields["mail_type"] = _mail_type(value)
        elif k in _ADMIN_ONLY:
            fields["admin_only"] = key
        elif k == "licenses":
            fields["licenses"] = value
        elif k == "wckey":
            fields["wckey"] = value
        elif k == "delay":
            fields["delay_boot"] = _seconds(value, "DelayBoot")
        elif k == "userid":
            continue  # scontrol sends it, and nothing changes the owner of a job
        elif k == "arraytaskthrottle":
            fields["array_throttle"] = _strtol(value)  # the oracle took "abc" as 0
        elif k in ("features", "feature"):
            fields["features"], fields["constraint"] = value, _constraint(value)
        elif k in ("gres", "trespernode"):
            fields["gres_per_node"], fields["tres_per_node"] = _gres(value, tres=k == "trespernode")
        elif k in _MEMORY:
            fields[_MEMORY[k]] = _memory(value, key)
        elif k in _FLAGS:
            fields[_FLAGS[k]] = _number(value, key) != 0
        else:
            raise ParseError(
                f"Update of this parameter is not supported: {key}={value}\nRequest aborted"
            )
    return JobUpdate(**fields), lines  # type: ignore[arg-type]  # keys are JobUpdate fields


def _constraint(value: str) -> Constraint | UnreadableConstraint | None:
    from slurmsim.parse.features import parse_constraint

    if not value:
        return None
    try:
        return parse_constraint(value)
    except ParseError:
        return UNREADABLE_CONSTRAINT  # the controller refuses it: Invalid feature specification


def _gres(value: str, *, tres: bool) -> tuple[tuple[Gres, ...], str]:
    """``Gres=`` or ``TresPerNode=`` read, and the text the controller shows for it then:
    ``TresPerNode=`` as typed, ``Gres=`` with the ``gres:`` prefix."""
    from slurmsim.parse.gres import format_tres_per_node, parse_gres

    specs = parse_gres(value, tres_form=tres)
    shown = value if tres else format_tres_per_node(specs)
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


def _limit(value: str) -> LimitChange:
    text = value.strip()
    sign = {"+": 1, "-": -1}.get(text[:1], 0) if text[1:] else 0
    seconds = _duration(text[1:] if sign else text, "TimeLimit")
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


def _number(text: str, name: str) -> int:
    if not is_number(text.strip()):
        raise LoggedError(f"Invalid {name} value: {text}")
    return int(text)


def _node_range(text: str) -> tuple[int, int | None]:
    """``NumNodes=N`` (a minimum, as ``-N`` without a maximum shows it) or ``min-max``."""
    lo, _, hi = text.partition("-")
    if not is_number(lo) or (hi and not is_number(hi)):
        raise ParseError("Node count specification invalid")
    return int(lo), int(hi) if hi else None


def _begin(text: str, now: int, lines: list[str]) -> Instant | None:
    from slurmsim.parse.datetimes import parse_begin

    try:
        return Instant(parse_begin(text, now, option="StartTime"))
    except ParseError as e:
        lines.append(e.context or "")
        return None
