"""``sinfo --json`` / ``--yaml``: every node, as Slurm 22.05's openapi/v0.0.38 dumps it.

22.05 dumps nodes only (no partitions list), all of them, in slurm.conf order;
filters and formats are ignored. ``state`` is the base state in lower case
(``idle``, ``mixed``, ``allocated``, ``down``) and ``state_flags`` the flag words
(``DRAIN``, ...). Host facts a simulation cannot know (architecture, kernel, load)
are the fixed values ``scontrol show node`` prints; free memory is the memory no
job holds.
"""

from slurmsim.format import jobview as jv
from slurmsim.format import openapi
from slurmsim.format.hostlist import format_ranges
from slurmsim.format.nodestate import completing_nodes, node_status, planned_nodes
from slurmsim.format.scontrol import ARCH, CPU_LOAD, OS_NAME
from slurmsim.format.version import SLURM_VERSION
from slurmsim.model.alloc import NodeUsage, node_usage
from slurmsim.model.cluster import ClusterState
from slurmsim.model.nodes import Node
from slurmsim.model.reservations import node_flags

#: Flag words in the order of their bits in slurm.h, as the dump lists them.
_FLAG_BITS = ("DRAIN", "COMPLETING", "NOT_RESPONDING", "MAINTENANCE", "RESERVED", "PLANNED")


def render_json(state: ClusterState, *, yaml: bool = False) -> str:
    """The whole ``sinfo --json`` (or ``--yaml``) document."""
    usage = node_usage(state.jobs.values())
    completing = completing_nodes(state.jobs.values())
    reserved = node_flags(state.reservations.values(), state.now)
    planned = planned_nodes(state)
    records = (
        node_record(
            state,
            node,
            usage.get(node.name),
            completing=node.name in completing,
            reserved=reserved.get(node.name, frozenset()),
            planned=node.name in planned,
        )
        for node in state.nodes.values()
        if not node.future
    )
    document = openapi.envelope("nodes", records)
    return openapi.to_yaml(document) if yaml else openapi.to_json(document)


def _gres_used(node: Node, usage: NodeUsage | None) -> str:
    """``gpu:h100:4(IDX:0-3)``; ``N/A`` indices when none is in use."""
    parts = []
    for gres in node.configured_gres:
        name = f"{gres.name}:{gres.type}" if gres.type else gres.name
        kept = node.config.gres_count(gres.name)  # none once an update took them away
        used = sorted(usage.gpus) if usage and gres.name == "gpu" and kept else []
        parts.append(f"{name}:{len(used)}(IDX:{format_ranges(used) if used else 'N/A'})")
    return ",".join(parts)


def node_record(
    state: ClusterState,
    node: Node,
    usage: NodeUsage | None,
    *,
    completing: bool = False,
    reserved: frozenset[str] = frozenset(),
    planned: bool = False,
) -> openapi.Record:
    """One node in openapi/v0.0.38's shape, its keys in Slurm's order."""
    config = node.config
    status = node_status(node, usage, completing, reserved, planned)
    cpus = usage.cpus if usage else 0
    mem = usage.mem if usage else 0
    gpus = len(usage.gpus) if usage else 0
    features = ",".join(config.features)
    cfg_tres = jv.tres_text(
        [
            ("cpu", config.cpus),
            ("mem", config.real_memory),
            ("billing", config.cpus),
            ("gres/gpu", node.configured_count("gpu")),
        ]
    )
    used_tres = jv.tres_text([("cpu", cpus), ("mem", mem), ("gres/gpu", gpus)])
    return {
        "architecture": ARCH,
        "burstbuffer_network_address": "",
        "boards": config.boards,
        "boot_time": node.boot_time or 0,
        "comment": node.comment or "",
        "cores": config.cores_per_socket,
        "cpu_binding": 0,
        "cpu_load": round(float(CPU_LOAD) * 100),
        "extra": node.extra_text or "",
        "free_memory": config.real_memory - mem,
        "cpus": config.cpus,
        "last_busy": node.last_busy_time or 0,
        "features": features,
        "active_features": node.active_features_text or "",
        "gres": "" if node.gres_text == "(null)" else node.gres_text,
        "gres_drained": "N/A",
        "gres_used": _gres_used(node, usage),
        "mcs_label": "",
        "name": node.name,
        "next_state_after_reboot": "invalid",
        "address": node.address,
        "hostname": node.hostname,
        "state": status.base.lower(),
        "state_flags": [f for f in _FLAG_BITS if f in status.flags],
        "next_state_after_reboot_flags": [],
        "operating_system": OS_NAME,
        "owner": None,
        "partitions": [p.name for p in state.partitions.values() if node.name in p.nodes],
        "port": config.port if config.port is not None else 6818,
        "real_memory": config.real_memory,
        "reason": node.reason or "",
        "reason_changed_at": (node.reason_time or 0) if node.reason else 0,
        "reason_set_by_user": node.reason_user if node.reason else None,
        "slurmd_start_time": node.boot_time or 0,
        "sockets": config.sockets,
        "threads": config.threads_per_core,
        "temporary_disk": config.tmp_disk,
        "weight": config.weight,
        "tres": cfg_tres,
        "slurmd_version": SLURM_VERSION,
        "alloc_memory": mem,
        "alloc_cpus": cpus,
        "idle_cpus": config.cpus - cpus,
        "tres_used": used_tres or None,
        "tres_weighted": openapi.double(float(cpus)),
    }
