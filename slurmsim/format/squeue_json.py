"""``squeue --json`` / ``--yaml``: every job the controller holds, as openapi/v0.0.38 dumps it.

Slurm 22.05 ignores squeue's filters and formats here: the dump lists every job
record slurmctld still keeps (finished ones too, until MinJobAge purges them), in
its job list's order. That order is creation order, with one twist: when an array
task starts, the record it starts from becomes the task (with a new job id) and a
copy of the array's meta record is appended at the end of the list.

Keys and their order are Slurm's. Unset numbers are ``null``, unset strings
``""``, instants Unix seconds (``0`` when unset), limits in minutes, exit codes as
the raw wait status (``768`` is exit code 3). The envelope is ``openapi.envelope``.
"""

from slurmsim.format import jobview as jv
from slurmsim.format import openapi
from slurmsim.format.cores import CoreMap
from slurmsim.format.hostlist import compress, format_ranges
from slurmsim.model import dependency_status
from slurmsim.model import tres_specs as ts
from slurmsim.model.accounting import NODES_UNAVAILABLE, derived_exit
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import REFUSED, Job, JobState, state_name

#: Reasons slurmsim keeps as the text squeue shows, with the code Slurm files them
#: under: the dump gives the code as ``state_reason`` and the text as
#: ``state_description``.
_DESCRIBED = {NODES_UNAVAILABLE: "Resources"}

#: What squeue asks the controller for; printed with every job.
_SHOW_FLAGS = ["SHOW_ALL", "SHOW_DETAIL", "SHOW_LOCAL"]


def list_order(state: ClusterState) -> list[Job]:
    """The jobs in slurmctld's job list order (see the module docstring)."""
    return jv.list_order(state.jobs.values())


def render_json(state: ClusterState, *, yaml: bool = False) -> str:
    """The whole ``squeue --json`` (or ``--yaml``) document."""
    known = Known(state)
    document = openapi.envelope("jobs", (job_record(state, j, known) for j in list_order(state)))
    return openapi.to_yaml(document) if yaml else openapi.to_json(document)


def _flags(job: Job) -> list[openapi.Value]:
    """The job's flag names, in the order of their bits."""
    request = job.request
    names: list[openapi.Value] = []
    if request.cpus_per_task != 1:
        names.append("JOB_CPUS_SET")
    ran = bool(job.alloc) or job.state is JobState.RUNNING
    if job.accrue_time is not None and (job.state.finished or ran):
        names.append("JOB_ACCRUE_OVER")
    if job.state in HOLDS_RESOURCES or (ran and job.state is JobState.TIMEOUT):
        names.append("JOB_WAS_RUNNING")
    if request.mem_per_node is not None:
        names.append("JOB_MEM_SET")
    return names


class Known:
    """What every record looks up, worked out once per dump: cores, associations, and
    the widest node of each partition."""

    def __init__(self, state: ClusterState) -> None:
        self.cores = CoreMap(state)
        self.associations = {(a.account, a.user): a.id for a in state.associations}
        self.widest = {
            part.name: max(
                (state.nodes[n].config.cpus for n in part.nodes if n in state.nodes), default=0
            )
            for part in state.partitions.values()
        }


def _sockets(state: ClusterState, cores: list[int], node_name: str) -> dict[str, openapi.Value]:
    """``{"0": {"cores": {"3": "allocated"}}}``: a job's cores on one node, by socket."""
    node = state.nodes.get(node_name)
    per_socket = node.config.cores_per_socket if node else 1 << 30
    layout: dict[str, dict[str, openapi.Value]] = {}
    for cpu in sorted(cores):
        socket, core = divmod(cpu, per_socket)
        layout.setdefault(str(socket), {})[str(core)] = "allocated"
    return {socket: {"cores": dict(cores_)} for socket, cores_ in layout.items()}


