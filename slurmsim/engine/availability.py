"""When running jobs free each node, as backfill judges it: one availability profile per node.

Backfill asks, for job after job, "on these candidate nodes, when will the running
jobs (ending at their time limits) have freed enough for this one?". Asked from
scratch, that question takes running jobs away one batch at a time and tries a
placement after each, which for a long queue is most of a cycle's work.

A node's free cores, memory and GPUs are constant between the ends of the running
jobs on it, and only grow at each. So ``Availability`` keeps, for the cycle, each
node's change points (``changes``: the running jobs on it in the order their limits
expire, with what each holds there), and from them the running job after whose end
the node can hold a given share of a job for good (its fit place; ``fit_places`` for
every node and one layout). Whether a placement succeeds depends only on which nodes
can hold their share, so the first batch of ends at which enough candidate nodes can
is the first at which a placement would succeed. Backfill's plans pick the nodes
there on masks (``whatif``: the fit masks and ``free_after``); an estimate that needs
the allocation places the job once, there, on the candidates as they will be then
(``Freed``: which of them fit a share is read off their fit places, and only the
entries the placement reads are worked out).

Running jobs are taken away in batches, and the estimate is the end of the last one
taken. As in slurmctld's will-run test, a batch starts at the first job touching a
candidate and goes on until the next running job, wherever it runs, ends more than
a window after that first one; the window is ``END_BATCH`` and doubles with each
batch. Jobs on other nodes are passed over without looking at the window, so a
batch can run on past them (golden 176). Batches depend on the candidates
(``Availability.through``).

Within a cycle the running jobs stay put, but the pool changes when the cycle
starts a job; every answer derived from it is dropped then (``pool.changes``). A
node's fit places outlive the cycle: kept with the pool as places among the node's
own running jobs, they hold while its entry and its running jobs stay as they were,
which between two cycles is true of all but the few nodes where jobs started or
ended (``_NodeFits``).
"""

import bisect
from collections.abc import Iterable
from functools import cached_property
from typing import NamedTuple

from slurmsim.engine.resources import Need, Shape
from slurmsim.engine.select import Free, Pool
from slurmsim.model.jobs import Job, NodeAlloc
from slurmsim.model.time import Seconds

#: The first batch of running jobs taken away when simulating the future holds those
#: whose (limit-based) ends fall within this many seconds of its first; each later
#: batch's window is twice the one before.
END_BATCH: Seconds = Seconds(30)
#: The fit place (``fit_places``) of a node that can hold the share already.
NOW = -1


class _NodeFits(NamedTuple):
    """``fit_places`` answers for one node, as places in ``allocs`` (what its running jobs
    hold there, in end order), valid while its pool entry is ``now`` and its running jobs
    hold ``allocs`` (compared by value: jobs holding the same give the same answers)."""

    now: Free
    allocs: list[NodeAlloc]
    nth: dict[tuple[Need, str | None, bool], int | None]


#: A node no running job holds anything on: no places, nothing to give back.
_NO_CHANGES: tuple[list[int], list[NodeAlloc]] = ([], [])
#: ``_NodeFits.nth`` has no answer yet.
_UNKNOWN = -2


class Running(NamedTuple):
    """A job holding resources, as backfill sees it (a tuple: every cycle makes one per
    running job, and a tuple is several times cheaper to make than a frozen dataclass)."""

    end: int  # start + time limit: what backfill believes
    job: Job


