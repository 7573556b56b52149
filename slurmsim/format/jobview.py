"""What squeue and scontrol derive from a job record before printing it.

Array jobs: the record whose ``array_task_id`` is None is the meta record that
still holds the pending tasks (``234_[2-3%2]``); every split-off task is a
record of its own (``234_0``, with a job id of its own).
"""

from collections.abc import Iterable
from itertools import pairwise

from slurmsim.format.hostlist import compress, format_ranges
from slurmsim.format.units import format_mem
from slurmsim.model.cluster import ClusterConfig, ClusterState
from slurmsim.model.jobs import ARRAY_EMPTIED, TRES_GPUS, Hold, Job, JobRequest, JobState
from slurmsim.model.time import Instant

#: What ``%a`` expands to for a job that is not an array task (Slurm's NO_VAL - 1).
NO_TASK = 4294967294

#: States whose %R shows "(reason)" instead of the node list.
_REASON_STATES = frozenset(
    {
        JobState.PENDING,
        JobState.TIMEOUT,
        JobState.OUT_OF_MEMORY,
        JobState.DEADLINE,
        JobState.FAILED,
    }
)


def is_array_meta(job: Job) -> bool:
    """True for the record that stands for an array's not-yet-split tasks."""
    return job.array_job_id is not None and job.array_task_id is None


def array_task_text(job: Job) -> str:
    """``ArrayTaskId=`` / ``%K``: ``2-3%2`` for the meta record, ``1`` for a task, else ``N/A``
    (also for a meta record whose pending tasks were all cancelled)."""
    if job.array_task_id is not None:
        return str(job.array_task_id)
    if job.array_job_id is None or not job.array_tasks:
        return "N/A"
    return _meta_tasks(job, job.array_tasks)


def recorded_task_text(job: Job) -> str:
    """The meta record's tasks as slurmdbd keeps them: those it had when its last pending
    ones were cancelled, if they were."""
    if is_emptied(job):
        return _meta_tasks(job, tuple(map(int, job.extra[ARRAY_EMPTIED].split(","))))
    return array_task_text(job)


def is_emptied(job: Job) -> bool:
    """A meta record whose pending tasks were all cancelled: Slurm names it by the bare array
    id, with no task."""
    return is_array_meta(job) and not job.array_tasks and ARRAY_EMPTIED in job.extra


def _meta_tasks(job: Job, tasks: tuple[int, ...]) -> str:
    throttle = f"%{job.array_throttle}" if job.array_throttle else ""
    return _task_ranges(tasks) + throttle


def _task_ranges(tasks: tuple[int, ...]) -> str:
    """``0-3``, ``1,3,5,7``; six or more tasks evenly spaced (and nothing else) more than
    ten apart from first to last are a stride, ``1-91:10``, as slurmctld writes them (the
    oracle, golden ``arraysteps/``: 1,4,...,16 is ``1-16:3`` and 0,2,...,12 ``0-12:2``, but
    0,2,...,10 and 0,5,...,20 are lists)."""
    steps = {b - a for a, b in pairwise(tasks)}
    if (
        len(tasks) >= 6
        and tasks[-1] - tasks[0] > 10
        and len(steps) == 1
        and (step := steps.pop()) > 1
    ):
        return f"{tasks[0]}-{tasks[-1]}:{step}"
    return format_ranges(tasks)


def job_id_text(job: Job, task: int | None = None) -> str:
    """squeue's JOBID: ``233``, ``234_0``, ``234_[2-3%2]``, ``235+1`` (a heterogeneous job's
    component); ``task`` picks one pending task."""
    if job.array_job_id is None:
        het = job.het
        return str(job.job_id) if het is None else f"{het.leader}+{het.offset}"
    if task is not None:
        return f"{job.array_job_id}_{task}"
    if job.array_task_id is not None:
        return f"{job.array_job_id}_{job.array_task_id}"
    if is_emptied(job):
        return str(job.array_job_id)
    return f"{job.array_job_id}_[{array_task_text(job)}]"


def het_id_set(job: Job) -> str:
    """``HetJobIdSet``: the components' ids as a range (``235-236``)."""
    het = job.het
    assert het is not None
    ids = het.ids
    return str(ids[0]) if len(ids) == 1 else f"{ids[0]}-{ids[-1]}"


def reason_text(job: Job) -> str:
    """The reason as printed: the free-text description when there is one, else the code."""
    return job.state_desc or job.reason


def node_list(job: Job) -> str:
    """The job's allocated nodes, sorted and compressed (empty when it never ran)."""
    return compress(job.nodes)


def reason_list(job: Job) -> str:
    """squeue ``%R``: ``(Priority)`` for a waiting or failed job, else its node list."""
    if job.state in _REASON_STATES:
        return f"({reason_text(job)})"
    return node_list(job)


