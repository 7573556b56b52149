"""What a job asks of each node it runs on: CPUs, memory and GPUs.

A ``JobRequest`` says what the user typed (``-N``, ``-n``, ``--gres``, ``--gpus``,
``--mem-per-cpu``...); a ``Shape`` lays it out on a given number of nodes the way
select/cons_tres with CR_Core_Memory counts it: cores per node, GPUs per node and
memory per node, the memory following from the CPUs or GPUs when no ``--mem`` was
given (``DefMemPerCPU``), or taking the whole node when nothing sets it.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from slurmsim.model.cluster import ClusterConfig
from slurmsim.model.jobs import JobRequest
from slurmsim.model.nodes import NodeConfig
from slurmsim.model.partitions import Partition

GPU = "gpu"


class Need(NamedTuple):
    """What one node must have free for its share of the job (a tuple: made and hashed
    for every node a placement looks at)."""

    cpus: int
    gpus: int
    mem: int | None  # MB; None: the whole node's memory (nothing else may hold any)


@dataclass(frozen=True, slots=True)
class Shape:
    """A request laid out on ``len(tasks)`` nodes; node ``i`` of the choice gets ``tasks[i]``."""

    tasks: tuple[int, ...]
    cpus_per_task: int
    gpus: tuple[int, ...]
    gpu_type: str | None
    mem_per_node: int | None  # --mem; 0 means all
    mem_per_cpu: int | None
    mem_per_gpu: int | None
    exclusive: bool
    overcommit: bool = False  # -O: each node gives one task's CPUs
    #: The tasks are a total that the allocation may lay out afresh (``packed``): no
    #: ``--ntasks-per-node`` pins them, and each node's share of CPUs is its tasks'.
    packable: bool = False
    gpus_per_task: int = 0  # --gpus-per-task: a packed node's GPUs follow its tasks
    min_cpus: int = 0  # --mincpus: no node gives fewer CPUs (its memory follows them)
    cpus_per_gpu: int = 0  # --cpus-per-gpu: a node gives at least so many for each GPU
    task_cap: int = 0  # --ntasks-per-gpu: no node takes more tasks than its GPUs' (0: none)
    #: The GPUs are a job's total (``--gpus`` alone) that the allocation lays out afresh
    #: (``filled``), a node's CPUs and memory following its count.
    fillable: bool = False
    #: largest_need under key "" when no share depends on the node (not exclusive),
    #: filled on first use (not part of equality).
    _largest: dict[str, Need] = field(default_factory=dict, compare=False, repr=False)
    #: Shapes key the planners' caches, asked thousands of times a cycle: hashed once.
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        fields = (self.tasks, self.cpus_per_task, self.gpus, self.gpu_type)
        more = (
            self.mem_per_node,
            self.mem_per_cpu,
            self.mem_per_gpu,
            self.exclusive,
            self.overcommit,
            self.packable,
            self.gpus_per_task,
            self.min_cpus,
            self.cpus_per_gpu,
            self.task_cap,
            self.fillable,
        )
        object.__setattr__(self, "_hash", hash((*fields, *more)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def nodes(self) -> int:
        return len(self.tasks)

    @property
    def gpu_preference(self) -> int:
        """The GPU count a node should be able to supply (cons_tres ranks nodes by it)."""
        return max(self.gpus, default=0)

    def need(self, i: int, cfg: NodeConfig) -> Need:
        """What node ``cfg`` must give when it is the ``i``-th node of the allocation."""
        if self.exclusive:
            # The whole node, which must hold its share all the same (the oracle runs
            # ``-n 192 --exclusive`` on two 112-CPU nodes, 224 CPUs, not on one).
            share_cpus = self.cpus_for(1 if self.overcommit else self.tasks[i], self.gpus[i])
            cpus = max(cfg.cpus, share_cpus)
            gpus = max(cfg.gres_count(GPU), self.gpus[i])
        else:
            tasks = 1 if self.overcommit else self.tasks[i]
            gpus = self.gpus[i]
            cpus = self.cpus_for(tasks, gpus)
        return Need(cpus, gpus, self.mem_for(cpus, gpus))

    def cpus_for(self, tasks: int, gpus: int) -> int:
        """The CPUs a node gives ``tasks`` tasks and ``gpus`` GPUs: the tasks', or more for
        ``--cpus-per-gpu`` or ``--mincpus`` in whole tasks (but for -O: one task's; the
        oracle gives ``-c 3 --mincpus=4`` 3 CPUs)."""
        cpt = self.cpus_per_task
        if self.overcommit:
            return tasks * cpt
        return max(tasks * cpt, gpus * self.cpus_per_gpu, self.min_cpus // cpt * cpt)

    def packed(self, room: list[int]) -> tuple[int, ...]:
        """The tasks laid out as cons_tres lays them out on nodes with ``room`` for so
        many tasks each (in slurm.conf order): one on every node, then as many as the
        first can take and still leave one for each after it, and so on (the oracle:
        ``-N 2 -n 4`` runs 3 and 1, ``-n 120`` 112 and 8). The even split ``tasks``
        decides where the job fits; this only how its tasks fall there, and it is the
        even split when the room is too little to pack (it never is where that fits).
        """
        if not self.packable or self.nodes < 2:
            return self.tasks
        # Each node gets at least one task's CPUs, or --mincpus' worth (then the nodes may
        # hold more CPUs than the tasks need: the oracle gives -n 9 -N 3 --mincpus=4 4 each).
        least = max(1, self.min_cpus // self.cpus_per_task)
        left = sum(self.tasks)
        out: list[int] = []
        for i, cap in enumerate(room):
            take = max(least, min(cap, left - (self.nodes - i - 1) * least))
            if take > cap:
                return self.tasks
            out.append(take)
            left -= take
        return tuple(out) if left <= 0 else self.tasks

    def filled(self, room: list[int]) -> tuple[int, ...]:
        """The job's GPUs laid out as cons_tres lays out a ``--gpus`` total on nodes with
        ``room`` for so many each (in slurm.conf order): as many on each as it has room for
        while one is left for every node after it (the oracle: ``-G 6 -N 2`` takes 5 and 1,
        ``-G 10 -N 2`` 8 and 2). The even split ``gpus`` decides where the job fits (then
        this places them all); this only how its GPUs fall there."""
        if not self.fillable or self.nodes < 2:
            return self.gpus
        return fill(sum(self.gpus), room) or self.gpus

    def largest_need(self, cfg: NodeConfig) -> Need:
        """The biggest share any node gets (what every candidate node must be able to hold)."""
        if self.exclusive:
            return self.need(0, cfg)  # the whole node, whichever it is
        # Otherwise no share depends on the node: one answer serves them all.
        cached = self._largest.get("")
        if cached is None:
            cached = max((self.need(i, cfg) for i in range(self.nodes)), key=_size)
            self._largest[""] = cached
        return cached

    def mem_for(self, cpus: int, gpus: int) -> int | None:
        """The memory a share of ``cpus`` and ``gpus`` needs (None: the whole node's)."""
        if self.mem_per_node is not None:
            return None if self.mem_per_node == 0 else self.mem_per_node
        if self.mem_per_cpu is not None:
            return self.mem_per_cpu * cpus
        if self.mem_per_gpu is not None:
            return self.mem_per_gpu * gpus
        return None


def fill(total: int, room: list[int]) -> tuple[int, ...] | None:
    """``total`` GPUs laid out on nodes with ``room`` for so many each, in order: as many
    on each as it has room for while one is left for every node after it; None when they
    do not go (a node without one, or too little room in all)."""
    left, out = total, []
    for i, most in enumerate(room):
        take = min(most, left - (len(room) - i - 1))
        if take < 1:
            return None
        out.append(take)
        left -= take
    return tuple(out) if left == 0 else None


def _size(need: Need) -> tuple[int, int, int]:
    return (need.cpus, need.gpus, need.mem if need.mem is not None else 1 << 62)


def node_counts(request: JobRequest, partition_size: int) -> range:
    """The node counts worth trying, in the order cons_tres tries them: ``-N N`` pins the
    count; a range ``-N min-max`` is tried from the most nodes its tasks can use down (the
    oracle runs ``-N 2-3 -n 4`` on three nodes and ``-N 1-2`` on two), but from the fewest
    for a job's ``--gpus`` (``--gpus=4 -N 1-2`` runs on one); without ``-N`` the tasks
    decide, the fewest nodes first. ``--spread-job`` tries from ``-N``'s most down, or
    from a node a task where tasks were asked for or no range was, unless its GPUs are
    counted a job or a task (the oracle: ``-n 8`` runs on four nodes, or on the two with
    room; ``-N 2-4`` on four, ``-N 1-4 -n 2`` on two, ``-n 3 --gpus=3`` on one)."""
    low = request.implied_nodes
    if request.spread_job and request.gpus_per_job is None and request.gpus_per_task is None:
        most = min(request.max_nodes or partition_size, partition_size)
        if request.ntasks_set or request.ntasks_per_node or request.max_nodes is None:
            most = min(most, request.num_tasks)
        return range(max(low, most), low - 1, -1)
    if request.max_nodes is not None:
        # More nodes than the partition has are never worth a try (``NumNodes=*`` asks
        # for up to 2147483647).
        high = max(low, min(request.max_nodes, partition_size))
        if request.gpus_per_job is not None or request.gpus_of_tasks:
            return range(low, high + 1)  # (or the GPUs --ntasks-per-gpu makes: -n 8 on one)
        if request.ntasks_set != bool(request.ntasks_per_node):
            # Every node needs a task: -n's, or the client's lowest count at so many a node
            # (the oracle runs -N 1-3 --ntasks-per-node=2 on two).
            high = max(low, min(high, request.num_tasks))
        return range(high, low - 1, -1)
    spread = max(request.num_tasks, request.gpus_per_job.count if request.gpus_per_job else 1)
    return range(low, max(low, min(partition_size, spread)) + 1)


def layout_fields(request: JobRequest) -> tuple[object, ...]:
    """The request's fields ``shape`` lays a job out by (tasks, CPUs, memory, GPUs,
    exclusivity): requests alike in these have alike shapes on alike nodes, so caches of
    what follows from a shape are keyed by them."""
    r = request
    return (
        r.num_tasks,
        r.ntasks_set,
        r.ntasks_per_node,
        r.cpus_per_task,
        r.mem_per_cpu,
        r.mem_per_node,
        r.mem_per_gpu,
        r.gres_per_node,
        r.gpus_per_job,
        r.gpus_per_task,
        r.exclusive,
        r.overcommit,
        r.shown_value("mincpus"),
        r.shown_value("cpus-per-gpu"),
        r.shown_value("ntasks-per-socket"),
        r.shown_value("ntasks-per-gpu"),
        r.num_cpus,
        r.spread_job,  # not a layout, but how many nodes it may take
    )


def shape(
    request: JobRequest,
    nodes: int,
    config: ClusterConfig,
    partition: Partition,
    sockets: int = 0,
) -> Shape | None:
    """Lay ``request`` out on ``nodes`` nodes, or None when it cannot be split that way
    (``sockets``: the fewest a node of the partition has, which ``--ntasks-per-socket``
    caps a node's tasks by; 0: no cap)."""
    if request.num_cpus is not None:
        request = _by_cpus(request)
    tasks = _tasks(request, nodes, sockets)
    if tasks is None:
        return None
    gpus = _gpus(request, tasks)
    if gpus is None:
        return None
    mem_per_cpu = request.mem_per_cpu
    mem_per_gpu = request.mem_per_gpu_in_force
    if request.mem_per_node is None and mem_per_cpu is None and mem_per_gpu is None:
        # No memory asked for: slurm.conf's defaults apply, the partition's first.
        default_cpu = partition.def_mem_per_cpu or config.def_mem_per_cpu
        if default_cpu is not None:
            mem_per_cpu = default_cpu
        elif config.def_mem_per_gpu is not None and any(gpus):
            mem_per_gpu = config.def_mem_per_gpu
    return Shape(
        tasks=tasks,
        cpus_per_task=max(request.cpus_per_task, 1),
        gpus=gpus,
        gpu_type=request.gpu_type,
        mem_per_node=request.mem_per_node,
        mem_per_cpu=mem_per_cpu,
        mem_per_gpu=mem_per_gpu,
        exclusive=request.exclusive,
        overcommit=request.overcommit,
        packable=_packable(request),
        gpus_per_task=request.gpus_per_task.count if request.gpus_per_task else 0,
        min_cpus=request.mincpus,
        cpus_per_gpu=int(request.shown_value("cpus-per-gpu") or 0),
        task_cap=_task_cap(request, sockets),
        fillable=_fillable(request),
    )


def _fillable(request: JobRequest) -> bool:
    """May the allocation lay the GPUs out unevenly (``Shape.filled``)? Only a ``--gpus``
    total (not per node or task) on nodes not taken whole, its CPUs its tasks' (not -O)."""
    return bool(
        request.gpus_per_job
        and not request.gpus_per_node
        and request.gpus_per_task is None
        and not (request.exclusive or request.overcommit)
    )


def _by_cpus(request: JobRequest) -> JobRequest:
    """A request whose CPUs an update set apart from its tasks (``num_cpus``) as the
    allocation sees it: so many CPUs, laid out as one-CPU tasks (the oracle gives ``-n 4``
    updated to ``NumCPUs=2`` two CPUs on one node, and ``-n 2 -c 2`` updated to
    ``NumTasks=8`` four)."""
    return replace(
        request,
        num_tasks=max(request.num_cpus or 1, 1),
        ntasks_set=False,
        ntasks_per_node=None,
        cpus_per_task=1,
        num_cpus=None,
    )


def _task_cap(request: JobRequest, sockets: int) -> int:
    """The most tasks a node takes: its GPUs' share under ``--ntasks-per-gpu``, its
    sockets' under ``--ntasks-per-socket`` (the oracle runs ``-n 4 --ntasks-per-socket=1``
    on two 2-socket nodes), the fewer of the two; 0: no cap."""
    caps = []
    per_gpu = request.gpu_tasks and request.shown_value("ntasks-per-gpu")
    if per_gpu:
        caps.append(request.gpus_per_node * int(per_gpu))
    per_socket = request.shown_value("ntasks-per-socket")
    if sockets and per_socket and per_socket.isdigit() and int(per_socket):
        caps.append(sockets * int(per_socket))
    return min(caps, default=0)


def fewest_sockets(configs: Iterable[NodeConfig]) -> int:
    """The fewest sockets a node of ``configs`` has (0 for none)."""
    return min((cfg.sockets for cfg in configs), default=0)


def _packable(request: JobRequest) -> bool:
    """May the allocation lay the tasks out unevenly (``Shape.packed``)? Not when they are
    pinned per node (``--ntasks-per-node``), nor when the CPUs do not follow the tasks (a
    whole node, -O). Under ``--ntasks-per-gpu`` a node packs up to its GPUs' tasks."""
    return not (request.ntasks_per_node or request.exclusive or request.overcommit)


def _tasks(request: JobRequest, nodes: int, sockets: int) -> tuple[int, ...] | None:
    if request.ntasks_per_node:  # so many on every node (-n 5 at two a node: 2, 2 and 2)
        return (request.ntasks_per_node,) * nodes
    total = max(request.num_tasks, 1)
    if total < nodes and request.ntasks_set:
        return None  # more nodes than tasks: every node needs one
    cap = _task_cap(request, sockets)
    if cap and -(-total // nodes) > cap:
        return None  # a node takes no more tasks than its GPUs' or sockets' share
    total = max(total, nodes)
    base, extra = divmod(total, nodes)
    return tuple(base + 1 if i < extra else base for i in range(nodes))


def _gpus(request: JobRequest, tasks: tuple[int, ...]) -> tuple[int, ...] | None:
    nodes = len(tasks)
    per_node = request.gpus_per_node
    if per_node:
        job = request.gpus_per_job
        if job is not None and per_node * nodes < job.count:
            return None  # --gpus beside --gres: enough nodes for them all (-G 3 gpu:1: three)
        return (per_node,) * nodes
    if request.gpus_per_task is not None:
        return tuple(t * request.gpus_per_task.count for t in tasks)
    total = request.gpus_per_job.count if request.gpus_per_job else request.gpus_of_tasks
    if total:
        if total < nodes:
            return None  # every allocated node gets at least one GPU (--gpus=0: none at all)
        base, extra = divmod(total, nodes)
        return tuple(base + 1 if i < extra else base for i in range(nodes))
    return (0,) * nodes


def fits_config(s: Shape, cfg: NodeConfig) -> tuple[bool, bool]:
    """Could an empty ``cfg`` node ever hold its largest share? (fits, memory was why not)."""
    if s.gpu_type is not None and any(s.gpus) and cfg.gres_type(GPU) != s.gpu_type:
        return False, False
    need = s.largest_need(cfg)
    if need.cpus > cfg.cpus or need.gpus > cfg.gres_count(GPU):
        return False, False
    if need.mem is not None and need.mem > cfg.real_memory:
        return False, True
    return True, False