def _job_resources(state: ClusterState, job: Job, cores: CoreMap) -> openapi.Record:
    return {
        "nodes": jv.node_list(job),
        "allocated_cores": job.num_cpus,
        "allocated_hosts": len(job.alloc),
        "allocated_nodes": [
            {
                "sockets": _sockets(state, cores.cores(job, alloc.node), alloc.node),
                "nodename": alloc.node,
                "cpus_used": 0,
                "memory_used": 0,
                "memory_allocated": alloc.mem,
            }
            for alloc in sorted(job.alloc, key=lambda a: _natural(a.node))
        ],
    }


def _gres_detail(state: ClusterState, job: Job) -> list[openapi.Value]:
    if job.state not in HOLDS_RESOURCES:
        return []
    detail: list[openapi.Value] = []
    for alloc in sorted(job.alloc, key=lambda a: _natural(a.node)):
        if alloc.gpus:
            node = state.nodes.get(alloc.node)
            kind = node.config.gres_type("gpu") if node else None
            name = f"gpu:{kind}" if kind else "gpu"
            detail.append(f"{name}:{len(alloc.gpus)}(IDX:{format_ranges(alloc.gpus)})")
    return detail


def _natural(name: str) -> tuple[str, int]:
    head = name.rstrip("0123456789")
    digits = name[len(head) :]
    return (head, int(digits) if digits else -1)


def _minutes(seconds: int | None) -> int | None:
    return None if seconds is None else seconds // 60


def _derived_status(job: Job) -> int:
    """DerivedExitCode as a status word, as the JSON gives it."""
    code, signal = derived_exit(job)
    return (code << 8) | signal


def _exit_status(job: Job) -> int:
    """The raw wait status; a job the controller refused carries a bare 1."""
    if REFUSED in job.extra:
        return job.exit_code
    return (job.exit_code << 8) | job.exit_signal


def _requested_tres(job: Job, state: ClusterState) -> str:
    request = job.request
    cpus = jv.requested_cpus(request)
    return jv.tres_text(
        [
            ("cpu", cpus),
            ("mem", jv.requested_mem(request, state.config)),
            ("node", request.min_nodes),
            ("billing", cpus),
            ("gres/gpu", request.requested_gpus),
        ]
    )


