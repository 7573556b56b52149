"""Job steps: what ``srun`` asks for inside an allocation (``StepRequest``) and the step
slurmctld records for it (``Step``).

A batch job's ``batch`` step is not kept: it is the job itself on its first node, from
its start to its end, so every view derives it. The numbered steps ``0, 1, ...`` that
srun creates are kept on their job, in ``Job.extra[STEPS]`` (JSON, like the job's past
runs), so that the store needs no new table.
"""

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Final

from slurmsim.model import distribution
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.time import Instant
from slurmsim.model.tres_specs import StepTres, gpus_asked

#: Key in ``Job.extra``: the job's numbered steps, oldest first (JSON, see ``Step``).
STEPS = "steps"
#: Key in ``Job.extra``: a simulated script's srun lines not all written as steps yet
#: (JSON, see ``api.script_steps``).
SCRIPT_STEPS = "script_steps"
#: Key in ``Job.extra``: how many step ids the controller used up on steps it refused
#: once it had numbered them (``NumberedRefusal``): the steps after count on from them.
IDS_USED = "step_ids_used"


class NumberedRefusal(SlurmError):
    """A step the controller refused after giving it its id, which no later step gets (the
    oracle: an ``--overlap`` step refused for memory, and the next step is one further on)."""


def ids_used(job: Job) -> int:
    """The step ids ``job``'s refused steps used up (``NumberedRefusal``)."""
    return int(job.extra.get(IDS_USED, "0"))


def use_id(job: Job) -> None:
    """A step of ``job`` was refused after it was numbered (``NumberedRefusal``)."""
    job.extra[IDS_USED] = str(ids_used(job) + 1)


class StepRefused(SlurmError):
    """A step srun refuses itself from what it knows of the allocation, in ``error:``
    lines of its own (``detail``: a further line), before it asks for anything."""


class NodeCountError(StepRefused):
    """``-N`` above the nodes the job has (those ``-x`` leaves)."""

    def __init__(self, have: int, asked: int, *, excluded: bool = False) -> None:
        detail = "Are required nodes explicitly excluded?" if excluded else None
        super().__init__(f"Only allocated {have} nodes asked for {asked}", detail=detail)


class AllocationUnconfirmed(SlurmError):
    """The job exists but does not run yet: srun cannot confirm the allocation."""

    def __init__(self) -> None:
        super().__init__("Job is pending execution")


class JobExpired(SlurmError):
    """The job has ended: srun says it has expired."""

    def __init__(self) -> None:
        super().__init__("Job has expired")


