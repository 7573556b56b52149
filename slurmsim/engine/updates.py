"""The few value formats ``scontrol update`` hands the engine as text.

The API passes ``changes`` as the user typed them (``TimeLimit=+30``,
``NumNodes=2-4``, ``StartTime=now+1hour``). The engine may not import
``slurmsim.parse``, so the handful of forms it needs are read here.
"""

import re
from datetime import UTC, datetime

from slurmsim.model.errors import SlurmError
from slurmsim.model.time import Instant, Seconds

UNLIMITED = frozenset({"UNLIMITED", "INFINITE"})
_UNITS = {
    "": 1,
    "s": 1,
    "sec": 1,
    "seconds": 1,
    "m": 60,
    "min": 60,
    "minutes": 60,
    "h": 3600,
    "hour": 3600,
    "hours": 3600,
    "d": 86400,
    "day": 86400,
    "days": 86400,
    "w": 604800,
    "week": 604800,
    "weeks": 604800,
}


def duration(text: str) -> Seconds | None:
    """A time limit (``mm``, ``mm:ss``, ``hh:mm:ss``, ``d-hh[:mm[:ss]]``); None: UNLIMITED."""
    text = text.strip()
    if text.upper() in UNLIMITED:
        return None
    days = 0
    if "-" in text:
        d, _, text = text.partition("-")
        if not d.isdigit():
            raise SlurmError("Invalid TimeLimit value")
        days = int(d)
        parts = [int(p) for p in text.split(":")] if _digits(text) else None
        if parts is None or len(parts) > 3:
            raise SlurmError("Invalid TimeLimit value")
        parts += [0] * (3 - len(parts))
        h, m, s = parts
    else:
        nums = [int(p) for p in text.split(":")] if _digits(text) else None
        if nums is None or len(nums) > 3:
            raise SlurmError("Invalid TimeLimit value")
        padded = {1: [0, nums[0], 0], 2: [0, *nums], 3: nums}[len(nums)]
        h, m, s = padded
    return Seconds(((days * 24 + h) * 60 + m) * 60 + s)


def _digits(text: str) -> bool:
    return bool(text) and all(p.isdigit() for p in text.split(":"))


def node_range(text: str) -> tuple[int, int | None]:
    """``2`` or ``2-4`` (``NumNodes=``)."""
    lo, _, hi = text.partition("-")
    if not lo.isdigit() or (hi and not hi.isdigit()):
        raise SlurmError("Node count specification invalid")
    return int(lo), int(hi) if hi else int(lo)


_RELATIVE = re.compile(r"now(?:\+(\d+)([a-z]*))?\Z", re.IGNORECASE)


def instant(text: str, now: Instant) -> Instant:
    """``now``, ``now+N[units]``, ``YYYY-MM-DDTHH:MM[:SS]`` (UTC) or epoch seconds."""
    text = text.strip()
    m = _RELATIVE.match(text)
    if m:
        unit = _UNITS.get(m[2].lower())
        if unit is None:
            raise SlurmError("Invalid time specified")
        return Instant(now + int(m[1] or 0) * unit)
    if text.isdigit():
        return Instant(int(text))
    for fmt in ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d"):
        try:
            return Instant(int(datetime.strptime(text, fmt).replace(tzinfo=UTC).timestamp()))
        except ValueError:
            continue
    raise SlurmError("Invalid time specified")
