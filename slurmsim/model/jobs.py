"""Jobs: what was asked for (``JobRequest``) and what became of it (``Job``).

Field names follow ``scontrol show job``. Times are ``Instant``s (int seconds);
``None`` prints as ``Unknown``/``None``/``N/A`` as Slurm does for that field.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, NamedTuple

from slurmsim.model.dependency import Dependency
from slurmsim.model.digits import is_number
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres

#: ``--time-min=UNLIMITED`` (or ``0``, which sbatch turns into it): Slurm's INFINITE minutes,
#: more than any time limit, so the controller refuses it beside one (and beside none).
TIME_MIN_UNLIMITED: Final = Seconds(0xFFFFFFFF * 60)


class JobState(StrEnum):
    """Slurm's base job states, spelled as Slurm prints them."""

    PENDING = "PENDING"
    RUNNING = "RUNNING"
    SUSPENDED = "SUSPENDED"
    COMPLETING = "COMPLETING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"
    TIMEOUT = "TIMEOUT"
    NODE_FAIL = "NODE_FAIL"
    PREEMPTED = "PREEMPTED"
    BOOT_FAIL = "BOOT_FAIL"
    DEADLINE = "DEADLINE"
    OUT_OF_MEMORY = "OUT_OF_MEMORY"

    @property
    def compact(self) -> str:
        """The two-letter code squeue's ``%t`` prints."""
        return _COMPACT[self]

    @property
    def finished(self) -> bool:
        return self not in _ACTIVE


_ACTIVE = frozenset({JobState.PENDING, JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})
_COMPACT = {
    JobState.PENDING: "PD",
    JobState.RUNNING: "R",
    JobState.SUSPENDED: "S",
    JobState.COMPLETING: "CG",
    JobState.COMPLETED: "CD",
    JobState.CANCELLED: "CA",
    JobState.FAILED: "F",
    JobState.TIMEOUT: "TO",
    JobState.NODE_FAIL: "NF",
    JobState.PREEMPTED: "PR",
    JobState.BOOT_FAIL: "BF",
    JobState.DEADLINE: "DL",
    JobState.OUT_OF_MEMORY: "OOM",
}


#: Keys in ``Job.extra`` for gang suspension (kept there so that the store needs no new
#: column): the seconds a job ran before its last suspension (``SecsPreSuspend``), and
#: the job whose start suspended it.
SECS_PRE_SUSPEND = "secs_pre_suspend"
SUSPENDED_BY = "suspended_by"
#: Key in ``Job.extra``: SIGSTOP went to a running job (``scancel -s STOP``) and no SIGCONT
#: since, so slurmctld flags it STOPPED (squeue ``ST``); it keeps its resources, its time
#: limit counts on and accounting says RUNNING. A simulated job's run is not held up by it
#: (docs/differences.md).
STOPPED = "stopped"


def state_name(job: "Job") -> str:
    """The state slurmctld shows for ``job`` (``job_state_string``): the STOPPED flag
    outranks its base state."""
    if STOPPED in job.extra and job.state is JobState.RUNNING:
        return "STOPPED"
    return job.state.value


def state_code(job: "Job") -> str:
    """``state_name`` as squeue's ``%t`` shortens it."""
    if STOPPED in job.extra and job.state is JobState.RUNNING:
        return "ST"
    return job.state.compact


#: Key in ``Job.extra``: an array's pending-tasks record whose last pending tasks were
#: cancelled: it ends naming no task, and this keeps the tasks it had ("2,3,5"), which
#: slurmdbd still shows.
ARRAY_EMPTIED = "array_emptied"
#: Key in ``Job.extra``: the record's place in slurmctld's job list when it is not its own
#: id: at a split, the task split off keeps the array record's place and the array record,
#: made anew, goes to the end (the oracle's ``scontrol show job``: 471, 475 (472_0), 473).
LISTED_AT = "listed_at"


def list_place(job: "Job") -> int:
    """Where slurmctld's job list holds ``job`` (see ``LISTED_AT``)."""
    return int(job.extra.get(LISTED_AT, job.job_id))


