"""The queue the passes walk: pending, schedulable jobs in Slurm's order, produced lazily.

Slurm orders its queue by partition PriorityTier, then priority, then submit time,
then job id. A job's priority is ``own + share + age``, truncated: ``own`` is what
its request is worth (size, partition, QOS, nice), ``share`` the fair-share term of
its association, which moves with usage at every recalculation, and ``age`` grows
until PriorityMaxAge. Re-sorting thousands of jobs at every recalculation would
cost more than the passes that look at the first few, so jobs are kept in lists
whose order never changes, one pair per tier and association:

* ``aging``: jobs still getting older, sorted by ``own - w * accrue / M``; at
  recalculation instant ``tau`` each has about that plus ``share + w * tau / M``;
* ``steady``: jobs whose age term no longer changes (capped, or no age weight),
  sorted by ``own + age term``, to which ``share`` adds.

Jobs admitted since the last recalculation keep the priority they came with
until the next one (``fresh``, per tier, sorted by that exact priority).

A walk (``Walker``) merges the lists of a tier: it pulls entries in the order of
the best priority they could have (their approximate value, rounded up), works
out each one's exact, truncated priority, and holds it back until no entry not
yet pulled could come first; equal truncated priorities then go by submit time.

Started jobs are only marked gone (``remove``), so the lists never change under a
pass; a merge kept for later gets its own copy of the lists before anything is
inserted, but for the current order's, which is told where an admitted job went.

Successive passes mostly see the same order: jobs mostly leave it, a job admitted
mostly comes after the part passes have looked at, and a recalculation rarely
reorders anything (every ageing job moves up alike; fair share moves a whole
association). So the merged order is written down as far as passes have looked
(``Order``) and shared by every pass (``Walker``) until a job is admitted before a
written place or a recalculation does reorder jobs, which
``ReadyQueue.recalculate`` tells from the groups of jobs that always share a
priority (``Group``). A backfill cycle can pass a run of jobs at once by their
keys (``Walker.skip``).
"""

import bisect
import heapq
import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import chain, islice, pairwise, takewhile

from slurmsim.engine.priority import MAX_PRIORITY, clamp
from slurmsim.model.jobs import Job
from slurmsim.model.time import Instant

#: (sort value, submit time, job id, generation). The sort value is -priority in
#: ``fresh`` lists and -(own - w * accrue / M) or -(own + age term) in the others.
Entry = tuple[float, int, int, int]
#: Entry as pulled by a walk: exact -priority, then the job's facts.
Held = tuple[int, int, int, int, "_Info"]
#: A stream in a merge's pull heap: (-bound or -exact priority, submit time, job id of its
#: next entry, which stream, that entry's facts, whether the bound is exact).
_Pending = tuple[int, int, int, int, "_Info", bool]

#: Jobs that have the same priority whatever the recalculation: (tier, association,
#: own, accrue time, age term); an ageing job's age term follows its accrue time
#: (-1.0 here), a steady one's is fixed (accrue time None here).
Group = tuple[int, int, float, int | None, float]
#: ``Order.keys`` of a place whose job has left the queue.
GONE = -1
#: How many places ``Walker.skip`` looks at in one slice, and writes down ahead.
_SLICE = 64
_AHEAD = 8

_AGING, _STEADY = 0, 1


@dataclass(slots=True)
class _Info:
    tier: int
    cohort: int  # the association id: whose fair-share term it takes
    own: float
    accrue: int | None
    gen: int  # bumped each time the job is queued again, so its old entries stay dead
    entry: Entry  # where it is now
    job: Job
    admitted: int  # the seq of its admission
    key: int  # ``ReadyQueue.key_of`` its job, which ``Order.keys`` lists for its place
    kind: int = -1  # -1: fresh, else _AGING or _STEADY
    age_term: float = 0.0  # the constant age term of a steady entry
    removed: int | None = None  # the seq of its removal, once taken out


