"""``scontrol show job|node|partition|hostnames|hostlist`` records, Slurm 22.05's bytes.

A record is a list of lines of ``Key=value`` fields. Jobs print the first line
flush left and the rest indented three spaces, then a line of three spaces and an
empty line; nodes and partitions end with just the empty line. ``-o`` joins a
record's fields on one line.
"""

import re
from collections.abc import Iterable, Sequence

from slurmsim.format import jobview as jv
from slurmsim.format.columns import or_null
from slurmsim.format.cores import CoreMap
from slurmsim.format.hostlist import compress, format_ranges
from slurmsim.format.nodestate import completing_nodes, gres_used, node_status, planned_nodes
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import format_hms, format_instant, format_limit_hms
from slurmsim.format.units import format_mem
from slurmsim.format.version import SLURM_VERSION
from slurmsim.model import dependency_status, limits
from slurmsim.model import tres_specs as ts
from slurmsim.model.accounting import derived_exit, resize_time
from slurmsim.model.alloc import node_usage
from slurmsim.model.cluster import ClusterState
from slurmsim.model.cpu_freq import describe as describe_cpu_freq
from slurmsim.model.cpu_freq import read_cpu_freq
from slurmsim.model.hetjobs import named
from slurmsim.model.jobs import (
    REFUSED,
    TIME_MIN_UNLIMITED,
    Job,
    JobRequest,
    JobState,
    NodeAlloc,
    list_place,
    state_name,
)
from slurmsim.model.mail import mail_kinds
from slurmsim.model.nodes import Node
from slurmsim.model.partitions import Partition
from slurmsim.model.reservations import node_flags
from slurmsim.model.time import Instant

#: Host facts a simulated node cannot know; printed as these fixed, plausible values.
ARCH = "x86_64"
OS_NAME = "Linux 6.1.0-slurmsim #1 SMP PREEMPT_DYNAMIC"
CPU_LOAD = "0.00"

_JOB_ID = re.compile(r"^(\d+)(?:_(\d+))?$", re.ASCII)


def _record(lines: list[list[str]], *, oneliner: bool, job: bool) -> str:
    """Lay out a record's lines of fields; jobs get the closing three-space line."""
    if oneliner:  # only a job's line ends in a blank (oracle: scontrol/022, 023, 025)
        return " ".join(f for line in lines for f in line) + (" \n" if job else "\n")
    text = "\n".join(("   " if i else "") + " ".join(line) for i, line in enumerate(lines))
    return text + ("\n   \n\n" if job else "\n\n")


# --- jobs ------------------------------------------------------------------------------


def _cpu_ids(cores: CoreMap, job: Job, alloc: NodeAlloc) -> str:
    """CPU indices of ``job`` on one node, as cons_tres picked them (``format/cores.py``)."""
    return format_ranges(cores.cores(job, alloc.node))


def _gpu_kind(state: ClusterState, node_name: str) -> str:
    node = state.nodes.get(node_name)
    kind = node.config.gres_type("gpu") if node else None
    return f"gpu:{kind}" if kind else "gpu"


def _gres_detail(state: ClusterState, job: Job) -> list[list[str]]:
    """The ``-d`` lines: JOB_GRES, then one ``Nodes=`` line per run of alike nodes. A job
    that has ended has given its GPUs back: no node's GRES is named, so nodes alike but
    for them share a line (the oracle)."""
    gpus = sum(len(a.gpus) for a in job.alloc)
    kind = _gpu_kind(state, job.alloc[0].node)
    lines = [[f"JOB_GRES={kind}:{gpus}" if gpus else "JOB_GRES=(null)"]]
    runs: list[tuple[list[str], str]] = []
    cores = CoreMap(state, {a.node for a in job.alloc})
    ended = job.state.finished
    for alloc in sorted(job.alloc, key=lambda a: _natural(a.node)):
        gres = ""
        if alloc.gpus and not ended:
            kind = _gpu_kind(state, alloc.node)
            gres = f"{kind}:{len(alloc.gpus)}(IDX:{format_ranges(alloc.gpus)})"
        rest = f"CPU_IDs={_cpu_ids(cores, job, alloc)} Mem={alloc.mem} GRES={gres}"
        if runs and runs[-1][1] == rest:
            runs[-1][0].append(alloc.node)
        else:
            runs.append(([alloc.node], rest))
    lines += [[f"  Nodes={compress(names)} {rest}"] for names, rest in runs]
    return lines


