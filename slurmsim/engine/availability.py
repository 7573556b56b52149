"""When running jobs free each node, as backfill judges it: one availability profile per node.

Backfill asks, for job after job, "on these candidate nodes, when will the running
jobs (ending at their time limits) have freed enough for this one?". Asked from
scratch, that question takes running jobs away one batch at a time and tries a
placement after each, which for a long queue is most of a cycle's work.

A node's free cores, memory and GPUs are constant between the ends of the running
jobs on it, and only grow at each. So ``Availability`` keeps, for the cycle, each
node's change points (``changes``: the running jobs on it in the order their limits
expire, with what each holds there), and from them the first end after which the
node can hold a given share of a job for good (``fit_end``; ``fit_ends`` for every
node and one layout). Whether a placement succeeds depends only on which nodes can
hold their share, so the first batch of ends at which enough candidate nodes can is
the first at which a placement would succeed; it is then made once, there.

Running jobs are taken away in batches, and the estimate is the end of the last one
taken. As in slurmctld's will-run test, a batch starts at the first job touching a
candidate and goes on until the next running job, wherever it runs, ends more than
a window after that first one; the window is ``END_BATCH`` and doubles with each
batch. Jobs on other nodes are passed over without looking at the window, so a
batch can run on past them (golden 176). Batches depend on the candidates
(``Availability.through``).

Within a cycle the running jobs stay put, but the pool changes when the cycle
starts a job; every answer derived from it is dropped then (``pool.changes``).
"""

from typing import NamedTuple

from slurmsim.engine.resources import Need, Shape
from slurmsim.engine.select import Free, Pool
from slurmsim.model.jobs import Job, NodeAlloc
from slurmsim.model.time import Instant, Seconds

#: The first batch of running jobs taken away when simulating the future holds those
#: whose (limit-based) ends fall within this many seconds of its first; each later
#: batch's window is twice the one before.
END_BATCH: Seconds = Seconds(30)
#: ``fit_end`` of a node that can hold the share already.
NOW = -1

#: A start estimate: when, and on what.
Start = tuple[Instant, tuple[NodeAlloc, ...]]


class Running(NamedTuple):
    """A job holding resources, as backfill sees it (a tuple: every cycle makes one per
    running job, and a tuple is several times cheaper to make than a frozen dataclass)."""

    end: int  # start + time limit: what backfill believes
    job: Job
    nodes: frozenset[str]


class Availability:
    """Per-node change points of free resources for one backfill cycle.

    ``running`` (sorted by end, then job id) does not change during a cycle; the
    pool does when the cycle starts jobs, so answers derived from it are keyed by
    ``pool.changes``.
    """

    def __init__(self, running: list[Running], pool: Pool) -> None:
        self.running = running
        self.pool = pool
        #: For each node, the running jobs on it as (end, what the job holds there).
        self.changes: dict[str, list[tuple[int, int, int, int]]] = {}
        for r in running:
            for a in r.job.alloc:
                self.changes.setdefault(a.node, []).append((r.end, a.cpus, a.mem, len(a.gpus)))
        self._fits: dict[tuple[str, Need, str | None, bool], int | None] = {}
        self._by_shape: dict[Shape, dict[str, int]] = {}
        #: Whole start estimates (``backfill.earliest_start``), for jobs that ask for the
        #: same layouts on the same nodes.
        self.starts: dict[tuple[object, ...], Start | None] = {}
        #: ``backfill._first_fit_end`` by layouts, candidates and required nodes.
        self.first_fits: dict[tuple[object, ...], int | None] = {}
        self._freed: dict[tuple[tuple[str, ...], int], tuple[Pool, int]] = {}
        self._seen_changes = pool.changes

    def through(self, cand: list[str], end: int) -> tuple[list[Running], int]:
        """The running jobs touching ``cand`` taken away up to the batch in which one
        ending at ``end`` goes (one of them does), and that batch's last end.

        Batches are cut as slurmctld's will-run test cuts them: a batch starts at the
        first job touching a candidate and takes the jobs after it in end order until
        the next job in the whole list (touching a candidate or not) ends more than the
        window after that first one; jobs on other nodes are passed over without that
        test, so a batch may run on past them (golden 176). The window starts at
        ``END_BATCH`` and doubles with each batch. Only the batches up to ``end``'s are
        formed: an estimate rarely lies far out, and candidate sets seldom repeat.
        """
        nodes = frozenset(cand)
        running, n = self.running, len(self.running)
        taken: list[Running] = []
        window: int = END_BATCH
        first: int | None = None
        i = 0
        while i < n:
            r = running[i]
            i += 1
            if nodes.isdisjoint(r.nodes):
                continue
            if first is None:
                if taken and r.end > end:
                    break  # ``end``'s batch is complete
                first = r.end  # a new batch
            taken.append(r)
            if i < n and running[i].end > first + window:
                first, window = None, window * 2  # the batch ends here
        return taken, taken[-1].end if taken else end

    def freed_through(self, cand: list[str], end: int) -> tuple[Pool, int]:
        """The pool with the running jobs of ``through`` given back, and its last end;
        remembered while the pool stays put (requests of other shapes on the same nodes
        ask for the same)."""
        self.current()
        key = (tuple(cand), end)
        found = self._freed.get(key)
        if found is None:
            taken, last = self.through(cand, end)
            found = self._freed[key] = (self.pool.freed(r.job.alloc for r in taken), last)
        return found

    def current(self) -> None:
        """Forget answers derived from the pool once the cycle has started a job on it."""
        if self._seen_changes != self.pool.changes:
            self._fits.clear()
            self._by_shape.clear()
            self.starts.clear()
            self.first_fits.clear()
            self._freed.clear()
            self._seen_changes = self.pool.changes

    def fit_end(self, node: str, need: Need, gpu_type: str | None, exclusive: bool) -> int | None:
        """The end after which ``node`` can hold ``need`` (``NOW``: already; None: never).

        Free capacity only grows as running jobs end, so the first fit lasts.
        """
        self.current()
        key = (node, need, gpu_type, exclusive)
        if key in self._fits:
            return self._fits[key]
        now = self.pool.free[node]
        free = Free(now.cpus, now.mem, list(now.gpus), now.jobs)
        cfg = self.pool.configs[node]
        answer: int | None = None
        if free.holds(cfg, need, gpu_type, exclusive):
            answer = NOW
        else:
            for end, cpus, mem, gpus in self.changes.get(node, ()):
                free.cpus += cpus
                free.mem += mem
                free.gpus.extend(range(gpus))  # only how many counts here
                free.jobs -= 1
                if free.holds(cfg, need, gpu_type, exclusive):
                    answer = end
                    break
        self._fits[key] = answer
        return answer

    def fit_ends(self, s: Shape) -> dict[str, int]:
        """``fit_end`` of every node for its share of layout ``s``, leaving out the nevers."""
        self.current()
        found = self._by_shape.get(s)
        if found is None:
            found = {}
            for node, cfg in self.pool.configs.items():
                end = self.fit_end(node, s.largest_need(cfg), s.gpu_type, s.exclusive)
                if end is not None:
                    found[node] = end
            self._by_shape[s] = found
        return found
