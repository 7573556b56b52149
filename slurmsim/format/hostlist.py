"""Node and index lists as Slurm prints them: ``dgx[1,3-4]``, array tasks ``0-3,5``.

Node lists come from the shared implementation in ``slurmsim.model.hostlist``
(job and node lists are printed sorted and de-duplicated, as Slurm 22.05's
clients do); index sets (array tasks) are printed here.
"""

from collections.abc import Iterable

from slurmsim.model.hostlist import compress

__all__ = ["compress", "format_ranges"]


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
