"""``scontrol create|update reservation`` arguments: ``Key=Value`` words to a request.

Keys are matched in any case (``starttime=``, ``flags=maint``). Values are read as
scontrol reads them before anything reaches the controller: times as ``--begin``
does (``now+1hour``, ``2027-01-05T10:00``), ``Duration=`` as minutes or
``[D-]H:M:S`` (``UNLIMITED`` is a year), lists split at commas. A bad value raises
``ParseError`` whose ``message`` is scontrol's ``error:`` text (``context`` holds a
line scontrol prints before it); the caller adds the ``scontrol: error: `` prefix.
"""

from __future__ import annotations

from collections.abc import Sequence

from slurmsim.model.digits import is_number
from slurmsim.model.errors import NotSupported
from slurmsim.model.keywords import Keywords, keyword
from slurmsim.model.reservations import (
    FLAG_ORDER,
    UNLIMITED_DURATION,
    ReservationRequest,
)
from slurmsim.model.time import Instant, Seconds
from slurmsim.parse.durations import parse_duration
from slurmsim.parse.errors import ParseError

#: Flags the controller sets itself; a user may not ask for them.
_SET_BY_CONTROLLER = frozenset({"SPEC_NODES", "ALL_NODES"})
#: Words scontrol accepts for a flag, beyond the flag's own name.
_FLAG_ALIASES = {"MAINTENANCE": "MAINT", "NO_HOLD_JOBS_AFTER_END": "NO_HOLD_JOBS_AFTER"}


def _suffix(create: bool) -> str:
    return "No reservation created." if create else "No reservation update."


def parse_flags(text: str) -> tuple[str, ...]:
    """``maint,ignore_jobs`` -> ``("MAINT", "IGNORE_JOBS")``; ParseError on an unknown word."""
    words = []
    for word in text.split(","):
        flag = word.strip().upper()
        flag = _FLAG_ALIASES.get(flag, flag)
        if flag not in FLAG_ORDER or flag in _SET_BY_CONTROLLER:
            raise ParseError(f"Error parsing flags {text}.")
        words.append(flag)
    return tuple(words)


def _names(text: str) -> tuple[str, ...]:
    return tuple(w for w in (p.strip() for p in text.split(",")) if w)


def _instant(key: str, raw_key: str, value: str, now: Instant, create: bool) -> Instant:
    from slurmsim.parse.datetimes import parse_begin

    try:
        return Instant(parse_begin(value, now))
    except ParseError as e:
        word = "start" if key == "starttime" else "end"
        raise ParseError(
            f"Invalid {word} time {raw_key}={value}.  {_suffix(create)}", context=e.context
        ) from None


def _duration(raw_key: str, value: str, create: bool) -> Seconds:
    try:
        seconds = parse_duration(value.strip(), option="Duration")
    except ParseError:
        raise ParseError(f"Invalid duration {raw_key}={value}.  {_suffix(create)}") from None
    return UNLIMITED_DURATION if seconds is None else Seconds(seconds)


def _count(value: str) -> int:
    text = value.strip()
    if not is_number(text):
        raise ParseError(f"Invalid node count {value}")
    return int(text)


#: scontrol's reservation keys in the order it tries them (``model.keywords``); a word
#: that none of them begins but that starts with ``res`` is passed over.
_KEYS: Keywords = (
    ("accounts", 1, "accounts"), ("flags", 2, "flags"), ("groups", 1, "groups"),
    ("users", 1, "users"), ("reservationname", 1, "reservationname"),
    ("burstbuffer", 2, "burstbuffer"), ("starttime", 2, "starttime"), ("endtime", 1, "endtime"),
    ("duration", 1, "duration"), ("maxstartdelay", 2, "maxstartdelay"),
    ("nodecnt", 5, "nodecnt"), ("nodecount", 5, "nodecnt"), ("corecnt", 5, "corecnt"),
    ("corecount", 5, "corecnt"), ("cpucnt", 5, "corecnt"), ("cpucount", 5, "corecnt"),
    ("nodes", 5, "nodes"), ("features", 2, "features"), ("licenses", 2, "licenses"),
    ("partitionname", 1, "partitionname"), ("tres", 1, "tres"), ("watts", 1, "watts"),
)  # fmt: skip
#: Keys scontrol takes that slurmsim's reservations do not have (yet).
_UNSUPPORTED = frozenset(
    {"groups", "burstbuffer", "maxstartdelay", "corecnt", "features", "licenses", "tres", "watts"}
)


def _canonical(key: str) -> str | None:
    """The key ``key`` names (``flags-`` for flags to take away); None: a word scontrol
    passes over; ``""``: none it knows."""
    k = key.strip()
    sign = k[-1:] if k[-1:] in ("+", "-") else ""
    found = keyword(k[: len(k) - len(sign)], _KEYS)
    if found is None:
        return None if k.lower().startswith("res") else ""
    if found in _UNSUPPORTED:
        raise NotSupported
    return found + sign


def parse_reservation(
    pairs: Sequence[tuple[str, str]], now: Instant, *, create: bool
) -> ReservationRequest:
    """Read ``pairs`` (``parse.keyvalue`` output) into a request, relative to ``now``.

    ``create`` chooses the ending of messages: ``No reservation created.`` or
    ``No reservation update.`` A ``Flags-=`` word lists flags to remove (update only).

    >>> parse_reservation([("Nodes", "dgx[1-2]"), ("Flags", "maint")], 0, create=True).flags
    ('MAINT',)
    """
    fields: dict[str, object] = {}
    for raw_key, value in pairs:
        key = _canonical(raw_key)
        if key is None:
            continue
        if key == "reservationname":
            fields["name"] = value
        elif key in ("starttime", "endtime"):
            field = "start_time" if key == "starttime" else "end_time"
            fields[field] = _instant(key, raw_key, value, now, create)
        elif key == "duration":
            fields["duration"] = _duration(raw_key, value, create)
        elif key == "nodes":
            fields["nodes"] = _node_names(value)
        elif key == "nodecnt":
            fields["node_count"] = _count(value)
        elif key in ("users", "accounts"):
            fields[key] = _names(value)
        elif key == "flags":
            fields["flags"] = _flags(value, create)
        elif key == "flags-" and not create:
            fields["flags_removed"] = _flags(value, create)
        elif key == "partitionname":
            fields["partition"] = value
        else:
            raise ParseError(f"Unknown parameter {raw_key}={value}.  {_suffix(create)}")
    return ReservationRequest(**fields)  # type: ignore[arg-type]  # keys are its fields


def _flags(value: str, create: bool) -> tuple[str, ...]:
    try:
        return parse_flags(value)
    except ParseError as e:
        raise ParseError(f"{e.message[:-1]}.  {_suffix(create)}") from None


def _node_names(value: str) -> tuple[str, ...]:
    """``Nodes=`` as names; ``ALL`` stays a word. An unreadable list is left to the
    controller, which refuses it as an invalid node name."""
    from slurmsim.parse import hostlist

    text = value.strip()
    if text.upper() == "ALL":
        return ("ALL",)
    try:
        return tuple(hostlist.expand(text))
    except ParseError:
        return (text,)
