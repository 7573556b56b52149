"""The scheduler's working view during one ``advance``: built once, then kept in step.

Rebuilding free resources, the ordered queue or the fair-share table for every
event would make a long simulation quadratic; instead the context is built from
the state when ``advance`` starts and updated as jobs start and end:

* ``pool``: free cores, memory and GPU indices per node; ``running``: the jobs
  holding them;
* ``ends``/``purges``: heaps of (instant, job id) for running jobs' ends and for
  finished records to drop after MinJobAge (stale entries are skipped when popped);
* ``queue``: pending jobs that may be scheduled, walked lazily in Slurm's order
  (``engine.queue``); ``blocked``: the others, with when to look at them again;
* ``version``: bumped on every start and end, so that a periodic pass or a
  backfill cycle with nothing new to look at can be skipped, as slurmctld does.

What a pass writes on jobs it does not try one by one is left to ``settle``: a
full main pass gives every queued job it did not try reason Priority
(``MainMark``), a triggered pass the next jobs up to its depth (``Tail``), and a
backfill cycle the estimates of the jobs past the point where nothing more could
start (``backfill.Deferred``). Each is written once, when the state is handed
back, instead of for every pass of a long simulation. ``seq`` numbers passes and
admissions so that, at the same instant, a later write wins.
"""

import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from slurmsim.engine import node_accounting
from slurmsim.engine.eligibility import (
    Blocked,
    Recheck,
    blocker,
    judged,
    mark_eligible,
    throttle_reached,
)
from slurmsim.engine.fairshare import FairShare
from slurmsim.engine.hetjobs import HetStarts
from slurmsim.engine.lifecycle import (
    correspond_split,
    finish,
    planned_end,
    requeue,
    resume_under,
    start,
    waits_on_correspondents,
)
from slurmsim.engine.limits import CHARGED, Usage, pending_reason
from slurmsim.engine.liveness import next_answer
from slurmsim.engine.priority import Owns, Scale, own_part, scale, static_key
from slurmsim.engine.queue import ReadyQueue, Walker
from slurmsim.engine.resources import Shape, fewest_sockets, layout_fields, node_counts, shape
from slurmsim.engine.select import Pool
from slurmsim.engine.usage import Rates, usage_seen
from slurmsim.model.accounting import note_db_reason
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.hetjobs import components
from slurmsim.model.jobs import HET, Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant

#: States of a job not finished yet (``JobState.finished``, without its cost per call).
_ACTIVE = frozenset(s for s in JobState if not s.finished)

#: Reasons a pass gives jobs it does not try.
PRIORITY = "Priority"
ARRAY_LIMIT = "JobArrayTaskLimit"


@dataclass(slots=True)
class MainMark:
    """The last full main pass: every job queued then was looked at (LastSchedEval), and
    those it did not try wait on Priority. ``time`` moves with passes that would only
    repeat it."""

    seq: int
    time: Instant
    tried: set[int]
    #: Arrays at their task limit, which the pass itself did not evaluate (a pass that
    #: only repeats it, later, does).
    unstamped: set[int] = field(default_factory=set)
    at: Instant = Instant(0)  # when the pass itself ran


@dataclass(slots=True)
class Tail:
    """The jobs a triggered pass reached after every partition had failed, up to its depth."""

    seq: int
    time: Instant
    walk: Walker
    left: int


@dataclass(slots=True)
class Ticks:
    """The event loop's next periodic ticks (``simulate._periodic``) and the last tick
    of each kind they follow."""

    lasts: tuple[Instant | str | None, ...]
    times: dict[int, Instant]  # by kind
    order: list[tuple[Instant, int]]  # (time, kind), earliest first


class Deferred(Protocol):
    """A backfill cycle's remaining work on its jobs' estimates (``backfill.Deferred``)."""

    time: Instant

    def finish(self) -> None: ...