@dataclass(frozen=True, slots=True)
class StepRequest:
    """What one ``srun`` inside an allocation asks for.

    ``num_tasks``/``num_nodes`` None mean "not given" (srun then derives them); GPU
    counts None mean the step takes the GPUs of the job on its nodes.
    """

    name: str
    user: str
    num_tasks: int | None = None
    num_nodes: int | None = None
    #: ``-N MIN-MAX``'s most (None: no range): srun takes as many of the job's nodes.
    max_nodes: int | None = None
    ntasks_per_node: int | None = None
    cpus_per_task: int = 1
    gpus: int | None = None  # --gpus: for the whole step
    gpus_per_node: int | None = None  # --gpus-per-node / --gres=gpu:N
    gpus_per_task: int | None = None
    nodelist: tuple[str, ...] = ()  # -w: nodes the step must use
    exclude: tuple[str, ...] = ()  # -x: nodes of the job the step must not use
    #: ``-r``: the step's first node is the job's node at this index.
    relative: int | None = None
    #: Whether ``-N`` came from the command line (srun names it when ``-r`` overshoots).
    nodes_given: bool = False
    #: ``--overlap``: shares the job's resources with other steps (waits for none).
    overlap: bool = False
    #: ``--exact``/``--exclusive``: only the CPUs its tasks need, not all on its nodes.
    exact: bool = False
    #: ``--mem`` (MB a node; also from SLURM_MEM_PER_NODE, which a batch job sets) and
    #: ``--mem-per-cpu``: memory of the job's the step holds; None or 0: none asked for.
    mem: int | None = None
    mem_per_cpu: int | None = None
    #: ``--mem-per-gpu`` (MB; also from SLURM_MEM_PER_GPU): a node's memory is that many
    #: times the step's GPUs there.
    mem_per_gpu: int | None = None
    srun_host: str = "localhost"
    srun_pid: int = 0
    #: The TRES srun asks for (``StepTres``), and the CPUs it counts for each task in
    #: ``TresPerStep=cpu:N``: ``-c`` as given, else GPUs per task times ``--cpus-per-gpu``
    #: when both are asked, else one.
    tres: StepTres = StepTres()
    tres_cpus_per_task: int = 1
    #: ``-m`` as typed (or the job's, read back from SLURM_DISTRIBUTION); None: srun's own.
    distribution: str | None = None
    #: Whether it asks for GPUs in any way (a count above 0, or GPUs' CPUs, memory or tasks):
    #: a job without any refuses that.
    asks_gpus: bool = False
    #: The GPU types it names (``--gpus=h100:1``): a job whose own GPU request names no
    #: type, or another, has none of them.
    gpu_types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """A numbered step of a job as slurmctld records it.

    ``alloc`` holds what the step uses on each of its nodes (CPUs, memory, GPU indices);
    ``tasks`` the number of tasks on each of those nodes, in the same order. A step
    still RUNNING on a job that has ended is shown as ended with it (see ``ended``).
    """

    step_id: int
    name: str
    start_time: Instant
    alloc: tuple[NodeAlloc, ...]
    tasks: tuple[int, ...]
    cpus_per_task: int = 1
    overlap: bool = False
    #: ``Block`` when there are more tasks than nodes, else ``Cyclic`` (srun's default).
    distribution: str = "block"  # as srun settles it (``model.distribution``)
    #: Its TRES requests as the controller keeps them (``CpusPerTres=``...).
    tres: StepTres = StepTres()
    #: Whether it asked for memory: then the memory in ``alloc`` is held from other steps
    #: (a step that asks for none shows all the job's and holds none of it).
    mem_held: bool = False
    srun_host: str = "localhost"
    srun_pid: int = 0
    state: JobState = JobState.RUNNING
    end_time: Instant | None = None
    exit_code: int = 0
    exit_signal: int = 0
    #: Who cancelled the step with ``scancel JOB.STEP`` (its srun then kills the tasks).
    cancelled_by: str | None = None
    #: Signals ``scancel --signal`` sent to the step's tasks, in order; srun delivers them.
    signals: tuple[int, ...] = ()
    #: CPU time its tasks used, in µs (user, system), as srun counted it when they ended.
    user_cpu_us: int = 0
    system_cpu_us: int = 0
    #: Its place among the parts of one step srun ran over a job of one component (``srun
    #: A : B`` in it): each part is a step of its own under the same id, ``12.3+0``.
    component: int | None = None

    @property
    def label(self) -> str:
        """Its id as slurmctld names it after the job's: ``3``, or a part's ``3+1``."""
        return str(self.step_id) if self.component is None else f"{self.step_id}+{self.component}"

    @property
    def nodes(self) -> tuple[str, ...]:
        return tuple(a.node for a in self.alloc)

    @property
    def num_tasks(self) -> int:
        return sum(self.tasks)

    @property
    def num_cpus(self) -> int:
        return sum(a.cpus for a in self.alloc)


#: ``Job.extra`` key: ``host:pid`` of the interactive srun whose command is the job's step
#: ``0``, its ``SrunHost:Pid`` (the oracle: ``vm:2785``, where AllocNode is ``localhost``).
SRUN_AT: Final = "srun_at"


