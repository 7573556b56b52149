"""Cluster-wide configuration (slurm.conf's scheduling part) and the state the engine advances."""

from dataclasses import dataclass, field

from slurmsim.model.accounts import Account, Association, Qos, User
from slurmsim.model.jobs import Job
from slurmsim.model.launch import Launcher
from slurmsim.model.nodes import Node
from slurmsim.model.partitions import Partition
from slurmsim.model.reservations import Reservation
from slurmsim.model.time import Instant, Seconds


@dataclass(frozen=True, slots=True)
class SchedulerParameters:
    """``SchedulerParameters=`` with Slurm 22.05's defaults."""

    bf_interval: Seconds = Seconds(30)
    bf_window: int = 1440  # minutes
    bf_resolution: Seconds = Seconds(60)
    bf_max_job_test: int = 500
    #: Records backfill's map of reservations may hold (``bf_node_space_size``; None: as
    #: many as ``bf_max_job_test``): a cycle ends when a reservation would need more.
    bf_node_space_size: int | None = None
    #: How many tasks of one pending array a backfill cycle plans (each reserves nodes).
    bf_max_job_array_resv: int = 20
    bf_continue: bool = False
    default_queue_depth: int = 100
    sched_interval: Seconds = Seconds(60)
    sched_min_interval: int = 2  # microseconds, as Slurm counts it
    batch_sched_delay: Seconds = Seconds(3)
    #: Cancel jobs whose dependency can never be met instead of leaving them pending.
    kill_invalid_depend: bool = False
    #: Let users ``scontrol top`` their own jobs (otherwise operators only).
    enable_user_top: bool = False
    #: Most tasks one array may have (``max_array_tasks``); MaxArraySize caps the index.
    max_array_tasks: int | None = None
    #: Pending task records an ``aftercorr`` array is split into at most, at any time
    #: (``correspond_after_task_cnt``; slurmctld takes no fewer than 10).
    correspond_after_task_cnt: int = 10


@dataclass(frozen=True, slots=True)
class PriorityWeights:
    age: int = 0
    assoc: int = 0
    fairshare: int = 0
    job_size: int = 0
    partition: int = 0
    qos: int = 0
    tres: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class ClusterConfig:
    """The slurm.conf options that shape scheduling, with Slurm's defaults."""

    cluster_name: str = "cluster"
    scheduler_type: str = "sched/backfill"
    scheduler_parameters: SchedulerParameters = SchedulerParameters()
    select_type: str = "select/cons_tres"
    select_type_parameters: str = "CR_Core_Memory"
    def_mem_per_cpu: int | None = None  # MB
    def_mem_per_gpu: int | None = None  # MB
    max_job_count: int = 10000
    #: FirstJobId: the first job id a new cluster hands out (they count on from it).
    first_job_id: int = 1
    max_array_size: int = 1001  # MaxArraySize: array indexes run 0..MaxArraySize-1
    min_job_age: Seconds = Seconds(300)
    priority_type: str = "priority/basic"
    priority_weights: PriorityWeights = PriorityWeights()
    priority_max_age: Seconds = Seconds(7 * 86400)
    priority_decay_half_life: Seconds = Seconds(7 * 86400)
    #: How often usage is decayed and charged and fair share recomputed (the decay thread).
    priority_calc_period: Seconds = Seconds(300)
    #: PriorityUsageResetPeriod: NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY.
    priority_usage_reset_period: str = "NONE"
    fairshare_dampening_factor: int = 1
    priority_favor_small: bool = False
    priority_flags: tuple[str, ...] = ()
    preempt_type: str = "preempt/none"
    preempt_mode: str = "OFF"
    #: PreemptExemptTime: how long a started job may not be preempted, unless its QOS says.
    preempt_exempt_time: Seconds = Seconds(0)
    job_requeue: bool = True
    enforce_part_limits: str = "NO"
    kill_wait: Seconds = Seconds(30)
    over_time_limit: int = 0
    gres_types: tuple[str, ...] = ()
    #: Every option of the slurm.conf it came from, in order, for ``scontrol show config``.
    raw: tuple[tuple[str, str], ...] = ()

    def setting(self, key: str) -> str | None:
        """The last value slurm.conf gave ``key`` (case-insensitive), or None."""
        wanted = key.casefold()
        return next((v for k, v in reversed(self.raw) if k.casefold() == wanted), None)


