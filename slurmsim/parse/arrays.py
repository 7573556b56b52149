"""Job array index specifications (``-a/--array``).

slurmctld reads these with strtol item by item, not with a grammar: what it accepts
(``1,,2``, ``0-3%x``, a ``%`` item that reads as index 0) follows from that reading,
so it is written here the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError

ARRAY_ERROR: Final = "Invalid job array specification"
"""The controller's error text (sbatch prints it after ``Batch job submission failed: ``)."""

MAX_ARRAY_SIZE: Final = 1001
"""slurm.conf MaxArraySize default: indexes 0..1000."""

_SPACE: Final = " \t\n\v\f\r"  # C's isspace, which strtol skips


@dataclass(frozen=True)
class ArraySpec:
    """Sorted unique task indexes and the ``%K`` limit on tasks running at once (None, or 0
    for a bare ``%``: no limit)."""

    indices: tuple[int, ...]
    throttle: int | None


def _strtol(text: str, i: int) -> tuple[int, int]:
    """C's ``strtol`` from ``i``: (value, where it stopped); no digits read 0, stopping at ``i``."""
    j = i
    while j < len(text) and text[j] in _SPACE:
        j += 1
    k = j + 1 if j < len(text) and text[j] in "+-" else j
    end = k
    while end < len(text) and text[end].isascii() and text[end].isdigit():
        end += 1
    if end == k:
        return 0, i
    return int(text[j:end]), end


def _token(token: str, max_array_size: int) -> range:
    """One comma-separated item, read as slurmctld reads it: ``[``? first, then ``-last``
    and ``:step``, each number read by strtol, a ``]`` after any of them passed over;
    anything after but a ``%`` makes the item invalid (a lone ``%K`` is index 0)."""
    start = 1 if token.startswith("[") else 0
    first, i = _strtol(token, start)

    def closed(at: int) -> int:
        return at + 1 if token[at : at + 1] == "]" else at

    def done(at: int) -> bool:
        return at == len(token) or token[at] == "%"

    i = closed(i)
    if first < 0:
        raise ParseError(ARRAY_ERROR)
    last, step = first, 1
    if token[i : i + 1] == "-":
        last, i = _strtol(token, i + 1)
        i = closed(i)
        if token[i : i + 1] == ":":
            step, i = _strtol(token, i + 1)
            i = closed(i)
            if not done(i) or not 0 < step < max_array_size:
                raise ParseError(ARRAY_ERROR)
        elif not done(i):
            raise ParseError(ARRAY_ERROR)
        if last < first:
            raise ParseError(ARRAY_ERROR)
    elif not done(i):
        raise ParseError(ARRAY_ERROR)
    if last >= max_array_size:
        raise ParseError(ARRAY_ERROR)
    return range(first, last + 1, step)


def parse_array(text: str, *, max_array_size: int = MAX_ARRAY_SIZE) -> ArraySpec:
    """Parse ``N``, ``N-M``, ``N-M:S`` items joined by commas, with an optional ``%K``.

    Read as slurmctld reads it: the items are what lies between commas (empty ones are
    skipped), each read with strtol (see ``_token``); the throttle is the number after
    the first ``%`` (none, or 0 for a bare ``%``: no limit). Every index must be below
    ``max_array_size`` (MaxArraySize); a descending range, a step of 0, text after an
    item, an empty spec and MaxArraySize 0 raise ParseError("Invalid job array
    specification"). Items that name no index at all (``,``) leave a plain job.

    >>> parse_array("0-15:4%2")
    ArraySpec(indices=(0, 4, 8, 12), throttle=2)
    """
    if not text or max_array_size <= 0:
        raise ParseError(ARRAY_ERROR)
    indices: set[int] = set()
    for token in text.split(","):
        if token:
            indices.update(_token(token, max_array_size))
    _, percent, rest = text.partition("%")
    throttle = max(_atoi(rest), 0) if percent else None
    return ArraySpec(tuple(sorted(indices)), throttle)


def _atoi(text: str) -> int:
    return _strtol(text, 0)[0]


def parse_array_step(text: str) -> int:
    """``SLURM_ARRAY_TASK_STEP``: the number after the spec's first ``:`` (slurmctld reads
    it so), else 1."""
    _, colon, rest = text.partition(":")
    return _atoi(rest) if colon else 1
