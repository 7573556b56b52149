"""The environment of one task of a step inside an allocation, as srun and slurmstepd
build it: srun's own environment (which, inside a batch script, already holds the
job's variables), the job's variables when srun was pointed at the job from outside
(``--jobid``), then the step's and the task's."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from slurmsim.execution.environment import (
    DEFAULT_TMPDIR,
    SBATCH_ONLY,
    allocation_environment,
    as_script_had,
    counted,
    exported,
)
from slurmsim.model import distribution
from slurmsim.model.hostlist import compress, sort_hosts
from slurmsim.model.jobs import Job
from slurmsim.model.steps import Step


@dataclass(frozen=True, slots=True)
class StepTask:
    """One task of a step: its rank, its node's index in the step, its rank there."""

    rank: int
    node_index: int
    local_id: int


def step_layout(step: Step) -> list[StepTask]:
    """The step's tasks numbered in blocks: the first node takes the first ranks."""
    tasks: list[StepTask] = []
    for node_index, count in enumerate(step.tasks):
        first = len(tasks)
        tasks += [StepTask(first + local, node_index, local) for local in range(count)]
    return tasks


#: What a batch script's environment has and an srun attaching from outside does not.
_NOT_ATTACHED = (
    "SLURM_JOB_NUM_NODES", "SLURM_JOB_ACCOUNT", "SLURM_JOB_QOS", "SLURM_CLUSTER_NAME",
    *SBATCH_ONLY,
)  # fmt: skip


#: What both the job's variables and srun's own options set: an attaching srun's tasks have
#: srun's (``--ntasks-per-node=3`` kept: 3; dropped or not given: none).
_SRUN_OWN = ("SLURM_NTASKS_PER_NODE",)


def step_base_environment(
    job: Job,
    step: Step,
    srun_env: Mapping[str, str],
    *,
    cluster: str,
    uid: int,
    gid: int,
    def_mem_per_cpu: int | None = None,
    export: str | None = None,
) -> dict[str, str]:
    """What every task of ``step`` shares: srun's environment as its ``--export`` lets it
    through, the job's variables when srun does not run inside the job already, and the
    step's own."""
    srun_env = exported(export, srun_env)
    env = dict(srun_env)
    # (A heterogeneous job's script knows every component by its leader's id.)
    if env.get("SLURM_JOB_ID") != str(job.job_id if job.het is None else job.het.leader):
        env = allocation_environment(
            job,
            cluster=cluster,
            submitted=srun_env,
            uid=uid,
            gid=gid,
            def_mem_per_cpu=def_mem_per_cpu,
        )
        # srun outside the job names it after its command and lists the step's nodes; it
        # knows the job as slurmctld tells an attaching srun, not as sbatch set it up (the
        # oracle: no SLURM_JOB_NUM_NODES, account, QOS or cluster name, the CPUs as a pack
        # group's, none of sbatch's options).
        env["SLURM_JOB_NAME"] = step.name
        env["SLURM_JOB_NODELIST"] = compress(step.nodes)
        env["SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_0"] = env.pop("SLURM_JOB_CPUS_PER_NODE")
        for name in _NOT_ATTACHED:
            env.pop(name, None)
        for name in _SRUN_OWN:  # srun's own option, not the job's (the oracle)
            if name in srun_env:
                env[name] = srun_env[name]
            else:
                env.pop(name, None)
    elif "SLURM_JOB_CPUS_PER_NODE" in env:  # srun in the job tells its tasks this way too
        # (under its offset in a heterogeneous job: the oracle's --het-group=1 step keeps
        # the leader's PACK_GROUP_0)
        group = job.het.offset if job.het is not None else 0
        env[f"SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_{group}"] = env["SLURM_JOB_CPUS_PER_NODE"]
    if job.het is not None and "SLURM_HET_SIZE" in env:
        as_script_had(env)
    nodelist = compress(step.nodes)
    per_node = counted(step.tasks)
    env.pop("ENVIRONMENT", None)  # BATCH belongs to the batch script alone
    env.setdefault("TMPDIR", DEFAULT_TMPDIR)
    env.update(
        {
            "SLURM_STEP_ID": str(step.step_id),
            "SLURM_STEPID": str(step.step_id),
            "SLURM_STEP_NODELIST": nodelist,
            "SLURM_STEP_NUM_NODES": str(len(step.alloc)),
            "SLURM_STEP_NUM_TASKS": str(step.num_tasks),
            "SLURM_STEP_TASKS_PER_NODE": per_node,
            "SLURM_NTASKS": str(step.num_tasks),
            "SLURM_NPROCS": str(step.num_tasks),
            "SLURM_NNODES": str(len(step.alloc)),
            "SLURM_TASKS_PER_NODE": per_node,
            "SLURM_SRUN_COMM_HOST": "127.0.0.1",
            "SLURM_LAUNCH_NODE_IPADDR": "127.0.0.1",
            "SLURM_PRIO_PROCESS": "0",
            "SLURM_UMASK": "0022",
        }
    )
    if job.het is not None and "SLURM_HET_SIZE" in env:
        env.update(het_step_variables([(job, step)]))
    env.update(distribution.environment(step.distribution))
    if step.cpus_per_task != 1:
        env["SLURM_CPUS_PER_TASK"] = str(step.cpus_per_task)
    return env


