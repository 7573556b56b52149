"""The queue the passes walk: pending, schedulable jobs in Slurm's order, produced lazily.

Slurm orders its queue by partition PriorityTier, then priority, then submit time,
then job id. Priorities change every PriorityCalcPeriod as jobs age, so a sorted
list would have to be rebuilt for thousands of jobs every five simulated minutes,
though a pass mostly looks at the first few. Instead each tier keeps two lists
whose order does not change with time:

* ``fixed``: jobs whose priority stays put until the next recalculation: capped in
  age (``PriorityMaxAge``), not ageing at all, or admitted since the last
  recalculation (they keep the priority they came with until then), sorted by
  their exact key;
* ``aging``: jobs that grow older together. For them ``base + w * (t - accrue) / M``
  differs between two jobs by a constant, so they are sorted once by
  ``base - w * accrue / M``; at a recalculation instant their exact, truncated
  priorities follow that order except that equal truncated values are ordered by
  submit time, so a walk computes exact keys for the jobs it pulls and holds each
  back until no job still in the list could come first.

A walk (``Walker``) yields jobs one at a time. Started jobs are only marked gone
(``remove``), so the lists never change under a pass; a walk kept for later (see
``Walker.keep``) gets its own copy of the lists before anything is inserted.
"""

import bisect
import heapq
import math
from collections.abc import Iterator
from dataclasses import dataclass

from slurmsim.engine.priority import clamp
from slurmsim.model.jobs import Job
from slurmsim.model.time import Instant

#: (sort value, submit time, job id, generation): the sort value is -priority in
#: ``fixed`` lists and -(base - w * accrue / M) in ``aging`` ones.
Entry = tuple[float, int, int, int]


@dataclass(slots=True)
class _Info:
    tier: int
    base: float  # the priority without age (``Factors.static``)
    accrue: int | None
    gen: int  # bumped each time the job is queued again, so its old entries stay dead
    entry: Entry  # where it is now
    job: Job
    aging: bool = False  # in the tier's ``aging`` list, else in ``fixed``
    fresh: bool = True  # admitted since the last recalculation: its priority is job.priority


class _Tier:
    """A tier's two lists; entries before ``heads`` are all gone (skipped by every walk)."""

    __slots__ = ("aging", "fixed", "heads")

    def __init__(self) -> None:
        self.fixed: list[Entry] = []
        self.aging: list[Entry] = []
        self.heads = [0, 0]  # first entry of ``fixed`` and of ``aging`` that may be live


class ReadyQueue:
    """Jobs the passes may schedule, ordered lazily (see the module docstring).

    ``weight`` and ``max_age`` are PriorityWeightAge and PriorityMaxAge.
    """

    def __init__(self, weight: float, max_age: int) -> None:
        self.weight = weight
        self.max_age = max_age
        self.tau: Instant | None = None  # the recalculation in effect (None: none yet)
        self.jobs: dict[int, Job] = {}
        self._info: dict[int, _Info] = {}
        self._tiers: dict[int, _Tier] = {}
        #: Entries of jobs taken out: (job id, gen) -> (removal sequence, job, info).
        self._gone: dict[tuple[int, int], tuple[int, Job, _Info]] = {}
        self._fresh: list[int] = []
        self._caps: list[tuple[int, int, int]] = []  # (instant its age caps, job id, gen)
        self._kept: list[Walker] = []
        self._gens: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.jobs)

    def __contains__(self, job_id: object) -> bool:
        return job_id in self.jobs

    # -- membership -----------------------------------------------------------------

    def admit(self, job: Job, tier: int, base: float) -> None:
        """Queue ``job``; it keeps ``job.priority`` until the next ``recalculate``."""
        self._tidy()
        gen = self._gens.get(job.job_id, 0) + 1
        self._gens[job.job_id] = gen
        entry: Entry = (-job.priority, job.submit_time or 0, job.job_id, gen)
        self.jobs[job.job_id] = job
        self._info[job.job_id] = _Info(tier, base, job.accrue_time, gen, entry, job)
        self._fresh.append(job.job_id)
        lists = self._tiers.get(tier)
        if lists is None:
            lists = self._tiers[tier] = _Tier()
        bisect.insort(lists.fixed, entry)

    def remove(self, job: Job, seq: int) -> None:
        """Take ``job`` out (it started); walks begun before ``seq`` still see its place."""
        info = self._info.pop(job.job_id, None)
        if info is None:
            return
        del self.jobs[job.job_id]
        self._gone[(job.job_id, info.gen)] = (seq, job, info)
        # Jobs mostly start from the front: skip the gone entries there once for all.
        tier = self._tiers[info.tier]
        for which, lst in enumerate((tier.fixed, tier.aging)):
            head = tier.heads[which]
            while head < len(lst) and (lst[head][2], lst[head][3]) in self._gone:
                head += 1
            tier.heads[which] = head

    def _tidy(self) -> None:
        """Before the lists change: hand kept walks their own copies, drop dead entries."""
        for walker in self._kept:
            walker.detach()
        self._kept.clear()
        for tier in self._tiers.values():
            del tier.fixed[: tier.heads[0]]
            del tier.aging[: tier.heads[1]]
            tier.heads = [0, 0]
        if len(self._gone) > 64 and len(self._gone) > len(self.jobs) // 4:
            for tier in self._tiers.values():
                tier.fixed = [e for e in tier.fixed if (e[2], e[3]) not in self._gone]
                tier.aging = [e for e in tier.aging if (e[2], e[3]) not in self._gone]
                tier.heads = [0, 0]
            self._gone.clear()

    # -- priorities -----------------------------------------------------------------

    def recalculate(self, tau: Instant) -> None:
        """PriorityCalcPeriod at ``tau``: every queued job takes its priority as of then."""
        self._tidy()
        self.tau = tau
        fresh, self._fresh = self._fresh, []
        for job_id in fresh:
            info = self._info.get(job_id)
            if info is not None and info.fresh:
                self._refile(info, tau)
        while self._caps and self._caps[0][0] <= tau:
            _, job_id, gen = heapq.heappop(self._caps)
            info = self._info.get(job_id)
            if info is not None and info.gen == gen and info.aging:
                self._refile(info, tau)

    def _refile(self, info: _Info, tau: Instant) -> None:
        """Move an entry to the list it belongs in as of ``tau``."""
        tier = self._tiers[info.tier]
        lst = tier.aging if info.aging else tier.fixed
        i = bisect.bisect_left(lst, info.entry)
        if i < len(lst) and lst[i] == info.entry:
            del lst[i]
        _, submit, job_id, gen = info.entry
        info.fresh = False
        info.aging = (
            self.weight > 0
            and self.max_age > 0
            and info.accrue is not None
            and tau - info.accrue < self.max_age
        )
        if info.aging:
            assert info.accrue is not None
            heapq.heappush(self._caps, (info.accrue + self.max_age, job_id, gen))
            sort_value = -(info.base - self.weight * info.accrue / self.max_age)
            info.entry = (sort_value, submit, job_id, gen)
            bisect.insort(tier.aging, info.entry)
        else:
            info.entry = (-self._exact(info, tau), submit, job_id, gen)
            bisect.insort(tier.fixed, info.entry)

    def priority(self, job_id: int) -> int:
        """The priority of queued job ``job_id`` under the recalculation in effect."""
        info = self._info[job_id]
        if info.aging:
            return self._exact(info, self.tau or 0)
        return int(-info.entry[0])

    def _exact(self, info: _Info, tau: int) -> int:
        """``clamp(floor(base + w * age))``: the sum ``priority.factors`` would make."""
        if info.accrue is None or self.weight == 0:
            age = 0.0
        elif self.max_age <= 0:
            age = 1.0
        else:
            age = min(1.0, max(0, tau - info.accrue) / self.max_age)
        return clamp(math.floor(info.base + self.weight * age))

    # -- walking --------------------------------------------------------------------

    def walk(self, seq: int) -> "Walker":
        """The queue in Slurm's order; ``seq`` is the caller's, to tell which removals
        came before it."""
        return Walker(self, seq)


