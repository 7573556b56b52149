"""The environment a batch script runs in, as slurmstepd builds it.

Three layers, later ones winning: what ``--export`` lets through from the submitting
shell (captured by sbatch, including the ``SLURM_SUBMIT_*`` and array-wide variables
sbatch adds itself), then what the job's allocation says (ids, nodes, CPUs, memory,
GPUs), then the per-node values for the first node, where the script runs.
"""

from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass

from slurmsim.model.hostlist import compress
from slurmsim.model.jobs import Job, JobRequest
from slurmsim.model.steps import node_filling_tasks, own_share, runs_as_step_zero
from slurmsim.model.task_hints import HINT_VARIABLES, cpu_freq_shown

#: What slurmstepd gives a batch script or a task whose environment has no TMPDIR (the
#: oracle, with ``--export=NONE`` too; not salloc's command, which it does not start).
DEFAULT_TMPDIR = "/tmp"
#: Variables that ``--export=NONE`` or a list of names still lets through.
_ALWAYS = "SLURM_"


def exported(export: str | None, submitted: Mapping[str, str]) -> dict[str, str]:
    """What ``--export`` passes from the submitting shell's environment ``submitted``.

    ``ALL`` (the default) passes everything; ``NONE`` only ``SLURM_*``; a list
    ``[ALL,]NAME[=value],...`` passes ``SLURM_*`` plus the names (everything when
    ``ALL`` leads it), with ``NAME=value`` setting a value of its own.
    """
    words = [w for w in (export or "ALL").split(",") if w]
    base = {k: v for k, v in submitted.items() if k.startswith(_ALWAYS)}
    if not words or words[0] == "ALL":
        base = dict(submitted)
        words = words[1:]
    elif words == ["NONE"]:
        return base
    for word in words:
        name, sep, value = word.partition("=")
        if sep:
            base[name] = value
        elif name in submitted:
            base[name] = submitted[name]
    return base


def counted(values: Iterable[int]) -> str:
    """Slurm's run-length list: ``72(x2),36``."""
    runs: list[list[int]] = []
    for value in values:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return ",".join(f"{v}(x{n})" if n > 1 else str(v) for v, n in runs)


