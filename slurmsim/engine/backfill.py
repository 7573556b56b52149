"""The backfill scheduler (sched/backfill): plan every blocked job, start what cannot hurt.

Each cycle walks the queue in priority order over a map of future node
reservations. A job that fits now on nodes nobody higher has reserved for its
whole run starts at once (``Scheduler=Backfill``); any other gets the earliest
start at which it would fit, as ``StartTime``/``SchedNodes``, and reserves its
nodes, whole, from then until then plus its time limit. Lower jobs are planned
around those reservations, so a started job never delays a higher one's
planned start, as estimated from running jobs' time limits.

Times in the map are rounded down to ``bf_resolution``; a start that comes from a
map boundary shows that rounding, one that comes from a running job's end does
not (golden 089/090 show 19:35:33 and 19:10:33, golden 096 19:20:00).

Most of a deep queue can only be given an estimate: once no job left in the
cycle's range could start now (``_Startable``: the map and the pool only fill up
as a cycle goes on, so a request that cannot start now will not later in the same
cycle), the cycle stops and keeps what it needs to finish the estimates
(``Deferred``). They are worked out only when the state is handed back, and only
for the last cycle: every cycle replans every job it reaches.

A cycle tests at most ``bf_max_job_test`` jobs, and ends, as slurmctld's does, when a
reservation finds the map's table of records full (``bf_node_space_size``): the job
keeps its estimate with nothing reserved, and the jobs after it get none.
"""

import bisect
from collections.abc import Iterable, Iterator
from functools import reduce
from itertools import compress
from operator import and_, attrgetter, inv, is_not, or_
from typing import NamedTuple

from slurmsim.engine import hetjobs, limits, preempt, reservations, whatif
from slurmsim.engine.availability import NOW, Availability, Running
from slurmsim.engine.context import Context
from slurmsim.engine.eligibility import judged, throttle_reached
from slurmsim.engine.passes import candidate_nodes
from slurmsim.engine.queue import GONE, Order, Walker
from slurmsim.engine.resources import Shape
from slurmsim.engine.select import Free, Pool, gathered_nodes, place
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import HET, Job, NodeAlloc, list_place
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant, Seconds

#: A job with no time limit in a partition without MaxTime plans for a year.
YEAR: Seconds = Seconds(365 * 86400)
#: How many times one job's planning may move its trial start later.
MAX_RETRIES = 50
#: How many jobs a cycle plans before it writes the queue's order down ahead of its
#: walk to show that no job left in its range could start (``_Startable.in_reach``):
#: most cycles stop sooner by themselves.
_PROVE_AFTER = 32
#: What decides whether a node is usable (``model.nodes.usable``), read off all nodes at C speed
#: (a node kept off until it answers is not responding too).
_NODE_STATE = attrgetter("down", "drain", "not_responding")