def runs_as_step_zero(job: Job) -> bool:
    """Whether the job is an interactive ``srun``'s allocation, whose command is its step
    ``0`` from its start to its end (salloc's allocation has no step of its own)."""
    from slurmsim.model.accounting import SUBMIT_LINE

    return not job.request.batch and not job.extra.get(SUBMIT_LINE, "").startswith("salloc")


def node_filling_tasks(job: Job) -> list[int] | None:
    """The tasks on each node of an interactive srun's step ``0`` on whole nodes
    (``--exclusive``, or ``-O``) with ``-c`` and no ``-n``: as many as each node's CPUs
    hold (the oracle: ``srun --exclusive -c 4`` runs 28 tasks on a node of 112); None
    otherwise."""
    r = job.request
    cpt = r.cpus_per_task
    fills = (r.exclusive or r.overcommit) and not r.ntasks_set and cpt > 1
    if not fills or r.ntasks_per_node is not None or r.gpu_tasks is not None:
        return None
    return [a.cpus // cpt for a in job.alloc] if runs_as_step_zero(job) else None


def own_share(request: JobRequest, node: NodeAlloc, tasks: Sequence[int], index: int) -> NodeAlloc:
    """What an interactive srun's step ``0`` uses of ``node``, its ``index``-th, with
    ``tasks`` tasks on each node: all the job holds there, but under ``--exclusive`` (the
    node is the job's) only the GPUs asked, and its tasks' CPUs when ``-n`` counts them (the
    oracle: ``srun --exclusive`` shows 112 CPUs and no GPU, ``-n2`` 2 CPUs, ``--gpus=1`` 1)."""
    if not request.exclusive:
        return node
    cpus = min(node.cpus, tasks[index] * request.cpus_per_task) if request.ntasks_set else node.cpus
    return replace(node, cpus=cpus, gpus=node.gpus[: gpus_asked(request, tasks, index)])


def own_step_distribution(job: Job) -> str:
    """The distribution of an interactive ``srun``'s step ``0``: ``-m`` as srun settles it
    (``model.distribution``); else, for a job that asks memory (``--mem``, ``--mem-per-cpu``),
    as a step in an allocation gets it, and block otherwise, whatever the tasks a node (the
    oracle: ``srun -N 2 -n 2`` and ``srun -n 1`` are Block, ``srun --mem=8G`` is Cyclic)."""
    r = job.request
    typed = r.shown_value("distribution")
    if typed is None and not (r.mem_per_node or r.mem_per_cpu):
        typed = "block"
    return distribution.resolved(typed, r.shown_tasks, len(job.alloc))


def steps_of(job: Job) -> list[Step]:
    """The numbered steps ``job`` has had, oldest first."""
    text = job.extra.get(STEPS)
    if not text:
        return []
    steps = []
    for item in json.loads(text):
        alloc = tuple(
            NodeAlloc(a["node"], a["cpus"], a["mem"], tuple(a["gpus"]), tuple(a["cpu_ids"]))
            for a in item.pop("alloc")
        )
        state = JobState(item.pop("state"))
        tasks, signals = tuple(item.pop("tasks")), tuple(item.pop("signals", ()))
        legacy = item.pop("tres_per_node", None)  # as stored before StepTres
        tres = StepTres(**item.pop("tres", {"per_node": legacy}))
        steps.append(
            Step(alloc=alloc, state=state, tasks=tasks, signals=signals, tres=tres, **item)
        )
    return steps


def put_steps(job: Job, steps: list[Step]) -> None:
    """Keep ``steps`` as the job's numbered steps."""
    job.extra[STEPS] = json.dumps([asdict(s) for s in steps], separators=(",", ":"))


def ended(step: Step, job: Job) -> Step:
    """``step`` as the views show it: a step still running when its job ended was
    ended with it (CANCELLED by SIGTERM at the job's end)."""
    if step.state is not JobState.RUNNING or not job.state.finished:
        return step
    return replace(
        step, state=JobState.CANCELLED, end_time=job.end_time, exit_code=0, exit_signal=15
    )
