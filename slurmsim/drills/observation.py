"""What a check looks at: the cluster now, every job it ever had, and its event log.

An ``Observation`` is plain data, so a check is a pure predicate over it; the api
builds one from the store, tests build one by hand.
"""

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from slurmsim.drills.lint import Finding
from slurmsim.drills.runs import Run
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.nodes import Node
from slurmsim.model.reservations import Reservation
from slurmsim.model.time import Instant


@dataclass(frozen=True, slots=True)
class Observation:
    now: Instant
    #: When the drill's cluster was created; offsets in drill files count from here.
    origin: Instant
    #: When the student took over (setup is over).
    began: Instant
    #: Every job, running or long finished, by job id.
    jobs: tuple[Job, ...]
    nodes: Mapping[str, Node]
    reservations: tuple[Reservation, ...]
    #: The whole event log, oldest first, and where in it the student's time begins.
    events: tuple[Event, ...]
    first_event: int
    #: The planned start of each job that was pending when the student took over.
    planned: Mapping[int, Instant]
    #: Grading: the jobs submitted from the student's scripts, and the scripts sbatch refused.
    submitted: tuple[int, ...] = ()
    #: Grading: which script each submitted job came from (script, job id).
    script_jobs: tuple[tuple[str, int], ...] = ()
    refused: tuple[tuple[str, str], ...] = ()  # (script, sbatch's message)
    #: Grading: what the lint found in each script, in the order given.
    lints: tuple[tuple[str, tuple[Finding, ...]], ...] = ()
    #: Grading: when each job pending at the take-over first started over the same
    #: time without the scripts (None: it did not start), to tell who they delayed.
    baseline: Mapping[int, Instant | None] = field(default_factory=dict)
    #: Grading with ``[execute]``: how each script ended when it ran for real.
    runs: tuple[tuple[str, Run], ...] = ()

    def job(self, name: str) -> Job | None:
        """The last job named ``name`` (``-J``) that the controller accepted, or None."""
        return next(
            (j for j in reversed(self.jobs) if j.request.name == name and not refused(j)), None
        )

    def job_by_id(self, job_id: int) -> Job | None:
        return next((j for j in self.jobs if j.job_id == job_id), None)

    def since_began(self) -> list[Event]:
        """The events of the student's time (the setup's are left out)."""
        return list(self.events[self.first_event :])

    def starts(self, job: Job) -> list[tuple[Instant, tuple[str, ...]]]:
        """Each start of ``job``: when, and on which nodes."""
        return [
            (e.time, tuple(e.detail.split(",")))
            for e in self.events
            if e.kind == "job_start" and e.job_id == job.job_id
        ]


@dataclass(frozen=True, slots=True)
class Verdict:
    passed: bool
    #: Why, in plain words: what was seen.
    why: str


class Check(Protocol):
    """A predicate over an ``Observation`` that says, in plain words, what it wants."""

    kind: ClassVar[str]

    def says(self) -> str:
        """The check as a sentence: ``job 'pretrain' ran on 4 nodes at once``."""
        ...

    def judge(self, seen: Observation) -> Verdict:
        """Whether the check holds, and why (or why not)."""
        ...


def refused(job: Job) -> bool:
    """Whether the controller refused the job at submission (its record stays, FAILED)."""
    return job.state is JobState.FAILED and job.reason == "BadConstraints"


def when(instant: Instant) -> str:
    """An instant as the Slurm commands print it: ``2026-11-29T21:00:00``."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(instant))


def span(seconds: int) -> str:
    """A duration in plain words: ``2h10m``, ``30m``, ``45s``, ``0s``."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{n}{unit}" for n, unit in ((hours, "h"), (minutes, "m"), (secs, "s")) if n]
    return "".join(parts) or "0s"


def label(job: Job) -> str:
    """``job 4 (pretrain)``."""
    return f"job {job.job_id} ({job.request.name})"