class Walker(Iterator[Job]):
    """One walk over the queue: jobs in order, each placed when it is reached."""

    def __init__(self, queue: ReadyQueue, seq: int) -> None:
        self.queue = queue
        self.seq = seq
        self.tau = queue.tau or 0
        tiers = [t for _, t in sorted(queue._tiers.items(), key=lambda kv: -kv[0])]
        self._lists = [(t.fixed, t.aging) for t in tiers]
        self._heads = [tuple(t.heads) for t in tiers]
        self._gone = queue._gone
        self._tier = 0
        self._fi, self._ai = self._heads[0] if tiers else (0, 0)
        #: Exact keys (with the job) pulled from ``aging``, best first.
        self._held: list[tuple[float, int, int, int, Job]] = []
        self._best: tuple[Entry, Job] | None = None  # the next live ``fixed`` entry
        self._pushed: Job | None = None
        #: An ageing job's priority is about -sort value + w * tau / M.
        self._shift = queue.weight * self.tau / queue.max_age if queue.max_age > 0 else 0.0

    def keep(self) -> None:
        """Keep this walk to resume later: it copies the lists before they next change."""
        self.queue._kept.append(self)

    def detach(self) -> None:
        self._lists = [(list(f), list(a)) for f, a in self._lists]
        self._gone = dict(self._gone)

    def push_back(self, job: Job) -> None:
        """Give back the job last yielded: the next ``next`` yields it again."""
        self._pushed = job

    def __next__(self) -> Job:
        if self._pushed is not None:
            job, self._pushed = self._pushed, None
            return job
        lists = self._lists
        while self._tier < len(lists):
            fixed, aging = lists[self._tier]
            held = self._held
            ai = self._ai
            if ai < len(aging):
                exact = self.queue._exact
                tau = self.tau
                shift = self._shift
                while ai < len(aging):
                    e = aging[ai]
                    info = self._find(e)
                    if info is None:
                        ai += 1
                        continue
                    if held:
                        # The highest priority this entry, or any after it, can have.
                        v = shift - e[0]
                        bound = clamp(math.floor(v + 1e-9 * max(1.0, abs(v))))
                        if held[0][0] < -bound:
                            break  # nothing left in the list can come before the best held
                    heapq.heappush(held, (-exact(info, tau), e[1], e[2], e[3], info.job))
                    ai += 1
                self._ai = ai
            best = self._best
            if best is None:
                fi = self._fi
                while fi < len(fixed):
                    info = self._find(fixed[fi])
                    if info is not None:
                        best = self._best = (fixed[fi], info.job)
                        break
                    fi += 1
                self._fi = fi
            if held and (best is None or held[0] < best[0]):
                return heapq.heappop(held)[4]
            if best is not None:
                self._best = None
                self._fi += 1
                return best[1]
            self._tier += 1
            if self._tier < len(self._heads):
                self._fi, self._ai = self._heads[self._tier]
        raise StopIteration

    def _find(self, e: Entry) -> _Info | None:
        """The facts behind an entry, or None when its job was gone before this walk
        (one taken out after the walk began is still found: the caller skips it)."""
        info = self.queue._info.get(e[2])
        if info is not None and info.gen == e[3]:
            return info
        gone = self._gone.get((e[2], e[3]))
        if gone is None or gone[0] <= self.seq:
            return None
        return gone[2]
