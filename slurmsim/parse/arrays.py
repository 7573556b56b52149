"""Job array index specifications (``-a/--array``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

ARRAY_ERROR: Final = "Invalid job array specification"
"""The controller's error text (sbatch prints it after ``Batch job submission failed: ``)."""

MAX_ARRAY_SIZE: Final = 1001
"""slurm.conf MaxArraySize default: indexes 0..1000."""


@dataclass(frozen=True)
class ArraySpec:
    """Sorted unique task indexes and the ``%K`` limit on tasks running at once (None, or 0
    for a bare ``%``: no limit)."""

    indices: tuple[int, ...]
    throttle: int | None


def _ranges(text: str) -> tuple[list[tuple[int, int, int | None]], int | None]:
    from slurmsim.parse.transformers.arrays import ArrayTransformer  # lazy import

    return parse_with("arrays", text, ARRAY_ERROR, ArrayTransformer())


def parse_array(text: str, *, max_array_size: int = MAX_ARRAY_SIZE) -> ArraySpec:
    """Parse ``N``, ``N-M``, ``N-M:S`` tokens joined by commas, with an optional ``%K``.

    Every index must be below ``max_array_size`` (MaxArraySize); descending ranges, step 0,
    MaxArraySize 0 and garbage raise ParseError("Invalid job array specification").

    >>> parse_array("0-15:4%2")
    ArraySpec(indices=(0, 4, 8, 12), throttle=2)
    """
    ranges, throttle = _ranges(text)
    indices: set[int] = set()
    for first, last, written_step in ranges:
        step = 1 if written_step is None else written_step
        if step < 1 or last < first or last >= max_array_size:
            raise ParseError(ARRAY_ERROR)
        indices.update(range(first, last + 1, step))
    return ArraySpec(tuple(sorted(indices)), throttle)


def parse_array_step(text: str) -> int:
    """``SLURM_ARRAY_TASK_STEP``: the step of the first ``:S`` in the spec, else 1."""
    ranges, _ = _ranges(text)
    return next((step for _, _, step in ranges if step is not None), 1)
