"""Heterogeneous jobs: components that are jobs of their own and start all at once.

``sbatch A : B`` (or ``#SBATCH hetjob`` between a script's groups of directives) makes
one job per component, with ids running on from the first's, the leader's. Each is
queued, prioritised and planned by itself, but slurmctld's main scheduler leaves them
alone: only a backfill cycle starts them, and only when every component could start
then, each on nodes the ones planned before it in the cycle left (the oracle: a
two-node component planned first took dgx[1-2], the one-node leader dgx3). A component
that could start while another cannot keeps its nodes reserved and waits, and every
component shows the latest planned start of them all. The batch script runs in the
leader: the others end with it.
"""

from collections.abc import Iterable

from slurmsim.model.cluster import ClusterState
from slurmsim.model.hetjobs import components
from slurmsim.model.jobs import HET, REFUSED, HetPart, Job, JobState, NodeAlloc
from slurmsim.model.time import Instant

#: slurmctld's answer when one component of a heterogeneous job is named where the
#: whole job must be (scancel's exit status is its error number's low byte, 60).
NOT_WHOLE = "Operation not permitted on individual component of heterogeneous job"
NOT_LEADER = "Job not heterogeneous job leader"


def bind(jobs: list[Job]) -> None:
    """Make ``jobs``, submitted one after the other, the components of one heterogeneous
    job (those made before a later one was refused, if one was: ``HetJobIdSet=3``)."""
    leader = jobs[0].job_id
    for offset, job in enumerate(jobs):
        job.extra[HET] = HetPart(leader, offset, len(jobs)).encode()


def abandon(jobs: Iterable[Job], now: Instant) -> None:
    """A later component was refused: the ones already made end CANCELLED with the
    refused records' bare exit status (the oracle keeps them, ``1068+0 CANCELLED None``,
    ``ExitCode=0:1``)."""
    for job in jobs:
        job.state, job.reason, job.exit_code = JobState.CANCELLED, "None", 1
        job.extra[REFUSED] = "1"
        job.eligible_time = job.start_time = job.end_time = now


class HetStarts:
    """One backfill cycle's components that could start now, by leader: each keeps the
    nodes it would take reserved until all its siblings can start too."""

    def __init__(self) -> None:
        self.ready: dict[int, dict[int, tuple[NodeAlloc, ...]]] = {}

    def hold(self, job: Job, alloc: tuple[NodeAlloc, ...]) -> None:
        het = job.het
        assert het is not None
        self.ready.setdefault(het.leader, {})[job.job_id] = alloc

    def all_ready(self, state: ClusterState, job: Job) -> list[tuple[Job, tuple[NodeAlloc, ...]]]:
        """The components of ``job``'s heterogeneous job with their nodes, leader first,
        when every pending one could start now (else none)."""
        het = job.het
        assert het is not None
        ready = self.ready.get(het.leader, {})
        pending = [j for j in components(state.jobs, job) if j.state is JobState.PENDING]
        if not pending or any(j.job_id not in ready for j in pending):
            return []
        return [(j, ready[j.job_id]) for j in pending]


def latest_start(state: ClusterState, job: Job, now: Instant) -> None:
    """Every component planned shows the latest planned start of them all (the oracle:
    a leader that fits now shows its sibling's later start)."""
    planned = [
        j
        for j in components(state.jobs, job)
        if j.state is JobState.PENDING and j.start_time is not None and j.scheduler == "Backfill"
    ]
    if not planned:
        return
    latest = max(j.start_time for j in planned if j.start_time is not None)
    for j in planned:
        if j.start_time != latest and j.start_time is not None and j.end_time is not None:
            j.end_time = Instant(j.end_time + latest - j.start_time)
            j.start_time = latest
        if latest > now:
            j.reason = "Resources"
