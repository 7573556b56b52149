"""Hostlist expressions: ``dgx[1-4,7]`` <-> ``dgx1 dgx2 dgx3 dgx4 dgx7``.

Hand-written scanner rather than a Lark grammar: node lists are expanded and compressed on every
display, so this must stay cheap and import nothing heavy.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError

MAX_RANGE: Final = 64 * 1024
"""Most hosts one bracket range may produce (Slurm's internal limit)."""

MAX_HOSTS: Final = 1 << 20
"""Most hosts one expression may expand to (Cartesian products grow fast)."""

_RANGE: Final = re.compile(r"([0-9]{1,18})(?:-([0-9]{1,18}))?")
_TRAILING_DIGITS: Final = re.compile(r"[0-9]{1,18}\Z")


def _invalid(expr: str) -> ParseError:
    return ParseError(f"Invalid hostlist: {expr}")


def _split_items(expr: str) -> Iterator[str]:
    """Items separated by commas or blanks; commas inside ``[...]`` do not split."""
    depth = 0
    start = 0
    for i, ch in enumerate(expr):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif depth == 0 and (ch == "," or ch.isspace()):
            if i > start:
                yield expr[start:i]
            start = i + 1
    if start < len(expr):
        yield expr[start:]


def _expand_ranges(body: str, expr: str) -> list[str]:
    """``01-03,7`` -> ``['01', '02', '03', '7']``; the first number's width sets the padding."""
    out: list[str] = []
    for part in body.split(","):
        m = _RANGE.fullmatch(part)
        if m is None:
            raise _invalid(expr)
        lo = int(m[1])
        hi = int(m[2]) if m[2] is not None else lo
        if hi < lo or hi - lo >= MAX_RANGE:
            raise _invalid(expr)
        width = len(m[1])
        out.extend(f"{n:0{width}d}" for n in range(lo, hi + 1))
    return out


def _expand_item(item: str, expr: str) -> list[str]:
    """One ``prefix[ranges]...[ranges]`` item: a Cartesian product, leftmost group slowest."""
    if "[" not in item:
        if "]" in item:
            raise _invalid(expr)
        return [item]
    pieces: list[list[str]] = []
    pos = 0
    while pos < len(item):
        open_at = item.find("[", pos)
        if open_at < 0:
            # Text after the last bracket group: Slurm requires the group to end the item.
            raise _invalid(expr)
        close_at = item.find("]", open_at)
        if close_at < 0:
            # Slurm takes an unclosed bracket literally (and appends the missing "]").
            pieces.append([item[pos:] + "]"])
            break
        literal = item[pos:open_at]
        if "]" in literal:
            raise _invalid(expr)
        pieces.append([literal])
        pieces.append(_expand_ranges(item[open_at + 1 : close_at], expr))
        pos = close_at + 1
    total = 1
    for choices in pieces:
        total *= len(choices)
    if total > MAX_HOSTS:
        raise _invalid(expr)
    return ["".join(combo) for combo in itertools.product(*pieces)]


def expand(expr: str) -> list[str]:
    """All host names of an expression, in written order, duplicates kept.

    >>> expand("dgx[1-3,7],login1")
    ['dgx1', 'dgx2', 'dgx3', 'dgx7', 'login1']
    >>> expand("rack[1-2]-gpu[01-02]")
    ['rack1-gpu01', 'rack1-gpu02', 'rack2-gpu01', 'rack2-gpu02']

    Raises ParseError for ``lo > hi``, non-digits in brackets or text after the last bracket
    group (``node[1-2]-ib``).
    """
    hosts: list[str] = []
    for item in _split_items(expr):
        hosts.extend(_expand_item(item, expr))
        if len(hosts) > MAX_HOSTS:
            raise _invalid(expr)
    return hosts


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
