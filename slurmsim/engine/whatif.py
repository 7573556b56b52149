"""Where and when backfill would start a job, worked out on node masks.

Backfill plans job after job: for each, the earliest moment enough of its candidate
nodes can hold their share, and the nodes ``select.place`` would pick then. Only
those nodes' names go into a plan that lies ahead (``SchedNodes`` and the nodes it
reserves), so making the placement itself (a pool with running jobs given back,
its entries, ``NodeAlloc``s with GPU indices) is wasted there. Here candidates are
bit masks (bit ``pool.index[node]``: slurm.conf order, as in the reservation map),
which nodes fit is read off the per-node fit places (``Availability``), and the
choice is ``select.choose`` itself, fed the cores and GPUs each node will have
free (``Availability.free_after``); so the nodes are ``place``'s, and a job that
starts now is still placed by ``place``.
"""

from functools import partial
from typing import NamedTuple

from slurmsim.engine.availability import NOW, Availability, Freed
from slurmsim.engine.resources import Shape
from slurmsim.engine.select import can_place, choose_beside, gathered_nodes, uneven

#: A job's node counts, fewest first, and its layout on each (``Context.layouts``).
Layouts = tuple[range, tuple[Shape | None, ...]]


class Demand(NamedTuple):
    """What a plan asks the what-if: the job's layouts and required nodes, and a number
    that every demand with the same shapes and required nodes shares. The answers are
    kept under that number: an int is hashed for nothing, a tuple of shapes is not."""

    number: int
    layouts: Layouts
    required: tuple[str, ...]
    #: May the job fall unevenly on its nodes (``select.uneven``)?
    gathers: bool = False

    @classmethod
    def of(cls, number: int, layouts: Layouts, required: tuple[str, ...]) -> "Demand":
        gathers = any(s is not None and uneven(s) for s in layouts[1])
        return cls(number, layouts, required, gathers)


def known_fit_end(avail: Availability, demand: Demand, cand: int) -> int | None:
    """``first_fit_end`` for ``demand`` on ``cand``, remembered while the pool stays put:
    a plan asks it once to move on and once for its estimate."""
    avail.current()
    known = avail.first_fits.get(demand.number)
    if known is None:
        known = avail.first_fits[demand.number] = {}
    found = known.get(cand, False)
    if found is False:
        found = known[cand] = first_fit_end(avail, demand.layouts, cand, demand.required)
    return found


def first_fit_end(
    avail: Availability, layouts: Layouts, cand: int, required: tuple[str, ...]
) -> int | None:
    """The first running job end after which ``place`` would succeed on ``cand`` (``NOW``:
    already; None: never).

    ``place`` succeeds for a layout on ``n`` nodes when ``n`` candidates, the
    required ones among them, can hold the layout's largest share; the fewest nodes
    that work win, so over all layouts the earliest such moment counts.
    """
    if any(s is not None and uneven(s) for s in layouts[1]):
        return _uneven_fit_end(avail, layouts, cand, required)
    if required:
        return _first_fit_end_with(avail, layouts, cand, required)
    best: int | None = None
    for n, s in zip(*layouts, strict=True):
        if s is not None:
            nth = avail.nth_fit(s, cand, n)
            if nth is not None and (best is None or nth < best):
                best = nth
    return None if best is None else avail.end_of(best)


def _uneven_fit_end(
    avail: Availability, layouts: Layouts, cand: int, required: tuple[str, ...]
) -> int | None:
    """``first_fit_end`` for a job that may fall unevenly on its nodes (``select.uneven``):
    no share fits every node alike, so ``place`` itself is asked, on the pool as each
    running job's end leaves it (bisected: it only fits better as jobs end)."""
    counts, shapes = layouts
    shape_for = dict(zip(counts, shapes, strict=True)).get
    names = avail.names(cand)

    def fits(taken: int) -> bool:
        pool = Freed(avail, taken) if taken else avail.pool
        return can_place(pool, shape_for, counts, names, required)

    if fits(0):
        return NOW
    low, high = 1, len(avail.running)
    if not high or not fits(high):
        return None
    while low < high:  # the fewest ends after which it fits
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid + 1
    return avail.end_of(high - 1)


def _first_fit_end_with(
    avail: Availability, layouts: Layouts, cand: int, required: tuple[str, ...]
) -> int | None:
    """``_first_fit_end`` for a job that requires nodes: they must fit too."""
    if avail.mask(required) & ~cand:
        return None
    best: int | None = None
    for n, s in zip(*layouts, strict=True):
        if n < len(required) or s is None:
            continue
        nth = avail.nth_fit(s, cand, n)
        if nth is None:
            continue
        fit = avail.fit_places(s)
        if any(r not in fit for r in required):
            continue
        at = max([nth, *(fit[r] for r in required)])
        best = at if best is None else min(best, at)
    return None if best is None else avail.end_of(best)


def earliest(avail: Availability, demand: Demand, cand: int, now: int) -> tuple[int, int] | None:
    """When and on which nodes (a mask) the job could start on ``cand``, judging running
    jobs by their limits: ``backfill.earliest_start`` without the allocation.

    The answer depends only on the demand, the nodes and the pool, so jobs asking
    for the same thing on the same nodes share it until the pool changes.
    """
    avail.current()
    starts = avail.starts.get(demand.number)
    if starts is None:
        starts = avail.starts[demand.number] = {}
    if cand not in starts:
        starts[cand] = _earliest(avail, demand, cand, now)
    return starts[cand]


def _earliest(avail: Availability, demand: Demand, cand: int, now: int) -> tuple[int, int] | None:
    end = known_fit_end(avail, demand, cand)
    if end is None:
        return None
    taken, when = (0, now) if end == NOW else avail.through(cand, end)
    chosen = None
    if demand.gathers:
        chosen = _gathered_after(avail, demand, cand, taken)
    if chosen is None:
        chosen = chosen_after(avail, demand.layouts, cand, demand.required, taken)
    return None if chosen is None else (when, chosen)


def _gathered_after(avail: Availability, demand: Demand, cand: int, taken: int) -> int | None:
    """The nodes ``place`` gathers for a job that falls unevenly on them
    (``select.uneven``) once the running jobs before place ``taken`` have ended, as a
    mask; None when it takes an even split then (``chosen_after`` picks those)."""
    counts, shapes = demand.layouts
    pool = Freed(avail, taken) if taken else avail.pool
    names = gathered_nodes(
        pool, dict(zip(counts, shapes, strict=True)).get, counts, avail.names(cand), demand.required
    )
    return None if names is None else avail.mask(names)


def chosen_after(
    avail: Availability, layouts: Layouts, cand: int, required: tuple[str, ...], taken: int
) -> int | None:
    """The nodes ``place`` picks on ``cand`` once the running jobs before place ``taken``
    have ended (0: now), as a mask; None when the job does not fit then."""
    pool = avail.pool
    needed = avail.mask(required)
    for n, s in zip(*layouts, strict=True):
        if n < len(required) or s is None:
            continue
        fitting = avail.fitting_before(s, taken) & cand
        count = fitting.bit_count()
        if count < n or needed & ~fitting:
            continue
        if count == n:
            return fitting  # no choice to make
        picked = choose_beside(
            required,
            avail.names(fitting & ~needed),
            n - len(required),
            s,
            configs=pool.configs,
            index=pool.index,
            free=partial(avail.free_after, taken),
        )
        return needed | avail.mask(picked)
    return None