def _num_nodes(state: ClusterState, job: Job) -> str:
    """The controller's guess while a job has not run (``1-1`` with a maximum); else the count."""
    request = job.request
    if not jv.is_unstarted(job):
        return str(jv.node_count(job))
    guess = jv.pending_node_count(job, state)
    if not request.max_nodes:  # none, or -N 0: scontrol prints a range only up to a maximum
        return str(guess)
    return f"{min(guess, request.max_nodes)}-{request.max_nodes}"


def _num_cpus(job: Job) -> str:
    """The CPUs, and a pending job's most where an update gave a range (``4-8``)."""
    most = job.request.max_cpus
    if most is None or job.alloc:
        return str(jv.cpu_count(job))
    return f"{jv.cpu_count(job)}-{most}"


def _scheduler(state: ClusterState, job: Job) -> str:
    """``Main`` or ``Backfill``, flagged ``:*`` (scontrol's own reading) for a pending job
    the last backfill cycle looked at: one that began at or before its last evaluation.

    Every main pass clears the flag of every pending job (its queue build does), so a job
    backfill planned shows ``Main`` once a main pass has run since; at one instant main
    passes come first."""
    if job.scheduler != "Backfill" or job.state is not JobState.PENDING:
        return job.scheduler
    last, main = state.last_backfill, state.last_main
    if main is not None and (last is None or main > last):
        return "Main"
    if last is not None and job.last_sched_eval is not None and last <= job.last_sched_eval:
        return "Backfill:*"
    return job.scheduler


def _memory_field(state: ClusterState, job: Job) -> str:
    per_cpu = jv.min_memory_per_cpu(job.request, state.config, allocated=bool(job.alloc))
    if per_cpu is not None:
        return f"MinMemoryCPU={format_mem(per_cpu)}"
    return f"MinMemoryNode={jv.min_memory_text(job.request.mem_per_node or 0)}"


def _user_field(state: ClusterState, job: Job) -> list[str]:
    request = job.request
    user = state.users.get(request.user)
    uid, gid = (user.uid, user.gid) if user else (request.uid, request.gid)
    mcs = request.shown_value("mcs-label") or "N/A"
    return [f"UserId={request.user}({uid})", f"GroupId={request.user}({gid})", f"MCS_label={mcs}"]


def _mail_line(request: JobRequest) -> list[list[str]]:
    """``MailUser=``/``MailType=``: the types of every ``--mail-type`` given (kept ``;``
    apart), each read up to a NONE, which leaves it none; no line when none is left."""
    kinds = mail_kinds(request.shown_value("mail-type"))
    if not kinds:
        return []
    user = request.shown_value("mail-user") or request.user
    return [[f"MailUser={user}", f"MailType={','.join(kinds)}"]]


#: ``--gres-flags`` as the job's flags line shows it.
_GRES_BIND = {"enforce-binding": "GresEnforceBind=Yes", "disable-binding": "GresEnforceBind=No"}


