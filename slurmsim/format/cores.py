"""Which cores of a node each job holds, as select/cons_tres picks them.

slurmsim keeps how many CPUs a job has on each node, not which; the ids ``scontrol show
job -d`` (``CPU_IDs=``) and the JSON dumps print are worked out here, by replaying the
jobs on a node in the order they started. At each start cons_tres takes, from the
node's free cores (its default cyclic core distribution, ``_cyclic_sync_core_bitmap``):

* with ``--cpus-per-task`` above 1, whole tasks' worth of cores from the first socket
  that has room for a task, then the next (``-c 8`` is ``0-7``, ``-n 4 -c 2`` too);
* the rest one core a socket in turn (``-n 8`` is ``0-3,56-59``, ``-n 3`` ``0-1,56``,
  and ``-c 57``, too large for a socket, ``0-28,56-83``);
* with ``--ntasks-per-socket``, in turn too, leaving out a socket only when the others
  hold the job within their share.
* for a GPU job whose tasks on the node its request settles (``--ntasks-per-node``, or
  ``-n`` on one node or one task a node), as many from each socket, the later sockets
  taking what does not divide (``-n 1 --gpus=1`` is ``56``, ``-n 1 -c 3`` ``0,56-57``,
  ``--ntasks-per-node=4 -c 4`` ``0-7,56-63``), whatever the tasks' size.

Threads are not modelled (slurmsim's nodes have one per core).
"""

from collections.abc import Collection

from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job, JobRequest, NodeAlloc


def pick(
    free: list[list[int]],
    cpus: int,
    per_task: int,
    per_socket_tasks: int | None,
    even: bool = False,
) -> list[int]:
    """The cores a job of ``cpus`` CPUs takes from ``free`` (each socket's free cores, in
    order), ``even`` across the sockets or not (see the module docstring); short of free
    cores, it is given ids past the node's (an oversubscribed node still shows a full
    count)."""
    starts = [0] * len(free)
    taken: list[int] = []
    avoid = [False] * len(free)
    if even:
        sockets = len(free)
        for s, cores in enumerate(free):
            share = cpus // sockets + int(s >= sockets - cpus % sockets)
            take = min(share, len(cores))
            taken += cores[:take]
            starts[s] = take
        cpus -= len(taken)  # what a full socket could not take goes to the others in turn
    elif per_socket_tasks is not None:
        share = per_socket_tasks * per_task
        counts = [len(cores) for cores in free]
        total = sum(counts)
        for s in range(len(free)):
            if total <= cpus:
                break
            if counts[s] > share:
                total -= counts[s] - share
                counts[s] = share
        for s in range(len(free)):
            if total <= cpus:
                break
            if counts[s] <= share and total - counts[s] >= cpus:
                avoid[s] = True
                total -= counts[s]
    elif per_task > 1:
        for s, cores in enumerate(free):
            room = len(cores) - len(cores) % per_task
            take = min(room, cpus)
            taken += cores[:take]
            starts[s] = take
            cpus -= take
            if cpus <= 0:
                break
    while cpus > 0:
        before = cpus
        for s, cores in enumerate(free):
            if cpus <= 0:
                break
            if avoid[s] or starts[s] >= len(cores):
                continue
            taken.append(cores[starts[s]])
            starts[s] += 1
            cpus -= 1
        if cpus == before:
            break
    end = max((c for cores in free for c in cores), default=-1) + 1
    return sorted(taken) + list(range(end, end + max(cpus, 0)))


class CoreMap:
    """Every job's cores on every node it holds, replayed from the jobs' start times: the
    jobs of one scheduling pass taken by priority, then job id, and a job's cores freed
    when it ends. Recorded ``cpu_ids`` win."""

    def __init__(self, state: ClusterState, nodes: Collection[str] | None = None) -> None:
        """``nodes``: only those nodes' cores are worked out (every node's by default)."""
        self._state = state
        self._cores: dict[tuple[int, str], list[int]] = {}
        by_node: dict[str, list[tuple[Job, NodeAlloc]]] = {}
        for job in state.jobs.values():
            for alloc in job.alloc:
                if nodes is None or alloc.node in nodes:
                    by_node.setdefault(alloc.node, []).append((job, alloc))
        for node, held in by_node.items():
            self._place(node, held)

    def cores(self, job: Job, node: str) -> list[int]:
        return self._cores.get((job.job_id, node), [])

    def _place(self, node_name: str, held: list[tuple[Job, NodeAlloc]]) -> None:
        node = self._state.nodes.get(node_name)
        per_socket = node.config.cores_per_socket if node else 1 << 30
        sockets = node.config.sockets if node else 1
        held.sort(key=lambda pair: (pair[0].start_time or 0, -pair[0].priority, pair[0].job_id))
        taken: list[tuple[Job, list[int]]] = []
        for job, alloc in held:
            start = job.start_time or 0
            # Jobs that ended before this pass gave their cores back; those of the same
            # pass still hold theirs.
            taken = [
                (other, ids)
                for other, ids in taken
                if not other.state.finished
                or other.end_time is None
                or other.end_time > start
                or other.start_time == start
            ]
            if alloc.cpu_ids:
                ids = list(alloc.cpu_ids)
            else:
                busy = {i for _, ids in taken for i in ids}
                free = [
                    [i for i in range(s * per_socket, (s + 1) * per_socket) if i not in busy]
                    for s in range(sockets)
                ]
                request = job.request
                tasks = request.shown_value("ntasks-per-socket")
                socket_tasks = int(tasks) if tasks else None
                even = socket_tasks is None and _tasks_settled(request)
                ids = pick(free, alloc.cpus, request.cpus_per_task, socket_tasks, even)
            self._cores[(job.job_id, node_name)] = ids
            taken.append((job, ids))


def _tasks_settled(request: JobRequest) -> bool:
    """Does a GPU job's request settle how many of its tasks each node runs, so that
    cons_tres shares its CPUs out over a node's sockets? With ``--ntasks-per-node``, or
    ``-n`` on one node (``-n 1``, ``-N 1 -n 3``) or one task a node (``-N 2 -n 2``); not
    ``-n 3`` alone, ``-N 2 -n 6`` (packed 5 and 1) nor a job without ``-n`` (the oracle)."""
    if not request.asks_gpus:
        return False
    if request.ntasks_per_node:
        return True
    if not request.ntasks_set:
        return False
    if request.num_tasks == 1:
        return True
    fixed = request.max_nodes is not None and request.max_nodes == request.min_nodes
    return fixed and request.min_nodes in (1, request.num_tasks)
