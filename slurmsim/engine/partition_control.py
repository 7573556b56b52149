"""``scontrol update PartitionName=...`` as slurmctld judges it.

Only administrators change partitions (others get ``Invalid user id``). The change
applies at once to what the passes judge: a partition made DOWN or INACTIVE keeps its
pending jobs waiting (``PartitionDown``, ``PartitionInactive``), a DRAIN or INACTIVE
one takes no new jobs, new limits give pending jobs over them their partition reason,
and a pass is queued as after any change. ``Default=YES`` takes the default from the
partition that had it.
"""

from dataclasses import replace

from slurmsim.engine.permissions import is_administrator
from slurmsim.engine.trigger import trigger
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.hostlist import compress
from slurmsim.model.partition_update import PartitionUpdate
from slurmsim.model.partitions import Partition

INVALID_USER = "Invalid user id"
INVALID_PARTITION = "Invalid partition name specified"
INVALID_NODE = "Invalid node name specified"


def update_partition(state: ClusterState, actor: str, update: PartitionUpdate) -> None:
    """Apply ``update`` to the partition it names; refusals raise ``SlurmError`` with
    slurmctld's words and change nothing."""
    if not is_administrator(state, actor):
        raise SlurmError(INVALID_USER)
    part = state.partitions.get(update.name or "")
    if part is None:
        raise SlurmError(INVALID_PARTITION)
    changed = replace(part, **_fields(state, part, update))  # type: ignore[arg-type]  # Partition fields
    if update.default:
        for name, other in state.partitions.items():
            if other.default and name != part.name:
                state.partitions[name] = replace(other, default=False)
    state.partitions[part.name] = changed
    trigger(state)


def _fields(state: ClusterState, part: Partition, update: PartitionUpdate) -> dict[str, object]:
    """The ``Partition`` fields ``update`` sets."""
    fields: dict[str, object] = {}
    if update.nodes is not None:
        fields["nodes"], fields["nodes_expr"] = _nodes(state, update.nodes)
    if update.max_time_set:
        fields["max_time"] = update.max_time
    if update.default_time_set:
        fields["default_time"] = update.default_time
    if update.max_nodes_set:
        fields["max_nodes"] = update.max_nodes
    for name in (
        "min_nodes",
        "default",
        "exclusive_user",
        "hidden",
        "oversubscribe",
        "preempt_mode",
        "priority_tier",
        "priority_job_factor",
        "state",
        "grace_time",
        "def_mem_per_cpu",
        "max_mem_per_node",
    ):
        if (value := getattr(update, name)) is not None:
            fields[name] = value
    for name in ("allow_groups", "allow_accounts", "allow_qos"):
        if (value := getattr(update, name)) is not None:
            fields[name] = _names(value)
    if update.qos is not None:
        fields["qos"] = update.qos or None
    return fields


def _nodes(state: ClusterState, names: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """``Nodes=``: its names (none given: every node, ``ALL``) and the list as shown."""
    chosen = names if names else tuple(state.nodes)
    if any(n not in state.nodes for n in chosen):
        raise SlurmError(INVALID_NODE)
    return chosen, compress(chosen)


def _names(text: str) -> tuple[str, ...]:
    """An ``Allow*=`` list: ``ALL`` (or nothing) is everyone."""
    return () if text.upper() in ("ALL", "") else tuple(w for w in text.split(",") if w)