@dataclass(slots=True)
class ClusterState:
    """Everything the engine reads and advances: configuration, nodes, jobs, the clock.

    The engine mutates the ``ClusterState`` it is given (the caller owns it: the
    store loads a fresh one for every command) and reports what it did as events.
    """

    config: ClusterConfig
    nodes: dict[str, Node]  # in slurm.conf order
    partitions: dict[str, Partition]  # in slurm.conf order
    qos: dict[str, Qos]
    accounts: dict[str, Account]
    users: dict[str, User]
    associations: list[Association]
    jobs: dict[int, Job]  # by job id
    now: Instant
    next_job_id: int = 1
    #: The id slurmdbd gives the next association (0: one past the highest): it never
    #: gives an id again, even once its association is removed.
    next_assoc_id: int = 0
    #: When the engine last ran each pass, so passes keep Slurm's intervals across commands.
    last_sched: Instant | None = None
    last_backfill: Instant | None = None
    #: When a main-scheduler pass of any kind last ran: it clears the backfill flag of
    #: every pending job (``Scheduler=Main`` until the next backfill cycle looks at it).
    last_main: Instant | None = None
    #: When a triggered main-scheduler pass is due (Slurm answers a submit, a job end,
    #: a release or a node resume with a pass a moment later); None when none is queued.
    sched_due: Instant | None = None
    #: Raw fair-share usage per association id (billing x seconds, decayed), charged to user
    #: associations only (an account's usage is the sum below it); see engine/usage.py.
    usage: dict[int, float] = field(default_factory=dict)
    #: ``usage`` as the last PriorityCalcPeriod left it: fair share (and sshare's NormUsage,
    #: EffectvUsage, LevelFS) come from it, while RawUsage also shows jobs ended since.
    calc_usage: dict[int, float] = field(default_factory=dict)
    #: When usage was last decayed and charged (None: never; fair share then reads ``usage``).
    last_usage_calc: Instant | None = None
    #: The usage GrpTRESMins and GrpWall count, decayed as ``usage`` is: per user
    #: association id (an account's is the sum below it) and per QOS name, the seconds
    #: of each TRES held (``cpu``, ``mem`` in MB, ``node``, ``billing``, ``gres/gpu``)
    #: and of ``wall`` time run.
    tres_usage: dict[int, dict[str, float]] = field(default_factory=dict)
    qos_usage: dict[str, dict[str, float]] = field(default_factory=dict)
    #: Advance reservations by name, in the order they were created.
    reservations: dict[str, Reservation] = field(default_factory=dict)
    #: The number the last reservation took (``alice_7``); the controller counts on from it.
    last_resv_id: int = 0
    extra: dict[str, str] = field(default_factory=dict)
    #: Jobs the engine purged (MinJobAge) since the state was loaded or last saved, as they
    #: ended: the store keeps them as accounting history (sacct) and then empties this.
    purged: list[Job] = field(default_factory=list)
    #: What tells whether a started batch job's files open on this machine, and begins
    #: a simulated script (None: they always open, and a script goes as read at
    #: submission); set by the caller, never stored.
    launcher: Launcher | None = field(default=None, repr=False, compare=False)


def controller_started(state: ClusterState) -> Instant:
    """When the controller started: as its nodes first booted (``scontrol show config``'s
    BOOT_TIME, the accounting's cluster record)."""
    boots = [n.boot_time for n in state.nodes.values() if n.boot_time is not None]
    return min(boots, default=state.now)
