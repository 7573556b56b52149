"""Job dependency expressions (``-d/--dependency``, ``scontrol update Dependency=``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

DEPENDENCY_ERROR: Final = "Job dependency problem"
"""The controller's error text (sbatch prints it after ``Batch job submission failed: ``)."""

KINDS: Final = (
    "after",
    "afterany",
    "afterok",
    "afternotok",
    "aftercorr",
    "afterburstbuffer",
    "expand",
    "singleton",
)


@dataclass(frozen=True)
class DepTerm:
    """``kind`` on each of ``job_ids`` (strings: ``12``, ``12_3``, ``12_*``).

    ``time_min`` is the ``after:<id>+<minutes>`` delay (only kind ``after`` has one); singleton
    has no job ids.
    """

    kind: str
    job_ids: tuple[str, ...]
    time_min: int | None = None


@dataclass(frozen=True)
class Dependency:
    """Terms that must all hold (``,``), or of which one must hold (``any_of``, ``?``)."""

    terms: tuple[DepTerm, ...]
    any_of: bool = False


def parse_dependency(text: str) -> Dependency:
    """Parse ``type:jobid[:jobid...]`` items joined by ``,`` (all) or ``?`` (any).

    Types are matched case-insensitively and returned lower case; bare job ids are the old
    form of ``afterany``. The empty string (``scontrol update Dependency=``) gives no terms.
    Unknown types, job id 0, a delay on a type other than ``after``, trailing garbage and mixed
    separators raise ParseError("Job dependency problem").

    >>> parse_dependency("afterok:12:13_2").terms
    (DepTerm(kind='afterok', job_ids=('12', '13_2'), time_min=None),)
    """
    if text == "":
        return Dependency(())
    from slurmsim.parse.transformers.dependency import DependencyTransformer  # lazy import

    return parse_with("dependency", text, DEPENDENCY_ERROR, DependencyTransformer())


def _entries(dep: Dependency) -> list[tuple[str, str]]:
    """(job id or "" for singleton, display text) per job id, in order."""
    out: list[tuple[str, str]] = []
    for term in dep.terms:
        if term.kind == "singleton":
            out.append(("", "singleton"))
            continue
        delay = f"+{term.time_min}" if term.time_min is not None else ""
        out.extend((job_id, f"{term.kind}:{job_id}{delay}") for job_id in term.job_ids)
    return out


def format_dependency(
    dep: Dependency, states: Mapping[str, str] | None = None, default: str = "unfulfilled"
) -> str:
    """The ``Dependency=`` / squeue ``%E`` form: one entry per job id with its state.

    ``states`` maps a job id (``""`` for singleton) to its state word (``unfulfilled``,
    ``failed``...); the caller drops fulfilled terms first. No terms print ``(null)``.

    >>> format_dependency(parse_dependency("afterok:101,after:102+5"))
    'afterok:101(unfulfilled),after:102+5(unfulfilled)'
    """
    entries = _entries(dep)
    if not entries:
        return "(null)"
    states = states or {}
    sep = "?" if dep.any_of else ","
    return sep.join(f"{text}({states.get(job_id, default)})" for job_id, text in entries)


def format_dependency_spec(dep: Dependency) -> str:
    """The compact input form (``afterok:1:2,singleton``); parses back to ``dep``."""
    items: list[str] = []
    for term in dep.terms:
        if term.kind == "singleton":
            items.append("singleton")
            continue
        delay = f"+{term.time_min}" if term.time_min is not None else ""
        items.append(":".join([term.kind, *(f"{j}{delay}" for j in term.job_ids)]))
    return ("?" if dep.any_of else ",").join(items)


__all__ = [
    "DEPENDENCY_ERROR",
    "KINDS",
    "DepTerm",
    "Dependency",
    "ParseError",
    "format_dependency",
    "format_dependency_spec",
    "parse_dependency",
]
