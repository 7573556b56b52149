"""``scontrol update JobId=...`` as the controller receives it: values already read.

The command line reads the text (``TimeLimit=+30``, ``StartTime=now+1hour``,
``Dependency=afterok:12``); the engine applies these typed values and judges who may.
"""

from dataclasses import dataclass

from slurmsim.model.dependency import Dependency, Unreadable
from slurmsim.model.features import Constraint
from slurmsim.model.features import Unreadable as UnreadableConstraint
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres


@dataclass(frozen=True, slots=True)
class LimitChange:
    """``TimeLimit=``: a new limit (None: UNLIMITED), or ``+``/``-`` a duration (``sign``)."""

    seconds: Seconds | None
    sign: int = 0  # +1 add, -1 subtract, 0 set


@dataclass(frozen=True, slots=True)
class TresChange:
    """A ``Tres*=``/``CpusPerTres=``/``MemPerTres=`` value as read: the text as typed, the
    GRES it asks for where it names one, or the controller's refusal of it."""

    key: str  # scontrol's name for it: "TresPerJob", "TresBind", ...
    text: str
    gres: Gres | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class JobUpdate:
    """The fields a ``scontrol update`` changes; a field left None is not changed."""

    time_limit: LimitChange | None = None
    time_min: Seconds | None = None
    name: str | None = None
    comment: str | None = None
    nice: int | None = None
    priority: int | None = None
    partition: str | None = None
    qos: str | None = None
    account: str | None = None
    nodes: tuple[int, int | None] | None = None  # (min, max); max None: none
    nodes_all: bool = False  # ``NumNodes=ALL``: sent, and the controller changes nothing
    dependency: Dependency | Unreadable | None = None  # an empty Dependency clears it
    begin_time: Instant | None = None
    req_nodes: tuple[str, ...] | None = None
    exc_nodes: tuple[str, ...] | None = None
    array_throttle: int | None = None  # 0: no limit
    #: ``Features=`` as written ("" clears) and read (UNREADABLE when it could not be).
    features: str | None = None
    constraint: Constraint | UnreadableConstraint | None = None
    gres_per_node: tuple[Gres, ...] | None = None  # ``Gres=``/``TresPerNode=``; () clears
    tres_per_node: str | None = None  # what ``TresPerNode=`` shows after that change
    reservation: str | None = None  # "" clears
    mem_per_node: int | None = None  # MB, ``MinMemoryNode=``
    mem_per_cpu: int | None = None  # MB, ``MinMemoryCPU=``
    requeue: bool | None = None
    contiguous: bool | None = None
    work_dir: str | None = None
    std_out: str | None = None
    mail_user: str | None = None
    mail_type: str | None = None
    licenses: str | None = None
    # Refused by the controller, whatever the value: no cluster is federated, and none has
    # a burst buffer plugin (the oracle).
    cluster_features: str | None = None
    clusters: str | None = None
    burst_buffer: str | None = None
    wckey: str | None = None
    delay_boot: int | None = None  # ``Delay=``, in seconds
    num_tasks: int | None = None  # ``NumTasks=``
    cpus_per_task: int | None = None  # ``CPUsPerTask=`` (0 is taken, and shown)
    num_cpus: tuple[int, int | None] | None = None  # ``NumCPUs=min[-max]``
    min_cpus_node: int | None = None  # ``MinCPUsNode=`` (0 changes nothing)
    #: ``ReqSockets=``, ``ReqCores=``, ``ReqThreads=``: the layout options (``NODE_LAYOUT``).
    node_layout: tuple[tuple[str, int], ...] = ()
    min_tmp_disk: int | None = None  # MB, ``MinTmpDiskNode=``
    switches: int | None = None  # ``Switches=N[@wait]``: the count
    switch_wait: int | None = None  # its wait, or ``wait-for-switch=``'s, in seconds
    end_time: Instant | None = None  # ``EndTime=``: a running job's new end
    prefer: str | None = None  # ``Prefer=`` as written
    prefer_constraint: Constraint | UnreadableConstraint | None = None  # ``Prefer=`` read
    #: ``TresPerJob=``, ``TresPerTask=``, ``TresPerSocket=``, ``CpusPerTres=``,
    #: ``MemPerTres=``, ``TresBind=``, ``TresFreq=``, in the order given.
    tres: tuple[TresChange, ...] = ()
    reset_accrue: bool = False  # ``ResetAccrueTime``
    #: A field only an operator may change, which slurmsim does not model (its key).
    admin_only: str | None = None

    @property
    def pending_only(self) -> bool:
        """Whether it changes something only a pending job may change."""
        return any(
            v is not None
            for v in (
                self.partition,
                self.qos,
                self.account,
                self.nodes,
                self.dependency,
                self.begin_time,
                self.req_nodes,
                self.exc_nodes,
                self.time_min,
                self.features,
                self.gres_per_node,
                self.reservation,
                self.mem_per_node,
                self.mem_per_cpu,
                self.contiguous,
                self.work_dir,
                self.std_out,
                self.prefer,
                self.num_tasks,
                self.cpus_per_task,
                self.num_cpus,
                self.min_cpus_node or None,
                self.node_layout or None,
                self.min_tmp_disk,
                self.tres or None,
                self.reset_accrue or None,
            )
        )
