"""Partitions: Slurm's queues, each a set of nodes with limits."""

from dataclasses import dataclass
from enum import StrEnum

from slurmsim.model.time import Seconds


class PartitionState(StrEnum):
    UP = "UP"
    DOWN = "DOWN"
    DRAIN = "DRAIN"
    INACTIVE = "INACTIVE"


@dataclass(frozen=True, slots=True)
class Partition:
    """One ``PartitionName=`` entry; ``None`` limits mean UNLIMITED."""

    name: str
    nodes: tuple[str, ...]
    nodes_expr: str = ""  # as written in slurm.conf, e.g. "dgx[1-4]"
    default: bool = False
    state: PartitionState = PartitionState.UP
    default_time: Seconds | None = None
    max_time: Seconds | None = None
    max_nodes: int | None = None
    min_nodes: int = 0
    priority_job_factor: int = 1
    priority_tier: int = 1
    allow_accounts: tuple[str, ...] = ()  # empty = ALL
    allow_qos: tuple[str, ...] = ()  # empty = ALL
    allow_groups: tuple[str, ...] = ()  # empty = ALL
    qos: str | None = None
    oversubscribe: str = "NO"
    grace_time: Seconds = Seconds(0)
    preempt_mode: str | None = None  # None: the cluster's PreemptMode
    hidden: bool = False
    exclusive_user: bool = False
    def_mem_per_cpu: int | None = None
    max_mem_per_node: int | None = None
    #: TRESBillingWeights as (TRES name in lower case, weight per unit; memory per MB).
    tres_billing_weights: tuple[tuple[str, float], ...] = ()