class _Lists:
    """One sorted list with the index before which every entry is gone.

    ``uniform``: every entry ever put in has the same sort value, so the list is in
    submit-time order among equal priorities (see ``_Merge._stream_entry``).
    ``ordered``: submit times (then job ids) only grow along the list, so its first
    live entry comes before all the others (see ``_Merge._stream_entry``); a copy
    does not claim it.
    """

    __slots__ = ("entries", "head", "ordered", "uniform", "value")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.head = 0
        self.uniform = True
        self.ordered = True
        self.value: float | None = None

    def insert(self, entry: Entry) -> int:
        """Put ``entry`` in its place, and say where."""
        if self.value is None:
            self.value = entry[0]
        elif entry[0] != self.value:
            self.uniform = False
        entries = self.entries
        at = bisect.bisect(entries, entry)
        if self.ordered and (
            (at and entries[at - 1][1:3] > entry[1:3])
            or (at < len(entries) and entry[1:3] > entries[at][1:3])
        ):
            self.ordered = False
        entries.insert(at, entry)
        self.head = min(self.head, at)  # it may go before gone entries of the front
        return at


class ReadyQueue:
    """Jobs the passes may schedule, ordered lazily (see the module docstring).

    ``weight`` and ``max_age`` are PriorityWeightAge and PriorityMaxAge; ``key_of``
    gives each job the key ``Order.keys`` lists for it (backfill's request key).
    """

    def __init__(
        self, weight: float, max_age: int, key_of: Callable[[Job], int] = lambda job: 0
    ) -> None:
        self.weight = weight
        self.max_age = max_age
        self.key_of = key_of
        self.tau: Instant | None = None  # the recalculation in effect (None: none yet)
        self.jobs: dict[int, Job] = {}
        self.shares: dict[int, float] = {}  # fair-share term per association
        self._info: dict[int, _Info] = {}
        self._fresh: dict[int, _Lists] = {}  # by tier
        #: (tier, cohort, kind, own) -> list
        self._streams: dict[tuple[int, int, int, float], _Lists] = {}
        self._by_tier: dict[int, list[tuple[int, int, _Lists]]] = {}  # (cohort, kind, lists)
        #: Entries of jobs taken out: (job id, gen) -> (removal sequence, info).
        self._gone: dict[tuple[int, int], tuple[int, _Info]] = {}
        self._caps: list[tuple[int, int, int]] = []  # (instant its age caps, job id, gen)
        self._kept: list[_Merge] = []
        self._gens: dict[int, int] = {}
        self._new: list[int] = []
        self._groups: Counter[Group] = Counter()  # queued jobs per group, fresh ones aside
        self._order: Order | None = None  # the current order, as far as written down
        #: Each group's priority under the recalculation in effect, as far as known.
        self._group_priorities: dict[Group, int] = {}

    def __len__(self) -> int:
        return len(self.jobs)

    def __contains__(self, job_id: object) -> bool:
        return job_id in self.jobs

    # -- membership -----------------------------------------------------------------

    def admit(  # noqa: PLR0917 (the queue's facts on the job)
        self, job: Job, tier: int, cohort: int, own: float, seq: int, ages: bool = True
    ) -> None:
        """Queue ``job``, admitted as ``seq`` (walks begun before it do not see it); it
        keeps ``job.priority`` until the next ``recalculate`` (for good: not ``ages``)."""
        gen = self._gens.get(job.job_id, 0) + 1
        self._gens[job.job_id] = gen
        entry: Entry = (-job.priority, job.submit_time or 0, job.job_id, gen)
        order = self._order
        # A job that comes after every place written down leaves the order standing: the
        # merge produces it in its turn. One that comes before any of them moves places.
        if order is not None and not order.comes_after(tier, entry):
            order = self._order = None
        self._tidy(order._merge if order is not None else None)
        self.jobs[job.job_id] = job
        info = self._info[job.job_id] = _Info(
            tier,
            cohort,
            own,
            job.accrue_time if ages else None,
            gen,
            entry,
            job,
            seq,
            self.key_of(job),
        )
        self._new.append(job.job_id)
        lists = self._fresh.setdefault(tier, _Lists())
        at = lists.insert(entry)
        if order is not None:
            order.admit(info, lists, at)

    def remove(self, job: Job, seq: int) -> None:
        """Take ``job`` out (it started); walks begun before ``seq`` still see its place."""
        info = self._info.pop(job.job_id, None)
        if info is None:
            return
        del self.jobs[job.job_id]
        info.removed = seq
        self._gone[(job.job_id, info.gen)] = (seq, info)
        self._leave_group(info)
        if self._order is not None:
            self._order.take_out(job.job_id, seq)
        # Jobs mostly start from the front: skip the gone entries there once for all.
        lists = self._lists_of(info)
        entries, gone = lists.entries, self._gone
        while (
            lists.head < len(entries) and (entries[lists.head][2], entries[lists.head][3]) in gone
        ):
            lists.head += 1

    def _lists_of(self, info: _Info) -> _Lists:
        if info.kind < 0:
            return self._fresh[info.tier]
        return self._streams[(info.tier, info.cohort, info.kind, info.own)]

    def _tidy(self, live: "_Merge | None" = None) -> None:
        """Before the lists change: hand kept merges their own copies, drop gone entries.

        A ``live`` merge goes on reading the lists in place, by index: it is told of
        the change instead, and the lists keep their indexes (gone entries stay).
        """
        for merge in self._kept:
            if merge is not live:
                merge.detach()
        self._kept = [live] if live is not None and live in self._kept else []
        if live is not None:
            return
        compact = len(self._gone) > 64 and len(self._gone) > len(self.jobs) // 4
        for lists in (*self._fresh.values(), *self._streams.values()):
            if compact:
                lists.entries = [e for e in lists.entries if _key(e) not in self._gone]
            else:
                del lists.entries[: lists.head]
            lists.head = 0
        if compact:
            self._gone.clear()

    # -- priorities -----------------------------------------------------------------

    def recalculate(self, tau: Instant, shares: Mapping[int, float] | None = None) -> None:
        """PriorityCalcPeriod at ``tau``: every queued job takes its priority as of then,
        with ``shares`` (fair-share term by association) when they moved."""
        shares = dict(shares) if shares is not None else self.shares
        capping = bool(self._caps) and self._caps[0][0] <= tau
        order = self._order
        # Checking costs a look at every group, writing the order down again a merge of
        # the places passes look at: with more groups than that (jobs that age apart),
        # checking is not worth it.
        worth = order is not None and len(self._groups) <= len(order.jobs)
        if order is not None and worth and not self._new and self.tau is not None:
            if not self._same_order(tau, shares):
                self._order = None
        else:
            self._order = None
            self._group_priorities = {}  # known for no recalculation any more
        if self._order is not None:
            self._order.retimed()
        if not self._new and not capping:
            self.tau, self.shares = tau, shares  # no job changes lists
            return
        if self._order is not None:
            self._order.keep()  # the lists are about to change under it
        self._tidy()
        self.tau, self.shares = tau, shares
        new, self._new = self._new, []
        for job_id in new:
            info = self._info.get(job_id)
            if info is not None and info.kind < 0:
                self._refile(info, tau)
        while self._caps and self._caps[0][0] <= tau:
            _, job_id, gen = heapq.heappop(self._caps)
            info = self._info.get(job_id)
            if info is not None and info.gen == gen and info.kind == _AGING:
                self._refile(info, tau)

    def _refile(self, info: _Info, tau: Instant) -> None:
        """Move an entry to the list it belongs in as of ``tau``."""
        self._leave_group(info)
        lists = self._lists_of(info)
        i = bisect.bisect_left(lists.entries, info.entry)
        if i < len(lists.entries) and lists.entries[i] == info.entry:
            del lists.entries[i]
        _, submit, job_id, gen = info.entry
        w, m = self.weight, self.max_age
        ages = w > 0 and m > 0 and info.accrue is not None and tau - info.accrue < m
        if ages:
            assert info.accrue is not None
            info.kind = _AGING
            heapq.heappush(self._caps, (info.accrue + m, job_id, gen))
            value = -(info.own - w * info.accrue / m)
        else:
            info.kind = _STEADY
            info.age_term = w * self._age_at(info.accrue, tau)
            value = -(info.own + info.age_term)
        info.entry = (value, submit, job_id, gen)
        # Jobs asking for the same are worth the same: one list each keeps runs of equal
        # priorities in submit order (``_Lists.uniform``).
        key = (info.tier, info.cohort, info.kind, info.own)
        stream = self._streams.get(key)
        if stream is None:
            stream = self._streams[key] = _Lists()
            self._by_tier.setdefault(info.tier, []).append((info.cohort, info.kind, stream))
        stream.insert(info.entry)
        self._groups[_group(info)] += 1

    def _leave_group(self, info: _Info) -> None:
        if info.kind < 0:
            return  # fresh: in no group yet
        group = _group(info)
        self._groups[group] -= 1
        if not self._groups[group]:
            del self._groups[group]

    def _same_order(self, tau: Instant, shares: Mapping[int, float]) -> bool:
        """Would the queued jobs come in the same order at ``tau`` with ``shares``?

        Jobs are ordered by tier and priority, then submit time and id, and the jobs of
        a group always share their priority; so the order stands as long as the
        groups of each tier keep their order and their ties.
        """
        assert self.tau is not None
        known = self._group_priorities
        priorities = self._group_priorities_at(self._groups, tau, shares)
        unknown = [g for g in priorities if g not in known]
        if unknown:
            known = {**known, **self._group_priorities_at(unknown, self.tau, self.shares)}
        rows = [(g[0], p, known[g]) for g, p in priorities.items()]
        self._group_priorities = priorities  # the next check's "before"
        rows.sort(reverse=True)
        for (tier, after, before), (next_tier, next_after, next_before) in pairwise(rows):
            if tier != next_tier:
                continue
            if (after == next_after) != (before == next_before) or before < next_before:
                return False
        return True

    def _group_priorities_at(
        self, groups: Iterable[Group], tau: int, shares: Mapping[int, float]
    ) -> dict[Group, int]:
        """Each group's priority, computed as ``exact`` computes its jobs': in one loop,
        as a check asks it of every group (in a spread of arrivals, every ageing job)."""
        weight, max_age = self.weight, self.max_age
        out: dict[Group, int] = {}
        for group in groups:
            _, cohort, own, accrue, term = group
            if accrue is not None:  # ``_age_at`` inline
                if weight == 0:
                    age = 0.0
                elif max_age <= 0:
                    age = 1.0
                else:
                    age = (tau - accrue) / max_age if tau > accrue else 0.0
                    age = age if age < 1.0 else 1.0
                term = weight * age
            priority = math.floor(own + shares.get(cohort, 0.0) + term)
            out[group] = (
                1 if priority < 1 else priority if priority < MAX_PRIORITY else MAX_PRIORITY
            )
        return out

    def _age_at(self, accrue: int | None, tau: int) -> float:
        """The age factor as ``priority.age_factor`` computes it."""
        if accrue is None or self.weight == 0:
            return 0.0
        if self.max_age <= 0:
            return 1.0
        # min(1.0, max(0, age) / max_age), without the builtins' cost per call.
        factor = (tau - accrue) / self.max_age if tau > accrue else 0.0
        return factor if factor < 1.0 else 1.0

    def exact(self, info: _Info, tau: int, shares: Mapping[int, float]) -> int:
        """``clamp(floor(own + share + w * age))``, the sum ``priority.factors`` makes."""
        if info.kind < 0:
            return int(-info.entry[0])
        base = info.own + shares.get(info.cohort, 0.0)
        return clamp(math.floor(base + self.weight * self._age_at(info.accrue, tau)))

    def priority(self, job_id: int) -> int:
        """The priority of queued job ``job_id`` under the recalculation in effect."""
        return self.exact(self._info[job_id], self.tau or 0, self.shares)

    # -- walking --------------------------------------------------------------------

    def walk(self, seq: int) -> "Walker":
        """The queue in Slurm's order; ``seq`` is the caller's, to tell which removals
        came before it. It must be the latest pass's."""
        if self._order is None:
            self._order = Order(self, _Merge(self, seq))
        return Walker(self._order, seq)