#: Key in ``Job.extra``: the CPU count a pending job's TRES still shows after an update
#: that changed ``NumCPUs`` and was refused (slurmctld figures the TRES again only when it
#: accepts an update that sets the CPUs); absent, the TRES count the CPUs asked for.
TRES_CPUS = "tres_cpus"
#: Key in ``Job.extra``: likewise the node count of the TRES of a pending job an update
#: was refused after it had moved ``NumNodes`` (until an update is accepted).
TRES_NODES = "tres_nodes"
#: Key in ``Job.extra``: the GPU count a pending job's TRES still shows after an update
#: moved its node count (slurmctld counts the GRES of the TRES again only when the GRES
#: asked for change: the oracle's ``--gres=gpu:1`` job shows ``gres/gpu=1`` on 2 nodes).
TRES_GPUS = "tres_gpus"
#: Key in ``Job.extra`` of a heterogeneous job's component: ``leader:offset:size``. The
#: components are jobs of their own with ids running on from the leader's (the first
#: component's, ``HetJobId``); squeue names each ``leader+offset``.
HET = "het"
#: Key in ``Job.extra`` of a record the controller refused or abandoned at submission:
#: its exit status is a bare 1 (the raw wait status), which scontrol shows as ``0:1``,
#: the JSON as 1 and sacct as ``1:0`` (the oracle).
REFUSED = "refused"


#: The options -B sets, by sbatch's names, in -B's order.
#: SchedulerParameters' max_switch_wait (its default): the longest wait for switches, in
#: seconds (``Switches=1@10:00`` shows ``1@00:05:00``).
MAX_SWITCH_WAIT = 300
NODE_LAYOUT = ("sockets-per-node", "cores-per-socket", "threads-per-core")


def _count(value: str | None) -> int:
    return int(value) if value and is_number(value) else 0


class Hold(StrEnum):
    NONE = ""
    USER = "JobHeldUser"
    ADMIN = "JobHeldAdmin"
    #: A released job no node could ever run: slurmctld gives it priority 0 and reason
    #: BadConstraints, and only an operator may release it; an update re-evaluates it.
    BAD_CONSTRAINTS = "BadConstraints"
    #: The reservation a pending job asked for ended: slurmctld drops it from the job and
    #: holds the job (priority 0) until it is released, unless the reservation had
    #: NO_HOLD_JOBS_AFTER.
    RESV_DELETED = "ReservationDeleted"


