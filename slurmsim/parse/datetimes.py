"""Points in time: ``--begin``, ``--deadline``, sacct ``-S/-E``, scontrol ``StartTime=``.

Slurm reads these with one left-to-right scan rather than a grammar: blanks, ``-`` and
``T`` are skipped wherever they stand, each piece (a word, a time of day, a date, a
``now`` offset) sets the fields it names over what an earlier piece set, and a piece
that does not read stops the scan, naming the offset where it stopped:
``Invalid time specification (pos=N): TEXT``. That position, what it accepts (``T10:00``,
``today tomorrow``, ``now + 1 hour``) and what it refuses (``10:5``, ``12/25/2026``:
only a two-digit year follows a month and day) come from the scan itself, so it is
written here as a scanner: a grammar would have to encode each of its quirks as a
rule. Out-of-range days roll over as C's ``mktime`` rolls them (``02/29/27`` is 1 March).

Slurm reads the text as local wall-clock time. slurmsim keeps instants as integer
seconds since the epoch and, unless told otherwise, takes the wall clock to be UTC
(its display time zone), so ``16:00`` means 16:00 UTC.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError

#: ``now`` offset units, in the order Slurm tries them (the longer spelling first).
_UNITS: Final = (
    ("seconds", 1),
    ("second", 1),
    ("minutes", 60),
    ("minute", 60),
    ("hours", 3600),
    ("hour", 3600),
    ("days", 86400),
    ("day", 86400),
    ("weeks", 604800),
    ("week", 604800),
)
#: Words that set the time of day: (word, hour).
_CLOCK_WORDS: Final = (("midnight", 0), ("noon", 12), ("fika", 15), ("teatime", 16))
_BLANK: Final = " \t"  # C's isblank
_SPACE: Final = " \t\n\v\f\r"  # C's isspace
_LONG_MAX: Final = 2**63 - 1


class _Stop(Exception):
    """The scan stopped at ``pos`` (Slurm's reported position, which may be -1)."""

    def __init__(self, pos: int) -> None:
        self.pos = pos


@dataclass
class _Fields:
    """What the pieces read so far set (None: not set), as ``struct tm`` fields are."""

    year: int | None = None
    month: int | None = None  # 1-12
    day: int | None = None
    hour: int | None = None
    minute: int = 0
    second: int = 0


class _Text:
    """The text with C's view of its end: reading past it gives NUL."""

    def __init__(self, text: str) -> None:
        self.s = text

    def __getitem__(self, i: int) -> str:
        return self.s[i] if 0 <= i < len(self.s) else "\0"

    def digit(self, i: int) -> int | None:
        c = self[i]
        return ord(c) - 48 if "0" <= c <= "9" else None

    def starts(self, i: int, word: str) -> bool:
        return self.s[i : i + len(word)].lower() == word


def parse_time(text: str, now: int, tz: dt.tzinfo = dt.UTC, *, past: bool = False) -> int:
    """Slurm's ``parse_time``: the instant ``text`` names, as epoch seconds; 0 when it
    names none (blank, or only separators: Slurm's callers then say what they say).

    A time of day without a date is today when still to come (or always, with ``past``,
    as sacct and sacctmgr read their windows), else tomorrow; a date without a time is
    00:00; a date without a year is this year when still to come, else next year (with
    ``past``: this year unless its month is later than this one, then last year).

    Raises ``_Stop`` wrapped by the callers below; use ``parse_begin``.
    """
    t = _Text(text)
    if t.starts(0, "uts"):
        return _uts(text)
    current = dt.datetime.fromtimestamp(now, tz)
    f = _Fields()
    pos = 0
    while t[pos] not in ("\0", "\n"):
        c = t[pos]
        if c in _BLANK or c in "-T":
            pos += 1
            continue
        if t.starts(pos, "today") or t.starts(pos, "tomorrow"):
            later = t.starts(pos, "tomorrow")
            day = current.date() + dt.timedelta(days=1 if later else 0)
            f.year, f.month, f.day = day.year, day.month, day.day
            pos += 8 if later else 5
            continue
        word = next(((w, h) for w, h in _CLOCK_WORDS if t.starts(pos, w)), None)
        if word is not None:
            f.hour, f.minute, f.second = word[1], 0, 0
            pos += len(word[0])
            continue
        if t.starts(pos, "now"):
            pos = _now(t, pos, now, tz, f) + 1
            continue
        if t.digit(pos) is None:
            raise _Stop(pos)
        pos = _clock(t, pos, f) if ":" in (t[pos + 1], t[pos + 2]) else _date(t, pos, f)
    return _resolve(f, current, tz, past, pos)


def _uts(text: str) -> int:
    """``uts<epoch>``: strtol's reading of the rest, at least 1000000 and nothing after."""
    rest = text[3:].lstrip(_SPACE)
    sign = rest[:1] if rest[:1] in "+-" else ""
    digits = rest[len(sign) :]
    n = len(digits) - len(digits.lstrip("0123456789"))
    if not n or digits[n:]:
        raise _Stop(0)
    value = min(int(sign + digits[:n]), _LONG_MAX)
    if value < 1_000_000 or value == _LONG_MAX:
        raise _Stop(0)
    return value


def _now(t: _Text, pos: int, now: int, tz: dt.tzinfo, f: _Fields) -> int:
    """``now`` at ``pos``, with its offset: every field is set; the position of the
    piece's last character."""
    i = pos + 3
    delta = 0
    while True:
        c = t[i]
        if c in "+-":
            # Slurm adds the sign's index to the word's (the same when ``now`` leads).
            pos += i
            delta, after = _delta(t, pos)
            delta = -delta if c == "-" else delta
            last = after - 1
            break
        if c in _BLANK:
            i += 1
            continue
        if c in ("\0", "\n"):
            last = pos + i - 1
            break
        raise _Stop(pos + i)
    try:
        later = dt.datetime.fromtimestamp(now + delta, tz)
    except (OverflowError, OSError, ValueError):
        raise _Stop(pos) from None
    f.year, f.month, f.day = later.year, later.month, later.day
    f.hour, f.minute, f.second = later.hour, later.minute, later.second
    return last


def _delta(t: _Text, pos: int) -> tuple[int, int]:
    """The count and unit after the sign at ``pos``: (seconds, the position after the
    piece). Blanks may come anywhere before the unit."""
    count = digits = 0
    i = pos + 1
    while t[i] not in ("\0", "\n"):
        if t[i] in _SPACE:
            i += 1
            continue
        unit = next(((u, m) for u, m in _UNITS if t.starts(i, u)), None)
        if unit is not None:
            i += len(unit[0])
            count *= unit[1]
            break
        d = t.digit(i)
        if d is None:
            raise _Stop(i - 1)
        count, digits, i = count * 10 + d, digits + 1, i + 1
    if not digits:
        raise _Stop(pos)
    return count, i


def _clock(t: _Text, pos: int, f: _Fields) -> int:
    """``H[H]:MM[:SS] [AM|PM]`` at ``pos``; the next position."""
    i = pos
    hour = t.digit(i)
    if hour is None:
        raise _Stop(i)
    i += 1
    if t[i] != ":":
        d = t.digit(i)
        if d is None:
            raise _Stop(i)
        hour, i = hour * 10 + d, i + 1
    if hour > 23:
        raise _Stop(i - 2)
    if t[i] != ":":
        raise _Stop(i)
    minute, i = _two_digits(t, i + 1)
    second = 0
    if t[i] == ":":
        second, i = _two_digits(t, i + 1)
    while t[i] in _SPACE:
        i += 1
    if t.starts(i, "pm"):
        hour += 12
        if hour > 23:
            if hour != 24:
                raise _Stop(i)
            hour = 12
        i += 2
    elif t.starts(i, "am"):
        if hour > 11:
            if hour != 12:
                raise _Stop(i)
            hour = 0
        i += 2
    f.hour, f.minute, f.second = hour, minute, second
    return i


def _two_digits(t: _Text, i: int) -> tuple[int, int]:
    """Minutes or seconds: exactly two digits, at most 59; (value, next position)."""
    a, b = t.digit(i), t.digit(i + 1)
    if a is None:
        raise _Stop(i)
    if b is None:
        raise _Stop(i + 1)
    value = a * 10 + b
    if value > 59:
        raise _Stop(i)
    return value, i + 2


def _date(t: _Text, pos: int, f: _Fields) -> int:
    """``YYYY-MM-DD``, or ``MM[/.]DD[[/.]YY]`` (also ``MMDD[YY]``), at ``pos``; the next
    position. The month's first digit is taken unchecked, as Slurm takes it."""
    if len(t.s) >= pos + 7 and t[pos + 4] == "-" and t[pos + 7] == "-":
        year = 0
        for i in range(pos, pos + 4):
            d = t.digit(i)
            if d is None:
                raise _Stop(i)
            year = year * 10 + d
        month, i = _month(t, pos + 5)
        day, i = _day(t, i + 1)
        f.year, f.month, f.day = year, month, day
        return i
    month, i = _month(t, pos)
    if t[i] in "./":
        i += 1
    day, i = _day(t, i)
    if t[i] in "./":
        i += 1
    first = t.digit(i)
    if first is not None:
        second = t.digit(i + 1)
        if second is None:
            raise _Stop(i + 1)
        if first or second:  # Slurm takes a year of 00 as none given
            f.year = 2000 + first * 10 + second
        i += 2
    f.month, f.day = month, day
    return i


def _month(t: _Text, i: int) -> tuple[int, int]:
    month = ord(t[i]) - 48
    i += 1
    d = t.digit(i)
    if d is not None:
        month, i = month * 10 + d, i + 1
    if not 1 <= month <= 12:
        raise _Stop(i - 2)
    return month, i


def _day(t: _Text, i: int) -> tuple[int, int]:
    day = t.digit(i)
    if day is None:
        raise _Stop(i)
    i += 1
    d = t.digit(i)
    if d is not None:
        day, i = day * 10 + d, i + 1
    if not 1 <= day <= 31:
        raise _Stop(i - 2)
    return day, i


def _resolve(f: _Fields, now: dt.datetime, tz: dt.tzinfo, past: bool, end: int) -> int:
    """Fill in what the pieces left unset (see ``parse_time``) and make the instant."""
    if f.hour is None and f.month is None:
        return 0
    if f.hour is None:
        f.hour, f.minute = 0, 0
    if f.month is None:
        ahead = (f.hour, f.minute) > (now.hour, now.minute)
        day = now.date() if past or ahead else now.date() + dt.timedelta(days=1)
        f.year, f.month, f.day = day.year, day.month, day.day
    assert f.day is not None
    if f.year is None:
        if past:
            f.year = now.year - 1 if f.month > now.month else now.year
        else:
            ahead = (f.month, f.day, f.hour, f.minute) > (now.month, now.day, now.hour, now.minute)
            f.year = now.year if ahead else now.year + 1
    try:
        # mktime's roll-over: day 31 of a 30-day month is the 1st of the next.
        first = dt.datetime(f.year, f.month, 1, tzinfo=tz)
        when = first + dt.timedelta(
            days=f.day - 1, hours=f.hour, minutes=f.minute, seconds=f.second
        )
    except (OverflowError, ValueError):
        raise _Stop(end) from None
    return int(when.timestamp())


def parse_begin(
    text: str, now: int, tz: dt.tzinfo = dt.UTC, *, option: str = "--begin", past: bool = False
) -> int:
    """``parse_time`` for an option that must name an instant.

    Raises ParseError("Invalid --begin specification") naming ``option``; its ``context`` is
    the line Slurm prints first, ``Invalid time specification (pos=N): <text>`` (N 0-based,
    -1 for a lone ``0``), or None when the text names no instant (Slurm prints nothing).

    >>> parse_begin("now+1hour", 1_000_000)
    1003600
    """
    message = f"Invalid {option} specification"
    try:
        when = parse_time(text, now, tz, past=past)
    except (OverflowError, OSError, ValueError):  # an offset past what a clock can show
        raise ParseError(message, None, f"Invalid time specification (pos=0): {text}") from None
    except _Stop as stop:
        context = f"Invalid time specification (pos={stop.pos}): {text}"
        raise ParseError(message, stop.pos + 1, context) from None
    if when == 0:
        raise ParseError(message, None, None)
    return when