def _node_count(job: Job, known: Known) -> int:
    """Allocated nodes; before that, the nodes the job's CPUs need at least."""
    if job.alloc:
        return len(job.alloc)
    request = job.request
    widest = known.widest.get(request.partition, 0)
    needed = -(-jv.requested_cpus(request) // widest) if widest else 0
    return max(request.min_nodes, needed)


def job_record(state: ClusterState, job: Job, known: Known) -> openapi.Record:
    """One job in openapi/v0.0.38's shape, its keys in Slurm's order."""
    request = job.request
    config = state.config
    user = state.users.get(request.user)
    uid, gid = (user.uid, user.gid) if user else (request.uid, request.gid)
    meta = jv.is_array_meta(job)
    counted = bool(job.alloc) or not job.state.finished or request.ntasks_set
    cpus = jv.cpu_count(job) if counted else None
    batch_host = min(job.nodes, key=_natural) if job.alloc and request.batch else ""
    record: openapi.Record = {
        "account": request.account,
        "accrue_time": job.accrue_time or 0,
        "admin_comment": "",
        "array_job_id": job.array_job_id or 0,
        "array_task_id": job.array_task_id,
        "array_max_tasks": job.array_throttle or 0,
        "array_task_string": jv.array_task_text(job) if meta else "",
        "association_id": known.associations.get((request.account, request.user), 0),
        "batch_features": "",
        "batch_flag": request.batch,
        "batch_host": batch_host,
        "flags": _flags(job),
        "burst_buffer": request.shown_value("bb") or "",
        "burst_buffer_state": "",
        "cluster": config.cluster_name,
        "cluster_features": request.shown_value("cluster-constraint") or "",
        "command": request.command or "",
        "comment": request.comment or "",
        "container": request.shown_value("container") or "",
        "contiguous": request.contiguous,
        "core_spec": None,
        "thread_spec": None,
        "cores_per_socket": None,
        "billable_tres": openapi.double(job.num_cpus) if job.alloc else None,
        "cpus_per_task": request.cpus_per_task if request.cpus_per_task != 1 else None,
        "cpu_frequency_minimum": None,
        "cpu_frequency_maximum": None,
        "cpu_frequency_governor": None,
        "cpus_per_tres": "",
        "deadline": 0,
        "delay_boot": 0,
        "dependency": dependency_status.shown(state, job) or "",
        "derived_exit_code": _derived_status(job),
        "eligible_time": job.eligible_time or 0,
        "end_time": jv.end_time(job) or 0,
        "excluded_nodes": compress(request.exc_nodes),
        "exit_code": _exit_status(job),
        "features": request.features or "",
        "federation_origin": "",
        "federation_siblings_active": "",
        "federation_siblings_viable": "",
        "gres_detail": _gres_detail(state, job),
        "group_id": gid,
        "group_name": request.user,
        "job_id": job.job_id,
    }
    if job.alloc:
        record["job_resources"] = _job_resources(state, job, known.cores)
    started = bool(job.alloc) or job.restarts > 0
    code = _DESCRIBED.get(job.reason)
    record.update(
        {
            "job_state": state_name(job),
            "last_sched_evaluation": job.last_sched_eval or 0,
            "licenses": "",
            "max_cpus": 0,
            "max_nodes": 0 if started else request.max_nodes or 0,
            "mcs_label": request.shown_value("mcs-label") or "",
            "memory_per_tres": (
                f"gres:gpu:{request.mem_per_gpu}" if request.mem_per_gpu is not None else ""
            ),
            "name": request.name,
            "nodes": jv.node_list(job),
            "nice": request.nice or None,
            "tasks_per_core": None,
            "tasks_per_node": request.ntasks_per_node or 0,
            "tasks_per_socket": None,
            "tasks_per_board": 0,
            "cpus": cpus,
            "node_count": _node_count(job, known),
            "tasks": jv.task_count(job) if counted else None,
            "het_job_id": 0,
            "het_job_id_set": "",
            "het_job_offset": 0,
            "partition": jv.shown_partition(job),
            "prefer": request.shown_value("prefer") or "",
            "memory_per_node": request.mem_per_node,
            "memory_per_cpu": jv.mem_per_cpu(request, config),
            "minimum_cpus_per_node": request.cpus_per_task * (request.ntasks_per_node or 1),
            "minimum_tmp_disk_per_node": 0,
            "preempt_time": job.preempt_time or 0,
            "pre_sus_time": job.secs_pre_suspend,
            "priority": jv.shown_priority(state, job),
            "profile": None,
            "qos": request.qos,
            "reboot": request.reboot,
            "required_nodes": compress(request.req_nodes),
            "requeue": request.requeue,
            "resize_time": 0,
            "restart_cnt": job.restarts,
            "resv_name": request.reservation or "",
            "shared": "none" if request.exclusive else None,
            "show_flags": list(_SHOW_FLAGS),
            "sockets_per_board": 0,
            "sockets_per_node": None,
            "start_time": job.start_time or 0,
            "state_description": job.state_desc or (job.reason if code else ""),
            "state_reason": code or job.reason,
            "standard_error": request.std_err or "",
            "standard_input": request.std_in if request.batch else "",
            "standard_output": request.std_out or "",
            "submit_time": job.submit_time,
            "suspend_time": job.suspend_time or 0,
            "system_comment": "",
            "time_limit": _minutes(job.time_limit),
            "time_minimum": _minutes(request.time_min) or 0,
            "threads_per_core": None,
            "tres_bind": "",
            "tres_freq": "",
            "tres_per_job": ts.tres_per_job(request) or "",
            "tres_per_node": ts.tres_per_node(request) or "",
            "tres_per_socket": "",
            "tres_per_task": ts.tres_per_task(request) or "",
            "tres_req_str": _requested_tres(job, state),
            "tres_alloc_str": jv.job_tres(job, config) if job.alloc else "",
            "user_id": uid,
            "user_name": request.user,
            "wckey": "",
            "current_working_directory": request.work_dir,
        }
    )
    return record
