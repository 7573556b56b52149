"""Host lists printed the way Slurm compresses them: ``dgx[1,3-4]``.

Job and node lists are printed sorted and de-duplicated (Slurm 22.05.4+ sorts
them in the client), so ``compress`` sorts by default; ``scontrol show
hostlist`` keeps the order given and only merges neighbours (``sort=False``).
"""

import re
from collections.abc import Iterable
from typing import NamedTuple

_NAME = re.compile(r"^(.*?)(\d*)$")


class _Host(NamedTuple):  # ordered, hashable and immutable, as a tuple
    prefix: str
    number: int  # -1 when the name has no numeric suffix
    width: int  # digits as written; 0 without a suffix

    @property
    def padded(self) -> bool:
        return self.width > len(str(self.number))

    def joins(self, other: "_Host") -> bool:
        """True when ``other`` continues this host's range (same prefix, next number)."""
        if self.prefix != other.prefix or self.number < 0 or other.number != self.number + 1:
            return False
        # dgx9 and dgx10 merge; dgx1 and dgx01 never do.
        return self.width == other.width or not (self.padded or other.padded)


def _host(name: str) -> _Host:
    match = _NAME.match(name)
    assert match is not None  # the pattern matches every string
    prefix, digits = match.groups()
    if not digits:
        return _Host(name, -1, 0)
    return _Host(prefix, int(digits), len(digits))


def _num(host: _Host) -> str:
    return str(host.number).zfill(host.width)


def compress(names: Iterable[str], *, sort: bool = True) -> str:
    """``["dgx1", "dgx3", "dgx4"]`` → ``dgx[1,3-4]``; one host prints bare, none prints ``""``."""
    hosts = [_host(n) for n in names]
    if sort:
        hosts = sorted(set(hosts), key=lambda h: (h.prefix, h.number, h.width))
    # Runs of consecutive numbers, then consecutive runs sharing a prefix form one bracket.
    runs: list[list[_Host]] = []
    for host in hosts:
        if runs and runs[-1][-1].joins(host):
            runs[-1].append(host)
        else:
            runs.append([host])
    groups: list[tuple[str, list[str]]] = []
    for run in runs:
        first, last = run[0], run[-1]
        if first.number < 0:
            groups.append((first.prefix, []))
            continue
        text = _num(first) if first is last else f"{_num(first)}-{_num(last)}"
        if groups and groups[-1][1] and groups[-1][0] == first.prefix:
            groups[-1][1].append(text)
        else:
            groups.append((first.prefix, [text]))
    parts = []
    for prefix, ranges in groups:
        if not ranges:
            parts.append(prefix)
        elif len(ranges) == 1 and "-" not in ranges[0]:
            parts.append(prefix + ranges[0])
        else:
            parts.append(f"{prefix}[{','.join(ranges)}]")
    return ",".join(parts)


def format_ranges(numbers: Iterable[int]) -> str:
    """Sorted integers as Slurm prints index sets: ``0-3,5``, ``2``."""
    values = sorted(set(numbers))
    parts: list[str] = []
    start = prev = None
    for value in values:
        if prev is not None and value == prev + 1:
            prev = value
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = value
    if start is not None:
        parts.append(str(start) if start == prev else f"{start}-{prev}")
    return ",".join(parts)