def task_environment(
    job: Job, step: Step, base: Mapping[str, str], task: StepTask
) -> dict[str, str]:
    """``base`` (see ``step_base_environment``) with what slurmstepd sets for ``task``."""
    share = step.alloc[task.node_index]
    first_rank = sum(step.tasks[: task.node_index])
    job_node = next((a for a in job.alloc if a.node == share.node), share)
    env = dict(base)
    env.update(
        {
            "SLURM_PROCID": str(task.rank),
            "SLURM_LOCALID": str(task.local_id),
            "SLURM_NODEID": str(task.node_index),
            "SLURM_GTIDS": ",".join(
                str(first_rank + i) for i in range(step.tasks[task.node_index])
            ),
            "SLURMD_NODENAME": share.node,
            "SLURM_TOPOLOGY_ADDR": share.node,
            "SLURM_TOPOLOGY_ADDR_PATTERN": "node",
            "SLURM_CPUS_ON_NODE": str(share.cpus),
        }
    )
    inherited = "SLURM_JOB_GPUS" in base  # the batch script's, not an attaching srun's
    for name in ("SLURM_GPUS_ON_NODE", "SLURM_JOB_GPUS", "SLURM_STEP_GPUS", "CUDA_VISIBLE_DEVICES"):
        env.pop(name, None)
    # The step's GPUs when it asked for some, else the job's (the oracle: 1 for --gpus=1
    # in a job of 2 a node, 2 for a step that asked none).
    asked = any(
        "gpu" in (t or "") for t in (step.tres.per_step, step.tres.per_node, step.tres.per_task)
    )
    # Neither asked: the job's, none when they came with --exclusive (the oracle).
    on_node = share.gpus if asked else job_node.gpus if job.request.asks_gpus else ()
    if on_node:
        env["SLURM_GPUS_ON_NODE"] = str(len(on_node))
    if job_node.gpus and inherited:
        env["SLURM_JOB_GPUS"] = ",".join(str(g) for g in job_node.gpus)
    if share.gpus:
        indexes = ",".join(str(g) for g in share.gpus)
        env["SLURM_STEP_GPUS"] = indexes
        env["CUDA_VISIBLE_DEVICES"] = indexes
    return env


def het_step_variables(parts: Sequence[tuple[Job, Step]]) -> dict[str, str]:
    """What the tasks of a heterogeneous job's step see of it, ``parts`` the (component,
    step) pairs it runs over: the step's tasks and nodes counted over all of them, the
    job's nodes as the step's (the oracle: a one-task step in a two-node component sees
    ``SLURM_JOB_NODELIST=dgx1``, one over both components ``dgx[1-3]``) and the CPUs of
    every node of those components. Lists by node follow the nodes' order, not the
    components' (the oracle: ``1(x2),2`` for dgx1 and dgx2 in component 1 and dgx3 in 0)."""
    tasks = {a.node: n for _, step in parts for a, n in zip(step.alloc, step.tasks, strict=True)}
    cpus = {a.node: a.cpus for job, _ in parts for a in job.alloc}
    nodes = sort_hosts(tasks)
    nodelist, per_node, count = compress(nodes), counted(tasks[n] for n in nodes), str(len(nodes))
    return {
        "SLURM_JOB_NODELIST": nodelist,
        "SLURM_NODELIST": nodelist,
        "SLURM_JOB_NUM_NODES": count,
        "SLURM_NNODES": count,
        "SLURM_JOB_CPUS_PER_NODE": counted(cpus[n] for n in sort_hosts(cpus)),
        "SLURM_STEP_NODELIST": nodelist,
        "SLURM_STEP_NUM_NODES": count,
        "SLURM_STEP_NUM_TASKS": str(sum(tasks.values())),
        "SLURM_STEP_TASKS_PER_NODE": per_node,
        "SLURM_TASKS_PER_NODE": per_node,
        "SLURM_NTASKS": str(sum(tasks.values())),
        "SLURM_NPROCS": str(sum(tasks.values())),
        # srun sets these for its tasks once, as the last share has them (the oracle: cyclic
        # for two tasks on one node in the leader, beside two on two nodes in component 1;
        # the name of component 1 for a step over 0 and 1, of 2 over 1 and 2).
        "SLURM_JOB_NAME": parts[-1][0].request.name,
        **distribution.environment(parts[-1][1].distribution),
    }


#: What a step srun runs over parts of a job of one component (``srun A : B`` in it) does
#: not pass on to its tasks from the job's script, where a step of the whole job does
#: (the oracle).
NOT_IN_PARTS = ("SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_0", "SLURM_NODE_ALIASES")


def het_task_variables(
    step: Step, task: StepTask, first_rank: int, first_node: int
) -> dict[str, str]:
    """What ``task`` of a component's share of a step over several components sees as its
    place in the whole step: its share's tasks are ranked from ``first_rank`` and its
    nodes indexed from ``first_node`` (the components in the order of their offsets)."""
    on_node = sum(step.tasks[: task.node_index])
    gtids = ",".join(str(first_rank + on_node + i) for i in range(step.tasks[task.node_index]))
    return {
        "SLURM_PROCID": str(first_rank + task.rank),
        "SLURM_NODEID": str(first_node + task.node_index),
        "SLURM_GTIDS": gtids,
    }
