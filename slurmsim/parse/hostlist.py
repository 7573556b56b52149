"""Hostlist expressions: ``dgx[1-4,7]`` <-> ``dgx1 dgx2 dgx3 dgx4 dgx7``.

Hand-written scanner rather than a Lark grammar: node lists are expanded and compressed on every
display, so this must stay cheap and import nothing heavy.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Final

# Printing lives with the shared vocabulary (model.hostlist); re-exported here so that
# callers that both read and print node lists need one import.
from slurmsim.model.hostlist import compress, sort_hosts
from slurmsim.parse.errors import ParseError

MAX_RANGE: Final = 64 * 1024
"""Most hosts one bracket range may produce (Slurm's internal limit)."""

MAX_HOSTS: Final = 1 << 20
"""Most hosts one expression may expand to (Cartesian products grow fast)."""

_RANGE: Final = re.compile(r"([0-9]{1,18})(?:-([0-9]{1,18}))?")


def _invalid(expr: str) -> ParseError:
    return ParseError(f"Invalid hostlist: {expr}")


def _split_items(expr: str) -> Iterator[str]:
    """Items separated by commas or blanks; commas inside ``[...]`` do not split (a
    ``[`` that no ``]`` follows opens nothing: ``dgx[1,2`` is ``dgx[1`` and ``2``)."""
    depth = 0
    start = 0
    for i, ch in enumerate(expr):
        if ch == "[" and expr.find("]", i) >= 0:
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
    if "[" not in item:  # a "]" alone is part of a name (the oracle: ``a]`` is a host)
        return [item]
    last = item.rfind("[")
    if item.find("]", last) < 0:
        # No "]" after the last "[": Slurm keeps what comes before it and tacks one on
        # (``dgx[1-`` is the host ``dgx]``), or, with nothing before it, what follows.
        return [item[:last] + "]"] if last else [item[1:]]
    pieces: list[list[str]] = []
    pos = 0
    while pos < len(item):
        open_at = item.find("[", pos)
        if open_at < 0:
            # Text after the last bracket group: Slurm requires the group to end the item.
            raise _invalid(expr)
        close_at = item.find("]", open_at)
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


def range_complaint(expr: str) -> str | None:
    """What Slurm says of the first range inside brackets that is not one (``Invalid
    range: `3-2'``) or holds too many hosts (``Too many hosts in range `1-200000'``) when
    it refuses a hostlist; None when the fault lies elsewhere."""
    bodies: list[str] = re.findall(r"\[([^\[\]]*)\]", expr)
    for body in bodies:
        for part in body.split(","):
            m = _RANGE.fullmatch(part)
            if m is None or (m[2] is not None and int(m[2]) < int(m[1])):
                return f"Invalid range: `{part}'"
            if m[2] is not None and int(m[2]) - int(m[1]) >= MAX_RANGE:
                return f"Too many hosts in range `{part}'"
    return None


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


__all__ = ["MAX_HOSTS", "MAX_RANGE", "compress", "expand", "range_complaint", "sort_hosts"]
