"""What ``scontrol update PartitionName=...`` asks to change (``parse.partition_update``
reads it, ``engine.partition_control`` applies it)."""

from dataclasses import dataclass

from slurmsim.model.partitions import PartitionState
from slurmsim.model.time import Seconds


@dataclass(frozen=True, slots=True)
class PartitionUpdate:
    """The partition's new values; None leaves one as it is. A limit that may become
    UNLIMITED (None) says it is given with its ``_set`` flag."""

    name: str | None = None
    max_time: Seconds | None = None
    max_time_set: bool = False
    default_time: Seconds | None = None
    default_time_set: bool = False
    max_nodes: int | None = None
    max_nodes_set: bool = False
    min_nodes: int | None = None
    default: bool | None = None
    exclusive_user: bool | None = None
    hidden: bool | None = None
    oversubscribe: str | None = None  # NO, EXCLUSIVE, YES:n or FORCE:n
    preempt_mode: str | None = None
    priority_tier: int | None = None
    priority_job_factor: int | None = None
    state: PartitionState | None = None
    nodes: tuple[str, ...] | None = None  # expanded; () for ALL
    allow_groups: str | None = None  # a list, or ALL
    allow_accounts: str | None = None
    allow_qos: str | None = None
    grace_time: int | None = None  # seconds
    def_mem_per_cpu: int | None = None  # MB
    max_mem_per_node: int | None = None  # MB
    qos: str | None = None
    #: Sent though it changes nothing slurmsim models: keys its partitions do not have
    #: (CpuBind, LLN, ...), or a MaxNodes= scontrol could not read (it sends the rest).
    sent: bool = False

    @property
    def changes_nothing(self) -> bool:
        """Only the partition named: scontrol says ``No changes specified``."""
        return self == PartitionUpdate(name=self.name)