def _tres_request_lines(job: Job) -> list[list[str]]:
    request = job.request
    lines = []
    # The job's flags, on one line with nothing between them, as scontrol writes them.
    flags = _GRES_BIND.get((request.shown_value("gres-flags") or "").lower(), "")
    if request.kill_on_invalid_dep is not None:
        flags += f"KillOInInvalidDependent={'Yes' if request.kill_on_invalid_dep else 'No'}"
    if request.shown_value("spread-job") is not None:
        flags += "SpreadJob=Yes"
    if flags:
        lines.append([flags])
    for key, spec in (
        ("CpusPerTres", ts.cpus_per_tres),
        ("MemPerTres", ts.mem_per_tres),
        ("TresBind", ts.tres_bind),
        ("TresFreq", ts.tres_freq),
        ("TresPerJob", ts.tres_per_job),
        ("TresPerNode", ts.tres_per_node),
        ("TresPerSocket", ts.tres_per_socket),
        ("TresPerTask", ts.tres_per_task),
    ):
        if (value := spec(request)) is not None:
            lines.append([f"{key}={value}"])
    lines += _mail_line(request)
    if (per_gpu := request.shown_value("ntasks-per-gpu")) is not None:
        lines.append([f"NtasksPerTRES={per_gpu}"])
    if container := request.shown_value("container"):
        lines.append([f"Container={container}"])
    return lines


_Lines = list[list[str]]


def _exit_text(job: Job) -> str:
    """``ExitCode``: code and signal; a refused record's bare status 1 reads ``0:1``."""
    return "0:1" if REFUSED in job.extra else f"{job.exit_code}:{job.exit_signal}"


def _identity(state: ClusterState, job: Job, task: int | None) -> _Lines:
    """JobId/array ids/JobName, the owner, and priority/account/QOS."""
    request = job.request
    head = [f"JobId={job.job_id}"]
    if job.array_job_id is not None:
        task_text = str(task) if task is not None else jv.array_task_text(job)
        if jv.is_emptied(job):
            task_text = "4294967294"  # what 22.05 prints for a task id it no longer has
        head += [f"ArrayJobId={job.array_job_id}", f"ArrayTaskId={task_text}"]
        if job.array_throttle:
            head.append(f"ArrayTaskThrottle={job.array_throttle}")
    het = job.het
    if het is not None:
        head += [f"HetJobId={het.leader}", f"HetJobOffset={het.offset}"]
    head.append(f"JobName={request.name}")
    account = [f"Priority={jv.shown_priority(state, job)}", f"Nice={request.nice}"]
    account += [f"Account={request.account}", f"QOS={request.qos}"]
    if het is not None:
        return [head, [f"HetJobIdSet={jv.het_id_set(job)}"], _user_field(state, job), account]
    return [head, _user_field(state, job), account]


def _status(state: ClusterState, job: Job, detail: bool) -> _Lines:
    """State, reason, dependency, requeue counters and exit codes."""
    request = job.request
    dependency = dependency_status.shown(state, job) or "(null)"
    # scontrol prints a free-text reason with its blanks turned into underscores.
    reason = jv.reason_text(job).replace(" ", "_")
    lines = [
        [f"JobState={state_name(job)}", f"Reason={reason}", f"Dependency={dependency}"],
        [
            f"Requeue={int(request.requeue)}",
            f"Restarts={job.restarts}",
            f"BatchFlag={int(request.batch)}",
            f"Reboot={int(request.reboot)}",
            "ExitCode=0:1"
            if REFUSED in job.extra
            else f"ExitCode={job.exit_code}:{job.exit_signal}",
        ],
    ]
    if detail:
        code, signal = derived_exit(job)
        lines.append([f"DerivedExitCode={code}:{signal}"])
    return lines


def _node_list(request: JobRequest, names: tuple[str, ...], option: str) -> str:
    """``ReqNodeList``/``ExcNodeList``: the nodes compressed, empty when ``option`` was
    given empty, else ``(null)``."""
    if names:
        return compress(names)
    return "" if request.shown_value(option) == "" else "(null)"