def _group(info: _Info) -> Group:
    if info.kind == _AGING:
        return (info.tier, info.cohort, info.own, info.accrue, -1.0)
    return (info.tier, info.cohort, info.own, None, info.age_term)


class _Tier:
    """One tier's lists as a merge reads them: the fresh list, and each stream with the
    offset its values take, each from where its live entries began when the merge did
    (``_Lists.head`` moves on past jobs that leave, which walks begun before still see).
    """

    __slots__ = ("fresh", "fresh_from", "starts", "streams")

    def __init__(self, fresh: _Lists | None, streams: list[tuple[_Lists, float]]) -> None:
        self.fresh = fresh
        self.fresh_from = fresh.head if fresh is not None else 0
        self.streams = streams
        self.starts = [lists.head for lists, _ in streams]

    def detach(self) -> None:
        """Take copies of the lists, which are about to change."""
        if self.fresh is not None:
            self.fresh = _copy(self.fresh)
        self.streams = [(_copy(lists), offset) for lists, offset in self.streams]


class _Merge:
    """The queue's lists merged into Slurm's order, one job at a time, as of one
    recalculation (``tau``) and one pass (``seq``)."""

    def __init__(self, queue: ReadyQueue, seq: int) -> None:
        self.queue = queue
        self.seq = seq
        self.tau = queue.tau or 0
        self.shares = dict(queue.shares)
        self._live = queue._info
        self._gone = queue._gone
        shift = queue.weight * self.tau / queue.max_age if queue.max_age > 0 else 0.0
        #: The tiers, first to last.
        self._tier_ids = sorted({*queue._fresh, *queue._by_tier}, reverse=True)
        self._tiers: list[_Tier] = []
        for tier in self._tier_ids:
            # A list stays once made (its key may come back): leave out the empty ones.
            streams = [
                (lists, self.shares.get(cohort, 0.0) + (shift if kind == _AGING else 0.0))
                for cohort, kind, lists in queue._by_tier.get(tier, ())
                if lists.head < len(lists.entries)
            ]
            self._tiers.append(_Tier(queue._fresh.get(tier), streams))
        self._tier = -1
        self._runs: Iterator[Entry] | None = None  # see ``_whole_runs``
        self._next_tier()

    def _next_tier(self) -> None:
        self._tier += 1
        self._runs = None
        self._held: list[Held] = []
        self._fresh_at = 0
        self._best: tuple[Entry, _Info] | None = None
        #: Streams by the best their next entry could be.
        self._pending: list[_Pending] = []
        self._at: list[int] = []
        self._streams: list[tuple[_Lists, float]] = []  # the tier's
        if self._tier >= len(self._tiers):
            return
        tier = self._tiers[self._tier]
        self._fresh_at = tier.fresh_from
        self._runs = self._whole_runs(tier)
        if self._runs is not None:
            return
        self._streams = tier.streams
        self._at = list(tier.starts)
        for index in range(len(tier.streams)):
            pending = self._stream_entry(index)
            if pending is not None:
                heapq.heappush(self._pending, pending)

    def _whole_runs(self, tier: _Tier) -> Iterator[Entry] | None:
        """The tier's entries in order at once, when every list is uniform and none is
        fresh (None otherwise): the jobs of a uniform list all have its priority, so
        lists merge whole, by priority, and lists of equal priority by submit time.

        A queue of a few kinds of requests, all queued alike, is such a tier, and then
        writing the order down costs no priority arithmetic per job.
        """
        if tier.fresh is not None and tier.fresh_from < len(tier.fresh.entries):
            return None
        if not all(lists.uniform for lists, _ in tier.streams):
            return None
        by_priority: dict[int, list[Iterator[Entry]]] = {}
        for (lists, _), start in zip(tier.streams, tier.starts, strict=True):
            # Read in place, not copied (a queue of thousands is merged again after every
            # admission): ``detach`` takes what is left before the lists change.
            info = next(filter(None, map(self._find, islice(lists.entries, start, None))), None)
            if info is not None:
                exact = self.queue.exact(info, self.tau, self.shares)
                by_priority.setdefault(exact, []).append(islice(lists.entries, start, None))
        runs: list[Iterator[Entry]] = []
        for _, same in sorted(by_priority.items(), reverse=True):
            if len(same) == 1:
                runs.append(same[0])
            else:
                runs.append(heapq.merge(*same, key=lambda e: (e[1], e[2])))
        return chain.from_iterable(runs)

    def _stream_entry(self, index: int) -> _Pending | None:
        """Stream ``index`` as the pull heap holds it: under its next live entry's bound,
        or its exact priority when the list is ``ordered`` (None: no entry left)."""
        lists, offset = self._streams[index]
        entries = lists.entries
        at, end = self._at[index], len(entries)
        live, info = self._live, None
        while at < end:
            e = entries[at]
            info = live.get(e[2])  # ``_find`` inline: asked for every place written
            if (info is not None and info.gen == e[3]) or (info := self._find(e)) is not None:
                break
            at += 1
        self._at[index] = at
        if info is None:
            return None
        if lists.ordered:
            # Priorities only fall along a list and submit times only grow along this
            # one: its next entry comes first of its rest, with exactly its priority.
            return -self._exact(info), e[1], e[2], index, info, True
        v = offset - e[0]
        # A slack of 1e-9 of |v|, at least 1e-9 (comparisons: not abs() and max()).
        slack = v if v > 1.0 else -v if v < -1.0 else 1.0
        bound = clamp(math.floor(v + 1e-9 * slack))
        # In a uniform list nothing after ``e`` has an earlier submit time at the same
        # priority, so ``e`` speaks for the rest; otherwise any of them might.
        first = (e[1], e[2]) if lists.uniform else (-1, -1)
        return -bound, *first, index, info, False

    def detach(self) -> None:
        """Take copies of the lists, which are about to change."""
        for tier in self._tiers:
            tier.detach()
        if self._tier < len(self._tiers):
            self._streams = self._tiers[self._tier].streams
        self._gone = dict(self._gone)
        if self._runs is not None:
            self._runs = iter(list(self._runs))  # they read the lists in place

    def pull(self) -> _Info | None:
        """The next job's facts (``removed`` set: taken out after this merge began);
        None past the end of the queue."""
        while self._tier < len(self._tiers):
            if self._runs is not None:
                for e in self._runs:
                    info = self._find(e)
                    if info is not None:
                        return info
                self._next_tier()
                continue
            fresh = self._tiers[self._tier].fresh
            held, pending = self._held, self._pending
            best = self._best
            if best is None and fresh is not None:
                entries = fresh.entries
                while self._fresh_at < len(entries):
                    info = self._find(entries[self._fresh_at])
                    if info is not None:
                        best = self._best = (entries[self._fresh_at], info)
                        break
                    self._fresh_at += 1
            # Pull while an entry not pulled yet could come before the best held one: a
            # higher bound, or the same with an earlier submit time or id, so that a long
            # run of equal priorities is not pulled at once.
            while pending and (not held or pending[0][:3] < held[0][:3]):
                value, _, _, index, info, exact = pending[0]
                self._at[index] += 1
                following = self._stream_entry(index)  # the stream's place in the heap
                if following is None:
                    heapq.heappop(pending)
                else:
                    heapq.heapreplace(pending, following)
                _, submit, job_id, gen = info.entry
                if exact and (best is None or (value, submit, job_id, gen) < best[0]):
                    return info  # before every held entry, and every one not pulled yet
                if not exact:
                    value = -self._exact(info)
                heapq.heappush(held, (value, submit, job_id, gen, info))
            if held and (best is None or held[0][:4] < best[0]):
                return heapq.heappop(held)[4]
            if best is not None:
                self._best = None
                self._fresh_at += 1
                return best[1]
            self._next_tier()
        return None

    def can_take(self, tier: int) -> bool:
        """Can a job admitted into ``tier`` be merged in its turn? Not into a tier already
        merged, nor into the one being merged from whole runs (no fresh entries there)."""
        if self._tier >= len(self._tier_ids):
            return False
        current = self._tier_ids[self._tier]
        return tier < current or (tier == current and self._runs is None)

    def take(self, tier: int, fresh: _Lists, at: int) -> None:
        """A job was admitted into ``tier`` at index ``at`` of its ``fresh`` list, after
        every job pulled so far (``can_take``)."""
        k = self._tier
        if tier == self._tier_ids[k]:
            self._tiers[k].fresh = fresh
            if at <= self._fresh_at:
                # Every entry it went before was gone: read from it on (the one held in
                # ``_best`` has moved up one).
                self._fresh_at = at
                self._best = None
            return
        later = bisect.bisect(self._tier_ids, -tier, lo=k + 1, key=int.__neg__)
        if later > k + 1 and self._tier_ids[later - 1] == tier:
            waiting = self._tiers[later - 1]
            if waiting.fresh is None:
                waiting.fresh, waiting.fresh_from = fresh, at
        else:
            waiting = _Tier(fresh, [])
            self._tier_ids.insert(later, tier)
            self._tiers.insert(later, waiting)
        waiting.fresh_from = min(waiting.fresh_from, at)  # it may go before gone entries

    def _exact(self, info: _Info) -> int:
        """``ReadyQueue.exact`` as of this merge for a job of a stream (not fresh), in
        one call: worked out for every place written."""
        queue, accrue, tau = self.queue, info.accrue, self.tau
        base = info.own + self.shares.get(info.cohort, 0.0)
        weight, max_age = queue.weight, queue.max_age
        if accrue is None or weight == 0:
            age = 0.0
        elif max_age <= 0:
            age = 1.0
        else:
            age = (tau - accrue) / max_age if tau > accrue else 0.0
            age = age if age < 1.0 else 1.0
        priority = math.floor(base + weight * age)
        return 1 if priority < 1 else priority if priority < MAX_PRIORITY else MAX_PRIORITY

    def _find(self, e: Entry) -> _Info | None:
        """The facts behind an entry, or None when its job was gone before this walk
        (one taken out after the walk began is still found: the caller skips it)."""
        info = self.queue._info.get(e[2])
        if info is not None and info.gen == e[3]:
            return info
        gone = self._gone.get((e[2], e[3])) or self.queue._gone.get((e[2], e[3]))
        if gone is None or gone[0] <= self.seq:
            return None
        return gone[1]