class ReservationMap:
    """Which nodes higher-priority pending jobs have reserved, slot by slot.

    A set of nodes is a bit mask (``bits`` gives each node its bit): the map is asked
    for the union over a stretch of slots for every job planned, and or-ing
    integers is much cheaper than joining sets of names on a large cluster.
    """

    def __init__(
        self,
        now: Instant,
        resolution: Seconds,
        window: Seconds,
        bits: dict[str, int],
        size: int = 1 << 62,
    ) -> None:
        self.bits = bits
        self.res = max(int(resolution), 1)
        self.begin = now // self.res * self.res
        self.end = max((now + window) // self.res * self.res, self.begin + self.res)
        self.times: list[int] = [self.begin]  # slot i is [times[i], times[i+1] or end)
        self.sets: list[int] = [0]
        self.version = 0  # bumped by every reservation that lands in the map
        #: slurmctld's map is a table of ``size`` records (``bf_node_space_size``); a
        #: reservation splits the records its start and end fall inside, each split
        #: taking a record for good (merging two alike gives none back), and a cycle
        #: ends when a reservation finds the table full (``full``, then ``overflowed``).
        self.size = size
        self.records = 1
        self._begin_split = False  # the first reservation from ``begin`` splits record 0
        self.overflowed = False
        self.added = 0  # the nodes reserved since ``_Startable.update`` last looked
        #: The slot starts at which some node reserved just before comes free, in order:
        #: a plan's next trial start is the first of them in its stretch.
        self.frees: list[int] = []
        #: The reservations as they went into the slots: [start, end), nodes.
        self._added: list[tuple[int, int, int]] = []
        #: ``stretch``'s answers by stretch (start, end), and how many of ``_added`` each saw.
        self._stretches: dict[tuple[int, int], tuple[tuple[int, int | None], int]] = {}
        #: Node lists by mask, and the usable nodes by what decides them, for the cycle.
        self._names: dict[int, list[str]] = {}
        self._by_bit = list(bits)  # bits are given in slurm.conf order
        self._usable: dict[tuple[object, ...], tuple[list[str], int]] = {}

    def _boundary(self, t: int) -> int:
        """Index of the slot starting at ``t``, splitting a slot if needed."""
        i = bisect.bisect_right(self.times, t) - 1
        if self.times[i] == t:
            return i
        self.times.insert(i + 1, t)
        self.sets.insert(i + 1, self.sets[i])
        return i + 1

    def mask(self, nodes: Iterable[str]) -> int:
        """The bit mask of ``nodes``."""
        out = 0
        for n in nodes:
            out |= self.bits[n]
        return out

    def names(self, mask: int) -> list[str]:
        """The nodes of ``mask``, in slurm.conf order (shared: do not change the list)."""
        found = self._names.get(mask)
        if found is None:
            by_bit, found = self._by_bit, []
            rest = mask
            while rest:  # lowest bit first: a plan's nodes are a few of many
                low = rest & -rest
                found.append(by_bit[low.bit_length() - 1])
                rest ^= low
            self._names[mask] = found
        return found

    def usable(self, ctx: Context, job: Job, part: Partition) -> tuple[list[str], int]:
        """``candidate_nodes`` for ``job`` with no node withheld, and their mask: the same
        for every job of the partition with the same exclusions and features while the
        nodes stay up (they do during a cycle; ``forget_nodes`` when it is resumed)."""
        r = job.request
        key = (part.name, r.exc_nodes, r.feature_nodes)
        found = self._usable.get(key)
        if found is None:
            nodes = candidate_nodes(ctx, job, part, set())
            found = self._usable[key] = (nodes, self.mask(nodes))
        return found

    def forget_nodes(self) -> None:
        """The nodes may have changed since: work the usable ones out afresh."""
        self._usable.clear()

    @property
    def full(self) -> bool:
        """Is there no record left for a reservation (slurmctld checks before each)?"""
        return self.records >= self.size

    def add(self, start: int, end: int, mask: int) -> None:
        """Reserve the nodes of ``mask`` from ``start`` until ``end``."""
        s = start // self.res * self.res
        e = max(end // self.res * self.res, s + self.res)
        s, e = max(s, self.begin), min(e, self.end)
        if s >= e:
            return
        slots = len(self.times)
        if s == self.begin and not self._begin_split:
            self._begin_split = True  # record 0 is split at its own start: left empty
            self.records += 1
        i = self._boundary(s)
        j = self._boundary(e) if e < self.end else len(self.times)
        self.records += len(self.times) - slots
        self.sets[i:j] = map(mask.__or__, self.sets[i:j])
        self._refree(i, j)
        self._merge_one(max(i - 2, 0), j if e < self.end else len(self.times) - 1)
        self._added.append((s, e, mask))
        self.version += 1
        self.added |= mask

    def _merge_one(self, first: int, last: int) -> None:
        """Join the first two neighbouring slots alike from ``first`` up to ``last``, as
        slurmctld joins its records after a reservation (one pair at most; it looks from
        the record before the one ahead of the reservation to the one after it). No
        answer changes: a union over slots is the same, and no node comes free between
        slots alike; but the start a later reservation finds there needs a record again."""
        sets = self.sets
        for k in range(first, last):
            if sets[k] == sets[k + 1]:
                del self.times[k + 1], sets[k + 1]
                return

    def _refree(self, i: int, j: int) -> None:
        """Work ``frees`` out again at the slot starts ``i`` to ``j``: the only ones
        whose slots on either side a reservation of slots [i, j) changed."""
        times, sets = self.times, self.sets
        first, last = (i if i > 0 else 1), (j if j < len(times) else j - 1)
        if first > last:
            return
        frees = self.frees
        lo = bisect.bisect_left(frees, times[first])
        hi = bisect.bisect_right(frees, times[last], lo)
        # A node comes free at slot start k when it is in slot k - 1's set and not in k's.
        before, after = sets[first - 1 : last], map(inv, sets[first : last + 1])
        frees[lo:hi] = compress(times[first : last + 1], map(and_, before, after))

    def reserved(self, a: int, b: int) -> int:
        """The nodes reserved at some time in [a, b], as a mask (``stretch``)."""
        return self.stretch(a, b)[0]

    def stretch(self, a: int, b: int) -> tuple[int, int | None]:
        """What a plan's trial start ``a`` for a run until ``b`` finds on the map: the
        nodes reserved at some time in [a, b], as a mask (a reservation that begins as
        the run ends is in the way: slurmctld takes every record that begins by the end
        of the run), and the first slot start after
        ``a`` at which some reserved node comes free (None: none does), where the plan
        tries again when its job does not fit from ``a``: slurmctld tries again at the end
        of the map's record that holds ``a``, wherever it ends, and a record end where no
        node comes free can only find less room (the oracle: a one-node job behind a
        four-node reservation starts when that reservation ends).

        Asked for every trial start of every plan, nine times in ten for a stretch
        asked before in the cycle: each stretch's answer is remembered, with how many
        reservations it has seen, and brought up to date with those added since (a
        stretch takes the nodes of each that meets it: slots tile the map, and
        splitting one changes no union).
        """
        if a >= self.end:
            return 0, None
        added = self._added
        known = self._stretches.get((a, b))
        if known is not None:
            answer, seen = known
            if seen == len(added):
                return answer
            found = answer[0]
            for s, e, mask in added[seen:]:
                if s <= b and a < e:
                    found |= mask
        else:
            times = self.times
            lo = bisect.bisect_right(times, a) - 1
            lo = lo if lo > 0 else 0  # ``max`` costs more
            found = reduce(or_, self.sets[lo : bisect.bisect_right(times, b, lo)], 0)
        frees = self.frees
        k = bisect.bisect_right(frees, a)
        answer = (found, frees[k] if k < len(frees) else None)
        if a < b:
            self._stretches[a, b] = (answer, len(added))
        return answer


#: A planned start: (StartTime, EndTime, SchedNodes), or None when no plan was set.
_Plan = tuple[Instant | None, Instant | None, tuple[str, ...]] | None


class _Repeats:
    """Plans already made this cycle, by request shape (Slurm skips such repeats too).

    Two jobs that ask for the same thing in the same partition for the same time get
    the same plan from the same map, so the second is not worked out again. A plan
    that lands a reservation or starts a job changes the map, and with it every
    answer; those are never reused, and the ones remembered before are dropped then
    (nothing else in a cycle changes the map, so a remembered plan is always current).
    Under QOS or association limits nothing is remembered: a plan is then the user's.
    """

    def __init__(self, known: "_Known") -> None:
        self.plans: dict[int, _Plan] = {}
        self.known = known
        self.more_tasks = 0  # the last plan's further tasks of an array, each a job tested

    def plan(  # noqa: PLR0917 (_plan's arguments and the key)
        self,
        ctx: Context,
        job: Job,
        now: Instant,
        resv: ReservationMap,
        avail: Availability,
        key: int,
    ) -> list[Event]:
        """``_plan`` for ``job``, remembering the outcome under ``key`` if the map held.

        An array starts as many of its tasks as fit, one after the other; each task
        started runs on in the profile the plans after it read (until its limit), as
        slurmctld's will-run test sees the jobs it has just started."""
        before = (ctx.version, resv.version)
        facts = self.known.facts(ctx, job, key, resv)
        events: list[Event] = []
        while True:
            tasks = job.array_tasks
            events.extend(_plan(ctx, job, now, resv, avail, facts))
            # Only a task split off goes on to the next (not a preemption that freed nodes).
            if len(tasks) <= 1 or job.array_tasks == tasks or _array_held(ctx, job):
                break
            avail = self.known.availability(ctx, now)  # with the task just started
        self.more_tasks = 0
        if len(job.array_tasks) > 1 and resv.version != before[1] and _reserved_for(job, now):
            self.more_tasks = _plan_more_tasks(ctx, job, now, resv, avail, facts)
        if (ctx.version, resv.version) != before:
            self.plans.clear()
        elif key and not ctx.limits.active:
            # (Under limits a plan is the user's: a node limit may refuse one user's start
            # on nodes where another's would go, ``limits.after_selection``.)
            planned = job.scheduler == "Backfill"
            self.plans[key] = (job.start_time, job.end_time, job.sched_nodes) if planned else None
        return events


def backfill_pass(ctx: Context, now: Instant) -> list[Event]:
    """One backfill cycle at ``now``."""
    ctx.refresh(now)
    seq = ctx.next_seq()
    params = ctx.state.config.scheduler_parameters
    old = ctx.deferred if isinstance(ctx.deferred, Deferred) else None
    known = _Known.handed_on(old.known if old is not None else None, ctx)
    size = params.bf_node_space_size or params.bf_max_job_test
    window = Seconds(params.bf_window * 60)
    resv = ReservationMap(now, params.bf_resolution, window, known.bits, size)
    avail = known.availability(ctx, now)
    repeats = _Repeats(known)
    ctx.het_starts = hetjobs.HetStarts()
    deferred = Deferred(ctx, seq, now, resv, avail, repeats, known)
    ctx.deferred = deferred
    startable = _Startable(ctx, now, resv, known)
    walk = ctx.walk(seq)
    deferred.order = walk.order
    events: list[Event] = []
    plans = repeats.plans
    reached = deferred.reached
    limit = params.bf_max_job_test
    tested = planned = 0
    for job in walk:
        if job.array_job_id is not None and ctx.throttled(job):
            deferred.whole = False
            continue  # not in the range at all
        if tested >= limit:
            break
        ahead = planned >= _PROVE_AFTER
        if startable.left <= 0 or not startable.in_reach(walk, limit - tested, ahead):
            walk.push_back(job)
            deferred.stop(walk, limit - tested)
            break
        tested += 1
        judged(job, now)
        key = ctx.repeat_key(job)
        startable.reached(key)
        reached.add(job.job_id)
        deferred.covered = walk.place
        held = limits.pending_reason(ctx.state, job, ctx.limits)
        if held is not None:
            _clear_plan(job)  # held by a limit: no estimate, no reservation
            job.last_sched_eval = now
            ctx.write_reason(job, held, seq)
            continue
        if key in plans:
            # A repeat changes nothing; its estimate is written with the deferred ones.
            deferred.repeats_seen.append((job, plans[key]))
            if startable.left > 0 and not ctx.limits.active:
                # So do the repeats right after it that could not start now: pass them at
                # once (``_Startable`` does not count them, so the cycle goes on past them).
                first, passed = walk.skip(plans.keys() - startable.keys, limit - tested)
                if passed:
                    tested += passed
                    deferred.runs.append((first, walk.place, dict(plans)))
                deferred.covered = walk.place
            continue
        _clear_plan(job)  # every plan is made afresh
        job.last_sched_eval = now
        before = (ctx.pool.changes, resv.version)
        planned += 1
        events.extend(repeats.plan(ctx, job, now, resv, avail, key))
        if HET in job.extra:
            events.extend(_start_het(ctx, job, now))
        if resv.overflowed:
            break  # the map's table is full: the cycle ends here
        tested += repeats.more_tasks
        if (ctx.pool.changes, resv.version) != before:
            startable.update()
        if ctx.pool.changes != before[0]:  # it started: the plans after it see it run on
            avail = deferred.avail = known.availability(ctx, now)
    if old is not None:
        old.superseded_by(deferred)
    return events


def _copy_plan(job: Job, plan: _Plan) -> None:
    if plan is not None:
        job.start_time, job.end_time, job.sched_nodes = plan
        job.scheduler = "Backfill"


class _Startable:
    """Which requests in the queue could still start now in this cycle.

    A request can start now when, for one of its layouts, enough of its usable nodes
    that no higher job has reserved during its run from now on can hold their share
    of the free pool (exactly when ``place`` would succeed), or when it may preempt.
    Reservations and starts only take room away during a cycle, so a request that
    cannot start now never can again in it. Arrays (key 0) are always counted in:
    their tasks come and go. ``left`` counts the queued jobs not reached yet whose
    request could start.

    The question is asked for every request after every reservation and start, so it
    is answered on node masks, from what the cycles keep (``_Known``): what each
    request asks (``_Ask``), which nodes can hold a share of each shape, and the
    requests by kind (``_Known.kinds``), which fit alike at the cycle's start and, on
    a map, less well the longer they run: one answer speaks for several.
    """

    def __init__(self, ctx: Context, now: Instant, resv: ReservationMap, known: "_Known") -> None:
        self.ctx = ctx
        self.now = now
        self.resv = resv
        self.reached_count: dict[int, int] = {}
        self._reach: int | None = None  # see ``in_reach``
        self.known = known
        self._asks = known.asks
        #: Per request, its first job and the nodes that last showed it fits (see ``update``).
        self._witness: dict[int, tuple[int, int]] = {}
        self._entries = list(ctx.pool.free.values())  # as ``update`` last saw them
        self._changes = ctx.pool.changes  # the pool's, then
        #: How many jobs each request that could start had queued when the cycle began.
        self.queued: dict[int, int] = {}
        by_key = ctx.by_key
        if 0 in by_key:
            self.queued[0] = len(by_key[0])
        #: The requests but arrays by kind: see ``_Known.kinds``.
        self._kinds: list[tuple[int, list[int]]]
        if ctx.state.reservations:  # what they leave depends on the time and the job
            self._kinds = [(-key, [key]) for key in by_key if key]
            starts = None
        else:
            self._kinds = known.kinds(ctx, resv)
            starts = known.starts_on(ctx.pool)
        for kind, keys in self._kinds:
            if self._fits_at_start(kind, keys[0], starts):
                for key in keys:
                    self.queued[key] = len(by_key[key])
        self.keys = set(self.queued)
        self.left = sum(self.queued.values())

    def _fits_at_start(self, kind: int, key: int, starts: "dict[int, _Start] | None") -> bool:
        """``_fits`` of ``key`` on the cycle's empty map, where the requests of its kind
        fit alike, kept while the pool stays (``starts``)."""
        start = starts.get(kind) if starts is not None and kind >= 0 else None
        if start is None:
            fits = self._fits(key)
            if starts is not None and kind >= 0:
                starts[kind] = _Start(key, fits, self._witness.get(key))
            return fits
        if start.witness is not None:
            self._witness[start.key] = start.witness  # shown on this pool by an earlier cycle
        return start.fits

    def in_reach(self, walk: Walker, most: int, ahead: bool) -> bool:
        """Could one of the next ``most`` jobs of ``walk``, the one just yielded first,
        start now? The cycle tests no job after them (bf_max_job_test), so when none
        could, what is left of its range is only estimates. The place of the first that
        could is kept while it is still ahead and its request still could start.
        Without ``ahead``, a job the order has not been written down to yet is taken to
        be one (``Walker.find``)."""
        marks, at, here = walk.order.keys, self._reach, walk.last
        if at is None or at < here or at >= len(marks) or marks[at] not in self.keys:
            at = self._reach = walk.find(self.keys, most, ahead=ahead)
            return at is not None
        # Counting the places of jobs gone since costs a slice: only when it could matter.
        return at - here < most or at - here - marks[here:at].count(GONE) < most

    def reached(self, key: int) -> None:
        self.reached_count[key] = self.reached_count.get(key, 0) + 1
        if key in self.keys:
            self.left -= 1

    def update(self) -> None:
        """The pool or the map changed: drop the requests that no longer fit.

        A request whose first job is the same and none of whose nodes that showed it
        fits (its witness) were reserved or had their pool entries replaced since
        still fits on them: it is not asked again. Nor are those of its kind with a
        shorter planning span: what is reserved at some time over their run is
        reserved over its run too.
        """
        touched = self.resv.added | self._replaced()
        self.resv.added = 0
        keys = self.keys
        for _, kind in self._kinds:
            for key in kind:
                if key not in keys:
                    continue  # did not fit before: nor does it now
                if self._still_fits(key, touched):
                    break
                keys.discard(key)
                self.left -= self.queued[key] - self.reached_count.get(key, 0)

    def _still_fits(self, key: int, touched: int) -> bool:
        shown = self._witness.get(key)
        if shown is not None and not shown[1] & touched:
            members = self.ctx.by_key.get(key)
            if members and shown[0] == next(iter(members)):
                return True
        return self._fits(key)

    def _replaced(self) -> int:
        """The nodes whose pool entries were replaced since last asked, as a mask."""
        pool = self.ctx.pool
        if pool.changes == self._changes:
            return 0
        self._changes = pool.changes
        entries = list(pool.free.values())
        replaced = compress(self.known.node_bits, map(is_not, self._entries, entries))
        self._entries = entries
        return reduce(or_, replaced, 0)

    def _fits(self, key: int) -> bool:
        members = self.ctx.by_key.get(key)
        if not members:
            return False
        first = next(iter(members.values()))
        ask = self._ask(key, first)
        if ask.preempts:
            self._witness[key] = (first.job_id, 0)
            return True
        resv = self.resv
        cand = (
            ask.usable & ~resv.reserved(self.now, self.now + ask.span)
            if resv.version
            else ask.usable
        )
        for n, s in ask.layouts:
            room = self._holds(s) & cand
            if room.bit_count() >= n and ask.required & ~room == 0:
                self._witness[key] = (first.job_id, room)
                return True
        return ask.gathers and self._gathers(key, first, ask, cand)

    def _gathers(self, key: int, first: Job, ask: "_Ask", cand: int) -> bool:
        """Does a job fit on ``cand`` laid out unevenly (``select.uneven``)?"""
        resv = self.resv
        shapes = dict(ask.layouts)
        required = tuple(resv.names(ask.required))
        chosen = gathered_nodes(self.ctx.pool, shapes.get, ask.counts, resv.names(cand), required)
        if chosen is None:
            return False
        self._witness[key] = (first.job_id, resv.mask(chosen))
        return True

    def _ask(self, key: int, job: Job) -> "_Ask":
        """What ``job``, first of ``key``, asks, remembered while it stays first (and, if
        advance reservations are in play, for this cycle's time only)."""
        found = self._asks.get(key)
        if found is None or found.job_id != job.job_id or found.at not in (None, self.now):
            facts = self.known.facts(self.ctx, job, key, self.resv)
            found = self._asks[key] = _Ask.of(self.ctx, job, self.now, self.resv, facts)
        return found

    def _holds(self, s: Shape) -> int:
        """The nodes whose free resources can hold the largest share of ``s``."""
        return self.known.holding(s, self.ctx.pool)


class _Known:
    """What cycles work out that outlasts them, handed from each to the next.

    What planning reads of a request (``_Facts``) is the same for every job of its
    key; what a request asks (``_Ask``) depends on its first job and the nodes'
    states only (but for advance reservations, see ``_Ask.at``); and which nodes can
    hold a share of a shape on their pool entries only: a cycle ends one job, so most
    of it still holds at the next.
    """

    def __init__(self, ctx: Context, node_states: list[tuple[bool, bool, bool]]) -> None:
        self.node_states = node_states  # each node's ``_NODE_STATE`` when the asks were made
        #: Each node's bit in the cycles' masks (``ReservationMap.bits``), and in the pool's order.
        self.bits = {name: 1 << i for i, name in enumerate(ctx.state.nodes)}
        self.node_bits = [self.bits[name] for name in ctx.pool.free]
        self.asks: dict[int, _Ask] = {}
        self._facts: dict[int, _Facts] = {}
        self._demand_numbers: _DemandNumbers = {}
        #: Per shape, the nodes that can hold its largest share, and the pool's entries
        #: (``Pool.free``'s values) that showed it: entries are replaced, never changed.
        self._holding: dict[Shape, tuple[int, list[Free]]] = {}
        self._entries: list[Free] = []
        self._entries_at = -1  # the pool's ``changes`` when ``_entries`` was read
        #: The requests queued then, and ``kinds`` of them.
        self._kinds: tuple[frozenset[int], list[tuple[int, list[int]]]] = (frozenset(), [])
        self._kind_of: dict[int, tuple[int, int]] = {}  # see ``_kind``
        #: What cycles' starts showed on the pool as of its ``changes`` (``starts_on``).
        self._starts: tuple[int, dict[int, _Start]] = (-1, {})
        #: The last cycle's profile, with the pool's ``changes`` when it was made.
        self._avail: tuple[int, Availability] | None = None

    @classmethod
    def handed_on(cls, old: "_Known | None", ctx: Context) -> "_Known":
        """``old`` for the next cycle, or a fresh start if a node went down, was drained
        or came back since (the asks' usable nodes would be wrong)."""
        states = list(map(_NODE_STATE, ctx.state.nodes.values()))
        if old is not None and old.node_states == states:
            return old
        return cls(ctx, states)

    def facts(self, ctx: Context, job: Job, key: int, resv: ReservationMap) -> "_Facts":
        """``_Facts`` of ``job``, whose ``repeat_key`` is ``key`` (arrays' are not kept)."""
        found = self._facts.get(key)
        if found is None:
            found = _Facts.of(ctx, job, resv, self._demand_numbers)
            if key:
                self._facts[key] = found
        return found

    def starts_on(self, pool: Pool) -> "dict[int, _Start]":
        """By untimed key, whether its requests fit on ``pool`` with nothing reserved: kept
        while the pool stays as it is (a cycle may follow an admission alone)."""
        if self._starts[0] != pool.changes:
            self._starts = (pool.changes, {})
        return self._starts[1]

    def availability(self, ctx: Context, now: Instant) -> Availability:
        """The cycle's availability profile: the last cycle's, with every estimate it made,
        while no job has started or ended since it began and the running jobs' ends read
        the same (a cycle after an admission alone), else a new one.

        An estimate depends only on the running jobs' ends and the pool; one that
        starts now (``NOW``) carries that cycle's time, and a plan reads it only as
        "not after now".
        """
        running = running_by_end(ctx, now)
        kept = self._avail
        if kept is not None and kept[0] == ctx.pool.changes and kept[1].running == running:
            return kept[1]
        avail = Availability(running, ctx.pool)
        self._avail = (ctx.pool.changes, avail)
        return avail

    def kinds(self, ctx: Context, resv: ReservationMap) -> list[tuple[int, list[int]]]:
        """The requests queued, arrays aside, by kind: those alike but for their time
        (``Context.untimed_key``, a kind >= 0) fit alike on an empty map, and the longer
        their planning span the less room they find on a map; but one that asks for an
        advance reservation is a kind of its own (-key), since what it may use depends
        on the job. Longest span first; kept while the same requests are queued."""
        queued = ctx.by_key.keys()
        if self._kinds[0] != queued:
            by_kind: dict[int, list[tuple[int, int]]] = {}
            for key, members in ctx.by_key.items():
                if key:
                    kind, order = self._kind_of.get(key) or self._kind(ctx, key, members, resv)
                    by_kind.setdefault(kind, []).append((order, key))
            kinds = [(kind, [key for _, key in sorted(keys)]) for kind, keys in by_kind.items()]
            self._kinds = (frozenset(queued), kinds)
        return self._kinds[1]

    def _kind(
        self, ctx: Context, key: int, members: dict[int, Job], resv: ReservationMap
    ) -> tuple[int, int]:
        """The kind of ``key`` and its place in it (the longest span first), kept."""
        first = next(iter(members.values()))
        kind = -key if first.request.reservation else ctx.untimed_key(key)
        found = self._kind_of[key] = (kind, -self.facts(ctx, first, key, resv).span)
        return found

    def holding(self, s: Shape, pool: Pool) -> int:
        """The nodes of ``pool`` whose free resources can hold the largest share of ``s``,
        looked at again only on the nodes whose entries were replaced since last asked."""
        if self._entries_at != pool.changes:
            self._entries_at = pool.changes
            self._entries = list(pool.free.values())
        entries = self._entries
        known = self._holding.get(s)
        if known is not None and known[1] is entries:
            return known[0]
        configs, bits = pool.configs, self.bits
        names: Iterable[str] = configs
        found = 0
        if known is not None:
            found, seen = known
            names = list(compress(configs, map(is_not, seen, entries)))
            for name in names:
                found &= ~bits[name]
        free = pool.free
        for name in names:
            cfg = configs[name]
            if free[name].holds(cfg, s.largest_need(cfg), s.gpu_type, s.exclusive):
                found |= bits[name]
        self._holding[s] = (found, entries)
        return found


class _Start(NamedTuple):
    """Whether the requests alike but for their time fit on a cycle's empty map, as the
    request ``key`` showed it (with its ``_Startable`` witness, if it fits)."""

    key: int
    fits: bool
    witness: tuple[int, int] | None


class _Facts(NamedTuple):
    """What planning reads of a request but its usable nodes: its partition, planning
    span, whether it may preempt, what it asks the what-if (layouts, ``Context.layouts``,
    and required nodes) and the required nodes' mask. ``Context.repeat_key`` covers
    every field these depend on."""

    part: Partition
    span: Seconds
    may_preempt: bool
    demand: whatif.Demand
    needed: int

    @classmethod
    def of(
        cls, ctx: Context, job: Job, resv: ReservationMap, numbers: "_DemandNumbers"
    ) -> "_Facts":
        """The facts of ``job``; ``numbers`` gives its demand's number (and grows)."""
        state = ctx.state
        part = state.partitions[job.request.partition]
        required = job.request.req_nodes
        layouts = ctx.layouts(job, part)
        number = numbers.setdefault((layouts[1], required), len(numbers))
        return cls(
            part,
            plan_limit(job, part),
            preempt.may_try(state, job),
            whatif.Demand.of(number, layouts, required),
            resv.mask(required),
        )


#: The demands' numbers, by shapes and required nodes.
_DemandNumbers = dict[tuple[tuple[Shape | None, ...], tuple[str, ...]], int]


class _Ask(NamedTuple):
    """What a request asks of the nodes, as ``_Startable`` checks it: for the job
    ``job_id``, its usable nodes, its planning span, its layouts (node count, shape),
    the nodes it requires, as masks; or that it may preempt (nothing else then).
    ``at``: the time its usable nodes were worked out for, when advance reservations
    decide them (None: any time)."""

    job_id: int
    preempts: bool
    usable: int = 0
    span: int = 0
    layouts: tuple[tuple[int, Shape], ...] = ()
    required: int = 0
    at: int | None = None
    gathers: bool = False  # it may fall unevenly on its nodes (``whatif.Demand``)
    counts: range = range(0)  # its node counts, in the order tried (``Context.layouts``)

    @classmethod
    def of(
        cls, ctx: Context, job: Job, now: Instant, resv: ReservationMap, facts: _Facts
    ) -> "_Ask":
        if facts.may_preempt:
            return cls(job.job_id, preempts=True)
        state, part = ctx.state, facts.part
        at = None
        if state.reservations or job.request.reservation:
            at = int(now)
            usable = resv.mask(candidate_nodes(ctx, job, part, set(), at=now))
        else:
            usable = resv.usable(ctx, job, part)[1]
        demand = facts.demand
        counts, shapes = demand.layouts
        least = len(demand.required)
        layouts = tuple(
            (n, s) for n, s in zip(counts, shapes, strict=True) if s is not None and n >= least
        )
        span, needed = facts.span, facts.needed
        return cls(job.job_id, False, usable, span, layouts, needed, at, demand.gathers, counts)


class Deferred:
    """What a cycle needs to finish its jobs' estimates later (see the module docstring).

    The cycle's map, running jobs and a copy of the pool are kept, and the walk is
    resumed where it stopped; nothing it plans could start (``_Startable``).
    ``finish`` also takes the estimates away from the queued jobs outside the
    cycle's range, as a cycle that planned them all would have.
    """

    def __init__(  # noqa: PLR0917 (the cycle's whole state)
        self,
        ctx: Context,
        seq: int,
        now: Instant,
        resv: ReservationMap,
        avail: Availability,
        repeats: _Repeats,
        known: _Known,
    ) -> None:
        self.ctx = ctx
        self.seq = seq
        self.now = now
        self.time = now  # LastSchedEval: moves on with cycles that would repeat this one
        self.resv = resv
        self.avail = avail
        self.repeats = repeats
        self.known = known  # handed on to the next cycle
        self.reached: set[int] = set()
        #: Jobs the cycle passed that only repeated an estimate, with that estimate.
        self.repeats_seen: list[tuple[Job, _Plan]] = []
        #: The order the cycle walked; the runs of repeats it passed at once, as places
        #: of it (first, end) with the plans then by key (see ``Walker.skip``).
        self.order: Order | None = None
        self.runs: list[tuple[int, int, dict[int, _Plan]]] = []
        #: The places before this one were all reached (those of jobs still queued), but
        #: for arrays at their task limit when not ``whole``.
        self.covered = 0
        self.whole = True
        self._walk: Walker | None = None
        self._left = 0
        self._done = False

    def stop(self, walk: Walker, left: int) -> None:
        """The cycle stops here; ``left`` more jobs of the walk are in its range."""
        walk.keep()
        self._walk = walk
        self._left = left
        self.resv.forget_nodes()
        self.avail = Availability(self.avail.running, self.avail.pool.copy())

    def superseded_by(self, new: "Deferred") -> None:
        """A new cycle has replaced this one: its evaluation stamps, moved on by the cycles
        that repeated it, stay on the jobs it reached that the new one did not.

        A stamp only ever moves later, so only the latest counts: when the new cycle
        walked the same order at least as far (jobs only left it since) and left no
        array out, it reached every job this one reached that is still queued, and its
        own stamps will be the later ones. Then there is nothing to write.
        """
        covers = (
            new.order is self.order and new.whole and self.whole and new.covered >= self.covered
        )
        if self._done or not covers:
            self._stamp_reached()

    def _passed(self) -> Iterator[tuple[Job, dict[int, _Plan]]]:
        """The jobs of the runs of repeats, each with the plans by key when it was passed."""
        order = self.order
        if order is None:
            return
        removed, jobs, marks, seq = order.removed, order.jobs, order.keys, self.seq
        for first, end, plans in self.runs:
            for at in range(first, end):
                # Its place is GONE once the job left: passed if that was after the run.
                if marks[at] != GONE or removed[at] > seq:
                    yield jobs[at], plans

    def _stamp_reached(self) -> None:
        """Move the stamps of the jobs the cycle reached, those still queued, to ``time``.

        A queued job leaves the queue only by starting, which stamps it then, after
        every cycle that passed it by as a repeat: those need no look-up in the queue.
        """
        queued, time = self.ctx.queue.jobs, self.time
        for job_id in self.reached:  # jobs that started in the cycle are among these
            job = queued.get(job_id)
            if job is not None and (job.last_sched_eval or 0) < time:
                job.last_sched_eval = time
        for job, _ in self._passed():
            if (job.last_sched_eval or 0) < time:
                job.last_sched_eval = time

    def finish(self) -> None:
        ctx = self.ctx
        if not self._done:
            self._done = True
            for job, plans in self._passed():
                self.reached.add(job.job_id)
                self.repeats_seen.append((job, plans[ctx.repeat_key(job)]))
            self.runs = []
            for job, plan in self.repeats_seen:
                if job.job_id in ctx.queue:
                    _clear_plan(job)
                    _copy_plan(job, plan)
            if self._walk is not None:
                self._plan_rest(self._walk)
            for job_id, job in ctx.queue.jobs.items():
                if (
                    job_id not in self.reached
                    and ctx.admitted[job_id] < self.seq
                    and not ctx.throttled(job)
                ):
                    _clear_plan(job)
        self._stamp_reached()

    def _plan_rest(self, walk: Walker) -> None:
        ctx = self.ctx
        for job in walk:
            if self._left <= 0:
                break
            if job.array_job_id is not None and ctx.throttled(job):
                continue
            self._left -= 1
            if ctx.admitted[job.job_id] >= self.seq:
                continue  # queued after this cycle
            if job.job_id not in ctx.queue:
                self._plan_gone(job)
                if self.resv.overflowed:
                    break  # the cycle ended here: the jobs after it were not reached
                continue
            self.reached.add(job.job_id)
            _clear_plan(job)
            if limits.pending_reason(ctx.state, job, ctx.limits) is not None:
                continue  # held by a limit: no estimate
            key = ctx.repeat_key(job)
            if key in self.repeats.plans:
                _copy_plan(job, self.repeats.plans[key])
                continue
            events = self.repeats.plan(ctx, job, self.now, self.resv, self.avail, key)
            self._left -= self.repeats.more_tasks
            assert not events, "a deferred estimate started a job"
            if self.resv.overflowed:
                break  # the cycle ended here: the jobs after it were not reached

    def _plan_gone(self, job: Job) -> None:
        """``job`` was queued in the cycle, and has left the queue since (started, or was
        cancelled): its plan's reservation still shapes the estimates after it, as in
        the cycle, so the plan is made; the job keeps what it shows now."""
        key = self.ctx.repeat_key(job)
        if key in self.repeats.plans:
            return  # a repeat reserves nothing
        shown = (job.start_time, job.end_time, job.sched_nodes, job.scheduler, job.reason)
        self.repeats.plan(self.ctx, job, self.now, self.resv, self.avail, key)
        self._left -= self.repeats.more_tasks
        job.start_time, job.end_time, job.sched_nodes, job.scheduler, job.reason = shown


def _clear_plan(job: Job) -> None:
    if job.sched_nodes or job.scheduler == "Backfill":
        job.start_time = None
        job.end_time = None
        job.sched_nodes = ()
        job.scheduler = "Main"


def running_by_end(ctx: Context, now: Instant) -> list[Running]:
    """The jobs holding resources by their (limit-based) end, then their place in
    slurmctld's job list (``list_place``: an array's own record after the task last
    split off it; the oracle planned a job on the node of the one of two ending at once
    that came second there); never-ending ones left out."""
    soonest = now + 1
    rows: list[tuple[int, int, Job]] = []
    for job in ctx.running.values():
        start, limit = job.start_time, job.time_limit
        if start is None or limit is None or job.state not in HOLDS_RESOURCES:
            continue  # no limit: never ends as far as planning goes
        end = start + limit
        rows.append((end if end > soonest else soonest, list_place(job), job))
    rows.sort()  # places are unique: jobs themselves are never compared
    return [Running(end, job) for end, _, job in rows]


def plan_limit(job: Job, part: Partition) -> Seconds:
    """The run time backfill plans with: the limit (or --time-min), else MaxTime, else a year."""
    limit = job.time_limit if job.time_limit is not None else part.max_time
    if limit is None:
        limit = YEAR
    if part.max_time is not None:
        limit = min(limit, part.max_time)
    if job.request.time_min is not None and job.request.time_min < limit:
        limit = job.request.time_min
    return Seconds(limit)


def _advance_blocked(state: ClusterState, job: Job, start: int, end: int) -> frozenset[str]:
    """Nodes advance reservations keep from ``job`` during ``[start, end)`` (only asked
    when the cluster has reservations or the job asks for one)."""
    return reservations.blocked_nodes(state, job, Instant(start), Instant(end))


def _plan(  # noqa: PLR0917 (the cycle's parts, the job and its facts)
    ctx: Context,
    job: Job,
    now: Instant,
    resv: ReservationMap,
    avail: Availability,
    facts: _Facts,
) -> list[Event]:
    """Start ``job`` now, or give it its earliest start and reserve its nodes then.

    The caller has checked that no limit holds it; nothing in the loop changes what
    the checks see but a start, so only an array's next task is checked again.
    Candidates are node masks throughout; a start ahead is found and placed on them
    (``whatif``), a start now by ``place``.
    """
    state = ctx.state
    request = job.request
    part, span, may_preempt, demand, needed = facts
    layouts, required = demand.layouts, demand.required
    window_end = now + state.config.scheduler_parameters.bf_window * 60
    events: list[Event] = []
    usable, usable_mask = resv.usable(ctx, job, part)
    if request.min_nodes > len(usable):
        return events  # nodes down or drained: no estimate, no reservation
    in_reservations = bool(state.reservations or request.reservation)
    if request.reservation is not None and reservations.not_begun(state, job, now):
        return events  # slurmctld defers it: no estimate until its reservation begins
    start_at = int(now)
    for _ in range(MAX_RETRIES):
        end = start_at + span
        taken, later = resv.stretch(start_at, end)
        cand = usable_mask & ~taken
        advance = _advance_blocked(state, job, start_at, end) if in_reservations else None
        if advance:
            cand &= ~resv.mask(advance)
            # An advance reservation in the way: try again when one starts or ends.
            turn = reservations.next_change(state, Instant(start_at))
            later = turn if later is None or (turn is not None and turn < later) else later
        found = None
        room = cand.bit_count() >= request.min_nodes and not needed & ~cand
        # Without advance reservations, a fit only after ``later`` moves the plan there
        # whatever the estimate: spare working it out.
        moves_on = (
            room
            and later is not None
            and not in_reservations
            and _fits_only_after(avail, demand, cand, later)
        )
        if room and not moves_on:
            found = whatif.earliest(avail, demand, cand, now)
        alloc = None  # set when it starts now
        if may_preempt and start_at == now and (found is None or found[0] > now):
            made = preempt.make_room(ctx, job, part, resv.names(cand), now)
            events.extend(made.events)
            if made.alloc is not None:  # its victims were suspended: it starts now
                alloc = made.alloc
            elif made.freed:
                _hold_for(job, now, span, made.freed, resv)
                return events
            elif made.blocked_by_suspended:
                # Slurm's start attempt fails and leaves no estimate (golden preempt/013:
                # StartTime=Unknown, Scheduler=Backfill:*).
                job.scheduler = "Backfill"
                return events
        if alloc is None and start_at == now and found is not None and found[0] <= now:
            shape_for = ctx.shape_for(job, part)
            alloc = place(avail.pool, shape_for, layouts[0], resv.names(cand), required)
            assert alloc is not None, "whatif fits the job now where place does not"
        if alloc is not None:
            held = limits.after_selection(state, job, (a.node for a in alloc), ctx.limits)
            if held is not None:
                job.reason = held  # its nodes would pass a node limit: no start, no plan
                return events
            if HET in job.extra:  # it waits for its siblings, its nodes kept
                ctx.het_starts.hold(job, alloc)
                _hold_for(job, now, span, tuple(a.node for a in alloc), resv)
                return events
            events.append(ctx.start(job, alloc, now, "Backfill"))
            return events
        if found is None:
            if later is None:
                return events
            start_at = later
            continue
        est, chosen = found
        est = est if est > start_at else start_at  # ``max`` costs more than the comparison
        if (
            in_reservations
            and est > start_at
            and resv.mask(_advance_blocked(state, job, est, est + span)) & chosen
        ):
            start_at = est  # a reservation begins during that run: look from there
            continue
        if later is not None and est > later:
            start_at = later
            continue
        job.start_time = Instant(est)
        job.end_time = Instant(est + (job.time_limit if job.time_limit is not None else span))
        job.sched_nodes = tuple(resv.names(chosen))
        job.scheduler = "Backfill"
        if est > window_end:
            return events
        # ``chosen`` is among the nodes free of reservations from ``start_at``: only a
        # later start can meet some (and then the plan tries from there).
        if est > start_at and resv.reserved(est, est + span) & chosen:
            start_at = est
            continue
        if resv.full:
            resv.overflowed = True  # the job keeps its estimate, with nothing reserved
            return events
        resv.add(est, est + span, chosen)
        return events
    return events


def _reserved_for(job: Job, now: Instant) -> bool:
    """Did the plan just made reserve nodes for ``job`` ahead (not start it)?"""
    return job.scheduler == "Backfill" and job.start_time is not None and job.start_time > now


def _start_het(ctx: Context, job: Job, now: Instant) -> list[Event]:
    """After a plan of a heterogeneous job's component: start every component if each
    could start now, else show them all the latest planned start (``hetjobs``)."""
    ready = ctx.het_starts.all_ready(ctx.state, job)
    if not ready:
        hetjobs.latest_start(ctx.state, job, now)
        return []
    return [ctx.start(component, alloc, now, "Backfill") for component, alloc in ready]


def _plan_more_tasks(  # noqa: PLR0917 (_plan's arguments)
    ctx: Context, job: Job, now: Instant, resv: ReservationMap, avail: Availability, facts: _Facts
) -> int:
    """After reserving nodes for a pending array's next task, slurmctld's backfill plans
    the task after it, and so on, each with a reservation of its own, up to
    ``bf_max_job_array_resv`` tasks (20) or as many as are pending; the array shows the
    last plan (the oracle: four tasks behind a running job, the fourth's start). How
    many more it planned, each a job tested."""
    most = min(ctx.state.config.scheduler_parameters.bf_max_job_array_resv, len(job.array_tasks))
    planned = 1
    while planned < most:
        version = resv.version
        _plan(ctx, job, now, resv, avail, facts)
        planned += 1
        if resv.version == version:  # beyond the window, or never: nothing more to reserve
            break
    return planned - 1


def _array_held(ctx: Context, job: Job) -> bool:
    """After one of its tasks started: is the array kept from starting its next now?
    (Its reason then says why.)"""
    if ctx.throttled(job):
        job.reason = "JobArrayTaskLimit"
        throttle_reached(job)
        return True
    held = limits.pending_reason(ctx.state, job, ctx.limits)
    if held is not None:
        job.reason = held  # the array's tasks reached a limit: no more start
        return True
    return False


def _hold_for(
    job: Job, now: Instant, span: Seconds, nodes: tuple[str, ...], resv: ReservationMap
) -> None:
    """A job that preempted: its victims' nodes are reserved for it, whole, from now
    (it starts once they have let go)."""
    job.start_time = now
    job.end_time = Instant(now + (job.time_limit if job.time_limit is not None else span))
    job.sched_nodes = nodes
    job.scheduler = "Backfill"
    resv.add(now, now + span, resv.mask(nodes))


def _fits_only_after(avail: Availability, demand: whatif.Demand, cand: int, later: int) -> bool:
    """Does the job fit on ``cand`` only after ``later``, or never?

    Then its estimate there does not matter (the plan tries again from ``later``), and
    the first running job end after which it could fit says so for much less than
    the estimate: that takes a placement.
    """
    end = whatif.known_fit_end(avail, demand, cand)
    return end is None or (end != NOW and end > later)


def earliest_start(  # noqa: PLR0917 (the will-run question has this many parts)
    ctx: Context,
    job: Job,
    part: Partition,
    cand: list[str],
    now: Instant,
    running: list[Running],
    availability: Availability | None = None,
) -> tuple[Instant, tuple[NodeAlloc, ...]] | None:
    """When and where ``job`` could start on ``cand``, judging running jobs by their limits
    (``--test-only``; backfill's plans ask ``whatif.earliest``, which gives the nodes).

    Running jobs are taken away in the order their time limits expire (those ending
    within ``END_BATCH`` of each other together) until the job fits; the estimate is
    the end of the last one taken away. Rather than trying a placement after every
    batch, each node's profile says after which end it can hold its share, and the
    placement is made once, after the first batch at which enough nodes can: whether
    a placement succeeds depends only on which nodes can hold a share, and that only
    grows as jobs end. ``availability`` is the cycle's profile of ``running``.
    """
    avail = Availability(running, ctx.pool) if availability is None else availability
    layouts = ctx.layouts(job, part)
    required = job.request.req_nodes
    end = whatif.first_fit_end(avail, layouts, avail.mask(cand), required)
    if end is None:
        return None
    shape_for = ctx.shape_for(job, part)
    if end == NOW:
        alloc = place(avail.pool, shape_for, layouts[0], cand, required)
        return None if alloc is None else (now, alloc)
    pool, last = avail.freed_through(cand, end)
    alloc = place(pool, shape_for, layouts[0], cand, required)
    return None if alloc is None else (Instant(last), alloc)