def _times(state: ClusterState, job: Job, now: Instant) -> _Lines:
    """RunTime/limits, then submit, eligible, accrue, start/end, preemption and scheduler."""
    time_min = job.request.time_min
    if not time_min:
        shown_min = "N/A"
    else:
        shown_min = "UNLIMITED" if time_min == TIME_MIN_UNLIMITED else format_hms(time_min)
    lines = [
        [
            f"RunTime={format_hms(jv.time_used(job, now))}",
            f"TimeLimit={format_limit_hms(job.time_limit)}",
            f"TimeMin={shown_min}",
        ],
        [
            f"SubmitTime={format_instant(job.submit_time)}",
            f"EligibleTime={format_instant(job.eligible_time)}",
        ],
        [f"AccrueTime={format_instant(job.accrue_time)}"],
        *([[f"ResizeTime={format_instant(resized)}"]] if (resized := resize_time(job)) else []),
        [
            f"StartTime={format_instant(job.start_time)}",
            f"EndTime={format_instant(jv.end_time(job))}",
            f"Deadline={_deadline(job.request)}",
        ],
    ]
    started = job.state is not JobState.PENDING and job.start_time is not None
    if started and state.config.preempt_type != "preempt/none":
        qos = state.qos.get(job.request.qos)
        default = state.config.preempt_exempt_time
        exempt = limits.preempt_exempt(qos.limits, default) if qos is not None else default
        eligible = job.start_time
        if eligible is not None and exempt:
            eligible = Instant(eligible + exempt)
        lines.append(
            [
                f"PreemptEligibleTime={format_instant(eligible)}",
                f"PreemptTime={format_instant(job.preempt_time, 'None')}",
            ]
        )
    lines.append(
        [
            f"SuspendTime={format_instant(job.suspend_time, 'None')}",
            f"SecsPreSuspend={job.secs_pre_suspend}",
            f"LastSchedEval={format_instant(job.last_sched_eval)}",
            f"Scheduler={_scheduler(state, job)}",
        ]
    )
    return lines


def _deadline(request: JobRequest) -> str:
    deadline = request.shown_value("deadline")
    return format_instant(Instant(int(deadline))) if deadline else "N/A"


def _placement(state: ClusterState, job: Job, detail: bool) -> _Lines:
    """Partition, node lists, counts, TRES, and with ``-d`` the per-node GRES detail."""
    request = job.request
    nodes = [f"NodeList={jv.node_list(job)}"]
    if job.sched_nodes:
        nodes.append(f"SchedNodeList={compress(job.sched_nodes)}")
    lines = [
        [
            f"Partition={jv.shown_partition(job)}",
            f"AllocNode:Sid={request.alloc_node}:{request.alloc_sid}",
        ],
        [
            f"ReqNodeList={_node_list(request, request.req_nodes, 'nodelist')}",
            f"ExcNodeList={_node_list(request, request.exc_nodes, 'exclude')}",
        ],
        nodes,
    ]
    batch = [f"BatchFeatures={b}"] if (b := request.shown_value("batch")) else []
    if job.alloc:  # srun's and salloc's jobs too (oracle: env/080, 091)
        batch.append(f"BatchHost={min(job.nodes, key=_natural)}")
    if batch:
        lines.append(batch)
    # A job that ended without ever running has no task count left to show.
    tasks = "N/A" if job.state.finished and not job.alloc else str(jv.task_count(job))
    sockets, cores, threads = jv.sockets_cores_threads(request)
    per_socket = request.shown_value("ntasks-per-socket") or "*"
    per_core = request.shown_value("ntasks-per-core") or "*"
    per_node = request.ntasks_per_node or 0
    lines += [
        [
            f"NumNodes={_num_nodes(state, job)}",
            f"NumCPUs={_num_cpus(job)}",
            f"NumTasks={tasks}",
            f"CPUs/Task={request.cpus_per_task}",
            f"ReqB:S:C:T=0:0:{cores}:{threads}",
        ],
        [f"TRES={jv.job_tres(job, state.config, jv.whole_node_memory(state, job)) or '(null)'}"],
        [
            f"Socks/Node={sockets}",
            f"NtasksPerN:B:S:C={per_node}:0:{per_socket}:{per_core}",
            "CoreSpec=*",
        ],
    ]
    if detail and job.alloc:
        lines += _gres_detail(state, job)
    return lines


