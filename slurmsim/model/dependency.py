"""Job dependencies (``--dependency``) as the controller keeps them, already read.

``slurmsim.parse.dependency`` turns the text into these; the engine judges them and the
formatters print them, so nobody reads the text twice.
"""

from dataclasses import dataclass
from enum import StrEnum


class DepKind(StrEnum):
    """The dependency types, spelled as Slurm prints them."""

    AFTER = "after"
    AFTERANY = "afterany"
    AFTEROK = "afterok"
    AFTERNOTOK = "afternotok"
    AFTERCORR = "aftercorr"
    AFTERBURSTBUFFER = "afterburstbuffer"
    EXPAND = "expand"
    SINGLETON = "singleton"


@dataclass(frozen=True, slots=True)
class DepJob:
    """A job a dependency names: ``12``, the array task ``12_3`` or every task ``12_*``."""

    job_id: int
    task_id: int | None = None
    every_task: bool = False  # written ``12_*``

    def __str__(self) -> str:
        if self.every_task:
            return f"{self.job_id}_*"
        return str(self.job_id) if self.task_id is None else f"{self.job_id}_{self.task_id}"


@dataclass(frozen=True, slots=True)
class DepTerm:
    """One ``kind:job[+minutes]`` entry; ``singleton`` names no job.

    ``minutes`` is the ``+N`` delay: N more minutes must pass after the named job
    started. slurmctld 22.05 accepts a delay on every kind but honours it only on
    ``after`` (an ``afterok:12+5`` job starts as soon as 12 completes).
    """

    kind: DepKind
    job: DepJob | None = None
    minutes: int | None = None


@dataclass(frozen=True, slots=True)
class Dependency:
    """Entries that must all hold (``,``), or of which one must hold (``any_of``: a ``?``
    anywhere in the text makes the whole list an OR, as slurmctld reads it)."""

    terms: tuple[DepTerm, ...] = ()
    any_of: bool = False

    def __str__(self) -> str:
        """The compact form a user could type back (``afterok:1,after:2+5``)."""
        return ("?" if self.any_of else ",").join(term_text(t) for t in self.terms)


class Unreadable:
    """A dependency the controller could not read: it refuses it for each job it is set on
    (``Job dependency problem``), as it does unknown feature names."""


UNREADABLE = Unreadable()


def term_text(term: DepTerm) -> str:
    """One entry as typed (``afterok:1``, ``after:2+5``, ``singleton``)."""
    if term.job is None:
        return term.kind.value
    delay = f"+{term.minutes}" if term.minutes is not None else ""
    return f"{term.kind.value}:{term.job}{delay}"
