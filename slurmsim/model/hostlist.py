"""Printing node lists the way Slurm does: ``dgx1 dgx2 dgx3 dgx7`` -> ``dgx[1-3,7]``.

Every layer prints node lists (the engine in reason texts, the formatters in
every view, the configuration in partitions), so the one implementation lives
with the shared vocabulary; reading hostlist expressions is the parser's job
(``slurmsim.parse.hostlist.expand``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

_TRAILING_DIGITS: Final = re.compile(r"[0-9]{1,18}\Z")


@dataclass(slots=True)
class _Range:
    """A run of hosts ``prefix + lo .. prefix + hi`` printed ``width`` wide (Slurm's hostrange)."""

    prefix: str
    lo: int
    hi: int
    width: int
    numbered: bool


def _split_name(name: str) -> _Range:
    m = _TRAILING_DIGITS.search(name)
    if m is None:
        return _Range(name, 0, 0, 0, numbered=False)
    digits = m[0]
    return _Range(name[: m.start()], int(digits), int(digits), len(digits), numbered=True)


def _zero_pad(num: int, width: int) -> int:
    """Leading zeros ``num`` gets when printed ``width`` wide."""
    return max(0, width - len(str(num)))


def _joined_width(tail: _Range, new: _Range) -> int | None:
    """The width both runs can share, or None (``dgx9``+``dgx10`` share 1; ``dgx1``+``dgx01``
    cannot): a run may take the other's width only if that adds or drops no zeros."""
    if tail.width == new.width:
        return tail.width
    # Slurm compares the numbers at the joint; checking tail.lo too keeps the run's first
    # number printable in the shared width, so expand() gives back the same names.
    tail_same = all(_zero_pad(n, tail.width) == _zero_pad(n, new.width) for n in (tail.lo, tail.hi))
    new_same = _zero_pad(new.lo, new.width) == _zero_pad(new.lo, tail.width)
    if new_same:
        return tail.width
    if tail_same:
        return new.width
    return None


def _push(ranges: list[_Range], host: _Range) -> None:
    """Append a host, extending the last run when it continues it (Slurm's hostlist_push)."""
    if ranges and host.numbered:
        tail = ranges[-1]
        if tail.numbered and tail.prefix == host.prefix and tail.hi + 1 == host.lo:
            width = _joined_width(tail, host)
            if width is not None:
                tail.hi = host.hi
                tail.width = width
                return
    ranges.append(host)


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"  # ASCII only: str.isdigit() also accepts superscripts


def _natcmp(a: str, b: str) -> int:
    """Natural order of prefixes: digit runs compare by value (``rack2`` < ``rack10``)."""
    i = j = 0
    while i < len(a) and j < len(b):
        if _is_digit(a[i]) and _is_digit(b[j]):
            i2, j2 = i, j
            while i2 < len(a) and _is_digit(a[i2]):
                i2 += 1
            while j2 < len(b) and _is_digit(b[j2]):
                j2 += 1
            # Compare by value without int(): runs may be arbitrarily long.
            na, nb = a[i:i2].lstrip("0"), b[j:j2].lstrip("0")
            if (len(na), na) != (len(nb), nb):
                return -1 if (len(na), na) < (len(nb), nb) else 1
            i, j = i2, j2
            continue
        if a[i] != b[j]:
            return -1 if a[i] < b[j] else 1
        i += 1
        j += 1
    return (len(a) - i > 0) - (len(b) - j > 0)


def _host_cmp(x: _Range, y: _Range) -> int:
    """Slurm's host order: prefix (natural), un-numbered first, narrower width, then number."""
    c = _natcmp(x.prefix, y.prefix)
    if c:
        return c
    if x.numbered != y.numbered:
        return -1 if not x.numbered else 1
    if x.width != y.width:
        return -1 if x.width < y.width else 1
    if x.lo != y.lo:
        return -1 if x.lo < y.lo else 1
    return -1 if x.prefix < y.prefix else int(x.prefix > y.prefix)


def _keyed_cmp(x: tuple[_Range, str], y: tuple[_Range, str]) -> int:
    """Slurm's order, then the name itself so that sorting is total."""
    return _host_cmp(x[0], y[0]) or (x[1] > y[1]) - (x[1] < y[1])


_HOST_KEY: Final = functools.cmp_to_key(_keyed_cmp)


def sort_hosts(names: Iterable[str], *, unique: bool = True) -> list[str]:
    """Host names in Slurm's order (the order node lists are shown in), unique by default.

    >>> sort_hosts(["dgx10", "dgx2", "login", "dgx2"])
    ['dgx2', 'dgx10', 'login']
    """
    pool = set(names) if unique else list(names)
    return [name for _, name in sorted(((_split_name(n), n) for n in pool), key=_HOST_KEY)]


def _format(ranges: list[_Range]) -> str:
    out: list[str] = []
    i = 0
    while i < len(ranges):
        first = ranges[i]
        j = i + 1
        if first.numbered:
            while j < len(ranges) and ranges[j].numbered and ranges[j].prefix == first.prefix:
                j += 1
        group = ranges[i:j]
        if not first.numbered:
            out.append(first.prefix)
        elif len(group) == 1 and first.lo == first.hi:
            out.append(f"{first.prefix}{first.lo:0{first.width}d}")
        else:
            body = ",".join(
                f"{r.lo:0{r.width}d}" if r.lo == r.hi else f"{r.lo:0{r.width}d}-{r.hi:0{r.width}d}"
                for r in group
            )
            out.append(f"{first.prefix}[{body}]")
        i = j
    return ",".join(out)


def compress(names: Iterable[str], *, sort: bool = True) -> str:
    """The compressed form Slurm prints for a set of host names.

    With ``sort=True`` (job, step and partition node lists) the names are first made unique and
    put in Slurm's order; with ``sort=False`` insertion order is kept and only neighbours merge
    (``scontrol show hostlist``).

    >>> compress(["dgx3", "dgx1", "dgx2", "dgx4"]), compress(["dgx01", "dgx02", "dgx07"])
    ('dgx[1-4]', 'dgx[01-02,07]')
    >>> compress(["tux2", "tux1", "tux2"], sort=False)
    'tux[2,1-2]'
    """
    ordered = sort_hosts(names) if sort else list(names)
    ranges: list[_Range] = []
    for name in ordered:
        _push(ranges, _split_name(name))
    return _format(ranges)