def _requirements(state: ClusterState, job: Job, task: int | None) -> _Lines:
    """Per-node minimums, features, sharing, the command and its files, TRES requests."""
    request = job.request
    lines = [
        [
            f"MinCPUsNode={jv.min_cpus_per_node(request)}",
            _memory_field(state, job),
            f"MinTmpDiskNode={jv.min_tmp_disk(request)}",
        ],
        [
            f"Features={or_null(request.features)}",
            f"DelayBoot={format_hms(int(request.shown_value('delay-boot') or 0))}",
        ],
        *([[f"ClusterFeatures={c}"]] if (c := request.shown_value("cluster-constraint")) else []),
        *([[f"Prefer={prefer}"]] if (prefer := request.shown_value("prefer")) else []),
        *([[f"Reservation={request.reservation}"]] if request.reservation else []),
        [
            f"OverSubscribe={jv.oversubscribe(request)}",
            f"Contiguous={int(request.contiguous)}",
            "Licenses=(null)",
            f"Network={request.shown_value('network') or '(null)'}",
        ],
        [f"Command={request.command or '(null)'}"],
        [f"WorkDir={request.work_dir}"],
    ]
    if request.comment is not None:  # an empty one too, as --comment= gives it
        lines.append([f"Comment={request.comment} "])
    if request.batch:
        lines += [
            [f"StdErr={jv.std_err(job, task)}"],
            [f"StdIn={jv.expand_path(job, request.std_in, task)}"],
            [f"StdOut={jv.std_out(job, task)}"],
        ]
    if (switches := request.shown_value("switches")) is not None:
        count, _, wait = switches.partition("@")  # the wait is kept in seconds
        lines.append([f"Switches={count}@{format_hms(int(wait or 0))}"])
    if buffer := request.shown_value("bb"):
        lines.append([f"BurstBuffer={buffer}"])
    if freq := request.shown_value("cpu-freq"):  # checked at submission
        lines.append([describe_cpu_freq(read_cpu_freq(freq))])
    lines.append([f"Power={jv.power(request)}"])
    return lines + _tres_request_lines(job)


def show_job(
    state: ClusterState,
    job: Job,
    *,
    now: Instant,
    detail: bool = False,
    oneliner: bool = False,
    task: int | None = None,
) -> str:
    """One ``scontrol show job`` record (``-d``: ``detail``, ``-o``: ``oneliner``).

    ``task`` prints a still-pending task of an array from its meta record.
    """
    lines = (
        _identity(state, job, task)
        + _status(state, job, detail)
        + _times(state, job, now)
        + _placement(state, job, detail)
        + _requirements(state, job, task)
    )
    return _record(lines, oneliner=oneliner, job=True)


def _natural(name: str) -> tuple[str, int]:
    head = name.rstrip("0123456789")
    digits = name[len(head) :]
    return (head, int(digits) if digits else -1)


def _array_records(state: ClusterState, array_id: int) -> list[Job]:
    """An array's records as slurmctld lists them: the meta record, then tasks newest first."""
    members = [j for j in state.jobs.values() if j.array_job_id == array_id]
    meta = [j for j in members if j.job_id == array_id]
    rest = sorted((j for j in members if j.job_id != array_id), key=lambda j: -j.job_id)
    return meta + rest


