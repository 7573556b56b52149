"""Whether a pending job may be considered at all, and if not, the reason squeue shows.

slurmctld builds its queue from pending jobs that are not held, whose
dependencies are met, whose ``--begin`` has come and that fit their partition's
limits; the others keep a reason (JobHeldUser, Dependency, BeginTime,
PartitionTimeLimit, ...) and never block anyone. The array throttle
(JobArrayTaskLimit) is checked by the passes themselves, because starting tasks
changes it within a pass.
"""

from dataclasses import dataclass
from enum import Enum

from slurmsim.engine import reservations
from slurmsim.engine.lifecycle import finish, requeue_begin
from slurmsim.model.accounting import DB_UNELIGIBLE, note_db_reason
from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency_status import Met, judge, remember_failed
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState
from slurmsim.model.partitions import Partition, PartitionState
from slurmsim.model.time import Instant

DEPENDENCY_NEVER = "DependencyNeverSatisfied"


class Recheck(Enum):
    """When a blocked job could become eligible without anyone touching it."""

    NEVER = "never"  # only a command (release, update, resume) can change it
    ON_JOB_END = "on_job_end"  # a dependency may be met when some job ends
    AT_TIME = "at_time"  # a begin time


@dataclass(frozen=True, slots=True)
class Blocked:
    reason: str
    recheck: Recheck
    at: Instant | None = None


def blocker(state: ClusterState, job: Job, now: Instant) -> Blocked | None:
    """Why ``job`` cannot be queued now, or None when it may be scheduled."""
    if job.hold is not Hold.NONE:
        return Blocked(job.hold.value, Recheck.NEVER)
    if job.reason == DEPENDENCY_NEVER:
        return Blocked(DEPENDENCY_NEVER, Recheck.NEVER)
    if job.request.dependency is not None:
        verdict = judge(state, job, job.request.dependency)
        if verdict.met is not Met.YES:
            remember_failed(state, job, job.request.dependency)
        if verdict.met is Met.NEVER:
            _never(state, job, now)
            return Blocked(DEPENDENCY_NEVER, Recheck.NEVER)
        if verdict.met is Met.WAITING:
            if verdict.at is not None:
                return Blocked("Dependency", Recheck.AT_TIME, verdict.at)
            return Blocked("Dependency", Recheck.ON_JOB_END)
    begin = max(job.request.begin_time or 0, requeue_begin(job) or 0)
    if begin > now:
        return Blocked("BeginTime", Recheck.AT_TIME, Instant(begin))
    if reservations.waiting(state, job, now):
        start = reservations.wait_until(state, job, now)
        recheck = Recheck.NEVER if start is None else Recheck.AT_TIME
        return Blocked(reservations.RESERVATION, recheck, start)
    limit = partition_limit(state, job)
    if limit is not None:
        return Blocked(limit, Recheck.NEVER)
    return None


def _never(state: ClusterState, job: Job, now: Instant) -> None:
    """A dependency that can never be met: the job pends for good, or is cancelled
    under ``--kill-on-invalid-dep=yes`` or SchedulerParameters=kill_invalid_depend.

    The cancellation leaves no event: the pass that finds it does not take events from
    here (see the integration notes in CHANGELOG.md).
    """
    note_db_reason(job)  # sacct shows the Dependency it waited for, whatever comes next
    kill = job.request.kill_on_invalid_dep
    if kill is None:
        kill = state.config.scheduler_parameters.kill_invalid_depend
    if kill and job.state is JobState.PENDING:
        finish(job, now, JobState.CANCELLED, reason=DEPENDENCY_NEVER)


def partition_limit(state: ClusterState, job: Job) -> str | None:
    """The partition-limit reason a job pends with (EnforcePartLimits=NO), if any."""
    part = state.partitions.get(job.request.partition)
    if part is None or part.state is PartitionState.DOWN:
        return "PartitionDown"
    if part.state is PartitionState.INACTIVE:
        return "PartitionInactive"
    return over_limits(part, job.request, job.time_limit)


def over_limits(part: Partition, request: JobRequest, time_limit: int | None) -> str | None:
    """``PartitionTimeLimit`` or ``PartitionNodeLimit`` when ``request``, carrying
    ``time_limit``, asks more than ``part`` allows (``--time=UNLIMITED`` under a MaxTime
    does); None when it fits."""
    if part.max_time is not None:
        unlimited = time_limit is None and request.time_limit_set
        if unlimited or (time_limit is not None and time_limit > part.max_time):
            return "PartitionTimeLimit"
    biggest = part.max_nodes if part.max_nodes is not None else len(part.nodes)
    if request.min_nodes > min(biggest, len(part.nodes)) or request.min_nodes < part.min_nodes:
        return "PartitionNodeLimit"
    return not_permitted(part, request)


def not_permitted(part: Partition, request: JobRequest) -> str | None:
    """slurmctld's words for a job whose account or QOS the partition does not allow
    (AllowAccounts=, AllowQos=); it pends with them under EnforcePartLimits=NO."""
    if part.allow_accounts and request.account not in part.allow_accounts:
        allowed = ",".join(part.allow_accounts)
        return (
            "Job's account not permitted to use this partition "
            f"({part.name} allows {allowed} not {request.account})"
        )
    if part.allow_qos and request.qos not in part.allow_qos:
        allowed = ",".join(part.allow_qos)
        return (
            "Job's QOS not permitted to use this partition "
            f"({part.name} allows {allowed} not {request.qos})"
        )
    return None


def mark_eligible(job: Job, now: Instant, throttled: bool = False) -> None:
    """First time the scheduler sees a job that may run: its eligible time is set if it
    was not, and its age accrues from then (AccrueTime, Unknown before). An array at its
    task throttle is not eligible (``throttle_reached``), its age accruing all the same."""
    if throttled:
        throttle_reached(job)
    else:
        judged(job, now)
    if job.accrue_time is None:
        job.accrue_time = job.eligible_time or now  # from when it could first run


def throttle_reached(job: Job) -> None:
    """A pass finds ``job``'s array at its task throttle (``%N``): not eligible while so
    (``EligibleTime=Unknown``, left out by sprio and sacct's windows; golden 093), its
    age still accruing. ``judged`` makes it eligible again; its accounting record keeps
    showing it was not (``DB_UNELIGIBLE``) until it starts a task."""
    job.eligible_time = None
    job.extra[DB_UNELIGIBLE] = "1"


def judged(job: Job, now: Instant) -> None:
    """A pass finds queued ``job`` free to start: eligible from now if a pass had found
    its array at its throttle (the oracle: a ``%1`` array whose task ended shows the
    second of that end; a task split off keeps the array's time, ``lifecycle``)."""
    if job.eligible_time is None:
        job.eligible_time = now
