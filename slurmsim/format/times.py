"""Durations and instants the way Slurm's commands print them.

Slurm has three duration styles: squeue/sinfo trim leading zeros
(``0:00``, ``59:44``, ``1:00:00``, ``7-00:00:00``), scontrol always pads hours
(``00:30:00``, ``7-00:00:00``), and instants are ISO local time, which for
slurmsim is UTC (``2026-11-29T19:05:33``).

Every instant a command prints goes through ``format_instant``, which follows
``SLURM_TIME_FORMAT`` as the command read it (``use_time_format``): ``standard``,
``relative`` to the simulated day (``set_today``), or a strftime pattern.
"""

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

from slurmsim.model.time import Instant, Seconds

_DAY = 86400


def _split(seconds: int) -> tuple[int, int, int, int]:
    seconds = max(seconds, 0)
    days, rest = divmod(seconds, _DAY)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return days, hours, minutes, secs


@functools.lru_cache(maxsize=4096)  # squeue prints one per job, mostly the same few (0:00)
def format_elapsed(seconds: int) -> str:
    """squeue's TIME and TIME_LIMIT style: ``0:00``, ``4:44``, ``1:00:00``, ``7-00:00:00``."""
    days, hours, minutes, secs = _split(seconds)
    if days:
        return f"{days}-{hours:02d}:{minutes:02d}:{secs:02d}"
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def format_hms(seconds: int) -> str:
    """scontrol's style: ``00:00:19``, ``01:00:00``, ``7-00:00:00``."""
    days, hours, minutes, secs = _split(seconds)
    hms = f"{hours:02d}:{minutes:02d}:{secs:02d}"
    return f"{days}-{hms}" if days else hms


def format_limit(limit: Seconds | None, *, unlimited: str = "UNLIMITED") -> str:
    """A time limit in squeue/sinfo style; ``None`` is ``UNLIMITED`` (sinfo says ``infinite``)."""
    return unlimited if limit is None else format_elapsed(limit)


def format_limit_hms(limit: Seconds | None, *, unlimited: str = "UNLIMITED") -> str:
    """A time limit in scontrol style (``01:00:00``), or ``UNLIMITED``."""
    return unlimited if limit is None else format_hms(limit)


#: Slurm's own form of an instant, ISO 8601 without a zone.
STANDARD = "%Y-%m-%dT%H:%M:%S"
#: Slurm writes an instant into 32 bytes: a longer pattern is refused, and a longer
#: result is cut to 31 characters.
_BUFFER = 32


@dataclass
class _TimeStyle:
    """How this command writes instants; Slurm reads SLURM_TIME_FORMAT once per process."""

    pattern: str = STANDARD
    relative: bool = False
    today: int | None = None  # the simulated day, as _day_number counts (relative only)
    complaint: str | None = None  # said once, when the first instant is written
    complain: Callable[[str], None] | None = None


_style = _TimeStyle()


def use_time_format(spec: str | None, complain: Callable[[str], None] | None = None) -> None:
    """Write instants as SLURM_TIME_FORMAT ``spec`` asks, from now on in this process.

    ``None``, empty and ``standard`` are Slurm's ISO form; ``relative`` is relative to
    the simulated day; anything with a ``%`` is a strftime pattern. Anything else is
    refused as Slurm refuses it: the standard form is used, and ``complain`` is given
    Slurm's message when the first instant is written.
    """
    global _style  # noqa: PLW0603 -- one style per command, as Slurm's static buffer
    _style = _TimeStyle(complain=complain)
    if not spec or spec == "standard":
        return
    if spec == "relative":
        _style.relative = True
    elif "%" not in spec or len(spec) >= _BUFFER:
        _style.complaint = f"invalid SLURM_TIME_FORMAT = '{spec}'"
    else:
        _style.pattern = spec


def set_today(now: Instant) -> None:
    """The simulated instant that ``relative`` instants are relative to."""
    _style.today = _day_number(now)


def _day_number(instant: int) -> int:
    # Slurm's count: year * 1000 + day of the year, so 31 Dec to 1 Jan is 636 days.
    t = time.gmtime(instant)
    return t.tm_year * 1000 + t.tm_yday - 1


def _relative_pattern(instant: int, today: int) -> str:
    distance = _day_number(instant) - today
    if distance == -1:
        return "Ystday %H:%M"
    if distance == 0:
        return "%H:%M:%S"
    if distance == 1:
        return "Tomorr %H:%M"
    if abs(distance) > 365:
        return "%-d %b %Y"
    if distance < -1 or distance > 6:
        return "%-d %b %H:%M"
    return "%a %H:%M"


def format_instant(instant: Instant | None, missing: str = "Unknown") -> str:
    """``2026-11-29T19:05:33`` or as SLURM_TIME_FORMAT says; ``missing`` (``Unknown``,
    ``None``, ``N/A``) when unset."""
    if instant is None:
        return missing
    style = _style
    if style.complaint is not None:
        if style.complain is not None:
            style.complain(style.complaint)
        style.complaint = None
    pattern = style.pattern
    if style.relative:
        pattern = _relative_pattern(instant, style.today or _day_number(instant))
    text = time.strftime(pattern, time.gmtime(instant))
    return text[: _BUFFER - 1]


def date_line(now: Instant) -> str:
    """The line ``-l`` puts above the header: ``Sun Nov 29 19:05:51 2026``."""
    return time.strftime("%a %b %d %H:%M:%S %Y", time.gmtime(now))