def tasks_per_node(job: Job) -> list[int]:
    """Tasks on each allocated node: ``--ntasks-per-node``; else as many as each node's
    CPUs hold when they are the tasks' (the allocation packs them onto the first nodes:
    ``-N 2 -n 4`` runs 3 and 1); else (a whole node, -O) spread in blocks with the
    remainder on the first nodes."""
    nodes = max(len(job.alloc), 1)
    request = job.request
    if request.ntasks_per_node is not None:
        return [request.ntasks_per_node] * nodes
    if request.gpu_tasks is not None:  # --ntasks-per-gpu: as many on each node's GPUs
        base, extra = divmod(request.gpu_tasks, nodes)
        return [base + (1 if i < extra else 0) for i in range(nodes)]
    cpt = max(request.cpus_per_task, 1)
    held = [a.cpus // cpt for a in job.alloc]
    whole = request.exclusive or request.overcommit
    # Without -n a job has as many as the CPUs hold (sbatch --cpus-per-gpu=4 -G 3: 12); srun
    # runs its own count, one a node (the oracle: srun --cpus-per-gpu=4 -G 1 runs one task).
    own = runs_as_step_zero(job)
    counted = request.ntasks_set or own
    if not whole and (not counted or sum(held) == request.num_tasks):
        return held
    filling = node_filling_tasks(job)
    if filling is not None:
        return filling
    base, extra = divmod(max(request.num_tasks, 1), nodes)
    return [base + (1 if i < extra else 0) for i in range(nodes)]


def _job_tasks_per_node(job: Job) -> list[int]:
    """``SLURM_TASKS_PER_NODE`` of the job: ``tasks_per_node``, but a whole node given no
    task count has as many as its CPUs hold (the oracle: 112 for ``--exclusive -N1``)."""
    request = job.request
    if request.exclusive and not request.ntasks_set and not request.overcommit:
        cpt = max(request.cpus_per_task, 1)
        if request.ntasks_per_node is None and request.gpu_tasks is None:
            return [a.cpus // cpt for a in job.alloc]
    return tasks_per_node(job)


def batch_environment(
    job: Job,
    *,
    cluster: str,
    submitted: Mapping[str, str],
    uid: int,
    gid: int,
    def_mem_per_cpu: int | None = None,
) -> dict[str, str]:
    """Everything the batch script of running ``job`` sees in its environment
    (``def_mem_per_cpu``: the cluster's DefMemPerCPU, which a job that asks for no
    memory gets)."""
    request = job.request
    env = exported(request.export, submitted)
    if request.export not in (None, "ALL"):
        env["SLURM_EXPORT_ENV"] = request.export or ""
        if request.batch and (request.export or "").split(",")[0].upper() == "NONE":
            env["SLURM_GET_USER_ENV"] = "1"  # --export=NONE implies --get-user-env
    env.update(_job_variables(job, cluster, uid, gid))
    env.update(_memory(job, def_mem_per_cpu))
    env.update(_first_node_variables(job))
    if request.batch:
        env.setdefault("TMPDIR", DEFAULT_TMPDIR)
    return env


#: What a heterogeneous job's script is told of each component, suffixed with its offset
#: (``SLURM_JOB_NODELIST_HET_GROUP_1``), and again under the old ``PACK`` name (the
#: oracle); a component's variable is there only when its own environment has it.
_HET_GROUP_VARIABLES = (
    "SLURM_JOB_ACCOUNT", "SLURM_JOB_CPUS_PER_NODE", "SLURM_JOB_ID", "SLURM_JOB_NAME",
    "SLURM_JOB_NODELIST", "SLURM_JOB_NUM_NODES", "SLURM_JOB_PARTITION", "SLURM_JOB_QOS",
    "SLURM_TASKS_PER_NODE", "SLURM_CPUS_PER_TASK", "SLURM_MEM_PER_CPU", "SLURM_MEM_PER_NODE",
    "SLURM_MEM_PER_GPU", "SLURM_NPROCS", "SLURM_NTASKS", "SLURM_NTASKS_PER_NODE",
    "SLURM_GPUS", "SLURM_GPUS_PER_NODE", "SLURM_GPUS_PER_TASK", "SLURM_CPUS_PER_GPU",
    "SLURM_GPU_BIND", "SLURM_NTASKS_PER_GPU",
)  # fmt: skip
#: The variables sbatch sets from a component's options: a heterogeneous job's script
#: has them only suffixed, its leader's too (the oracle: ``SLURM_CPUS_PER_TASK_HET_GROUP_0``
#: and no ``SLURM_CPUS_PER_TASK``); the controller's (``SLURM_MEM_PER_CPU``) stay.
_OPTION_VARIABLES = frozenset(
    {
        "SLURM_CPUS_PER_TASK", "SLURM_MEM_PER_GPU", "SLURM_NTASKS_PER_NODE", "SLURM_GPUS",
        "SLURM_GPUS_PER_NODE", "SLURM_GPUS_PER_TASK", "SLURM_CPUS_PER_GPU", "SLURM_GPU_BIND",
        "SLURM_NTASKS_PER_GPU",
    }
)  # fmt: skip


def het_environment(own: Mapping[str, str], components: list[Mapping[str, str]]) -> dict[str, str]:
    """The environment of a heterogeneous job's script, from its leader's own (``own``)
    and each component's batch environment in offset order."""
    size = str(len(components))
    env = {k: v for k, v in own.items() if k not in _OPTION_VARIABLES}
    env |= {"SLURM_HET_SIZE": size, "SLURM_PACK_SIZE": size}
    for offset, theirs in enumerate(components):
        for name in _HET_GROUP_VARIABLES:
            if name in theirs:
                env[f"{name}_HET_GROUP_{offset}"] = theirs[name]
                env[f"{name}_PACK_GROUP_{offset}"] = theirs[name]
    return env


#: The plain names that repeat another (``SLURM_JOBID`` is ``SLURM_JOB_ID``).
_ALIASES = {
    "SLURM_NODELIST": "SLURM_JOB_NODELIST",
    "SLURM_NNODES": "SLURM_JOB_NUM_NODES",
}


#: What the tasks of a heterogeneous job's steps see as the leader's script had it,
#: whichever component they run in (the oracle: a ``--het-group=1`` step's tasks see the
#: leader's ``SLURM_MEM_PER_NODE`` and none of component 1's options made plain).
_AS_SCRIPT_HAD = {"SLURM_MEM_PER_CPU", "SLURM_MEM_PER_NODE", "SLURM_MEM_PER_GPU"}


def in_het_group(env: MutableMapping[str, str], group: str) -> int | None:
    """``srun --het-group=K`` in a heterogeneous job's script: component K's job id, with
    ``env`` made that component's, its suffixed variables the plain ones, for srun to
    read its step from (the job id stays the leader's, as the step's tasks see it;
    ``as_script_had``). None, ``env`` unchanged, when K is not one component of the job
    ``env`` describes."""
    suffix = f"_HET_GROUP_{group}"
    own = env.get(f"SLURM_JOB_ID{suffix}")
    if not group.isdigit() or own is None:
        return None
    for name in _HET_GROUP_VARIABLES:
        if name == "SLURM_JOB_ID":
            continue
        if name + suffix in env:
            env[name] = env[name + suffix]
        else:
            env.pop(name, None)  # the leader's, not this component's
    for alias, name in _ALIASES.items():
        if name in env:
            env[alias] = env[name]
    return int(own)


def as_script_had(env: MutableMapping[str, str]) -> None:
    """The memory and option variables of a heterogeneous job's step's tasks, put back as
    the leader's script had them (``in_het_group`` made them a component's for srun)."""
    for name in _OPTION_VARIABLES:
        env.pop(name, None)
    for name in _AS_SCRIPT_HAD:
        if (leader := env.get(f"{name}_HET_GROUP_0")) is not None:
            env[name] = leader
        else:
            env.pop(name, None)


def _job_variables(job: Job, cluster: str, uid: int, gid: int) -> dict[str, str]:
    request = job.request
    nodelist = compress(job.nodes)
    env = {
        "SLURM_JOB_ID": str(job.job_id),
        "SLURM_JOBID": str(job.job_id),
        "SLURM_JOB_NAME": request.name,
        "SLURM_JOB_NODELIST": nodelist,
        "SLURM_NODELIST": nodelist,
        "SLURM_JOB_NUM_NODES": str(len(job.alloc)),
        "SLURM_NNODES": str(len(job.alloc)),
        "SLURM_JOB_CPUS_PER_NODE": counted(a.cpus for a in job.alloc),
        "SLURM_TASKS_PER_NODE": counted(_job_tasks_per_node(job)),
        "SLURM_JOB_PARTITION": request.partition,
        "SLURM_JOB_ACCOUNT": request.account,
        "SLURM_JOB_QOS": request.qos,
        "SLURM_JOB_USER": request.user,
        "SLURM_JOB_UID": str(uid),
        "SLURM_JOB_GID": str(gid),
        "SLURM_CLUSTER_NAME": cluster,
        "SLURM_NODE_ALIASES": "(null)",  # no cloud nodes
        "SLURM_NODEID": "0",
        "SLURM_PROCID": "0",
        "SLURM_LOCALID": "0",
        "SLURM_GTIDS": "0",
        "ENVIRONMENT": "BATCH",
    }
    told = request.ntasks_set or request.gpu_tasks is not None  # -n, or the GPUs' tasks
    if told or request.ntasks_per_node is not None:
        tasks = request.shown_tasks if told else sum(tasks_per_node(job))
        env["SLURM_NTASKS"] = env["SLURM_NPROCS"] = str(tasks)
    if request.ntasks_per_node is not None:
        env["SLURM_NTASKS_PER_NODE"] = str(request.ntasks_per_node)
    # -c's, not the CPUs per task --cpus-per-gpu sets (which rules -c out; the oracle).
    if request.cpus_per_task != 1 and request.shown_value("cpus-per-gpu") is None:
        env["SLURM_CPUS_PER_TASK"] = str(request.cpus_per_task)
    for option, name in _GPU_VARIABLES:
        if (typed := request.shown_value(option)) is not None:
            env[name] = typed  # as typed: h100:2 (not from --gres; the oracle)
    env.update(_task_layout(request))
    if request.reservation:
        env["SLURM_JOB_RESERVATION"] = request.reservation
    if job.array_job_id is not None and job.array_task_id is not None:
        env["SLURM_ARRAY_JOB_ID"] = str(job.array_job_id)
        env["SLURM_ARRAY_TASK_ID"] = str(job.array_task_id)
    if job.restarts:
        env["SLURM_RESTART_COUNT"] = str(job.restarts)
    return env


#: The GPU options the job's environment repeats as typed (srun's steps read them back).
_GPU_VARIABLES = (
    ("gpus", "SLURM_GPUS"),
    ("gpus-per-node", "SLURM_GPUS_PER_NODE"),
    ("gpus-per-task", "SLURM_GPUS_PER_TASK"),
    ("cpus-per-gpu", "SLURM_CPUS_PER_GPU"),
    ("gpu-bind", "SLURM_GPU_BIND"),
    ("ntasks-per-gpu", "SLURM_NTASKS_PER_GPU"),
    ("distribution", "SLURM_DISTRIBUTION"),
)


#: Task layout options a batch job's environment repeats, as given (the oracle).
_LAYOUT_VARIABLES = (
    ("ntasks-per-core", "SLURM_NTASKS_PER_CORE"),
    ("ntasks-per-socket", "SLURM_NTASKS_PER_SOCKET"),
    ("threads-per-core", "SLURM_THREADS_PER_CORE"),
)


def _task_layout(request: JobRequest) -> dict[str, str]:
    """What a batch job's environment says of its tasks' layout and binding: the layout
    options, ``--hint`` and the count it stands for, ``--mem-bind`` as given with its
    verbosity, ``--cpu-freq`` as srun words it, ``--profile``, a plane distribution and
    ``--overcommit`` (the oracle: ``SLURM_HINT=nomultithread``
    and ``SLURM_THREADS_PER_CORE=1``, ``SLURM_MEM_BIND=local``, ``SLURM_CPU_FREQ_REQ=High``)."""
    env: dict[str, str] = {}
    for option, name in _LAYOUT_VARIABLES:
        if (value := request.shown_value(option)) is not None:
            env[name] = value
    if (hint := request.shown_value("hint")) is not None:  # one in force (cli.sbatch)
        env["SLURM_HINT"] = hint
        if (implied := HINT_VARIABLES.get(hint.lower())) is not None:
            env.setdefault(implied[1], implied[2])
    if (bind := request.shown_value("mem-bind")) is not None:
        env["SLURM_MEM_BIND"] = bind
        words = bind.lower().split(",")
        env["SLURM_MEM_BIND_VERBOSE"] = "verbose" if {"v", "verbose"} & set(words) else "quiet"
    if (freq := request.shown_value("cpu-freq")) is not None:
        env["SLURM_CPU_FREQ_REQ"] = cpu_freq_shown(freq)
    if (profile := request.shown_value("profile")) is not None:
        env["SLURM_PROFILE"] = _profile_shown(profile)
    distribution = request.shown_value("distribution") or ""
    if distribution.lower().startswith("plane="):  # the oracle: plane and its size apart
        env["SLURM_DISTRIBUTION"] = "plane"
        env["SLURM_DIST_PLANESIZE"] = distribution.split("=", 1)[1]
    if request.overcommit:
        env["SLURM_OVERCOMMIT"] = "1"
    return env


#: ``--profile``'s kinds of data, in the order Slurm names them.
_PROFILES = ("Energy", "Lustre", "Network", "Task")


def _profile_shown(value: str) -> str:
    """``--profile`` as a batch job sees it: its kinds in Slurm's order, ``all`` each of
    them, ``none`` alone (the oracle: ``task,energy`` is ``Energy,Task``)."""
    words = value.lower().split(",")
    if "none" in words:
        return "None"
    return ",".join(p for p in _PROFILES if "all" in words or p.lower() in words)


def _memory(job: Job, def_mem_per_cpu: int | None) -> dict[str, str]:
    """The memory option the job had, as srun reads it back in its steps (so a step asks
    for the same memory: the oracle's default job had SLURM_MEM_PER_CPU=16384)."""
    request = job.request
    if request.mem_per_node == 0:
        return {}  # --mem=0: none (the oracle), and a step takes the job's memory whole
    if request.mem_per_cpu is not None:
        return {"SLURM_MEM_PER_CPU": str(request.mem_per_cpu)}
    if request.mem_per_gpu is not None:
        return {"SLURM_MEM_PER_GPU": str(request.mem_per_gpu)}
    if request.mem_per_node:
        return {"SLURM_MEM_PER_NODE": str(request.mem_per_node)}
    if def_mem_per_cpu:
        return {"SLURM_MEM_PER_CPU": str(def_mem_per_cpu)}
    first = job.alloc[0].mem if job.alloc else 0
    return {"SLURM_MEM_PER_NODE": str(first)}


def _first_node_variables(job: Job) -> dict[str, str]:
    """The script runs on the first allocated node: its name, CPUs and GPUs."""
    if not job.alloc:
        return {}
    first = job.alloc[0]
    env = {
        "SLURMD_NODENAME": first.node,
        "HOSTNAME": first.node,
        "SLURM_TOPOLOGY_ADDR": first.node,
        "SLURM_TOPOLOGY_ADDR_PATTERN": "node",
        "SLURM_CPUS_ON_NODE": str(first.cpus),
    }
    if first.gpus:
        indexes = ",".join(str(g) for g in first.gpus)
        env["SLURM_GPUS_ON_NODE"] = str(len(first.gpus))
        env["SLURM_JOB_GPUS"] = indexes
        env["CUDA_VISIBLE_DEVICES"] = indexes
    return env


#: Set for a batch script's single task only; an allocation's shell has no task.
_TASK_ONLY = (
    "SLURM_NODEID", "SLURM_PROCID", "SLURM_LOCALID", "SLURM_GTIDS", "ENVIRONMENT",
    "SLURMD_NODENAME", "HOSTNAME", "SLURM_CPUS_ON_NODE", "SLURM_GPUS_ON_NODE", "SLURM_JOB_GPUS",
    "CUDA_VISIBLE_DEVICES", "SLURM_TOPOLOGY_ADDR", "SLURM_TOPOLOGY_ADDR_PATTERN",
)  # fmt: skip


def allocation_environment(
    job: Job,
    *,
    cluster: str,
    submitted: Mapping[str, str],
    uid: int,
    gid: int,
    def_mem_per_cpu: int | None = None,
) -> dict[str, str]:
    """What salloc's shell (or command) sees: the job's variables, none of a task's."""
    env = batch_environment(
        job,
        cluster=cluster,
        submitted=submitted,
        uid=uid,
        gid=gid,
        def_mem_per_cpu=def_mem_per_cpu,
    )
    for name in _TASK_ONLY:
        if name in submitted:
            env[name] = submitted[name]
        else:
            env.pop(name, None)
    return env


#: What a batch job's environment has of sbatch's options, for its sruns to read back, and
#: of its launch (``SLURM_NODE_ALIASES``); srun keeps its options to itself, so the job it
#: makes for itself has none of them (the oracle).
SBATCH_ONLY = (
    "SLURM_MEM_PER_CPU", "SLURM_MEM_PER_GPU", "SLURM_MEM_PER_NODE", "SLURM_GPUS",
    "SLURM_GPUS_PER_NODE", "SLURM_GPUS_PER_TASK", "SLURM_CPUS_PER_GPU", "SLURM_GPU_BIND",
    "SLURM_NTASKS_PER_GPU", "SLURM_JOB_GPUS", "SLURM_NODE_ALIASES",
)  # fmt: skip


def srun_job_environment(
    job: Job,
    *,
    cluster: str,
    submitted: Mapping[str, str],
    uid: int,
    gid: int,
    launcher: Mapping[str, str],
) -> dict[str, str]:
    """What the tasks of the job srun makes for itself share: the job's variables, none of
    sbatch's, and what srun says of itself (``launcher_variables``). Two oddities are the
    oracle's: a memory option sets ``SLURM_DISTRIBUTION``, and ``--gpus-per-task``
    binds each task's GPUs (``SLURMD_TRES_BIND=gpu:per_task:N``)."""
    env = batch_environment(job, cluster=cluster, submitted=submitted, uid=uid, gid=gid)
    for name in SBATCH_ONLY:
        env.pop(name, None)
    request = job.request
    for name in _task_layout(request):  # sbatch's words for them: srun's own stand
        env.pop(name, None)
        if name in submitted and name not in SBATCH_ONLY:
            env[name] = submitted[name]
    if request.mem_per_cpu is not None or request.mem_per_node is not None:
        # The layout's own: a task a node is cyclic, more on one node block (the oracle:
        # -n 1 and -N 2 -n 2 show cyclic, -n 2 on one node block).
        crowded = max(tasks_per_node(job), default=1) > 1
        env.setdefault("SLURM_DISTRIBUTION", "block" if crowded else "cyclic")
    if request.gpus_per_task is not None:
        # --gpu-bind's own binding replaces it (the oracle: gpu:closest); without GPUs a
        # task, srun binds none.
        bound = request.shown_value("gpu-bind")
        per_task = f"per_task:{request.gpus_per_task.count}"
        env["SLURMD_TRES_BIND"] = f"gpu:{bound or per_task}"
    env.update(launcher)
    env.setdefault("TMPDIR", DEFAULT_TMPDIR)
    return env


def launcher_variables(*, cwd: str, host: str, nice: int, umask: int) -> dict[str, str]:
    """What srun tells the tasks it launches of itself: where it was started, its nice
    value and its umask, and where it listens (no port: nothing here listens)."""
    return {
        "SLURM_SUBMIT_DIR": cwd,
        "SLURM_SUBMIT_HOST": host,
        "SLURM_PRIO_PROCESS": str(nice),
        "SLURM_UMASK": f"{umask:04o}",
        "SLURM_SRUN_COMM_HOST": "127.0.0.1",
        "SLURM_LAUNCH_NODE_IPADDR": "127.0.0.1",
    }


@dataclass(frozen=True)
class Task:
    """One task of a step: its global rank, its node's index and its rank on that node."""

    rank: int
    node_index: int
    local_id: int


def step_tasks(job: Job) -> list[Task]:
    """The tasks of a step over the whole allocation, in blocks: node 0 takes the first
    ranks, node 1 the next ones, ..."""
    tasks: list[Task] = []
    for node_index, count in enumerate(tasks_per_node(job)):
        first = len(tasks)
        tasks += [Task(first + local, node_index, local) for local in range(count)]
    return tasks


def task_environment(
    job: Job, job_env: Mapping[str, str], task: Task, step_id: int
) -> dict[str, str]:
    """``job_env`` (the allocation's) with what srun and slurmstepd add for one task. Its
    CPUs and GPUs are its step's: under ``--exclusive`` the job holds the whole node, the
    step only what was asked (the oracle: ``SLURM_CPUS_ON_NODE=1``, no GPUs, for ``-n1``)."""
    per_node = tasks_per_node(job)
    node = job.alloc[task.node_index]
    request = job.request
    share = own_share(request, node, per_node, task.node_index)
    cpus, gpus = share.cpus, share.gpus
    nodelist = compress(job.nodes)
    first_rank = sum(per_node[: task.node_index])
    env = {k: v for k, v in job_env.items() if k != "ENVIRONMENT"}
    env.update(
        {
            "SLURM_STEP_ID": str(step_id),
            "SLURM_STEPID": str(step_id),
            "SLURM_STEP_NODELIST": nodelist,
            "SLURM_STEP_NUM_NODES": str(len(job.alloc)),
            "SLURM_STEP_NUM_TASKS": str(len(step_tasks(job))),
            "SLURM_STEP_TASKS_PER_NODE": counted(per_node),
            "SLURM_NTASKS": str(sum(per_node)),
            "SLURM_NPROCS": str(sum(per_node)),
            "SLURM_NNODES": str(len(job.alloc)),
            "SLURM_NODELIST": nodelist,
            "SLURM_TASKS_PER_NODE": counted(per_node),
            "SLURM_PROCID": str(task.rank),
            "SLURM_LOCALID": str(task.local_id),
            "SLURM_NODEID": str(task.node_index),
            "SLURM_GTIDS": ",".join(str(first_rank + i) for i in range(per_node[task.node_index])),
            "SLURMD_NODENAME": node.node,
            "SLURM_TOPOLOGY_ADDR": node.node,
            "SLURM_TOPOLOGY_ADDR_PATTERN": "node",
            "SLURM_CPUS_ON_NODE": str(cpus),
        }
    )
    for name in ("SLURM_GPUS_ON_NODE", "CUDA_VISIBLE_DEVICES"):
        env.pop(name, None)
    if gpus:
        env["SLURM_GPUS_ON_NODE"] = str(len(gpus))
        env["CUDA_VISIBLE_DEVICES"] = ",".join(str(g) for g in gpus)
    return env