def time_used(job: Job, now: Instant) -> int:
    """Seconds the job has run (pending: 0; suspended: frozen at the suspension)."""
    return job.run_seconds(now)


def time_left(job: Job, now: Instant) -> int | None:
    """Limit minus time used; None without a limit."""
    if job.time_limit is None:
        return None
    return max(job.time_limit - time_used(job, now), 0)


def end_time(job: Job) -> Instant | None:
    """The end (or, while planned or running, the expected end); None when unknown."""
    if job.end_time is not None:
        return job.end_time
    if job.start_time is not None and job.time_limit is not None:
        return Instant(job.start_time + job.time_limit)
    return None


def node_count(job: Job) -> int:
    """Allocated nodes, or the minimum asked for while none are allocated."""
    return len(job.alloc) if job.alloc else job.request.min_nodes


def requested_cpus(request: JobRequest) -> int:
    return request.asked_cpus


def cpu_count(job: Job) -> int:
    """Allocated CPUs, or the CPUs asked for while none are allocated."""
    return job.num_cpus if job.alloc else requested_cpus(job.request)


def mem_per_cpu(request: JobRequest, config: ClusterConfig) -> int | None:
    """The per-CPU memory in force: asked for, or DefMemPerCPU when nothing else was."""
    if request.mem_per_cpu is not None:
        return request.mem_per_cpu
    if request.mem_per_node is None and request.mem_per_gpu_in_force is None:
        return config.def_mem_per_cpu
    return None


def min_memory_per_cpu(
    request: JobRequest, config: ClusterConfig, *, allocated: bool = False
) -> int | None:
    """``MinMemoryCPU=`` / ``%m``: the per-CPU memory asked for, else DefMemPerCPU unless a
    per-node amount was asked for. A per-GPU amount shows the default until the job has
    nodes: the controller then clears the per-CPU minimum (``MinMemoryNode=0``), as the
    memory follows the GPUs it was given."""
    if request.mem_per_cpu is not None:
        return request.mem_per_cpu
    if request.mem_per_node is not None or (allocated and request.mem_per_gpu_in_force is not None):
        return None
    return config.def_mem_per_cpu


def min_memory_text(amount: int) -> str:
    """A memory minimum as scontrol and squeue print it: ``16G``; ``0`` (the whole node)."""
    return format_mem(amount) if amount else "0"


def whole_node_memory(state: ClusterState, job: Job) -> int:
    """What ``--mem=0`` asks of each node, in MB: the least any node of the partition has."""
    part = state.partitions.get(job.request.partition)
    names = part.nodes if part is not None else ()
    return min((state.nodes[n].config.real_memory for n in names if n in state.nodes), default=0)


def pending_node_count(job: Job, state: ClusterState) -> int:
    """The node count the controller shows for a job that has not run: its guess from a
    test placement on idle nodes (``Job.node_guess``) where it made one; else worked out
    from the request as slurmctld 22.05 does (a held job: ``-n 5 --ntasks-per-node=2``
    shows 2, ``-n 1 -c 8`` 2, ``NumTasks=1000`` 9). squeue prints this; scontrol caps it
    at the maximum asked for. A job put aside as BadConstraints shows the count asked for
    (the oracle: ``-N 2 --ntasks-per-node=113`` shows 2)."""
    request = job.request
    if job.hold is Hold.BAD_CONSTRAINTS:
        return request.implied_nodes
    if request.max_nodes == 0:  # -N 0: the oracle shows NumNodes=0 (and TRES=(null))
        return 0
    if job.node_guess is not None:
        return job.node_guess
    part = state.partitions.get(request.partition)
    names = part.nodes if part is not None else ()
    widest = max((state.nodes[n].config.cpus for n in names if n in state.nodes), default=1)
    return counted_nodes(request, widest)