class Context:
    """Everything a pass needs that is derived from the state, kept current."""

    def __init__(self, state: ClusterState) -> None:
        self.state = state
        cfg = state.config
        self.pool = Pool.of(state.nodes, state.jobs.values())
        self.version = 0
        #: Job starts and ends seen: a dependency (after, afterok, ...) may be met by either.
        self.ended = 0
        #: Job ends and requeues seen: the only changes that give the pool resources back.
        self.freed = 0
        self.main_version = -1  # version at the last full main pass
        self.backfill_version = -1
        self.seq = 0
        self._fairshare: dict[int, float] | None = None
        #: The latest fair-share factors worked out, with the usage they read.
        self._factors_of: tuple[dict[int, float], dict[int, float]] | None = None
        self._scale: Scale | None = None
        self._fair_share: FairShare | None = None
        self._shapes: dict[tuple[int, int, int], Shape | None] = {}
        self._shapes_by_kind: dict[tuple[object, ...], Shape | None] = {}  # see _shape_kind
        self._interned: dict[Shape, Shape] = {}
        self._members: dict[tuple[object, ...], list[str]] = {}  # see ``members``
        self._layouts: dict[tuple[int, int, str], tuple[range, tuple[Shape | None, ...]]] = {}
        self.owns: Owns = {}  # see priority.own_part
        #: Backfill's key for jobs that ask for the same thing (``repeat_key``): a small
        #: number standing for the request's fields (0: an array, never repeated).
        self.repeat_keys: dict[int, int] = {}
        self._key_numbers: dict[tuple[object, ...], int] = {}
        self._untimed: dict[int, int] = {}  # backfill key -> number of its untimed fields
        self._untimed_numbers: dict[tuple[object, ...], int] = {}
        self.ends: list[tuple[Instant, int]] = []
        self.purges: list[tuple[Instant, int]] = []
        #: ``next_end`` and ``next_purge`` as last worked out, with the ``version`` they
        #: hold for (None: to work out again).
        self._next_end: tuple[int, tuple[Instant, Job, JobState] | None] | None = None
        self._next_purge: tuple[int, tuple[Instant, int] | None] | None = None
        self.array_running: dict[int, int] = {}
        self.running: dict[int, Job] = {}
        aging = cfg.priority_type == "priority/multifactor"
        weight = cfg.priority_weights.age if aging else 0
        self.queue = ReadyQueue(weight, cfg.priority_max_age, self.repeat_key)
        self.blocked: dict[int, Blocked] = {}
        #: Queued jobs by partition (partitions with some only) and by backfill key.
        self.by_partition: Counter[str] = Counter()
        self.by_key: dict[int, dict[int, Job]] = {}
        self._key_holes: dict[int, int] = {}  # deletions from each since it was compacted
        self.rates = Rates()  # what the decay thread charges each running job
        self.arrays: dict[int, Job] = {}  # queued arrays with a task throttle
        #: Pending arrays whose tasks wait on tasks of another array (``aftercorr``).
        self.correspondents: dict[int, Job] = {}
        self.admitted: dict[int, int] = {}  # job id -> seq of its admission
        #: When the next node the controller waits on answers (``liveness``): commands set
        #: these, so one look serves the whole advance until that answer comes.
        self.next_answer = next_answer(state)
        self.reason_seq: dict[int, int] = {}  # job id -> seq of the last reason written
        self.main_mark: MainMark | None = None
        #: The main pass's last failed try of each job, with what its outcome depended on
        #: (``passes._memo_key``): while that stays, a try fails again the same way.
        self.failed_tries: dict[int, tuple[tuple[int, JobRequest], str]] = {}
        self.tails: list[Tail] = []
        self.deferred: Deferred | None = None
        #: The heterogeneous jobs' components the running backfill cycle found could start.
        self.het_starts = HetStarts()
        self._blocked_checked_at = -1
        self._priorities_due: Instant | None = None  # see ``recalculate_priorities``
        self.ticks: Ticks | None = None
        #: Seconds between the loop's periodic ticks, by kind (``simulate._intervals``).
        self.intervals: dict[int, int] | None = None
        #: Advance reservation starts and ends up to this instant have been played.
        self.reservations_seen = Instant(state.now - 1)
        for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
            self._adopt(job)
        #: What running jobs count against QOS and association limits.
        self.limits = Usage.of(state, self.running.values())

    # -- building -------------------------------------------------------------------

    def _adopt(self, job: Job) -> None:
        if job.state in HOLDS_RESOURCES:
            self.running[job.job_id] = job
            self._schedule_end(job)
            if job.array_job_id is not None:
                self._count_task(job, +1)
        elif job.state is JobState.PENDING:
            self.blocked[job.job_id] = Blocked(job.reason, Recheck.AT_TIME, Instant(0))
            if waits_on_correspondents(job):
                self.correspondents[job.job_id] = job
        elif job.end_time is not None:
            self._schedule_purge(job.job_id, job.end_time)

    def adopt_new(self, job: Job) -> None:
        """Take in a job submitted while this context lives (looked at by the next pass)."""
        self._adopt(job)

    def reschedule_end(self, job: Job) -> None:
        """A running job's end moved (a preemption's grace): queue the new one."""
        self._schedule_end(job)

    def _schedule_end(self, job: Job) -> None:
        end = planned_end(self.state, job)
        if end is not None:
            heapq.heappush(self.ends, (end[0], job.job_id))
            self._next_end = None

    def _schedule_purge(self, job_id: int, end: Instant) -> None:
        heapq.heappush(self.purges, (Instant(end + self.state.config.min_job_age), job_id))
        self._next_purge = None

    def _count_task(self, job: Job, delta: int) -> None:
        key = job.array_job_id
        if key is not None:
            self.array_running[key] = self.array_running.get(key, 0) + delta

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    @property
    def fairshare(self) -> dict[int, float]:
        """The fair-share factors as of the last usage recalculation (``fairshare_moved``)."""
        if self._fairshare is None:
            self._fairshare = self.current_fairshare()
        return self._fairshare

    def current_fairshare(self) -> dict[int, float]:
        """The fair-share factor of every user association from the usage as it is now,
        remembered while that stays put: priorities are recalculated from the same usage
        again and again (a quiet stretch, a pass at an instant already charged), and
        submissions price their jobs from it."""
        seen = usage_seen(self.state)
        if self._factors_of is None or self._factors_of[0] != seen:
            if self._fair_share is None:
                self._fair_share = FairShare(self.state)  # associations stay put, as ``scale``
            self._factors_of = (dict(seen), self._fair_share.factors(seen))
        return self._factors_of[1]

    def shape_for(self, job: Job, part: Partition) -> Callable[[int], Shape | None]:
        """``n -> Shape`` for this job, remembered: a request does not change within a pass."""

        def for_nodes(n: int) -> Shape | None:
            key = (job.job_id, n, id(job.request))
            if key not in self._shapes:
                self._shapes[key] = self._shape_of_kind(job.request, n, part)
            return self._shapes[key]

        return for_nodes

    def _shape_of_kind(self, request: JobRequest, n: int, part: Partition) -> Shape | None:
        """``shape``, worked out once per kind of request: a stream of jobs asks for a few."""
        kind = _shape_kind(request, n, part)
        if kind in self._shapes_by_kind:
            return self._shapes_by_kind[kind]
        nodes = self.state.nodes
        sockets = fewest_sockets(nodes[name].config for name in part.nodes if name in nodes)
        made = shape(request, n, self.state.config, part, sockets)
        # Kinds laid out alike share one shape: its caches, and quick comparisons.
        found = None if made is None else self._interned.setdefault(made, made)
        self._shapes_by_kind[kind] = found
        return found

    def members(self, part: Partition, allowed: tuple[str, ...] | None) -> list[str]:
        """The nodes of ``part`` that are also in ``allowed`` (None: all), in slurm.conf
        order: asked for every job a pass tries, of a few partitions and constraints."""
        key = (part.name, part.nodes, allowed)
        found = self._members.get(key)
        if found is None:
            wanted = set(part.nodes) if allowed is None else set(part.nodes) & set(allowed)
            found = self._members[key] = [name for name in self.state.nodes if name in wanted]
        return found

    def layouts(self, job: Job, part: Partition) -> tuple[range, tuple[Shape | None, ...]]:
        """The node counts ``job`` may run on (``node_counts``) and its shape on each."""
        key = (job.job_id, id(job.request), part.name)
        found = self._layouts.get(key)
        if found is None:
            counts = node_counts(job.request, len(part.nodes))
            found = self._layouts[key] = (counts, tuple(map(self.shape_for(job, part), counts)))
        return found

    # -- the queue ------------------------------------------------------------------

    def split_correspondents(self) -> None:
        """What each build of slurmctld's job queue does first: an array whose tasks wait
        on their counterparts in another array gives one more task a record of its own
        (a job id), so that each task's dependency is judged alone."""
        for job_id, meta in list(self.correspondents.items()):
            if not self._splittable(meta):
                if job_id not in self.blocked or not meta.array_tasks:
                    del self.correspondents[job_id]  # met (slurmctld drops the entry), or split
                continue
            task = correspond_split(self.state, meta)
            if task is not meta:
                self._adopt(task)
            elif not meta.array_tasks:
                del self.correspondents[job_id]
            self.version += 1

    def splits_due(self) -> bool:
        """Would the next queue build split a task off (see ``split_correspondents``)?"""
        return any(map(self._splittable, self.correspondents.values()))

    def _splittable(self, meta: Job) -> bool:
        """Still held by its dependency, with fewer tasks split off and pending than the
        limit."""
        if meta.job_id not in self.blocked or not waits_on_correspondents(meta):
            return False
        pending = sum(
            1
            for job in self.state.jobs.values()
            if job.array_job_id == meta.job_id
            and job.array_task_id is not None
            and job.state is JobState.PENDING
        )
        return pending < self.state.config.scheduler_parameters.correspond_after_task_cnt

    def refresh(self, now: Instant) -> None:
        """Re-examine blocked jobs whose situation may have changed by ``now``."""
        self._recalculated()  # a job admitted after it keeps its own priority till the next
        changed = False
        if not self.blocked:
            self._blocked_checked_at = self.ended
            return
        left = len(self.blocked)
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
            if job.state.finished:  # cancelled: its dependency can never be met
                del self.blocked[job_id]
                self._schedule_purge(job_id, now)
                self.ended += 1
                changed = True
            elif why is None:
                del self.blocked[job_id]
                self._admit(job, now)
                changed = True
            else:
                self.blocked[job_id] = why
                if job.reason != why.reason:
                    job.reason = why.reason
        self._blocked_checked_at = self.ended
        if len(self.blocked) < left:
            # A dict keeps the slots of deleted keys and every later look walks them: a
            # burst admitted at once would cost each pass a walk over its whole size.
            self.blocked = dict(self.blocked)
        if changed:
            self.version += 1

    def _admit(self, job: Job, now: Instant) -> None:
        if job.reason in ("Dependency", "BeginTime"):
            note_db_reason(job)
            job.reason = "None"
        mark_eligible(job, now, self.throttled(job))
        part = self.state.partitions.get(job.request.partition)
        tier = part.priority_tier if part else 0
        seq = self.next_seq()
        if job.priority_set:  # neither fair share nor age moves it: one steady value
            self.queue.admit(job, tier, -1, float(job.priority), seq, ages=False)
        else:
            self.queue.admit(job, tier, self._association(job), self._own_part(job), seq)
        self.admitted[job.job_id] = seq
        self.reason_seq[job.job_id] = seq
        self.by_partition[job.request.partition] += 1
        self.by_key.setdefault(self.repeat_key(job), {})[job.job_id] = job
        if job.array_tasks and job.array_throttle:
            self.arrays[job.job_id] = job

    def reconsider(self, job: Job) -> None:
        """Pending ``job`` changed under the passes (its reservation ended: it no longer
        asks for one, and may be held): it leaves the queue and is looked at afresh."""
        if job.job_id in self.queue:
            self._unqueue(job)
        self.blocked[job.job_id] = Blocked(job.reason, Recheck.AT_TIME, Instant(0))
        self.version += 1

    def _unqueue(self, job: Job) -> None:
        self.queue.remove(job, self.seq)
        part = job.request.partition
        self.by_partition[part] -= 1
        if not self.by_partition[part]:
            del self.by_partition[part]
        key = self.repeat_key(job)
        members = self.by_key[key]
        del members[job.job_id]
        if not members:
            del self.by_key[key]
            self._key_holes.pop(key, None)
        else:
            # Jobs leave from the front, and a dict walks the slots of deleted keys before
            # its first live one: compact once there are more of those than members.
            holes = self._key_holes.get(key, 0) + 1
            if holes > len(members):
                self.by_key[key] = dict(members)
                holes = 0
            self._key_holes[key] = holes
        self.arrays.pop(job.job_id, None)

    def repeat_key(self, job: Job) -> int:
        """Backfill's key for ``job``: jobs with equal keys are planned alike; 0 for
        arrays, whose tasks start one by one."""
        number = self.repeat_keys.get(job.job_id)
        if number is None:
            fields = _repeat_fields(job)
            if fields is None:
                number = 0
            else:
                number = self._key_numbers.setdefault(fields, len(self._key_numbers) + 1)
                untimed = self._untimed_numbers
                self._untimed[number] = untimed.setdefault(fields[:_TIMED], len(untimed))
            self.repeat_keys[job.job_id] = number
        return number

    def untimed_key(self, key: int) -> int:
        """What backfill key ``key`` asks for, leaving out for how long (the time limit and
        --time-min), as a number: requests alike in this fit alike on a map with no
        reservation."""
        return self._untimed[key]

    def waiting_partitions(self) -> set[str]:
        """Partitions with jobs in the queue."""
        return set(self.by_partition)

    def walk(self, seq: int) -> Walker:
        """The queue in Slurm's order, as the pass numbered ``seq`` sees it."""
        self._recalculated()
        return self.queue.walk(seq)

    def fairshare_moved(self) -> None:
        """Usage was recalculated: fair-share factors are worked out again when next needed."""
        self._fairshare = None

    def recalculate_priorities(self, now: Instant) -> None:
        """PriorityCalcPeriod: queued jobs take their priorities as of ``now`` (age grows,
        fair share follows usage), once something reads them or joins the queue: often a
        later recalculation comes first, and the last one alone decides what is seen."""
        self._priorities_due = now

    def _recalculated(self) -> None:
        """Take the recalculation left pending, before the queue is read or changed."""
        due = self._priorities_due
        if due is None:
            return
        self._priorities_due = None
        weight = self.state.config.priority_weights.fairshare
        shares = {assoc: weight * fs for assoc, fs in self.fairshare.items()}
        self.queue.recalculate(due, shares)

    @property
    def scale(self) -> Scale:
        if self._scale is None:
            self._scale = scale(self.state)  # nodes, partitions, QOS stay put within an advance
        return self._scale

    def _association(self, job: Job) -> int:
        """The association whose fair share ``job`` gets (-1: none)."""
        return self.scale.assoc_ids.get((job.request.user, job.request.account), -1)

    def _own_part(self, job: Job) -> float:
        """What a job's request adds to its priority (``Factors.own``; jobs with the same
        ``static_key`` share it)."""
        key = static_key(job)
        own = self.owns.get(key) if key is not None else None
        if own is None:
            own = own_part(self.state, job, self.fairshare, self.scale, self.owns)
        return own

    def write_reason(self, job: Job, reason: str, seq: int) -> None:
        job.reason = reason
        self.reason_seq[job.job_id] = seq

    def write_waiting(self, job: Job, seq: int) -> None:
        """``job`` waits behind a higher job of its partition: Priority, unless a limit
        holds it, whose reason slurmctld finds first (the oracle: AssocMaxJobsLimit stays
        while a larger job above it waits on Resources)."""
        held = pending_reason(self.state, job, self.limits) if self.limits.active else None
        self.write_reason(job, held if held is not None else PRIORITY, seq)

    def hold_at_throttle(self, job: Job, seq: int) -> None:
        """``job``'s array is at its task throttle (``throttled``): it waits on
        JobArrayTaskLimit, not eligible while so (``eligibility.throttle_reached``)."""
        self.write_reason(job, ARRAY_LIMIT, seq)
        throttle_reached(job)

    def schedulable(self, job: Job) -> bool:
        """Is ``job`` in the queue the passes walk (pending, not blocked, not throttled)?"""
        return job.job_id in self.queue and not self.throttled(job)

    def throttled(self, job: Job) -> bool:
        """Is an array's record (its pending tasks', or a task's split off pending) held
        back by the array's throttle? The array's own record carries it for all."""
        array_id = job.array_job_id
        if array_id is None:
            return False
        base = self.state.jobs.get(array_id, job)
        limit = base.array_throttle
        return limit is not None and limit > 0 and self.array_running.get(array_id, 0) >= limit

    # -- what passes left for later -------------------------------------------------

    def settle(self) -> None:
        """Write everything the passes left for later, before the state is handed back."""
        self._recalculated()
        queued = self.queue.jobs
        mark = self.main_mark
        if mark is not None:
            for job_id, job in queued.items():
                if self.admitted[job_id] >= mark.seq:
                    continue
                exempt = job_id in mark.unstamped and mark.time == mark.at
                if not exempt and (job.last_sched_eval or 0) < mark.time:
                    job.last_sched_eval = mark.time
                if job_id not in mark.tried and self.reason_seq[job_id] <= mark.seq:
                    self.write_waiting(job, mark.seq)
        for tail in self.tails:
            self._finish_tail(tail)
        self.tails.clear()
        if self.deferred is not None:
            self.deferred.finish()
        for job_id, job in queued.items():
            job.priority = self.queue.priority(job_id)

    def _finish_tail(self, tail: Tail) -> None:
        for job in tail.walk:
            if tail.left <= 0:
                break
            tail.left -= 1
            if job.job_id not in self.queue or self.admitted[job.job_id] >= tail.seq:
                continue
            if job.array_job_id is not None and self.throttled(job):
                if self.reason_seq[job.job_id] <= tail.seq:
                    self.hold_at_throttle(job, tail.seq)
                continue
            judged(job, tail.time)
            if (job.last_sched_eval or 0) < tail.time:
                job.last_sched_eval = tail.time
            if self.reason_seq[job.job_id] <= tail.seq:
                self.write_waiting(job, tail.seq)

    # -- starting and ending --------------------------------------------------------

    def start(self, job: Job, alloc: tuple[NodeAlloc, ...], now: Instant, scheduler: str) -> Event:
        self._recalculated()
        if job.job_id in self.queue:
            job.priority = self.queue.priority(job.job_id)  # as recalculated, like the others
        running = start(self.state, job, alloc, now, scheduler)
        self.limits.add(running)
        self.ended += 1  # ``after:<id>`` waits for a start
        if running is job:
            self._unqueue(job)
        self.pool.take(alloc)
        self.running[running.job_id] = running
        self._schedule_end(running)
        if running.array_job_id is not None:
            self._count_task(running, +1)
        self.version += 1
        return Event(now, "job_start", running.job_id, ",".join(running.nodes))

    def end(self, job: Job, now: Instant, final: JobState, **how: object) -> list[Event]:
        """A running job stops: free its resources, record it for purging. Its event, then
        the records of the nodes it leaves drained."""
        if job.state in CHARGED:
            self.limits.remove(job)
        if job.state in HOLDS_RESOURCES:
            self.pool.give(job.alloc)
            if job.array_job_id is not None:
                self._count_task(job, -1)
        self.running.pop(job.job_id, None)
        self.rates.forget(job.job_id)
        event = finish(job, now, final, **how)  # type: ignore[arg-type]  # keyword pass-through
        self._resume_under(job, now)
        self._schedule_purge(job.job_id, now)
        self.ended += 1
        self.freed += 1
        self.version += 1
        events = [event, *self._left(job, now)]
        het = job.het
        if het is not None and het.offset == 0:  # its script ran in the leader: all end
            for sibling in components(self.state.jobs, job)[1:]:
                if sibling.state in HOLDS_RESOURCES:
                    events.extend(self.end(sibling, now, final, **how))
        return events

    def _left(self, job: Job, now: Instant) -> list[Event]:
        """``job`` has let go of its nodes: they were last busy now, and those it leaves
        drained are recorded so."""
        draining = False
        for name in job.nodes:
            node = self.state.nodes.get(name)
            if node is not None:
                node.last_busy_time = now
                draining = draining or node.drain
        return node_accounting.drained_by(self.state, job, now) if draining else []

    def requeue(self, job: Job, now: Instant) -> list[Event]:
        """A running job lets go of its resources and waits again under its own id
        (preemption with mode REQUEUE); the next look at it finds its begin time."""
        self.limits.remove(job)
        self.pool.give(job.alloc)
        if job.array_job_id is not None:
            self._count_task(job, -1)
        self.running.pop(job.job_id, None)
        left = self._left(job, now)
        requeue(self.state, job, now)
        self._resume_under(job, now)
        job.reason = "None"  # BeginTime once a pass looks at it (golden 145, 146)
        self.blocked[job.job_id] = Blocked("None", Recheck.AT_TIME, Instant(0))
        self.ended += 1
        self.freed += 1
        self.version += 1
        return [Event(now, "job_requeue", job.job_id, "PREEMPTED"), *left]

    def _resume_under(self, job: Job, now: Instant) -> None:
        """Jobs gang scheduling suspended under ``job``, which stops, run again."""
        for resumed in resume_under(self.state, job, now, self.running.values()):
            self._schedule_end(resumed)

    def next_end(self) -> tuple[Instant, Job, JobState] | None:
        """The earliest pending job end, dropping heap entries that no longer hold.

        The loop asks before every step; the answer stands until a job starts, ends, is
        suspended (each bumps ``version``) or has its end queued again."""
        known = self._next_end
        if known is None or known[0] != self.version:
            known = self._next_end = (self.version, self._earliest_end())
        return known[1]

    def _earliest_end(self) -> tuple[Instant, Job, JobState] | None:
        ends, jobs = self.ends, self.state.jobs
        while ends:
            t, job_id = ends[0]
            job = jobs.get(job_id)
            end = planned_end(self.state, job) if job and job.state in HOLDS_RESOURCES else None
            if end is None or end[0] != t:
                heapq.heappop(ends)
                continue
            return t, job, end[1]  # type: ignore[return-value]  # job checked above
        return None

    def next_purge(self) -> tuple[Instant, int] | None:
        """The earliest finished record due for purging, dropping heap entries that no
        longer hold; remembered as ``next_end`` is, and until a record is purged."""
        known = self._next_purge
        if known is None or known[0] != self.version:
            known = self._next_purge = (self.version, self._earliest_purge())
        return known[1]

    def purge(self, job_id: int) -> None:
        """Drop the finished record of ``job_id`` (MinJobAge has passed)."""
        self.state.purged.append(self.state.jobs.pop(job_id))
        self._next_purge = None

    def _earliest_purge(self) -> tuple[Instant, int] | None:
        purges, jobs = self.purges, self.state.jobs
        age = self.state.config.min_job_age
        while purges:
            t, job_id = purges[0]
            job = jobs.get(job_id)
            due = job.end_time + age if job and job.end_time else None
            if job is None or job.state in _ACTIVE or due != t:
                heapq.heappop(purges)
                continue
            return t, job_id
        return None

    def rechecked(self) -> bool:
        """Have blocked jobs been looked at since the last job start or end (a pass's
        ``refresh`` would find nothing new to admit)?"""
        return self.ended == self._blocked_checked_at

    def next_recheck(self) -> Instant | None:
        """When ``refresh`` will next have a blocked job to look at again (a begin time)."""
        times = [b.at or 0 for b in self.blocked.values() if b.recheck is Recheck.AT_TIME]
        return Instant(min(times)) if times else None

    def next_begin(self) -> Instant | None:
        """The earliest begin time among blocked jobs (for run-until-idle)."""
        times = [b.at for b in self.blocked.values() if b.recheck is Recheck.AT_TIME and b.at]
        return min(times, default=None)


def _shape_kind(request: JobRequest, n: int, part: Partition) -> tuple[object, ...]:
    """Everything ``resources.shape`` reads for a request on ``n`` nodes of ``part``
    (the cluster's memory defaults aside, which stay put)."""
    return (part.name, part.def_mem_per_cpu, n, *layout_fields(request))


def _repeat_fields(job: Job) -> tuple[object, ...] | None:
    """Everything backfill planning reads from a job; None for arrays and the components
    of heterogeneous jobs (each plan of those reserves nodes of its own)."""
    if job.array_tasks or HET in job.extra:
        return None
    r = job.request
    return (
        r.partition,
        r.qos,  # preemption depends on it
        r.min_nodes,
        r.max_nodes,
        *layout_fields(r),
        r.req_nodes,
        r.exc_nodes,
        r.feature_nodes,  # --constraint: which nodes it may use
        r.reservation,
        r.time_min,  # the time fields last: see untimed_key
        job.time_limit,
    )


#: ``_repeat_fields`` up to the time fields.
_TIMED = -2
