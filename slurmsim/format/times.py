"""Durations and instants the way Slurm's commands print them.

Slurm has three duration styles: squeue/sinfo trim leading zeros
(``0:00``, ``59:44``, ``1:00:00``, ``7-00:00:00``), scontrol always pads hours
(``00:30:00``, ``7-00:00:00``), and instants are ISO local time, which for
slurmsim is UTC (``2026-11-29T19:05:33``).
"""

import functools
import time

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


def format_instant(instant: Instant | None, missing: str = "Unknown") -> str:
    """``2026-11-29T19:05:33``; ``missing`` (``Unknown``, ``None``, ``N/A``) when unset."""
    if instant is None:
        return missing
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(instant))


def date_line(now: Instant) -> str:
    """The line ``-l`` puts above the header: ``Sun Nov 29 19:05:51 2026``."""
    return time.strftime("%a %b %d %H:%M:%S %Y", time.gmtime(now))
