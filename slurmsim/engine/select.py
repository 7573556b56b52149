"""Node and GPU placement, as select/cons_tres with CR_Core_Memory chooses.

A ``Pool`` holds what is free on every node (cores, memory, GPU indices). ``place``
picks nodes for a job the way cons_tres does on a cluster without topology:

* nodes are ranked by ``Weight`` and, for GPU jobs, by whether they can supply the
  job's whole GPU count; lower-ranked nodes are used up first;
* fitting nodes of one rank with consecutive slurm.conf indexes form runs; the run
  with enough nodes and the fewest free cores in all wins (ties: the first), and a
  one-node job takes its node with the fewest free cores, a larger job its first
  nodes. This packs small jobs onto partly used nodes and keeps whole nodes free
  for big ones (golden 068: array tasks and a 1-CPU job share dgx1, the 8-GPU job
  takes dgx2, the 2-node job dgx[3-4]), but an idle node alone beats a run of two
  with more free cores between them (golden placement/);
* a ``--gpus`` total (or ``--gpus-per-task`` tasks) that no even split fits gathers
  the nodes with the most GPUs free instead (``gather``, golden gpuspread/), and a
  total of CPU tasks on several nodes takes a run of them in order (``accumulate``,
  golden taskspread/);
* GPU indices are handed out lowest first (golden 088: ``IDX:0-7``).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from slurmsim.engine.resources import GPU, Need, Shape
from slurmsim.model.alloc import node_usage
from slurmsim.model.jobs import Job, NodeAlloc
from slurmsim.model.nodes import Node, NodeConfig


@dataclass(slots=True)
class Free:
    """What is still free on one node (a pool puts in a new one rather than change it,
    so that copies of the pool can share it)."""

    cpus: int
    mem: int
    gpus: list[int] = field(default_factory=list)  # free GPU indices, ascending
    jobs: int = 0

    def holds(self, cfg: NodeConfig, need: Need, gpu_type: str | None, exclusive: bool) -> bool:
        """Can a node of ``cfg`` with this much free give ``need``?"""
        if (exclusive or need.mem is None) and self.jobs:
            return False  # whole node (or all of its memory): nothing else may be on it
        if need.cpus > self.cpus or need.gpus > len(self.gpus):
            return False
        if need.gpus and gpu_type is not None and cfg.gres_type(GPU) != gpu_type:
            return False
        return need.mem is None or need.mem <= self.mem


class Pool:
    """Free resources per node, kept up to date as jobs start and end."""

    def __init__(
        self,
        configs: dict[str, NodeConfig],
        free: dict[str, Free],
        index: dict[str, int] | None = None,
    ) -> None:
        self.configs = configs
        self.free = free
        self.index = {name: i for i, name in enumerate(configs)} if index is None else index
        self.changes = 0  # bumped by every take and give, for answers derived from the pool
        #: Backfill's fit places per node (``availability._NodeFits``), kept with the pool
        #: from cycle to cycle: each holds while the node's entry stays the same.
        self.node_fits: dict[str, Any] = {}

    @classmethod
    def of(cls, nodes: dict[str, Node], jobs: Iterable[Job]) -> "Pool":
        """The pool left over by ``jobs`` that hold resources."""
        used = node_usage(jobs)
        configs = {name: n.config for name, n in nodes.items()}
        free: dict[str, Free] = {}
        for name, cfg in configs.items():
            u = used.get(name)
            gpus = list(range(cfg.gres_count(GPU)))
            if u is None:
                free[name] = Free(cfg.cpus, cfg.real_memory, gpus)
            else:
                rest = [g for g in gpus if g not in u.gpus]
                free[name] = Free(cfg.cpus - u.cpus, cfg.real_memory - u.mem, rest, u.jobs)
        return cls(configs, free)

    def copy(self, names: Iterable[str] | None = None) -> "Pool":
        """An independent copy (of only ``names`` when given), for what-if simulations.

        A pool never changes a node's entry in place (``take``, ``give`` and
        ``lend_cores`` put in a new one), so copies share the entries.
        """
        if names is None:
            return Pool(self.configs, dict(self.free), self.index)
        free = {n: self.free[n] for n in names}
        # Runs of consecutive nodes count in the whole cluster: the index is the pool's.
        return Pool({n: self.configs[n] for n in free}, free, self.index)

    def take(self, alloc: Iterable[NodeAlloc]) -> None:
        self.changes += 1
        free = self.free
        for a in alloc:
            f = free.get(a.node)
            if f is None:
                continue
            gpus = f.gpus
            if a.gpus:
                taken = set(a.gpus)
                gpus = [g for g in gpus if g not in taken]
            free[a.node] = Free(f.cpus - a.cpus, f.mem - a.mem, gpus, f.jobs + 1)

    def give(self, alloc: Iterable[NodeAlloc]) -> None:
        self.changes += 1
        free = self.free
        for a in alloc:
            f = free.get(a.node)
            if f is None:
                continue
            gpus = sorted([*f.gpus, *a.gpus]) if a.gpus else f.gpus
            free[a.node] = Free(f.cpus + a.cpus, f.mem + a.mem, gpus, f.jobs - 1)

    def lend_cores(self, alloc: Iterable[NodeAlloc]) -> None:
        """Count the cores of ``alloc`` as free, its memory and GPUs still taken: what a
        preemptor may use of a job gang scheduling would suspend."""
        self.changes += 1
        for a in alloc:
            f = self.free.get(a.node)
            if f is not None:
                self.free[a.node] = Free(f.cpus + a.cpus, f.mem, f.gpus, f.jobs)

    def free_counts(self, name: str) -> tuple[int, int]:
        """The cores and GPUs free on node ``name``."""
        f = self.free[name]
        return f.cpus, len(f.gpus)

    def idle(self, name: str) -> bool:
        return self.free[name].jobs == 0

    def fits(self, name: str, need: Need, gpu_type: str | None, exclusive: bool) -> bool:
        """Can node ``name`` give ``need`` right now?"""
        return self.free[name].holds(self.configs[name], need, gpu_type, exclusive)

    def fitting(self, candidates: list[str], s: Shape) -> list[str]:
        """The candidates that can hold the largest share of ``s`` now."""
        if not candidates:
            return []
        free, configs = self.free, self.configs
        gpu_type, exclusive = s.gpu_type, s.exclusive
        # Only an exclusive job's share depends on the node.
        shared = None if exclusive else s.largest_need(configs[candidates[0]])
        out: list[str] = []
        for c in candidates:
            cfg = configs[c]
            need = shared or s.largest_need(cfg)
            if free[c].holds(cfg, need, gpu_type, exclusive):
                out.append(c)
        return out


ShapeFor = Callable[[int], Shape | None]


def place(
    pool: Pool,
    shape_for: ShapeFor,
    counts: range,
    candidates: list[str],
    required: tuple[str, ...] = (),
) -> tuple[NodeAlloc, ...] | None:
    """Nodes and resources for a job on ``candidates`` now, or None when it does not fit.

    ``shape_for(n)`` lays the job out on ``n`` nodes; the fewest nodes that fit win.
    ``candidates`` are the usable nodes in slurm.conf order; ``required`` (``-w``)
    must all be among the chosen ones.
    """
    found = _first_fit(pool, shape_for, counts, candidates, required)
    if found is None:
        return None
    n, s, fitting, gathered = found
    if gathered is not None:
        return _allocate(pool, gathered, s)
    others = [c for c in fitting if c not in required]
    picked = choose_beside(
        required,
        others,
        n - len(required),
        s,
        configs=pool.configs,
        index=pool.index,
        free=pool.free_counts,
    )
    return _allocate(pool, [*required, *picked], s)


def can_place(
    pool: Pool,
    shape_for: ShapeFor,
    counts: range,
    candidates: list[str],
    required: tuple[str, ...] = (),
) -> bool:
    """Would ``place`` find room (without choosing the nodes)?"""
    return _first_fit(pool, shape_for, counts, candidates, required) is not None


def _first_fit(
    pool: Pool,
    shape_for: ShapeFor,
    counts: range,
    candidates: list[str],
    required: tuple[str, ...],
) -> tuple[int, Shape, list[str], list[str] | None] | None:
    """The first node count with enough candidates that can hold their share now (and
    every required one among them): the count, its layout, those candidates and, for a
    job that falls unevenly on its nodes (``uneven``), the nodes it gathers."""
    sized = not required and len(counts) > 1 and counts.step > 0  # no -N: fewest first
    for n in counts:
        if n < len(required):
            continue
        s = shape_for(n)
        if s is None:
            continue
        if n > 1 and not required and _cpu_tasks(s):
            gathered = accumulate(pool, s, candidates, n, counts[-1] if sized else n)
            taken = None if gathered is None else shape_for(len(gathered))  # no -N: as taken
            if gathered is not None and taken is not None:
                return len(gathered), taken, gathered, gathered
        fitting = pool.fitting(candidates, s)
        if len(fitting) >= n and all(r in fitting for r in required):
            return n, s, fitting, None
        if n > 1 and (s.fillable or _gpu_tasks(s)):
            gathered = gather(pool, s, n, candidates, required)
            if gathered is not None:
                return n, s, gathered, gathered
    return None


def gather(
    pool: Pool, s: Shape, n: int, candidates: list[str], required: tuple[str, ...]
) -> list[str] | None:
    """``n`` nodes that together hold a ``--gpus`` total (or ``--gpus-per-task`` tasks) no
    even split of it fits, as cons_tres gathers them: the required ones, then those with
    room for the most GPUs (tasks), with the CPUs and memory they bring (the lowest weight
    first, the first of equals in slurm.conf order), each giving at least one (golden
    gpuspread/: with 2, 2, 2 and 4 free, ``-G 10`` runs on all four; with 3, 1, 1 and 3,
    ``-G 7`` on dgx[1-2,4]; with 1, 3, 3 and 1, ``-n 8 --gpus-per-task=1`` on all four)."""
    configs, free, index = pool.configs, pool.free, pool.index
    tasks = min(s.tasks)
    one = _need_for(s, tasks, 0, 1) if s.fillable else _need_for(s, 1, 0)
    room: dict[str, int] = {}
    for name in candidates:
        f = free[name]
        if not f.holds(configs[name], one, s.gpu_type, False):
            room[name] = 0
        else:
            room[name] = _gpu_room(s, tasks, f) if s.fillable else _room(f, s)
    if any(not room.get(r) for r in required):
        return None
    ranked = sorted(
        (c for c, gpus in room.items() if gpus and c not in required),
        key=lambda c: (configs[c].weight, -room[c], index[c]),
    )
    chosen = [*required, *ranked[: n - len(required)]]
    total = sum(s.gpus) if s.fillable else sum(s.tasks)
    if len(chosen) < n or sum(room[c] for c in chosen) < total:
        return None
    return chosen


def uneven(s: Shape) -> bool:
    """May a job of shape ``s`` fall unevenly on its nodes: a ``--gpus`` total or
    ``--gpus-per-task`` tasks no even split fits (``gather``), or CPU tasks on several
    nodes (``accumulate``)?"""
    return s.fillable or _gpu_tasks(s) or _cpu_tasks(s)


def gathered_nodes(
    pool: Pool,
    shape_for: ShapeFor,
    counts: range,
    candidates: list[str],
    required: tuple[str, ...] = (),
) -> list[str] | None:
    """The nodes ``place`` would give a job that falls unevenly on them (``uneven``)
    now, or None (no room, or an even split it would take)."""
    found = _first_fit(pool, shape_for, counts, candidates, required)
    return None if found is None else found[3]


def _gpu_tasks(s: Shape) -> bool:
    """Is ``s`` a task total whose GPUs follow its tasks (``--gpus-per-task``, ``gather``)?"""
    return s.packable and s.gpus_per_task > 0


def _cpu_tasks(s: Shape) -> bool:
    """Is ``s`` a task total without GPUs that the allocation lays out (``accumulate``)?"""
    return s.packable and not any(s.gpus)


def accumulate(
    pool: Pool, s: Shape, candidates: list[str], least: int, most: int
) -> list[str] | None:
    """The nodes a total of CPU tasks runs on, ``least`` to ``most`` of them, as cons_tres
    gathers them: among runs of consecutive nodes with room for a task (one weight each),
    the run that suffices with the fewest, else the one with the most; there, one node
    that holds all that is left (the fewest of those) once one more node is all it
    needs, else its nodes in slurm.conf order, passing one whose room would leave more
    than the nodes still allowed could hold. The oracle, with 12, 52, 52 and 12 CPUs
    free: ``-n 60`` on dgx1 and dgx2 (12 and 48 tasks), ``-n 110`` on dgx[1-3], ``-N 2
    -n 100`` on dgx[2-3] (golden taskspread/)."""
    configs, free, index = pool.configs, pool.free, pool.index
    one = _need_for(s, 1, 0)
    room = {
        c: _room(free[c], s) if free[c].holds(configs[c], one, None, False) else 0
        for c in candidates
    }
    runs: list[list[str]] = []
    last, weight = -2, None
    for name in candidates:
        if room[name] < 1:
            last = -2
            continue
        at, w = index[name], configs[name].weight
        if at != last + 1 or w != weight:
            runs.append([])
        runs[-1].append(name)
        last, weight = at, w
    left, biggest = sum(s.tasks), max(room.values(), default=0)
    chosen: list[str] = []
    while runs and (left > 0 or len(chosen) < least) and len(chosen) < most:
        run = _best_run(runs, room, left, least - len(chosen), configs)
        runs.remove(run)
        alone = [c for c in run if room[c] >= left] if least - len(chosen) <= 1 else []
        if alone:
            pick = min(alone, key=room.__getitem__)
            chosen.append(pick)
            left -= room[pick]
            continue
        for name in run:
            if (left <= 0 and len(chosen) >= least) or len(chosen) >= most:
                break
            if left - room[name] > (most - len(chosen) - 1) * biggest:
                continue  # the nodes still allowed could not hold what it leaves
            chosen.append(name)
            left -= room[name]
    if left > 0 or len(chosen) < least:
        return None
    return sorted(chosen, key=index.__getitem__)


def _best_run(
    runs: list[list[str]],
    room: dict[str, int],
    left: int,
    nodes: int,
    configs: dict[str, NodeConfig],
) -> list[str]:
    """``accumulate``'s choice of run: the lowest weight; then the first that suffices
    (room for ``left`` tasks on at least ``nodes`` nodes), a tighter one that does, or,
    while none does, the one with the most room."""
    best, best_key = runs[0], None
    for run in runs:
        total = sum(room[c] for c in run)
        enough = total >= left and len(run) >= nodes
        key = (configs[run[0]].weight, 0 if enough else 1, total if enough else -total)
        if best_key is None or key < best_key:
            best, best_key = run, key
    return best


#: What a node has free, as the choice reads it: (cores, GPUs).
FreeCounts = Callable[[str], tuple[int, int]]


def choose(
    fitting: list[str],
    k: int,
    s: Shape,
    *,
    configs: dict[str, NodeConfig],
    index: dict[str, int],
    free: FreeCounts,
) -> list[str]:
    """Pick ``k`` of the fitting nodes (slurm.conf order) as cons_tres does: by runs of
    consecutive nodes of one rank (weight, then the GPUs each can supply), the lowest
    rank first, the tightest run that suffices first (``_Run.better``). ``free`` says
    what each node has free at the moment placed for (``place``: now; backfill's
    what-if: once some running jobs have ended)."""
    if k <= 0:
        return []
    prefer = s.gpu_preference
    if k == 1:
        return [_one_node(fitting, prefer, configs, index, free)]
    runs: list[_Run] = []
    last = -2
    for name in fitting:
        cpus, gpus = free(name)
        rank = (configs[name].weight, 255 - min(gpus, prefer) if prefer else 0)
        at = index[name]
        if at != last + 1 or rank != runs[-1].rank:
            runs.append(_Run(rank, at))
        runs[-1].add(name, cpus)
        last = at
    chosen: list[str] = []
    while len(chosen) < k and runs:
        need = k - len(chosen)
        best = runs[0]
        for run in runs[1:]:
            if run.better(best, need):
                best = run
        runs.remove(best)
        if need == 1:  # the node with the fewest free cores (the first of equals)
            chosen.append(best.nodes[best.cpus.index(min(best.cpus))])
        else:
            chosen.extend(best.nodes[:need])
    return chosen


def choose_beside(
    required: tuple[str, ...],
    others: list[str],
    k: int,
    s: Shape,
    *,
    configs: dict[str, NodeConfig],
    index: dict[str, int],
    free: FreeCounts,
) -> list[str]:
    """``choose`` beside the nodes a job requires (``-w``), as cons_tres picks them: from
    the first required node on, the fitting nodes after it (between and past the other
    required ones), then those before it, going back, while they run on unbroken (the
    oracle: ``-w dgx2 -N 2`` takes dgx3, not dgx1; ``-w dgx1,dgx3 -N 3`` dgx2); then
    ``choose`` for the rest. In the order picked: the tasks fill them so."""
    if not required or k <= 0:
        return choose(others, k, s, configs=configs, index=index, free=free)
    by_index = {index[name]: name for name in others}
    kept = {index[name] for name in required}
    first = min(kept)
    picked: list[str] = []
    for start, step in ((first + 1, 1), (first - 1, -1)):
        i = start
        while len(picked) < k and (i in by_index or i in kept):
            if i in by_index:
                picked.append(by_index[i])
            i += step
    if len(picked) < k:
        rest = [name for name in others if name not in picked]
        picked += choose(rest, k - len(picked), s, configs=configs, index=index, free=free)
    return picked


def _one_node(
    fitting: list[str],
    prefer: int,
    configs: dict[str, NodeConfig],
    index: dict[str, int],
    free: FreeCounts,
) -> str:
    """``choose`` for one node, in one pass and without building the runs (backfill asks
    it for most plans): the lowest rank's run with the fewest free cores in all, and its
    node with the fewest (the first of equals, both)."""
    best: tuple[tuple[int, int], int] | None = None  # the best run's (rank, total cores)
    best_node = ""
    rank_now: tuple[int, int] | None = None
    total = cpus_now = 0
    node = ""
    last = -2
    for name in fitting:
        cpus, gpus = free(name)
        rank = (configs[name].weight, 255 - min(gpus, prefer) if prefer else 0)
        at = index[name]
        if at != last + 1 or rank != rank_now:
            if rank_now is not None and (best is None or (rank_now, total) < best):
                best, best_node = (rank_now, total), node
            rank_now, total, node, cpus_now = rank, 0, name, cpus
        elif cpus < cpus_now:
            node, cpus_now = name, cpus
        total += cpus
        last = at
    if rank_now is not None and (best is None or (rank_now, total) < best):
        best_node = node
    return best_node


class _Run:
    """Consecutive fitting nodes of one rank, with the cores each has free."""

    __slots__ = ("cpus", "nodes", "rank", "start", "total")

    def __init__(self, rank: tuple[int, int], start: int) -> None:
        self.rank = rank
        self.start = start
        self.nodes: list[str] = []
        self.cpus: list[int] = []
        self.total = 0

    def add(self, name: str, cpus: int) -> None:
        self.nodes.append(name)
        self.cpus.append(cpus)
        self.total += cpus

    def better(self, best: "_Run", need: int) -> bool:
        """Does this run, later in slurm.conf order, replace ``best`` for ``need`` nodes?
        A lower rank does; at the same rank, one that suffices where ``best`` does not,
        a tighter one that suffices, or one with more cores when it does not suffice
        (even over a ``best`` that does: cons_tres compares so)."""
        if self.rank != best.rank:
            return self.rank < best.rank
        enough = len(self.nodes) >= need
        if enough:
            return len(best.nodes) < need or self.total < best.total
        return self.total > best.total


def _allocate(pool: Pool, chosen: list[str], s: Shape) -> tuple[NodeAlloc, ...]:
    """The exact share of each chosen node, listed in slurm.conf order, the tasks packed
    onto the nodes in the order chosen (the required ones first) as far as their free
    resources go (``Shape.packed``), and a ``--gpus`` total filled onto them in slurm.conf
    order (``Shape.filled``)."""
    index = pool.index
    configs, free = pool.configs, pool.free
    tasks = s.packed([_room(free[name], s) for name in chosen])
    filled = _filled(s, chosen, tasks, free, index)
    allocs: list[NodeAlloc] = []
    for i, name in enumerate(chosen):
        if name in filled:
            need = _need_for(s, tasks[i], i, filled[name])
        elif tasks is s.tasks:
            need = s.need(i, configs[name])
        else:
            need = _need_for(s, tasks[i], i)
        f = free[name]
        mem = f.mem if need.mem is None else need.mem
        allocs.append(NodeAlloc(name, need.cpus, mem, tuple(f.gpus[: need.gpus])))
    allocs.sort(key=lambda a: index[a.node])
    return tuple(allocs)


def _room(f: Free, s: Shape) -> int:
    """How many of the job's tasks the free resources ``f`` of a node hold."""
    one = _need_for(s, 1, 0)
    if one.cpus > f.cpus:
        return 0
    room = f.cpus // (s.cpus_per_task or 1)
    per_task = None  # the memory each task adds, where memory follows the tasks
    if s.mem_per_node is None and s.mem_per_cpu:
        per_task = s.mem_per_cpu * s.cpus_per_task
    elif s.mem_per_node is None and s.mem_per_gpu and s.gpus_per_task:
        per_task = s.mem_per_gpu * s.gpus_per_task
    if per_task:
        room = min(room, f.mem // per_task)
    if s.gpus_per_task:
        room = min(room, len(f.gpus) // s.gpus_per_task)
    if s.task_cap:
        room = min(room, s.task_cap)
    return room


def _filled(
    s: Shape,
    chosen: list[str],
    tasks: tuple[int, ...],
    free: dict[str, Free],
    index: dict[str, int],
) -> dict[str, int]:
    """A ``--gpus`` total's count on each chosen node (``Shape.filled``), each node's room
    the most GPUs whose CPUs and memory it also has free with its tasks; empty when the
    GPUs keep the even split."""
    if not s.fillable or s.nodes < 2:
        return {}
    tasks_on = dict(zip(chosen, tasks, strict=True))
    by_index = sorted(chosen, key=index.__getitem__)
    room = [_gpu_room(s, tasks_on[name], free[name]) for name in by_index]
    counts = s.filled(room)
    return {} if counts is s.gpus else dict(zip(by_index, counts, strict=True))


def _gpu_room(s: Shape, tasks: int, f: Free) -> int:
    """The most GPUs a node with ``f`` free can give, with the CPUs and memory they bring."""
    for gpus in range(len(f.gpus), 0, -1):
        need = _need_for(s, tasks, 0, gpus)
        if need.cpus <= f.cpus and (need.mem is None or need.mem <= f.mem):
            return gpus
    return 0


def _need_for(s: Shape, tasks: int, i: int, gpus: int | None = None) -> Need:
    """The ``i``-th node's share when packed: its tasks' CPUs, the GPUs (``gpus`` when
    filled, theirs under --gpus-per-task, else the node's as laid out) and the memory that
    follows them."""
    if gpus is None:
        gpus = tasks * s.gpus_per_task if s.gpus_per_task else s.gpus[i]
    cpus = s.cpus_for(tasks, gpus)
    return Need(cpus, gpus, s.mem_for(cpus, gpus))