def show_jobs(
    state: ClusterState,
    selector: str | None,
    *,
    now: Instant,
    detail: bool = False,
    oneliner: bool = False,
) -> Rendered:
    """``scontrol show job [ID]``: every job, one job, one array (all its records) or ``A_i``.
    An empty ID is no ID: every job (oracle: env/080)."""
    if not selector:
        jobs = sorted(state.jobs.values(), key=list_place)  # slurmctld's list order
        if not jobs:
            return Rendered(stdout="No jobs in the system\n")
        text = "".join(show_job(state, j, now=now, detail=detail, oneliner=oneliner) for j in jobs)
        return Rendered(stdout=text)
    leader, plus, offset = selector.partition("+")
    if plus and leader.isdigit() and offset.isdigit():  # ``235+1``: one component
        selector = str(int(leader) + int(offset))
    match = _JOB_ID.match(selector)
    if match is None:
        return Rendered(stderr="scontrol_print_job error: Invalid job id specified\n", exit_code=1)
    job_id, task = int(match.group(1)), match.group(2)
    records = _array_records(state, job_id)
    if not records and job_id in state.jobs:
        records = named(state.jobs, state.jobs[job_id])
    if not records:
        return Rendered(stderr="slurm_load_jobs error: Invalid job id specified\n", exit_code=1)
    if task is None:
        text = "".join(
            show_job(state, j, now=now, detail=detail, oneliner=oneliner) for j in records
        )
        return Rendered(stdout=text)
    index = int(task)
    for record in records:
        if record.array_task_id == index:
            return Rendered(
                stdout=show_job(state, record, now=now, detail=detail, oneliner=oneliner)
            )
        if jv.is_array_meta(record) and index in record.array_tasks:
            return Rendered(
                stdout=show_job(
                    state, record, now=now, detail=detail, oneliner=oneliner, task=index
                )
            )
    return Rendered(stdout=f"Job {selector} not found\n", exit_code=1)


# --- nodes -----------------------------------------------------------------------------


def show_node(
    state: ClusterState, node: Node, *, detail: bool = False, oneliner: bool = False
) -> str:
    """One ``scontrol show node`` record; ``detail`` (``-d``) adds what its GRES have
    drained (never any here) and in use.

    Host facts a simulation cannot know are fixed: ``Arch`` and ``OS`` are constants,
    ``CPULoad=0.00``, ``FreeMem`` is RealMemory minus AllocMem, and both
    ``BootTime`` and ``SlurmdStartTime`` are the node's boot time.
    """
    config = node.config
    usage = node_usage(state.jobs.values()).get(node.name)
    cpus = usage.cpus if usage else 0
    mem = usage.mem if usage else 0
    gpus = len(usage.gpus) if usage else 0
    reserved = node_flags(state.reservations.values(), state.now).get(node.name, frozenset())
    status = node_status(
        node,
        usage,
        node.name in completing_nodes(state.jobs.values()),
        reserved,
        planned=node.name in planned_nodes(state),
    )
    partitions = ",".join(p.name for p in state.partitions.values() if node.name in p.nodes)
    address = [
        f"NodeAddr={node.address}",
        f"NodeHostName={node.hostname}",
    ]
    if config.port is not None:
        address.append(f"Port={config.port}")
    address.append(f"Version={SLURM_VERSION}")
    gres = node.gres_text
    gpu_total = node.configured_count("gpu")
    cfg_tres = jv.tres_text(
        [
            ("cpu", config.cpus),
            ("mem", config.real_memory),
            ("billing", config.cpus),
            ("gres/gpu", gpu_total),
        ]
    )
    alloc_tres = jv.tres_text([("cpu", cpus), ("mem", mem), ("gres/gpu", gpus)])
    boot = format_instant(node.boot_time, "None")
    features = ",".join(config.features) or "(null)"
    active = node.active_features_text
    lines = [
        [
            f"NodeName={node.name}",
            f"Arch={ARCH}",
            *([f"CpuBind={node.cpu_bind}"] if node.cpu_bind else []),
            f"CoresPerSocket={config.cores_per_socket} ",
        ],
        [
            f"CPUAlloc={cpus}",
            f"CPUEfctv={config.cpus}",
            f"CPUTot={config.cpus}",
            f"CPULoad={CPU_LOAD}",
        ],
        [f"AvailableFeatures={features}"],
        [f"ActiveFeatures={or_null(active)}"],
        [f"Gres={gres}"],
        *([["GresDrain=N/A"], [f"GresUsed={gres_used(node, usage)}"]] if detail else []),
        address,
        [f"OS={OS_NAME} "],
        [
            f"RealMemory={config.real_memory}",
            f"AllocMem={mem}",
            f"FreeMem={config.real_memory - mem}",
            f"Sockets={config.sockets}",
            f"Boards={config.boards}",
        ],
        [
            f"State={status.scontrol}",
            f"ThreadsPerCore={config.threads_per_core}",
            f"TmpDisk={config.tmp_disk}",
            f"Weight={config.weight}",
            "Owner=N/A",
            "MCS_label=N/A",
        ],
        [f"Partitions={partitions} "],
        [f"BootTime={boot}", f"SlurmdStartTime={boot}"],
        [f"LastBusyTime={format_instant(node.last_busy_time)}"],
        [f"CfgTRES={cfg_tres}"],
        [f"AllocTRES={alloc_tres}"],
        ["CapWatts=n/a"],
        ["CurrentWatts=0", "AveWatts=0"],
        ["ExtSensorsJoules=n/s", "ExtSensorsWatts=0", "ExtSensorsTemp=n/s"],
    ]
    if node.reason:
        stamp = ""
        if node.reason_user is not None and node.reason_time is not None:
            stamp = f" [{node.reason_user}@{format_instant(node.reason_time)}]"
        lines.append([f"Reason={node.reason}{stamp}"])
    if node.comment is not None:
        lines.append([f"Comment={node.comment}"])
    if node.extra_text is not None:
        lines.append([f"Extra={node.extra_text}"])
    return _record(lines, oneliner=oneliner, job=False)


