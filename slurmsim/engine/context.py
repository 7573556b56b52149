"""The scheduler's working view during one ``advance``: built once, then kept in step.

Rebuilding free resources, the ordered queue or the fair-share table for every
event would make a long simulation quadratic; instead the context is built from
the state when ``advance`` starts and updated as jobs start and end:

* ``pool``: free cores, memory and GPU indices per node;
* ``ends``/``purges``: heaps of (instant, job id) for running jobs' ends and for
  finished records to drop after MinJobAge (stale entries are skipped when popped);
* ``ready``: pending jobs that may be scheduled, in Slurm's order (partition
  PriorityTier, priority, submit time, job id); ``blocked``: the others, with when
  to look at them again;
* ``version``: bumped on every start and end, so that a periodic pass or a
  backfill cycle with nothing new to look at can be skipped, as slurmctld does.
"""

import heapq
import math
from collections.abc import Callable, Iterator

from slurmsim.engine.eligibility import Blocked, Recheck, blocker, mark_eligible
from slurmsim.engine.fairshare import fairshare_factors
from slurmsim.engine.lifecycle import finish, planned_end, requeue, start
from slurmsim.engine.priority import Factors, Scale, age_factor, clamp, factors, scale, static_key
from slurmsim.engine.resources import Shape, shape
from slurmsim.engine.select import Pool
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Hold, Job, JobState, NodeAlloc
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant

SortKey = tuple[int, int, int, int, int]


