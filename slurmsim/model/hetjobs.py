"""Which records a heterogeneous job's ids name (see ``engine/hetjobs``)."""

from collections.abc import Mapping

from slurmsim.model.jobs import Job


def components(jobs: Mapping[int, Job], job: Job) -> list[Job]:
    """Every component of ``job``'s heterogeneous job still on record, leader first
    (``job`` alone when it is none)."""
    het = job.het
    if het is None:
        return [job]
    return [jobs[i] for i in het.ids if i in jobs]


def named(jobs: Mapping[int, Job], job: Job) -> list[Job]:
    """What naming ``job`` by its id acts on: a leader's id names every component."""
    het = job.het
    if het is not None and het.offset == 0:
        return components(jobs, job)
    return [job]


def is_component(job: Job) -> bool:
    """Is ``job`` part of a heterogeneous job but not its leader?"""
    het = job.het
    return het is not None and het.offset > 0