def show_nodes(
    state: ClusterState,
    names: Sequence[str] | None = None,
    *,
    detail: bool = False,
    oneliner: bool = False,
    future: bool = False,
) -> Rendered:
    """``scontrol show node [NAMES]``; an unknown name prints ``Node X not found`` (exit 1),
    as does a FUTURE node unless ``future`` (``scontrol -F``), and listing all leaves those out."""
    if not state.nodes:
        return Rendered(stdout="No nodes in the system\n")
    chosen = list(state.nodes) if names is None else list(names)
    out, code = [], 0
    for name in chosen:
        node = state.nodes.get(name)
        if node is not None and node.future and not future:
            if names is None:
                continue
            node = None
        if node is None:
            out.append(f"Node {name} not found\n")
            code = 1
        else:
            out.append(show_node(state, node, detail=detail, oneliner=oneliner))
    return Rendered(stdout="".join(out), exit_code=code)


# --- partitions ------------------------------------------------------------------------


def _partition_record(state: ClusterState, part: Partition, oneliner: bool) -> str:
    nodes = [state.nodes[n] for n in part.nodes if n in state.nodes]
    cpus = sum(n.config.cpus for n in nodes)
    mem = sum(n.config.real_memory for n in nodes)
    gpus = sum(n.configured_count("gpu") for n in nodes)  # as slurm.conf gives them
    tres = jv.tres_text(
        [("cpu", cpus), ("mem", mem), ("node", len(nodes)), ("billing", cpus), ("gres/gpu", gpus)]
    )
    default_time = "NONE" if part.default_time is None else format_hms(part.default_time)
    mem_default = (
        f"DefMemPerCPU={part.def_mem_per_cpu}"
        if part.def_mem_per_cpu
        else "DefMemPerNode=UNLIMITED"
    )
    mem_max = (
        f"MaxMemPerNode={part.max_mem_per_node}"
        if part.max_mem_per_node
        else "MaxMemPerNode=UNLIMITED"
    )
    lines = [
        [f"PartitionName={part.name}"],
        [
            f"AllowGroups={','.join(part.allow_groups) or 'ALL'}",
            f"AllowAccounts={','.join(part.allow_accounts) or 'ALL'}",
            f"AllowQos={','.join(part.allow_qos) or 'ALL'}",
        ],
        [
            "AllocNodes=ALL",
            f"Default={'YES' if part.default else 'NO'}",
            f"QoS={part.qos or 'N/A'}",
        ],
        [
            f"DefaultTime={default_time}",
            "DisableRootJobs=NO",
            f"ExclusiveUser={'YES' if part.exclusive_user else 'NO'}",
            f"GraceTime={part.grace_time}",
            f"Hidden={'YES' if part.hidden else 'NO'}",
        ],
        [
            f"MaxNodes={part.max_nodes if part.max_nodes is not None else 'UNLIMITED'}",
            f"MaxTime={format_limit_hms(part.max_time)}",
            f"MinNodes={part.min_nodes}",
            "LLN=NO",
            "MaxCPUsPerNode=UNLIMITED",
        ],
        [f"Nodes={part.nodes_expr or compress(part.nodes)}"],
        [
            f"PriorityJobFactor={part.priority_job_factor}",
            f"PriorityTier={part.priority_tier}",
            "RootOnly=NO",
            "ReqResv=NO",
            f"OverSubscribe={part.oversubscribe}",
        ],
        ["OverTimeLimit=NONE", f"PreemptMode={part.preempt_mode or state.config.preempt_mode}"],
        [
            f"State={part.state.value}",
            f"TotalCPUs={cpus}",
            f"TotalNodes={len(nodes)}",
            "SelectTypeParameters=NONE",
        ],
        ["JobDefaults=(null)"],
        [mem_default, mem_max],
        [f"TRES={tres}"],
    ]
    return _record(lines, oneliner=oneliner, job=False)


