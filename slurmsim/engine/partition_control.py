"""``scontrol update|create|delete PartitionName=...`` as slurmctld judges them.

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
from slurmsim.model.errors import AppliedError, SlurmError
from slurmsim.model.hostlist import compress
from slurmsim.model.jobs import JobState
from slurmsim.model.partition_update import PartitionUpdate
from slurmsim.model.partitions import Partition

INVALID_USER = "Invalid user id"
INVALID_PARTITION = "Invalid partition name specified"
INVALID_NODE = "Invalid node name specified"
IN_USE = "Partition is in use"


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
        _only_default(state, part.name)
    state.partitions[part.name] = changed
    trigger(state)


def create_partition(state: ClusterState, actor: str, update: PartitionUpdate) -> None:
    """``scontrol create PartitionName=...``: a new partition, with slurmctld's defaults for
    what ``update`` does not set (MinNodes=1, the oracle) and placed after the others. A
    name in use is refused; unknown nodes are refused after the partition is made, which
    stays, without nodes (the oracle)."""
    if not is_administrator(state, actor):
        raise SlurmError(INVALID_USER)
    name = update.name or ""
    if not name or name in state.partitions:
        raise SlurmError(INVALID_PARTITION)
    made = Partition(name=name, nodes=(), min_nodes=1)
    try:
        fields = _fields(state, made, update)
    except SlurmError as refused:
        state.partitions[name] = made
        raise AppliedError(refused.message) from None
    state.partitions[name] = replace(made, **fields)  # type: ignore[arg-type]  # Partition fields
    if update.default:
        _only_default(state, name)
    trigger(state)


def delete_partition(state: ClusterState, actor: str, name: str) -> None:
    """``scontrol delete PartitionName=...``: refused while a job waits or runs in it."""
    if not is_administrator(state, actor):
        raise SlurmError(INVALID_USER)
    if name not in state.partitions:
        raise SlurmError(INVALID_PARTITION)
    live = (JobState.PENDING, JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING)
    if any(j.request.partition == name and j.state in live for j in state.jobs.values()):
        raise SlurmError(IN_USE)
    del state.partitions[name]


def _only_default(state: ClusterState, name: str) -> None:
    """``name`` becomes the default partition; the one that was loses it."""
    for other_name, other in state.partitions.items():
        if other.default and other_name != name:
            state.partitions[other_name] = replace(other, default=False)


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