class Order:
    """The queue in Slurm's order, written down as far as passes have looked.

    It stands until a recalculation reorders jobs or a job is admitted before a place
    already written down. Jobs taken out meanwhile keep their place, marked with when
    they left (``removed``), and jobs admitted after every written place are marked
    with when they came (``added``), so that a pass sees exactly the jobs that were
    queued when it began; places never move. ``keys`` holds each place's
    ``ReadyQueue.key_of``, or ``GONE`` once its job has left. Jobs mostly leave from
    the front: every place before ``head`` is gone.
    """

    def __init__(self, queue: ReadyQueue, merge: _Merge) -> None:
        self.jobs: list[Job] = []
        self.keys: list[int] = []
        self.removed: dict[int, int] = {}  # place -> seq of the removal
        self.added: dict[int, int] = {}  # place -> seq of its admission, if after the merge's
        self.newest = 0  # the latest seq in ``added``
        self.head = 0
        self._places: dict[int, int] = {}  # job id -> place
        self._queue = queue
        self._merge = merge
        self._last: _Info | None = None  # the last place's
        self._admitting = True  # False once a recalculation has kept it (priorities moved)
        self._kept = False
        self._complete = False

    @property
    def complete(self) -> bool:
        """Is every queued job written down?"""
        return self._complete

    def fill(self, n: int) -> bool:
        """Write down the first ``n`` places; False when the queue has fewer jobs."""
        jobs = self.jobs
        while len(jobs) < n:
            info = None if self._complete else self._merge.pull()
            if info is None:
                self._complete = True
                return False
            self._write(info)
        return True

    def _write(self, info: _Info) -> None:
        job, place = info.job, len(self.jobs)
        self._places[job.job_id] = place
        if info.removed is None:
            self.keys.append(info.key)
        else:
            self.removed[place] = info.removed
            self.keys.append(GONE)
        if info.admitted > self._merge.seq:
            self.added[place] = info.admitted
            self.newest = max(self.newest, info.admitted)
        self.jobs.append(job)
        self._last = info

    def comes_after(self, tier: int, entry: Entry) -> bool:
        """Would a job admitted now into ``tier``, fresh ``entry``, come after every
        place written down, and the merge produce it in its turn?"""
        if not self._admitting:
            return False
        last = self._last
        if last is not None:
            merge = self._merge
            priority = self._queue.exact(last, merge.tau, merge.shares)
            if (-tier, *entry[:3]) < (-last.tier, -priority, *last.entry[1:3]):
                return False
        return self._complete or self._merge.can_take(tier)

    def admit(self, info: _Info, fresh: _Lists, at: int) -> None:
        """A job was admitted (``comes_after``), at index ``at`` of its tier's ``fresh``
        list."""
        if self._complete:  # the merge is done: write it down now
            self._write(info)
        else:
            self._merge.take(info.tier, fresh, at)

    def retimed(self) -> None:
        """A recalculation keeps this order: its merge's priorities are no longer the
        ones admitted jobs are compared with."""
        self._admitting = False

    def take_out(self, job_id: int, seq: int) -> None:
        """Job ``job_id`` left the queue in the pass numbered ``seq``."""
        place = self._places.get(job_id)
        if place is None:
            return
        self.removed[place] = seq
        keys = self.keys
        keys[place] = GONE
        head = self.head
        while head < len(keys) and keys[head] == GONE:
            head += 1
        self.head = head

    def keep(self) -> None:
        """Walks of this order go on after the queue's lists change: its merge gets
        its own copy of them first."""
        if not self._kept:
            self._kept = True
            self._queue._kept.append(self._merge)


