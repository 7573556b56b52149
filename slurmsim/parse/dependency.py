"""Job dependency expressions (``-d/--dependency``, ``scontrol update Dependency=``)."""

from __future__ import annotations

from typing import Final

from slurmsim.model.dependency import Dependency, DepJob, DepKind, DepTerm
from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

DEPENDENCY_ERROR: Final = "Job dependency problem"
"""The controller's error text (sbatch prints it after ``Batch job submission failed: ``)."""


def parse_dependency(text: str) -> Dependency:
    """Parse ``type:jobid[+minutes][:jobid...]`` items joined by ``,`` (all) or ``?`` (any).

    Types are matched case-insensitively; bare job ids are the old form of ``afterany``.
    As slurmctld 22.05 reads it, a ``?`` anywhere makes the whole list an OR, a ``+N``
    delay is allowed on every type, and a second entry for the same type and job is
    dropped. The empty string (``scontrol update Dependency=``) gives no terms. Unknown
    types, job id 0 and trailing garbage raise ParseError("Job dependency problem").

    >>> str(parse_dependency("afterok:12:13_2,singleton"))
    'afterok:12,afterok:13_2,singleton'
    """
    if text == "":
        return Dependency(())
    from slurmsim.parse.transformers.dependency import DependencyTransformer  # lazy import

    return parse_with("dependency", text, DEPENDENCY_ERROR, DependencyTransformer())


__all__ = [
    "DEPENDENCY_ERROR",
    "DepJob",
    "DepKind",
    "DepTerm",
    "Dependency",
    "ParseError",
    "parse_dependency",
]