def show_partition(
    state: ClusterState,
    name: str | None = None,
    *,
    oneliner: bool = False,
    show_hidden: bool = True,
) -> Rendered:
    """``scontrol show partition [NAME]``; unknown: ``Partition X not found`` on stdout, exit 1.
    Without a name, Hidden=YES partitions only with ``show_hidden`` (``-a``, an operator)."""
    if name is None:
        if not state.partitions:
            return Rendered(stdout="No partitions in the system\n")
        shown = [p for p in state.partitions.values() if show_hidden or not p.hidden]
        text = "".join(_partition_record(state, p, oneliner) for p in shown)
        return Rendered(stdout=text)
    part = state.partitions.get(name)
    if part is None:
        return Rendered(stdout=f"Partition {name} not found\n", exit_code=1)
    return Rendered(stdout=_partition_record(state, part, oneliner))


# --- host lists ------------------------------------------------------------------------


def show_hostnames(names: Iterable[str]) -> str:
    """``scontrol show hostnames``: the (already expanded) names, one per line."""
    return "".join(f"{n}\n" for n in names)


def show_hostlist(names: Iterable[str]) -> str:
    """``scontrol show hostlist``: names compressed in the order given."""
    return compress(names, sort=False) + "\n"


def show_completing(state: ClusterState) -> str:
    """``scontrol completing``: each job still completing, how long since it ended, and its
    nodes that are still completing (or down)."""
    lines = []
    for job in state.jobs.values():
        if job.state is not JobState.COMPLETING:
            continue
        nodes = {a.node for a in job.alloc}
        down = {n for n in nodes if n in state.nodes and state.nodes[n].down}
        end = job.end_time if job.end_time is not None else state.now
        line = f"JobId={job.job_id} EndTime={format_instant(end)} "
        line += f"CompletingTime={format_hms(max(state.now - end, 0))} "
        if nodes - down:
            line += f"Nodes(COMPLETING)={compress(sorted(nodes - down))} "
        if down:
            line += f"Nodes(DOWN)={compress(sorted(down))} "
        lines.append(line + "\n")
    return "".join(lines)
