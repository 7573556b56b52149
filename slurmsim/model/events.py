"""The event log: what happened to jobs and nodes, in simulated time."""

from dataclasses import dataclass

from slurmsim.model.time import Instant


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the event log, e.g. ``Event(120, "job_start", 3, "dgx[1-4]")``."""

    time: Instant
    kind: str  # job_submit, job_start, job_end, node_drain, node_resume, ...
    job_id: int | None = None
    detail: str = ""