class Context:
    """Everything a pass needs that is derived from the state, kept current."""

    def __init__(self, state: ClusterState) -> None:
        self.state = state
        self.pool = Pool.of(state.nodes, state.jobs.values())
        self.version = 0
        self.ended = 0  # job ends seen, for dependency rechecks
        self.main_version = -1  # version at the last full main pass
        self.backfill_version = -1
        self._fairshare: dict[int, float] | None = None
        self._scale: Scale | None = None
        self._shapes: dict[tuple[int, int, int], Shape | None] = {}
        self._static_priority: dict[int, float] = {}
        self._factors_by_key: dict[tuple[object, ...], Factors] = {}  # see priority.static_key
        self.main_tested: list[Job] = []  # what the last full main pass looked at
        self.backfill_tested: list[Job] = []
        #: Backfill's key for jobs that ask for the same thing (see backfill._repeat_key).
        self.repeat_keys: dict[int, tuple[object, ...] | None] = {}
        #: Pending jobs that may carry a backfill plan (None: not known yet, look at all).
        self.planned: list[Job] | None = None
        self.ends: list[tuple[int, int]] = []
        self.purges: list[tuple[int, int]] = []
        self.array_running: dict[int, int] = {}
        self.ready: list[Job] = []
        self.blocked: dict[int, Blocked] = {}
        self._ready_sorted = True
        self._sort_keys: dict[int, SortKey] = {}
        self._priorities_due: Instant | None = None  # a recalculation nobody has looked at yet
        self._blocked_checked_at = -1
        self._stamps: dict[int, tuple[list[Job], Instant]] = {}  # see stamp
        for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
            self._adopt(job)

    # -- building -------------------------------------------------------------------

    def _adopt(self, job: Job) -> None:
        if job.state in HOLDS_RESOURCES:
            self._schedule_end(job)
            if job.array_job_id is not None:
                self._count_task(job, +1)
        elif job.state is JobState.PENDING:
            self.blocked[job.job_id] = Blocked(job.reason, Recheck.AT_TIME, Instant(0))
        elif job.end_time is not None:
            heapq.heappush(self.purges, (job.end_time + self.state.config.min_job_age, job.job_id))

    def _schedule_end(self, job: Job) -> None:
        end = planned_end(self.state, job)
        if end is not None:
            heapq.heappush(self.ends, (end[0], job.job_id))

    def _count_task(self, job: Job, delta: int) -> None:
        key = job.array_job_id
        if key is not None:
            self.array_running[key] = self.array_running.get(key, 0) + delta

    @property
    def fairshare(self) -> dict[int, float]:
        if self._fairshare is None:
            self._fairshare = fairshare_factors(self.state)
        return self._fairshare

    def fairshare_moved(self) -> None:
        """Usage was recalculated: fair-share factors, and priorities built on them, are
        worked out again when next needed."""
        self._fairshare = None
        self._factors_by_key.clear()
        self._static_priority.clear()

    def shape_for(self, job: Job, part: Partition) -> Callable[[int], Shape | None]:
        """``n -> Shape`` for this job, remembered: a request does not change within a pass."""
        config = self.state.config

        def for_nodes(n: int) -> Shape | None:
            key = (job.job_id, n, id(job.request))
            if key not in self._shapes:
                self._shapes[key] = shape(job.request, n, config, part)
            return self._shapes[key]

        return for_nodes

    # -- the queue ------------------------------------------------------------------

    def sort_key(self, job: Job) -> SortKey:
        part = self.state.partitions.get(job.request.partition)
        tier = part.priority_tier if part else 0
        first_task = job.array_tasks[0] if job.array_tasks else (job.array_task_id or 0)
        return (-tier, -job.priority, job.submit_time, job.job_id, first_task)

    def refresh(self, now: Instant) -> None:
        """Re-examine blocked jobs whose situation may have changed by ``now``."""
        changed = False
        for job_id, b in list(self.blocked.items()):
            due = (b.recheck is Recheck.AT_TIME and (b.at is None or b.at <= now)) or (
                b.recheck is Recheck.ON_JOB_END and self.ended != self._blocked_checked_at
            )
            if not due:
                continue
            job = self.state.jobs.get(job_id)
            if job is None or job.state is not JobState.PENDING:
                del self.blocked[job_id]
                continue
            why = blocker(self.state, job, now)
            if why is None:
                del self.blocked[job_id]
                self._admit(job, now)
                changed = True
            else:
                self.blocked[job_id] = why
                if job.reason != why.reason:
                    job.reason = why.reason
        self._blocked_checked_at = self.ended
        if changed:
            self.version += 1

    def _admit(self, job: Job, now: Instant) -> None:
        self.settle_priorities()  # an earlier recalculation did not include this job
        if job.reason in ("Dependency", "BeginTime"):
            job.reason = "None"
        mark_eligible(job, now)
        self.ready.append(job)
        self._ready_sorted = False

    def ordered(self) -> Iterator[Job]:
        """Pending, schedulable jobs in Slurm's order (started ones drop out)."""
        self.settle_priorities()
        live = [j for j in self.ready if j.state is JobState.PENDING]
        # Dropping started jobs keeps a sorted queue sorted; only new jobs and new
        # priorities (both clear ``_ready_sorted``) call for sorting again.
        if not self._ready_sorted:
            live.sort(key=self._cached_sort_key)
            self._ready_sorted = True
        self.ready = live
        return iter(list(live))

    def _cached_sort_key(self, job: Job) -> SortKey:
        """``sort_key``, remembered until the job's priority changes."""
        if job.array_tasks:
            return self.sort_key(job)  # its first task moves as tasks start
        key = self._sort_keys.get(job.job_id)
        if key is None or key[1] != -job.priority:
            key = self._sort_keys[job.job_id] = self.sort_key(job)
        return key

    def recalculate_priorities(self, now: Instant) -> None:
        """PriorityCalcPeriod: pending jobs get fresh priorities (age grows).

        Nothing reads a pending job's priority between passes, so the work is left to
        the next pass that orders the queue (``settle_priorities``): of several
        recalculations with no pass between them only the last one counts.
        """
        self._priorities_due = now
        self._ready_sorted = False

    def settle(self) -> None:
        """Write back everything left for later, before the state is handed back."""
        self.flush_stamps()
        self.settle_priorities()

    def settle_priorities(self) -> None:
        """Carry out the recalculation ``recalculate_priorities`` asked for, if any.

        Within one ``advance`` only the age factor can change, so everything else is
        computed once per job and kept.
        """
        at = self._priorities_due
        if at is None:
            return
        self._priorities_due = None
        state = self.state
        weight = state.config.priority_weights.age
        for job in self.ready:
            if job.state is not JobState.PENDING or job.hold is not Hold.NONE:
                continue
            base = self._static_priority.get(job.job_id)
            if base is None:
                base = self._static_priority[job.job_id] = self._static_part(job)
            age = age_factor(state, job, at)
            job.priority = clamp(math.floor(base + weight * age))

    def _static_part(self, job: Job) -> float:
        """A job's priority before age is added (jobs with the same ``static_key`` share it)."""
        key = static_key(job)
        f = self._factors_by_key.get(key) if key is not None else None
        if f is None:
            if self._scale is None:
                self._scale = scale(self.state)  # nodes, partitions, QOS stay put within an advance
            f = factors(self.state, job, self.fairshare, self._scale)
            if key is not None:
                self._factors_by_key[key] = f
        return f.static

    def stamp(self, jobs: list[Job], now: Instant) -> None:
        """Record that a pass looked at ``jobs`` again (LastSchedEval), to be written later.

        Quiet ticks repeat the same lists many times between real steps, and only the
        last stamp of each list shows; ``flush_stamps`` writes them before anything
        reads or changes a job (a pass, a start, an end, ``settle``).
        """
        self._stamps[id(jobs)] = (jobs, now)  # the entry keeps the list, so its id stays its own

    def flush_stamps(self) -> None:
        """Write the LastSchedEval stamps ``stamp`` held back, oldest first."""
        if not self._stamps:
            return
        # Oldest first: a job in two lists ends with the later stamp, as if written at once.
        for jobs, now in sorted(self._stamps.values(), key=lambda s: s[1]):
            for job in jobs:
                if job.state is JobState.PENDING:
                    job.last_sched_eval = now
        self._stamps.clear()

    def schedulable(self, job: Job) -> bool:
        """Is ``job`` in the queue the passes walk (pending, not blocked, not throttled)?"""
        return (
            job.state is JobState.PENDING
            and job.job_id not in self.blocked
            and not self.throttled(job)
        )

    def throttled(self, job: Job) -> bool:
        limit = job.array_throttle
        if not job.array_tasks or not limit:
            return False
        return self.array_running.get(job.job_id, 0) >= limit

    # -- starting and ending --------------------------------------------------------

    def start(self, job: Job, alloc: tuple[NodeAlloc, ...], now: Instant, scheduler: str) -> Event:
        self.flush_stamps()
        running = start(self.state, job, alloc, now, scheduler)
        self.pool.take(alloc)
        self._schedule_end(running)
        if running.array_job_id is not None:
            self._count_task(running, +1)
        self.version += 1
        return Event(now, "job_start", running.job_id, ",".join(running.nodes))

    def end(self, job: Job, now: Instant, final: JobState, **how: object) -> Event:
        """A running job stops: free its resources, record it for purging."""
        self.flush_stamps()
        if job.state in HOLDS_RESOURCES:
            self.pool.give(job.alloc)
            if job.array_job_id is not None:
                self._count_task(job, -1)
        event = finish(job, now, final, **how)  # type: ignore[arg-type]  # keyword pass-through
        for name in job.nodes:
            node = self.state.nodes.get(name)
            if node is not None:
                node.last_busy_time = now
        heapq.heappush(self.purges, (now + self.state.config.min_job_age, job.job_id))
        self.ended += 1
        self.version += 1
        return event

    def requeue(self, job: Job, now: Instant) -> Event:
        """A running job lets go of its resources and waits again under its own id
        (preemption with mode REQUEUE); the next look at it finds its begin time."""
        self.flush_stamps()
        self.pool.give(job.alloc)
        if job.array_job_id is not None:
            self._count_task(job, -1)
        for name in job.nodes:
            node = self.state.nodes.get(name)
            if node is not None:
                node.last_busy_time = now
        requeue(self.state, job, now)
        job.reason = "None"  # BeginTime once a pass looks at it (golden 145, 146)
        self.blocked[job.job_id] = Blocked("None", Recheck.AT_TIME, Instant(0))
        self.ended += 1
        self.version += 1
        return Event(now, "job_requeue", job.job_id, "PREEMPTED")

    def next_end(self) -> tuple[Instant, Job, JobState] | None:
        """The earliest pending job end, dropping heap entries that no longer hold."""
        while self.ends:
            t, job_id = self.ends[0]
            job = self.state.jobs.get(job_id)
            end = planned_end(self.state, job) if job and job.state in HOLDS_RESOURCES else None
            if end is None or end[0] != t:
                heapq.heappop(self.ends)
                continue
            return Instant(t), job, end[1]  # type: ignore[return-value]  # job checked above
        return None

    def next_purge(self) -> tuple[Instant, int] | None:
        while self.purges:
            t, job_id = self.purges[0]
            job = self.state.jobs.get(job_id)
            due = job.end_time + self.state.config.min_job_age if job and job.end_time else None
            if job is None or not job.state.finished or due != t:
                heapq.heappop(self.purges)
                continue
            return Instant(t), job_id
        return None

    def quiet(self) -> bool:
        """Would a periodic main pass or backfill cycle now only repeat the last one?"""
        backfill = self.state.config.scheduler_type == "sched/backfill"
        return (
            self.version == self.main_version
            and (not backfill or self.version == self.backfill_version)
            and self.ended == self._blocked_checked_at
        )

    def next_recheck(self) -> Instant | None:
        """When ``refresh`` will next have a blocked job to look at again (a begin time)."""
        times = [b.at or 0 for b in self.blocked.values() if b.recheck is Recheck.AT_TIME]
        return Instant(min(times)) if times else None

    def next_begin(self) -> Instant | None:
        """The earliest begin time among blocked jobs (for run-until-idle)."""
        times = [b.at for b in self.blocked.values() if b.recheck is Recheck.AT_TIME and b.at]
        return min(times, default=None)