class Availability:
    """Per-node change points of free resources for one backfill cycle.

    ``running`` (sorted by end, then job id) does not change during a cycle; the
    pool does when the cycle starts jobs, so answers derived from it are keyed by
    ``pool.changes``.
    """

    def __init__(self, running: list[Running], pool: Pool) -> None:
        self.running = running
        self.pool = pool
        self._node_fits: dict[str, _NodeFits] = pool.node_fits
        self._by_shape: dict[Shape, dict[str, int]] = {}
        self._by_mask: dict[Shape, tuple[list[int], list[int]]] = {}
        self._names: dict[int, list[str]] = {}
        #: Whole start estimates (``whatif.earliest``: when, and the nodes' mask), for
        #: jobs that ask for the same on the same nodes: by demand number, then candidates.
        self.starts: dict[int, dict[int, tuple[int, int] | None]] = {}
        #: ``whatif.first_fit_end``, kept as ``starts`` (``whatif.known_fit_end``).
        self.first_fits: dict[int, dict[int, int | None]] = {}
        self._seen_changes = pool.changes

    @cached_property
    def changes(self) -> dict[str, tuple[list[int], list[NodeAlloc]]]:
        """For each node, the running jobs on it (their places in ``running``) and what
        each holds there (worked out on first use: many cycles never estimate)."""
        found: dict[str, tuple[list[int], list[NodeAlloc]]] = {}
        for i, r in enumerate(self.running):
            for a in r.job.alloc:
                places, allocs = found.setdefault(a.node, ([], []))
                places.append(i)
                allocs.append(a)
        return found

    def through(self, nodes: int, end: int) -> tuple[int, int]:
        """The running jobs touching ``nodes`` (a mask) taken away up to the batch in which one
        ending at ``end`` goes (one of them does): those before the returned place in
        ``running``; and that batch's last end.

        Batches are cut as slurmctld's will-run test cuts them: a batch starts at the
        first job touching a candidate and takes the jobs after it in end order until
        the next job in the whole list (touching a candidate or not) ends more than the
        window after that first one; jobs on other nodes are passed over without that
        test, so a batch may run on past them (golden 176). The window starts at
        ``END_BATCH`` and doubles with each batch. Only the batches up to ``end``'s are
        formed: an estimate rarely lies far out, and candidate sets seldom repeat.
        """
        masks, ends = self._masks, self._ends
        n = len(ends)
        last: int | None = None
        window: int = END_BATCH
        i = 0
        while True:
            while i < n and not masks[i] & nodes:
                i += 1  # jobs on other nodes
            if i == n:
                return n, end if last is None else last
            first = ends[i]  # a new batch
            if last is not None and first > end:
                return i, last  # ``end``'s batch is complete
            # It ends at the first job touching ``nodes`` whose successor in the whole
            # list ends beyond the window (ends are sorted: one bisect finds where).
            k = bisect.bisect_right(ends, first + window, i) - 1
            while k < n and not masks[k] & nodes:
                k += 1
            if k >= n - 1:  # the batch runs to the list's end
                k = n - 1
                while not masks[k] & nodes:
                    k -= 1
                return n, ends[k]
            last, window, i = ends[k], window * 2, k + 1

    @cached_property
    def _ends(self) -> list[int]:
        """The running jobs' ends, in their order (sorted)."""
        return [r.end for r in self.running]

    @cached_property
    def _masks(self) -> list[int]:
        """The nodes of each running job as a bit mask (bit ``pool.index[node]``)."""
        index = self.pool.index
        found = []
        for r in self.running:
            mask = 0
            for a in r.job.alloc:
                mask |= 1 << index[a.node]
            found.append(mask)
        return found

    def freed_through(self, cand: list[str], end: int) -> tuple[Pool, int]:
        """The candidates' pool with the running jobs of ``through`` given back, and its
        last end."""
        self.current()
        taken, last = self.through(self.mask(cand), end)
        return Freed(self, taken), last

    def entry_after(self, node: str, taken: int) -> Free:
        """``node``'s pool entry once its running jobs before place ``taken`` have ended."""
        now = self.pool.free[node]
        if node not in self.changes:
            return now
        places, allocs = self.changes[node]
        ended = allocs[: bisect.bisect_left(places, taken)]
        if not ended:
            return now
        cpus, mem, gpus = now.cpus, now.mem, list(now.gpus)
        for a in ended:
            cpus += a.cpus
            mem += a.mem
            gpus.extend(a.gpus)
        return Free(cpus, mem, sorted(gpus), now.jobs - len(ended))

    def current(self) -> None:
        """Forget answers derived from the pool once the cycle has started a job on it."""
        if self._seen_changes != self.pool.changes:
            self._by_shape.clear()
            self._by_mask.clear()
            self.starts.clear()
            self.first_fits.clear()
            self._seen_changes = self.pool.changes

    def _nth_ending(
        self, node: str, now: Free, allocs: list[NodeAlloc], need: tuple[Need, str | None, bool]
    ) -> int | None:
        """The place in ``allocs`` (``node``'s running jobs, in end order) of the job after
        whose end the node can hold ``need`` (``NOW``: it can already; None: never)."""
        cfg = self.pool.configs[node]
        if now.holds(cfg, *need):
            return NOW
        # Counted on a scratch entry: which GPUs come free does not matter here.
        free = Free(now.cpus, now.mem, list(now.gpus), now.jobs)
        for nth, a in enumerate(allocs):
            free.cpus += a.cpus
            free.mem += a.mem
            free.gpus.extend(a.gpus)
            free.jobs -= 1
            if free.holds(cfg, *need):
                return nth
        return None

    def fit_places(self, s: Shape) -> dict[str, int]:
        """For every node, the place in ``running`` of the job after whose end it can hold
        its share of layout ``s`` (``NOW``: it can already), leaving out the nevers.

        Free capacity only grows as running jobs end, so the first fit lasts. A node's
        answer depends only on what it has free and what its running jobs hold, in the
        order they end; so it is remembered, as a place among those jobs, from cycle
        to cycle while both stay as they were (``_NodeFits``): between two cycles only
        the nodes where a job started or ended change.
        """
        self.current()
        found = self._by_shape.get(s)
        if found is None:
            found = self._by_shape[s] = self._fit_places(s)
        return found

    def _fit_places(self, s: Shape) -> dict[str, int]:
        free, changes, node_fits = self.pool.free, self.changes, self._node_fits
        gpu_type, exclusive = s.gpu_type, s.exclusive
        shared = None  # what every node is asked, unless the share depends on the node
        found: dict[str, int] = {}
        for node, cfg in self.pool.configs.items():
            if exclusive or shared is None:
                shared = (s.largest_need(cfg), gpu_type, exclusive)
            now = free[node]
            places, allocs = changes.get(node, _NO_CHANGES)
            fits = node_fits.get(node)
            if fits is None or fits.now is not now or fits.allocs != allocs:
                fits = node_fits[node] = _NodeFits(now, allocs, {})
            nth = fits.nth.get(shared, _UNKNOWN)
            if nth == _UNKNOWN:
                nth = fits.nth[shared] = self._nth_ending(node, now, allocs, shared)
            if nth is not None:
                found[node] = nth if nth == NOW else places[nth]
        return found

    def nth_fit(self, s: Shape, cand: int, n: int) -> int | None:
        """The ``n``-th earliest fit place (``fit_places``) among ``cand`` (a mask) for
        their share of ``s`` (None: fewer than ``n`` of them ever can hold it)."""
        places, fit_by = self._fit_masks(s)
        lo, hi = 0, len(places) - 1
        if hi < 0 or (fit_by[hi] & cand).bit_count() < n:
            return None
        while lo < hi:  # the fit masks only grow: bisect them
            mid = (lo + hi) // 2
            if (fit_by[mid] & cand).bit_count() >= n:
                hi = mid
            else:
                lo = mid + 1
        return places[lo]

    def fitting_before(self, s: Shape, taken: int) -> int:
        """The nodes (a mask) that can hold their share of ``s`` once the running jobs
        before place ``taken`` have ended (0: as they are now)."""
        places, fit_by = self._fit_masks(s)
        i = bisect.bisect_left(places, taken)
        return fit_by[i - 1] if i else 0

    def _fit_masks(self, s: Shape) -> tuple[list[int], list[int]]:
        """``fit_places(s)`` as their distinct places, earliest first, and for each the
        nodes that can hold their share by then, a growing mask that ``nth_fit`` bisects
        (remembered as ``fit_places``)."""
        self.current()
        found = self._by_mask.get(s)
        if found is None:
            index = self.pool.index
            places: list[int] = []
            fit_by: list[int] = []
            fit = 0
            for place, i in sorted((at, index[node]) for node, at in self.fit_places(s).items()):
                fit |= 1 << i
                if places and places[-1] == place:
                    fit_by[-1] = fit
                else:
                    places.append(place)
                    fit_by.append(fit)
            found = self._by_mask[s] = (places, fit_by)
        return found

    def free_after(self, taken: int, node: str) -> tuple[int, int]:
        """The cores and GPUs free on ``node`` once its running jobs before place
        ``taken`` have ended (``Pool.free_counts`` then, without making the entry; the
        place first, so that a choice binds it: ``partial(free_after, taken)``)."""
        now = self.pool.free[node]
        cpus, gpus = now.cpus, len(now.gpus)
        given = self._given_back.get(node)
        if given is None:
            return cpus, gpus
        places, more_cpus, more_gpus = given
        i = bisect.bisect_left(places, taken)
        return cpus + more_cpus[i], gpus + more_gpus[i]

    @cached_property
    def _given_back(self) -> dict[str, tuple[list[int], list[int], list[int]]]:
        """For each node with running jobs, their places and, before each of them and
        after the last, the cores and GPUs the ones before have given back."""
        found = {}
        for node, (places, allocs) in self.changes.items():
            cpus, gpus = [0], [0]
            for a in allocs:
                cpus.append(cpus[-1] + a.cpus)
                gpus.append(gpus[-1] + len(a.gpus))
            found[node] = (places, cpus, gpus)
        return found

    def mask(self, nodes: Iterable[str]) -> int:
        """The bit mask of ``nodes`` (bit ``pool.index[node]``: slurm.conf order)."""
        index = self.pool.index
        out = 0
        for node in nodes:
            out |= 1 << index[node]
        return out

    def names(self, mask: int) -> list[str]:
        """The nodes of ``mask``, in slurm.conf order."""
        found = self._names.get(mask)
        if found is None:
            by_index, found = self._by_index, []
            rest = mask
            while rest:  # lowest bit first: a choice is among a few nodes of many
                low = rest & -rest
                found.append(by_index[low.bit_length() - 1])
                rest ^= low
            self._names[mask] = found
        return found

    @cached_property
    def _by_index(self) -> list[str]:
        """The nodes by their bit (slurm.conf order)."""
        return list(self.pool.index)

    def end_of(self, place: int) -> int:
        """The end of the running job at ``place`` (``NOW`` stays ``NOW``)."""
        return NOW if place == NOW else self.running[place].end


class Freed(Pool):
    """The candidates' pool once the running jobs touching them before ``taken`` (a
    place in ``running``) have ended, for what-if placements.

    A node's entry is worked out only when ``place`` reads it: most candidates are
    only asked whether they fit, which their fit places answer without an entry. Only
    the candidates may be asked about.
    """

    def __init__(self, avail: Availability, taken: int) -> None:
        super().__init__(avail.pool.configs, _Entries(avail, taken), avail.pool.index)
        self.avail = avail
        self.taken = taken

    def fitting(self, candidates: list[str], s: Shape) -> list[str]:
        places, taken = self.avail.fit_places(s), self.taken
        return [c for c in candidates if places.get(c, taken) < taken]


class _Entries(dict[str, Free]):
    """A ``Freed`` pool's entries, each worked out on first use (``entry_after``)."""

    def __init__(self, avail: Availability, taken: int) -> None:
        super().__init__()
        self.avail = avail
        self.taken = taken

    def __missing__(self, node: str) -> Free:
        entry = self[node] = self.avail.entry_after(node, self.taken)
        return entry