class Walker(Iterator[Job]):
    """One pass's walk over an ``Order``: the jobs queued when the pass (``seq``) began."""

    def __init__(self, order: Order, seq: int) -> None:
        self.order = order
        self.seq = seq
        self.place = order.head  # the next place to look at
        self.last = self.place  # the place of the job last yielded

    def __next__(self) -> Job:
        order = self.order
        removed, added = order.removed, order.added
        jobs = order.jobs
        while True:
            place = self.place
            if place >= len(jobs) and not order.fill(place + 1):
                raise StopIteration
            self.place = place + 1
            gone = removed.get(place)
            if (gone is None or gone > self.seq) and (not added or added.get(place, 0) < self.seq):
                self.last = place
                return jobs[place]

    def push_back(self, job: Job) -> None:
        """Give back ``job``, the one last yielded: the next ``next`` yields it again."""
        assert self.order.jobs[self.last] is job
        self.place = self.last

    def keep(self) -> None:
        """This walk will be resumed later, after the queue may have changed."""
        self.order.keep()

    def skip(self, keys: Collection[int], most: int) -> tuple[int, int]:
        """Pass the jobs coming next whose key is in ``keys``, at most ``most`` of them:
        (where the run began, how many jobs it passed); it ends at ``place``. Only for the
        latest pass, for which every job gone is gone: jobs are then told apart by
        ``Order.keys`` alone, and the run's jobs are those of its places not gone then.

        Runs are long (repeats of a few requests among the places of jobs gone), so
        they are measured a slice at a time rather than place by place.
        """
        order = self.order
        marks = order.keys
        passable = {*keys, GONE}
        first = self.place
        passed = 0
        while passed < most:
            start = self.place
            if start + _AHEAD > len(marks):
                # Written down past what passes looked at, the order costs its merge for
                # nothing if a job is admitted before they look there: only a little ahead.
                order.fill(start + _AHEAD)
            run = marks[start : start + _SLICE]
            if not run:
                break
            # Mostly the whole slice passes: one check in C, the prefix only otherwise.
            if passable.issuperset(run):
                length = len(run)
            else:
                length = len(list(takewhile(passable.__contains__, run)))
            live = length - run[:length].count(GONE)
            want = most - passed
            if live > want:  # the limit falls inside the run: stop right after it
                places = [i for i, key in enumerate(run[:length]) if key != GONE]
                length = places[want - 1] + 1
                live = want
            passed += live
            self.place = start + length
            if length < len(run):
                break  # a job not to pass, or the limit
        return first, passed

    def find(self, keys: AbstractSet[int], most: int, *, ahead: bool = True) -> int | None:
        """The place of the first of the next ``most`` jobs, the one last yielded first,
        whose key is in ``keys``; None when there is none. Only for the latest pass, as
        ``skip``; a slice at a time, as there. Jobs admitted since the pass began are
        not told apart from the others by their keys: then the one last yielded.

        Without ``ahead``, the order is not written down further for the question (it
        costs its merge for nothing if a job is admitted before a pass looks there):
        where it ends first, its end, as a place whose job may have such a key.
        """
        order = self.order
        if order.newest >= self.seq:
            return self.last
        marks = order.keys
        place, left = self.last, most
        while left > 0:
            if place + _SLICE > len(marks) and ahead:
                order.fill(place + _SLICE)
            run = marks[place : place + _SLICE]
            if not run:
                return None if ahead or order.complete else place
            if keys.isdisjoint(run):
                left -= len(run) - run.count(GONE)
                place += len(run)
                continue
            at = next(i for i, key in enumerate(run) if key in keys)
            return place + at if at - run[:at].count(GONE) < left else None
        return None


def _key(e: Entry) -> tuple[int, int]:
    """(job id, generation): what ``_gone`` is keyed by."""
    return e[2], e[3]


def _copy(lists: _Lists) -> _Lists:
    out = _Lists()
    out.entries = list(lists.entries)
    out.head = lists.head
    out.ordered = False
    # What was put in stays in the copy: it is as uniform as the list (a copy claiming
    # uniform when the list is not would merge its entries by its first one's priority).
    out.uniform, out.value = lists.uniform, lists.value
    return out