def counted_nodes(request: JobRequest, widest: int) -> int:
    """The node count slurmctld works out for a job it has no guess for, from its tasks
    and the most CPUs a node of its partition has: at ``--ntasks-per-node`` (rounded
    down), at as many whole tasks of ``-c`` as such a node holds (and one more whenever
    some are left over, even below ``-N``'s count: ``-n 1 -c 8`` shows 2), or at a CPU a
    task; never fewer than ``-N``'s. Tasks only count when asked for (``-n``, per node, or
    ``--ntasks-per-gpu``'s)."""
    tasks = request.gpu_tasks or (
        request.num_tasks if request.ntasks_set or request.ntasks_per_node else 0
    )
    least = max(request.min_nodes, 1)
    cpt = request.cpus_per_task
    if request.ntasks_per_node:
        return max(tasks // request.ntasks_per_node, least)
    if cpt > 1:
        per_node = max(widest // cpt, 1)
        return max(tasks // per_node, least) + (1 if tasks % per_node else 0)
    return max(-(-tasks // max(widest, 1)), least)


def task_count(job: Job) -> int:
    """``NumTasks``: the tasks asked for. Once a job holds nodes the controller counts
    them again: ``--ntasks-per-node`` on each node it got, even beside ``-n`` (the oracle:
    ``-N 2 -n 3 --ntasks-per-node=2`` shows 4), and one a node for a job that asked for
    none (``-N 2-3`` shows 2 pending and 3 on three nodes, ``--gpus=12`` 2 on two; those
    of ``--ntasks-per-gpu`` count as asked: ``-N 1 --ntasks-per-gpu=2`` shows 2)."""
    request = job.request
    if job.alloc and request.gpu_tasks is None:
        if request.ntasks_per_node:
            return len(job.alloc) * request.ntasks_per_node
        if not request.ntasks_set and request.shown_value("ntasks-per-gpu") is None:
            return len(job.alloc)
    return request.shown_tasks


def is_unstarted(job: Job) -> bool:
    """A pending job that has never run: its counts are the controller's guesses."""
    return job.state is JobState.PENDING and not job.alloc and job.restarts == 0


def requested_mem(request: JobRequest, config: ClusterConfig) -> int:
    """Total MB asked for across the job."""
    per_cpu = mem_per_cpu(request, config)
    if per_cpu is not None:
        return per_cpu * (request.mem_cpus or requested_cpus(request))
    if request.mem_per_node is not None:
        return request.mem_per_node * request.min_nodes
    if request.mem_per_gpu_in_force is not None:
        return request.mem_per_gpu_in_force * request.requested_gpus
    return 0


def tres_text(parts: list[tuple[str, int]]) -> str:
    """``cpu=2,mem=32G,node=2,billing=2,gres/gpu=16``; zero counts are left out."""
    items = []
    for name, value in parts:
        if value:
            text = format_mem(value) if name == "mem" else str(value)
            items.append(f"{name}={text}")
    return ",".join(items)


def job_tres(job: Job, config: ClusterConfig, whole_node: int = 0) -> str:
    """scontrol's ``TRES=``: what the job holds once allocated, else what it asks for
    (``whole_node``: the MB per node that ``--mem=0`` stands for)."""
    if job.alloc:
        cpus = job.num_cpus
        mem = sum(a.mem for a in job.alloc)
        nodes = len(job.alloc)
        gpus = sum(len(a.gpus) for a in job.alloc)
    else:
        cpus = job.tres_cpus
        mem = requested_mem(job.request, config)
        if job.request.mem_per_node == 0:
            mem = whole_node * job.request.min_nodes
        nodes = job.tres_nodes
        pinned = job.extra.get(TRES_GPUS)
        gpus = int(pinned) if pinned is not None else job.request.requested_gpus
    return tres_text(
        [("cpu", cpus), ("mem", mem), ("node", nodes), ("billing", cpus), ("gres/gpu", gpus)]
    )


def shown_partition(job: Job) -> str:
    """``Partition``: the list a pending job asked for (``-p debug,gpu``, as typed), else
    the partition it runs (or was queued) in."""
    listed = job.request.shown_value("partition")
    return listed if listed is not None and job.state is JobState.PENDING else job.request.partition


def listed_partitions(job: Job) -> list[str]:
    """The partitions a job listed (``-p gpu,debug``, as listed), else its own."""
    listed = job.request.shown_value("partition")
    return [job.request.partition] if listed is None else listed.split(",")


def record_partitions(job: Job) -> list[str]:
    """The partitions of a job's queue records: while pending, each it listed, else the
    one it runs (or was queued) in."""
    return listed_partitions(job) if job.state is JobState.PENDING else [job.request.partition]


def priority_in(state: ClusterState, job: Job, partition: str) -> int:
    """``job``'s priority in its queue record for ``partition``: the one it is queued with,
    its partition factor's term swapped for that partition's (weights are whole numbers,
    so is the swap whenever the PriorityJobFactors divide evenly)."""
    parts, queued = state.partitions, job.request.partition
    if (
        partition == queued
        or job.priority == 0
        or state.config.priority_type != "priority/multifactor"
        or partition not in parts
        or queued not in parts
    ):
        return job.priority
    top = max(p.priority_job_factor for p in parts.values())
    if top <= 0:
        return job.priority
    swap = parts[partition].priority_job_factor - parts[queued].priority_job_factor
    return max(1, int(job.priority + state.config.priority_weights.partition * swap / top))


def shown_priority(state: ClusterState, job: Job) -> int:
    """``Priority``: for a job that listed partitions, slurmctld works it out on a partition
    of its own choosing, which the oracle showed to be its lowest-ranked one, pending or
    running (10626 for jobs ranked 11126 in debug and 10626 in gpu, whichever they listed
    first and wherever they ran: golden partitions/)."""
    names = listed_partitions(job)
    if len(names) == 1:
        return job.priority
    return min(priority_in(state, job, name) for name in names)


def expand_path(job: Job, pattern: str, task: int | None = None) -> str:
    """An output-file pattern as scontrol shows it: ``%A %a %j %u %x`` expanded, under WorkDir."""
    request = job.request
    array_id = job.array_job_id if job.array_job_id is not None else job.job_id
    if task is None:
        task = job.array_task_id if job.array_task_id is not None else NO_TASK
    codes = {
        "A": str(array_id),
        "a": str(task),
        "j": str(job.job_id),
        "u": request.user,
        "x": request.name,
        "%": "%",
    }
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "%" and i + 1 < len(pattern) and pattern[i + 1] in codes:
            out.append(codes[pattern[i + 1]])
            i += 2
            continue
        out.append(char)
        i += 1
    path = "".join(out)
    if not path.startswith("/"):
        path = f"{request.work_dir}/{path}"
    return path


def std_out(job: Job, task: int | None = None) -> str:
    default = "slurm-%A_%a.out" if job.array_job_id is not None else "slurm-%j.out"
    return expand_path(job, job.request.std_out or default, task)


def std_err(job: Job, task: int | None = None) -> str:
    if job.request.std_err is None:
        return std_out(job, task)
    return expand_path(job, job.request.std_err, task)


def oversubscribe(request: JobRequest) -> str:
    """``OverSubscribe=`` / ``%h``: NO for --exclusive, USER or MCS for its variants,
    YES for --oversubscribe, else OK."""
    exclusive = request.shown_value("exclusive")
    if exclusive in ("user", "mcs"):
        return exclusive.upper()
    if request.exclusive:
        return "NO"
    return "YES" if request.shown_value("oversubscribe") is not None else "OK"


def sockets_cores_threads(request: JobRequest) -> tuple[str, str, str]:
    """Sockets per node, cores per socket and threads per core asked for (``*``: any),
    with what --hint asks for among them (``cli.sbatch._hinted``)."""
    return (
        request.shown_value("sockets-per-node") or "*",
        request.shown_value("cores-per-socket") or "*",
        request.shown_value("threads-per-core") or "*",
    )


def min_cpus_per_node(request: JobRequest) -> int:
    """``MinCPUsNode=`` / ``%c``: one node's share of the tasks' CPUs, or --mincpus if more."""
    return request.min_cpus_per_node


def min_tmp_disk(request: JobRequest) -> str:
    """``MinTmpDiskNode=`` / ``%d``: --tmp as asked for, ``0`` when not."""
    return min_memory_text(int(request.shown_value("tmp") or 0))


def shown_node_count(job: Job, state: ClusterState) -> int:
    """squeue's node count: the controller's guess, uncapped, while a job has not run."""
    return pending_node_count(job, state) if is_unstarted(job) else node_count(job)


def raw_path(job: Job, pattern: str | None) -> str:
    """An output file as squeue shows it: a given pattern unexpanded, under WorkDir; the
    default name expanded."""
    if pattern is None:
        return std_out(job)
    if pattern.startswith("/"):
        return pattern
    return f"{job.request.work_dir}/{pattern}"


def list_order(jobs: Iterable[Job]) -> list[Job]:
    """``jobs`` in slurmctld's job list order: creation order, but when a task leaves an
    array's pending record, that record becomes the task (with a new job id) and a copy
    of it, under the array's id, is appended at the end of the list."""
    records = list(jobs)
    place: dict[int, float] = {}
    arrays: dict[int, list[Job]] = {}
    for job in records:
        if job.array_job_id is None:
            place[job.job_id] = job.job_id
        else:
            arrays.setdefault(job.array_job_id, []).append(job)
    for array_id, members in arrays.items():
        previous: float = array_id
        for task in sorted((j for j in members if j.job_id != array_id), key=lambda j: j.job_id):
            place[task.job_id] = previous
            previous = task.job_id + 0.5
        place[array_id] = previous
    return sorted(records, key=lambda j: (place[j.job_id], j.job_id))


def power(request: JobRequest) -> str:
    """``Power=``: ``--power``'s flags Slurm knows (only ``level``; the others were warned
    about at submission)."""
    words = (request.shown_value("power") or "").split(",")
    return "LEVEL" if any(w.lower() == "level" for w in words) else ""
