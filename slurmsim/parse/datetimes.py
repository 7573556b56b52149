"""Points in time: ``--begin``, ``--deadline``, sacct ``-S/-E``, scontrol ``StartTime=``.

Slurm reads these as local wall-clock time. slurmsim keeps instants as integer seconds since the
epoch and, unless told otherwise, takes the wall clock to be UTC (its display time zone), so
``16:00`` means 16:00 UTC.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_tree, transform

_KEYWORD_TIMES: Final = {"midnight": (0, 0), "noon": (12, 0), "fika": (15, 0), "teatime": (16, 0)}
_TIME: Final = re.compile(r"([0-9]+):([0-9]+)(?::([0-9]+))?\s*([ap]m)?", re.IGNORECASE)


class _BadPiece(Exception):
    """A well-formed token whose value is out of range, at ``pos``."""

    def __init__(self, pos: int):
        self.pos = pos


def _year(text: str) -> int:
    """Two-digit years are 1970-2069, as C's tm conventions make them."""
    year = int(text)
    if len(text) == 2:
        year += 2000 if year < 70 else 1900
    return year


def _date(kind: str, text: str) -> tuple[int | None, int, int]:
    """(year or None, month, day) of a date token."""
    if kind == "ISO_DATE":
        y, m, d = text.split("-")
        return int(y), int(m), int(d)
    if kind == "SIX_DATE":
        return _year(text[4:]), int(text[:2]), int(text[2:4])
    fields = re.split(r"[/.]", text)
    year = _year(fields[2]) if len(fields) > 2 else None
    return year, int(fields[0]), int(fields[1])


def _time(text: str) -> tuple[int, int, int]:
    m = _TIME.fullmatch(text)
    if m is None:  # pragma: no cover - the grammar only lets matching text through
        raise ValueError(text)
    hour, minute, second = int(m[1]), int(m[2]), int(m[3] or 0)
    if m[4]:
        if not 1 <= hour <= 12:
            raise ValueError(text)
        hour = hour % 12 + (12 if m[4].lower() == "pm" else 0)
    if hour > 23 or minute > 59 or second > 59:
        raise ValueError(text)
    return hour, minute, second


def _resolve(parts: list[tuple[str, str, int]], now: dt.datetime) -> dt.datetime:
    """Apply Slurm's defaults: a bare time is the next such time, a bare date starts at 00:00,
    a date without a year is the next such date."""
    date: tuple[int | None, int, int] | None = None
    clock: tuple[int, int, int] | None = None
    day_offset: int | None = None
    for kind, text, pos in parts:
        try:
            if kind == "TIME" or text.lower() in _KEYWORD_TIMES:
                if clock is not None:
                    raise ValueError(text)
                hm = _KEYWORD_TIMES.get(text.lower())
                clock = (*hm, 0) if hm else _time(text)
            elif kind == "KEYWORD":  # today / tomorrow
                if date is not None or day_offset is not None:
                    raise ValueError(text)
                day_offset = 1 if text.lower() == "tomorrow" else 0
            else:
                if date is not None or day_offset is not None:
                    raise ValueError(text)
                date = _date(kind, text)
                dt.date(date[0] or 2000, date[1], date[2])  # validates month and day
        except ValueError:
            raise _BadPiece(pos) from None
    hour, minute, second = clock or (0, 0, 0)
    if day_offset is not None:
        day = now.date() + dt.timedelta(days=day_offset)
    elif date is not None:
        year, month, mday = date
        if year is None:
            year = now.year + ((month, mday) < (now.month, now.day))
        try:
            day = dt.date(year, month, mday)
        except ValueError:  # 29 February of a year without one
            raise _BadPiece(parts[0][2]) from None
    else:
        day = now.date()
    when = dt.datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=now.tzinfo)
    if date is None and day_offset is None and when < now:
        when += dt.timedelta(days=1)
    return when


def parse_begin(text: str, now: int, tz: dt.tzinfo = dt.UTC, *, option: str = "--begin") -> int:
    """Parse a Slurm time specification into epoch seconds, relative to ``now``.

    Pieces (any case, combinable; blanks, ``T`` or ``-`` between date and time):
    ``HH:MM[:SS]`` with optional ``AM``/``PM``; ``MMDDYY``, ``MM/DD[/YY]``, ``MM.DD[.YY]``,
    ``YYYY-MM-DD``; ``today``, ``tomorrow``, ``midnight``, ``noon``, ``fika``, ``teatime``;
    or alone ``now[+-N[seconds|minutes|hours|days|weeks]]`` (default seconds) and ``uts<epoch>``.
    A time without a date is today if not yet past, else tomorrow; a date without a time is
    00:00; a date without a year is this year unless already past. ``tz`` is the wall clock the
    text is read in (slurmsim: UTC).

    Raises ParseError("Invalid --begin specification") naming ``option``; its ``context`` is the
    line Slurm prints first: ``Invalid time specification (pos=N): <text>`` (N 0-based).

    >>> parse_begin("now+1hour", 1_000_000)
    1003600
    """
    from slurmsim.parse.transformers.datetimes import DatetimeTransformer  # lazy import

    stripped = text.strip(" \t")
    lead = len(text) - len(text.lstrip(" \t"))
    message = f"Invalid {option} specification"
    try:
        try:
            kind, value = transform(DatetimeTransformer(), parse_tree("datetimes", stripped, ""))
        except ParseError as exc:
            if stripped[:4].lower() in ("now+", "now-"):
                raise _BadPiece(4) from None  # Slurm points at the offset's number
            raise _BadPiece(exc.column - 1 if exc.column else len(stripped)) from None
        if kind == "now":
            assert isinstance(value, int)
            return now + value
        if kind == "uts":
            assert isinstance(value, int)
            return value
        assert isinstance(value, list)
        current = dt.datetime.fromtimestamp(now, tz)
        return int(_resolve(value, current).timestamp())
    except _BadPiece as bad:
        pos = lead + bad.pos
        raise ParseError(
            message, pos + 1, f"Invalid time specification (pos={pos}): {text}"
        ) from None
    except (OverflowError, ValueError, OSError):
        raise ParseError(message, None, f"Invalid time specification (pos=0): {text}") from None
