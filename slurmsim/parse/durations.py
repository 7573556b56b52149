"""Durations: Slurm's time limit syntax, slurmsim's clock intervals, and their printed forms.

Hand-written with regular expressions rather than a Lark grammar: durations are parsed for every
job and every display, and must not pay for importing Lark.
"""

from __future__ import annotations

import re
from typing import Final

from slurmsim.parse.errors import ParseError

INFINITE: Final = None
"""The value of an unlimited duration (Slurm's INFINITE)."""

_INFINITE_WORDS: Final = frozenset({"-1", "infinite", "unlimited"})

# One pattern per accepted shape; groups are (days, hours, minutes, seconds) or a subset.
# Slurm reads each field into a C int; more than 9 digits is rejected here instead of wrapping.
_N: Final = r"([0-9]{1,9})"
_M: Final = re.compile(_N)
_MS: Final = re.compile(rf"{_N}:{_N}")
_HMS: Final = re.compile(rf"{_N}:{_N}:{_N}")
_D_H: Final = re.compile(rf"{_N}-([0-9]{{0,9}})")
_D_HM: Final = re.compile(rf"{_N}-{_N}:{_N}")
_D_HMS: Final = re.compile(rf"{_N}-{_N}:{_N}:{_N}")

_UNIT_SECONDS: Final = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_INTERVAL: Final = re.compile(r"[ \t]*(?:[0-9]{1,9}[ \t]*[smhdw][ \t]*)+", re.IGNORECASE)
_INTERVAL_PART: Final = re.compile(r"([0-9]{1,9})[ \t]*([smhdw])", re.IGNORECASE)


def _exact_seconds(text: str) -> int | None:
    """Seconds of a time_str2secs value, or None when the text has none of its shapes."""
    if m := _M.fullmatch(text):
        return int(m[1]) * 60
    if m := _MS.fullmatch(text):
        return int(m[1]) * 60 + int(m[2])
    if m := _HMS.fullmatch(text):
        return int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3])
    if m := _D_H.fullmatch(text):
        return int(m[1]) * 86400 + int(m[2] or 0) * 3600
    if m := _D_HM.fullmatch(text):
        return int(m[1]) * 86400 + int(m[2]) * 3600 + int(m[3]) * 60
    if m := _D_HMS.fullmatch(text):
        return int(m[1]) * 86400 + int(m[2]) * 3600 + int(m[3]) * 60 + int(m[4])
    return None


def parse_duration(text: str, *, option: str = "--time") -> int | None:
    """Parse a Slurm duration (``-t/--time``, partition ``MaxTime``...) into seconds.

    Shapes: ``M``, ``M:S``, ``H:M:S``, ``D-H``, ``D-H:M``, ``D-H:M:S`` (and ``D-`` = D days);
    fields are not range checked. ``INFINITE``, ``UNLIMITED`` and ``-1`` (any case) give
    :data:`INFINITE` (None). Slurm keeps limits in whole minutes, so the result is rounded up to
    a multiple of 60 (``0:30`` -> 60). ``0`` stays 0: turning a zero ``--time`` into no limit is
    the option layer's rule, not the syntax's.

    Raises ParseError("Invalid --time specification"), naming ``option``.

    >>> parse_duration("1-02:03:04"), parse_duration("90"), parse_duration("unlimited")
    (93840, 5400, None)
    """
    if text.lower() in _INFINITE_WORDS:
        return INFINITE
    seconds = _exact_seconds(text)
    if seconds is None:
        raise ParseError(f"Invalid {option} specification")
    return -(-seconds // 60) * 60


def parse_seconds(text: str, *, option: str = "--delay-boot") -> int:
    """A duration to the second, not rounded to minutes (``--delay-boot``, ``Delay=``):
    ``1:30`` is 90. Raises ParseError("Invalid --delay-boot specification"), naming ``option``.

    >>> parse_seconds("1:30"), parse_seconds("5")
    (90, 300)
    """
    seconds = _exact_seconds(text)
    if seconds is None:
        raise ParseError(f"Invalid {option} specification")
    return seconds


def parse_time_limit(text: str, *, option: str = "--time") -> int | None:
    """Parse ``-t/--time`` or ``--time-min``: :func:`parse_duration`, except that ``0`` also
    means no limit (sbatch turns a zero limit into INFINITE).

    >>> parse_time_limit("0"), parse_time_limit("30")
    (None, 1800)
    """
    seconds = parse_duration(text, option=option)
    return INFINITE if seconds == 0 else seconds


def parse_interval(text: str) -> int:
    """Parse a slurmsim clock interval into exact seconds (``slurmsim clock advance``).

    Accepts unit sums such as ``30s``, ``15m``, ``2h``, ``1d``, ``1w``, ``1h30m`` (blanks allowed
    between parts), and every finite Slurm duration shape (``15`` is 15 minutes, ``0:30`` is
    30 seconds; no rounding to minutes).

    >>> parse_interval("1h30m"), parse_interval("0:30"), parse_interval("1-0")
    (5400, 30, 86400)
    """
    if _INTERVAL.fullmatch(text):
        return sum(int(n) * _UNIT_SECONDS[unit.lower()] for n, unit in _INTERVAL_PART.findall(text))
    seconds = _exact_seconds(text.strip(" \t"))
    if seconds is None:
        raise ParseError(
            f"Invalid interval: {text!r} (expected e.g. 30s, 15m, 1h30m, 2d or [D-]H:M:S)"
        )
    return seconds


def format_duration(seconds: int | None, *, infinite: str = "UNLIMITED") -> str:
    """A duration as squeue ``%l %M %L`` and sinfo ``%l`` print it: ``M:SS``, ``H:MM:SS``,
    ``D-HH:MM:SS`` (leading unit unpadded).

    None prints ``infinite``: ``UNLIMITED`` as squeue does (pass ``"infinite"`` for sinfo).
    Negative values print ``INVALID`` as squeue does.

    >>> format_duration(0), format_duration(3584), format_duration(7 * 86400)
    ('0:00', '59:44', '7-00:00:00')
    """
    if seconds is None:
        return infinite
    if seconds < 0:
        return "INVALID"
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days}-{hours:02d}:{minutes:02d}:{secs:02d}"
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def format_hms(seconds: int | None) -> str:
    """A duration as scontrol and sacct print it: ``HH:MM:SS`` or ``D-HH:MM:SS``.

    None prints ``UNLIMITED``; negative values print ``INVALID``.

    >>> format_hms(1800), format_hms(7 * 86400), format_hms(None)
    ('00:30:00', '7-00:00:00', 'UNLIMITED')
    """
    if seconds is None:
        return "UNLIMITED"
    if seconds < 0:
        return "INVALID"
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days}-{hours:02d}:{minutes:02d}:{secs:02d}"
    return f"{hours:02d}:{minutes:02d}:{secs:02d}"
