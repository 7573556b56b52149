"""``scontrol show step``: the running steps of running jobs, Slurm 22.05's bytes.

A batch job has its ``batch`` step on the first of its nodes while it runs, and an
interactive allocation made by ``srun`` its step ``0`` on every node (both derived
from the job); the numbered steps srun creates inside a job are kept on it
(``slurmsim.model.steps``) and shown while they run.
"""

from slurmsim.format import jobview as jv
from slurmsim.format.hostlist import compress
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import format_instant
from slurmsim.model import distribution
from slurmsim.model.cluster import ClusterState
from slurmsim.model.hetjobs import is_component
from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.steps import (
    SRUN_AT,
    Step,
    ended,
    node_filling_tasks,
    own_share,
    own_step_distribution,
    runs_as_step_zero,
    steps_of,
)
from slurmsim.model.time import Instant
from slurmsim.model.tres_specs import StepTres, own_step_tres

_LIVE = (JobState.RUNNING, JobState.SUSPENDED)


def running_steps(job: Job) -> list[Step]:
    """The numbered steps of ``job`` that run now, oldest first."""
    return [s for s in steps_of(job) if ended(s, job).state is JobState.RUNNING]


def step_ids(job: Job) -> list[str]:
    """The steps a running job has now, as slurmctld lists them: ``batch`` (or an
    allocation's ``0``) first, then the numbered steps."""
    if job.state not in _LIVE or not job.alloc:
        return []
    numbered = [s.label for s in running_steps(job)]
    if job.request.batch and not is_component(job):  # (a script runs in the leader alone)
        return ["batch", *numbered]
    if runs_as_step_zero(job) and not steps_of(job):
        return ["0"]
    return numbered


def job_text(job: Job) -> str:
    """The job as a step id starts: ``12`` or an array task's ``10_3``."""
    if job.array_job_id is not None and job.array_task_id is not None:
        return f"{job.array_job_id}_{job.array_task_id}"
    return str(job.job_id)


def _first(job: Job) -> NodeAlloc:
    return min(job.alloc, key=lambda a: (a.node.rstrip("0123456789"), len(a.node), a.node))


def _strtol(text: str) -> int:
    """C's strtol as scontrol reads a step id: the leading digits, 0 without any
    (so ``12.batch`` asks for step 0, oracle: scontrol/014)."""
    digits = text[: len(text) - len(text.lstrip("0123456789"))]
    return int(digits) if digits else 0


def show_step(state: ClusterState, job: Job, step: str, *, oneliner: bool) -> str:
    """One step record; ``-o`` puts it on one line.

    slurmctld reports a batch step with no CPUs and no TRES (oracle: scontrol/013)."""
    real = next((s for s in steps_of(job) if s.label == step), None)
    if real is None and step != "batch":
        real = own_step(job)
    if real is not None:
        return _show_real(state, job, real, oneliner=oneliner)
    user = state.users.get(job.request.user)
    uid = user.uid if user is not None else job.request.uid
    lines = [
        f"StepId={job_text(job)}.batch UserId={uid} "
        f"StartTime={format_instant(job.start_time)} TimeLimit=UNLIMITED",
        f"State={job.state.value} Partition={job.request.partition} NodeList={_first(job).node}",
        "Nodes=1 CPUs=0 Tasks=1 Name=batch Network=(null)",
        "TRES=(null)",
        "ResvPorts=(null)",
        "CPUFreqReq=Default",
        "SrunHost:Pid=(null):0",
    ]
    if oneliner:
        return " ".join(lines) + "\n"
    return "\n   ".join(lines) + "\n\n"