@dataclass(frozen=True, slots=True)
class JobRequest:
    """Everything a submission asks for, after defaults are applied.

    This is what sbatch/srun/salloc send; the engine never changes it except
    through ``scontrol update`` (which builds a new request).
    """

    name: str
    user: str
    account: str
    partition: str
    qos: str
    min_nodes: int = 1
    max_nodes: int | None = None  # None: same as min_nodes
    num_tasks: int = 1
    ntasks_set: bool = False  # -n given explicitly (changes NumTasks display)
    ntasks_per_node: int | None = None
    cpus_per_task: int = 1
    #: ``NumCPUs`` where an update set it apart from the tasks (``NumCPUs=``,
    #: ``MinCPUsNode=``, or a new ``NumTasks``/``CPUsPerTask``, which leave the CPUs as they
    #: were: the oracle runs ``-n 2 -c 2`` updated to ``NumTasks=8`` on 4): the CPUs the
    #: job is given in all. None: its tasks'.
    num_cpus: int | None = None
    max_cpus: int | None = None  # ``NumCPUs=4-8``'s most (shown only)
    #: The CPU count the controller last figured a pending job's memory from, where an
    #: update of its CPUs left that as it was (None: its CPUs).
    mem_cpus: int | None = None
    mem_per_cpu: int | None = None  # MB
    mem_per_node: int | None = None  # MB; 0 means "all of the node's memory"
    mem_per_gpu: int | None = None  # MB
    gres_per_node: tuple[Gres, ...] = ()  # --gres / --gpus-per-node
    gpus_per_job: Gres | None = None  # --gpus
    gpus_per_task: Gres | None = None  # --gpus-per-task
    time_limit: Seconds | None = None  # None: the partition's limit (or UNLIMITED)
    time_limit_set: bool = False  # --time given; otherwise filled from DefaultTime
    time_min: Seconds | None = None  # TIME_MIN_UNLIMITED: --time-min=UNLIMITED (or 0)
    req_nodes: tuple[str, ...] = ()  # -w
    exc_nodes: tuple[str, ...] = ()  # -x
    exclusive: bool = False
    contiguous: bool = False
    features: str | None = None
    reservation: str | None = None  # --reservation
    #: The nodes whose features satisfy ``features``, worked out when the job is
    #: submitted (None: no constraint).
    feature_nodes: tuple[str, ...] | None = None
    begin_time: Instant | None = None
    dependency: Dependency | None = None
    #: ``--kill-on-invalid-dep``: cancel the job when its dependency can never be met
    #: (None: as SchedulerParameters' kill_invalid_depend says).
    kill_on_invalid_dep: bool | None = None
    nice: int = 0
    requeue: bool = True
    batch: bool = True  # False for srun/salloc allocations
    command: str | None = None  # script path and args, as scontrol shows Command=
    script: str = ""
    work_dir: str = "/"
    std_out: str | None = None  # pattern as given (-o), None: slurm-%j.out
    std_err: str | None = None
    std_in: str = "/dev/null"
    comment: str | None = None
    export: str | None = None
    environment: tuple[tuple[str, str], ...] = ()
    #: Simulation: how long the job would really run, and how it ends.
    runtime: Seconds | None = None  # None: runs to its time limit
    exit_code: int = 0
    #: ``#SLURMSIM --checkpoint-every``: an interrupted job resumes from its last checkpoint.
    checkpoint_every: Seconds | None = None
    uid: int = 0
    gid: int = 0
    alloc_node: str = "localhost"
    alloc_sid: int = 0
    #: Options the controller keeps and shows but slurmsim does not schedule by, by
    #: sbatch's name for them: ``(("mail-type", "END,FAIL"), ("hint", "nomultithread"))``;
    #: and the GPU/GRES requests as typed, which the controller shows back so
    #: (``TRES_PER_NODE``: ``("tres-per-node", "gres:gpu")`` for ``--gres=gpu``).
    shown: tuple[tuple[str, str], ...] = ()

    @property
    def mem_per_gpu_in_force(self) -> int | None:
        """``--mem-per-gpu`` as the controller applies it: 0 asks for nothing, so the
        memory defaults apply (oracle: DefMemPerCPU's 16G, golden units/032)."""
        return self.mem_per_gpu or None

    @property
    def gpus_per_node(self) -> int:
        """The GPUs ``--gres``/``--gpus-per-node`` ask of every node (0: none)."""
        return sum(g.count for g in self.gres_per_node if g.name == "gpu")

    @property
    def asked_cpus(self) -> int:
        """The CPUs the job asks for in all (``NumCPUs`` while pending): ``num_cpus`` where
        an update set them, else its tasks' (with -O, one a node until it runs)."""
        if self.num_cpus is not None:
            return self.num_cpus
        if self.overcommit:
            return max(self.min_nodes, 1)
        if (counted := self.shown_value("client-cpus")) is not None:
            return int(counted)  # the client's, before --cpus-per-gpu set the CPUs per task
        ranged = self.max_nodes is not None and self.max_nodes != self.min_nodes
        asked = self.ntasks_set or self.ntasks_per_node or self.gpu_tasks or self.req_nodes
        if ranged and not asked:
            # No tasks asked over a node range: one task's (the oracle: -N 2-3 shows 1 CPU;
            # with -w the client counts a task a node named).
            return self.cpus_per_task
        return self.num_tasks * self.cpus_per_task

    @property
    def min_cpus_per_node(self) -> int:
        """``MinCPUsNode``: one node's share of the tasks' CPUs, or --mincpus if more; as an
        update left it (``pn-min-cpus``: a new ``CPUsPerTask`` leaves it as it was)."""
        if (kept := self.shown_value("pn-min-cpus")) is not None:
            return int(kept)
        per_node = 1 if self.overcommit else self.ntasks_per_node or 1
        return max(self.cpus_per_task * per_node, self.mincpus)

    @property
    def mincpus(self) -> int:
        """``--mincpus``: the fewest CPUs a node gives the job (0: none asked for)."""
        return int(self.shown_value("mincpus") or 0)

    @property
    def gpu_tasks(self) -> int | None:
        """The task count ``--ntasks-per-gpu`` gives a job that asks for GPUs: all its GPUs
        (per node times nodes, or ``--gpus``, the larger) times it, even beside ``-n`` (the
        controller sets the count so); None otherwise. ``NumTasks`` and the job's steps go by it,
        while its CPUs go by ``num_tasks`` (the oracle: ``-N 1 --gpus-per-node=4
        --ntasks-per-gpu=1 -c 32`` has NumTasks=4 and NumCPUs=32)."""
        per_gpu = self.shown_value("ntasks-per-gpu")
        if per_gpu is None or not per_gpu.isdigit() or not int(per_gpu):
            return None
        gpus = self.gpus_per_node * self.min_nodes
        if self.gpus_per_job is not None and self.gpus_per_job.name == "gpu":
            gpus = max(gpus, self.gpus_per_job.count)  # both given: the larger, as gres.c
        return gpus * int(per_gpu) or None

    @property
    def gpu_type(self) -> str | None:
        """The GPU type the request names (None: none): its first GPU ``--gres``, else
        ``--gpus`` or ``--gpus-per-task``."""
        for g in self.gres_per_node:
            if g.name == "gpu":
                return g.type
        for maybe in (self.gpus_per_job, self.gpus_per_task):
            if maybe is not None:
                return maybe.type
        return None

    @property
    def asks_gpus(self) -> bool:
        """Whether the job asks for GPUs in any way (a whole node's come without asking)."""
        return bool(self.gres_per_node or self.gpus_per_job or self.gpus_per_task) or bool(
            self.gpus_of_tasks
        )

    @property
    def requested_gpus(self) -> int:
        """The GPUs the job asks for in all: the most any of its GPU options comes to (the
        clients have settled them to agree, ``api.gpu_counts``), as the controller counts."""
        total = self.gpus_per_node * self.min_nodes
        if self.gpus_per_job is not None:
            total = max(total, self.gpus_per_job.count)
        if self.gpus_per_task is not None:
            total = max(total, self.gpus_per_task.count * self.num_tasks)
        return total or self.gpus_of_tasks

    @property
    def gpus_of_tasks(self) -> int:
        """The GPUs the controller adds for ``--ntasks-per-gpu`` when no GPU is asked for:
        one for each so many tasks, none for fewer (the oracle: ``-n 4 --ntasks-per-gpu=2``
        holds 2 GPUs, ``-n 1`` none)."""
        per_gpu = self.shown_value("ntasks-per-gpu")
        if per_gpu is None or not per_gpu.isdigit() or not int(per_gpu):
            return 0
        if self.gres_per_node or self.gpus_per_job or self.gpus_per_task:
            return 0
        return self.num_tasks // int(per_gpu)

    @property
    def implied_nodes(self) -> int:
        """The fewest nodes the job can run on: ``-N``'s, or as many as ``-n`` tasks need at
        ``--ntasks-per-node`` a node (the oracle: ``-n 6 --ntasks-per-node=2`` shows
        NumNodes=3 and runs on three; ``-n 130`` at two a node is refused on four)."""
        low = max(self.min_nodes, 1)
        per_node = self.ntasks_per_node
        if per_node and self.ntasks_set and self.max_nodes is None:
            low = max(low, -(-self.num_tasks // per_node))
        return low

    @property
    def shown_tasks(self) -> int:
        """``NumTasks``: ``gpu_tasks`` where ``--ntasks-per-gpu`` sets it, else the tasks."""
        return self.gpu_tasks or self.num_tasks

    def shown_value(self, option: str) -> str | None:
        """The value of a shown-only option (see ``shown``), None when not given."""
        for key, value in self.shown:  # a loop: most requests show nothing
            if key == option:
                return value
        return None

    @property
    def tmp_disk(self) -> int:
        """``--tmp``: the temporary disk each node must have, in MB (0: none asked)."""
        return int(self.shown_value("tmp") or 0)

    @property
    def reboot(self) -> bool:
        """``--reboot``: its nodes are to be rebooted before it starts (``Reboot=1``; an
        administrator's only, and slurmsim's nodes boot in no time)."""
        return self.shown_value("reboot") is not None

    @property
    def spread_job(self) -> bool:
        """``--spread-job``: as many nodes as its tasks can spread over, a task on each."""
        return self.shown_value("spread-job") is not None

    @property
    def overcommit(self) -> bool:
        """``-O``: a node gives the job one task's CPUs, however many tasks run there."""
        return self.shown_value("overcommit") is not None

    def node_layout(self) -> tuple[int, int, int]:
        """The sockets per node, cores per socket and threads per core asked for (-B and
        its long options, kept as shown; 0: any): nodes with fewer cannot run the job."""
        sockets, cores, threads = (self.shown_value(key) for key in NODE_LAYOUT)
        return _count(sockets), _count(cores), _count(threads)

    def with_shown(self, option: str, value: str | None) -> tuple[tuple[str, str], ...]:
        """``shown`` with ``option`` set to ``value`` (left out when None)."""
        return self.with_shown_all({option: value})

    def with_shown_all(self, changes: Mapping[str, str | None]) -> tuple[tuple[str, str], ...]:
        """``shown`` with each option of ``changes`` set to its value (left out when None)."""
        kept = tuple((key, v) for key, v in self.shown if key not in changes)
        return kept + tuple((key, v) for key, v in changes.items() if v is not None)


class HetPart(NamedTuple):
    """A component of a heterogeneous job: its leader's id, its offset, how many in all."""

    leader: int
    offset: int
    size: int

    @property
    def ids(self) -> range:
        """The components' job ids (``HetJobIdSet``)."""
        return range(self.leader, self.leader + self.size)

    def encode(self) -> str:
        return f"{self.leader}:{self.offset}:{self.size}"


@dataclass(slots=True)
class NodeAlloc:
    """What a running job holds on one node."""

    node: str
    cpus: int
    mem: int  # MB
    gpus: tuple[int, ...] = ()  # GPU indices, e.g. (0, 1, ..., 7)
    #: CPU indices on the node (``scontrol show job -d`` CPU_IDs); empty: the formatter
    #: assumes the job's CPUs follow those of the jobs that started there before it.
    cpu_ids: tuple[int, ...] = ()


@dataclass(slots=True)
class Job:
    """A job record as slurmctld keeps it."""

    job_id: int
    request: JobRequest
    submit_time: Instant
    state: JobState = JobState.PENDING
    reason: str = "None"
    #: Free text that replaces the reason code in squeue %R and scontrol Reason=
    #: (``ReqNodeNotAvail, UnavailableNodes:dgx2``); the code stays in ``reason``.
    state_desc: str | None = None
    hold: Hold = Hold.NONE
    priority: int = 0
    #: An operator set the priority (slurmctld's ``direct_set_prio``): recalculations
    #: leave it, until a release or another Priority= gives the job a computed one.
    priority_set: bool = False
    eligible_time: Instant | None = None
    accrue_time: Instant | None = None
    start_time: Instant | None = None  # actual start, or the planned start while pending
    end_time: Instant | None = None
    suspend_time: Instant | None = None
    preempt_time: Instant | None = None
    last_sched_eval: Instant | None = None
    #: The controller's guess at a pending job's node count (its ``node_cnt_wag``): the
    #: nodes a test placement on idle nodes takes, made when the job is submitted (unless
    #: held) and when a pass finds it waiting for resources; dropped when an update
    #: changes what it asks for. None: the count follows from the request.
    node_guess: int | None = None
    scheduler: str = "Main"  # "Main" or "Backfill" (scontrol prints "Backfill:*" when planned)
    sched_nodes: tuple[str, ...] = ()  # planned nodes of a pending job (SchedNodeList)
    alloc: tuple[NodeAlloc, ...] = ()
    time_limit: Seconds | None = None  # effective limit (request or partition default)
    exit_code: int = 0
    exit_signal: int = 0
    derived_exit_code: int = 0
    restarts: int = 0
    #: Array jobs: the meta record has array_task_id None and array_tasks pending.
    array_job_id: int | None = None
    array_task_id: int | None = None
    array_tasks: tuple[int, ...] = ()  # task ids not yet split off (meta record only)
    array_throttle: int | None = None
    #: Seconds of simulated work already done (kept up to the last checkpoint on a requeue).
    work_done: Seconds = Seconds(0)
    #: GPU-seconds of work thrown away by preemption, requeue or node failure.
    gpu_seconds_lost: int = 0
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def nodes(self) -> tuple[str, ...]:
        return tuple(a.node for a in self.alloc)

    @property
    def is_array(self) -> bool:
        return self.array_job_id is not None

    @property
    def het(self) -> "HetPart | None":
        """Which heterogeneous job this is a component of (None: a job of its own)."""
        text = self.extra.get(HET)
        if text is None:
            return None
        leader, offset, size = map(int, text.split(":"))
        return HetPart(leader, offset, size)

    @property
    def num_cpus(self) -> int:
        return sum(a.cpus for a in self.alloc)

    @property
    def tres_cpus(self) -> int:
        """The CPUs a pending job's TRES counts (``TRES_CPUS``)."""
        pinned = self.extra.get(TRES_CPUS)
        return int(pinned) if pinned is not None else self.request.asked_cpus

    @property
    def tres_nodes(self) -> int:
        """The nodes a pending job's TRES counts (``TRES_NODES``)."""
        pinned = self.extra.get(TRES_NODES)
        return int(pinned) if pinned is not None else self.request.min_nodes

    @property
    def secs_pre_suspend(self) -> int:
        """Seconds run before the last suspension (0 for a job never suspended)."""
        return int(self.extra.get(SECS_PRE_SUSPEND, 0))

    def run_seconds(self, now: Instant) -> int:
        """Seconds the job has run by ``now``, suspended time left out.

        Slurm sets ``suspend_time`` on a suspension and again on the resume, so a
        running job that was suspended has run since ``suspend_time``, plus before.
        """
        if self.start_time is None or self.state is JobState.PENDING:
            return 0
        if self.state is JobState.SUSPENDED:
            return self.secs_pre_suspend
        end = self.end_time if self.state.finished and self.end_time is not None else now
        since = self.suspend_time if self.suspend_time is not None else self.start_time
        return max(self.secs_pre_suspend + end - since, 0)