def own_step(job: Job) -> Step:
    """The step ``0`` an interactive srun runs its command as, from its job's start: on all
    the job's nodes, with its tasks; under ``--exclusive`` the node is the job's, the step's
    only the GPUs asked and, when ``-n`` counts them, its tasks' CPUs (the oracle: ``srun
    --exclusive -n2`` holds 2 CPUs, without ``-n`` all 112)."""
    r = job.request
    tasks = node_filling_tasks(job)
    if tasks is None:
        base, extra = divmod(r.num_tasks, max(len(job.alloc), 1))
        tasks = [base + (1 if i < extra else 0) for i in range(len(job.alloc))]
    allocs = [own_share(r, a, tasks, i) for i, a in enumerate(job.alloc)]
    cpus = sum(a.cpus for a in allocs)
    host, _, pid = job.extra.get(SRUN_AT, f"{r.alloc_node}:{r.alloc_sid}").rpartition(":")
    return Step(
        step_id=0,
        name=r.name,
        start_time=job.start_time or Instant(0),
        alloc=tuple(allocs),
        tasks=tuple(tasks),
        cpus_per_task=r.cpus_per_task,
        distribution=own_step_distribution(job),
        tres=own_step_tres(r, cpus),
        srun_host=host,
        srun_pid=int(pid),
        state=job.state,
    )


def _tres_lines(tres: StepTres) -> list[str]:
    """``CpusPerTres=`` to ``TresPerTask=``, those the step has."""
    return [
        f"{label}={value}"
        for label, value in (
            ("CpusPerTres", tres.cpus_per_tres),
            ("MemPerTres", tres.mem_per_tres),
            ("TresBind", tres.bind),
            ("TresPerStep", tres.per_step),
            ("TresPerNode", tres.per_node),
            ("TresPerTask", tres.per_task),
        )
        if value
    ]


def step_tres(alloc: tuple[NodeAlloc, ...]) -> str:
    """A step's ``TRES=``: ``cpu=4,gres/gpu=4,mem=64G,node=2``."""
    return jv.tres_text(
        [
            ("cpu", sum(a.cpus for a in alloc)),
            ("gres/gpu", sum(len(a.gpus) for a in alloc)),
            ("mem", sum(a.mem for a in alloc)),
            ("node", len(alloc)),
        ]
    )


def _show_real(state: ClusterState, job: Job, step: Step, *, oneliner: bool) -> str:
    user = state.users.get(job.request.user)
    uid = user.uid if user is not None else job.request.uid
    lines = [
        f"StepId={job_text(job)}.{step.label} UserId={uid} "
        f"StartTime={format_instant(step.start_time)} TimeLimit=UNLIMITED",
        f"State={ended(step, job).state.value} Partition={job.request.partition} "
        f"NodeList={compress(step.nodes)}",
        f"Nodes={len(step.alloc)} CPUs={step.num_cpus} Tasks={step.num_tasks} "
        f"Name={step.name} Network=(null)",
        f"TRES={step_tres(step.alloc)}",
        "ResvPorts=(null)",
        f"CPUFreqReq=Default Dist={distribution.name(step.distribution)}",
        f"SrunHost:Pid={step.srun_host}:{step.srun_pid}",
        *_tres_lines(step.tres),
    ]
    if oneliner:
        return " ".join(lines) + "\n"
    return "\n   ".join(lines) + "\n\n"


def show_steps(state: ClusterState, selector: str | None, *, oneliner: bool) -> Rendered:
    """``scontrol show step [JOB[.STEP]]``: every step, a job's steps, or one step."""
    if selector is None:
        text = "".join(
            show_step(state, job, step, oneliner=oneliner)
            for job in sorted(state.jobs.values(), key=lambda j: j.job_id)
            for step in step_ids(job)
        )
        return Rendered(stdout=text or "No job steps in the system\n")
    head, dot, tail = selector.partition(".")
    jobs = [j for j in state.jobs.values() if head in (str(j.job_id), job_text(j))]
    if not jobs:
        return Rendered(stderr="slurm_get_job_steps error: Invalid job id specified\n", exit_code=1)
    wanted = str(_strtol(tail)) if dot else None
    text = "".join(
        show_step(state, job, step, oneliner=oneliner)
        for job in sorted(jobs, key=lambda j: j.job_id)
        for step in step_ids(job)
        # (A step run over parts of the job shows its first part: the oracle.)
        if wanted is None or step in (wanted, f"{wanted}+0")
    )
    if text:
        return Rendered(stdout=text)
    return Rendered(stdout=f"Job step {head}.{wanted or ''} not found\n", exit_code=1)
