"""``sacct``'s text output: its field table, default layouts, and Slurm's cell rules.

Every field of ``sacct --helpformat`` is in ``FIELDS`` with its default width (negative:
left-justified) and how it reads an ``AcctRecord``; fields slurmsim cannot know (memory
and CPU usage of real processes, energy, disk I/O) print as Slurm prints an unset value:
an empty cell. A value wider than its column is cut, its last visible character
replaced by ``+``; a header is just cut.
"""

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import NamedTuple

from slurmsim.format.hostlist import compress
from slurmsim.format.times import format_hms, format_instant
from slurmsim.format.units import format_mem
from slurmsim.model.accounting import AcctRecord, AcctState

Getter = Callable[[AcctRecord], str]


class Field(NamedTuple):
    name: str
    width: int  # negative: left-justified
    value: Getter


class Layout(NamedTuple):
    """How rows are laid out: fixed columns, or fields joined by ``delimiter``."""

    parsable: bool = False  # -p: a delimiter after every field
    parsable2: bool = False  # -P: delimiters between fields only
    noheader: bool = False
    delimiter: str = "|"


DEFAULT_FORMAT = "jobid,jobname,partition,account,alloccpus,state,exitcode"
BRIEF_FORMAT = "jobid,state,exitcode"
LONG_FORMAT = (
    "jobid,jobidraw,jobname,partition,maxvmsize,maxvmsizenode,maxvmsizetask,avevmsize,"
    "maxrss,maxrssnode,maxrsstask,averss,maxpages,maxpagesnode,maxpagestask,avepages,"
    "mincpu,mincpunode,mincputask,avecpu,ntasks,alloccpus,elapsed,state,exitcode,"
    "avecpufreq,reqcpufreqmin,reqcpufreqmax,reqcpufreqgov,reqmem,consumedenergy,"
    "maxdiskread,maxdiskreadnode,maxdiskreadtask,avediskread,maxdiskwrite,maxdiskwritenode,"
    "maxdiskwritetask,avediskwrite,reqtres,alloctres,tresusageinave,tresusageinmax,"
    "tresusageinmaxn,tresusageinmaxt,tresusageinmin,tresusageinminn,tresusageinmint,"
    "tresusageintot,tresusageoutmax,tresusageoutmaxn,tresusageoutmaxt,tresusageoutave,"
    "tresusageouttot"
)


def job_id(r: AcctRecord) -> str:
    """``233``, ``234_0``, ``234_[2-3%2]``, ``235+1``, and ``.batch`` etc. for a step."""
    if r.array_pending is not None:
        text = f"{r.array_job_id}_[{r.array_pending}]"
    elif r.array_job_id is not None and r.array_task_id is not None:
        text = f"{r.array_job_id}_{r.array_task_id}"
    elif r.het is not None:
        text = f"{r.het[0]}+{r.het[1]}"
    else:
        text = str(r.job_id)
    return text if r.step is None else f"{text}.{r.step}"


def _raw_id(r: AcctRecord) -> str:
    return str(r.job_id) if r.step is None else f"{r.job_id}.{r.step}"


def state_text(r: AcctRecord) -> str:
    """``COMPLETED``, ``CANCELLED by 1001``."""
    if r.state is AcctState.CANCELLED and r.cancelled_by is not None:
        return f"CANCELLED by {r.cancelled_by}"
    return r.state.value


def tres_text(pairs: Sequence[tuple[str, int]], memory: Callable[[int], str] = format_mem) -> str:
    """``billing=1,cpu=1,gres/gpu=8,mem=16G,node=1`` (``mem`` shown by ``memory``)."""
    return ",".join(f"{k}={memory(v) if k == 'mem' else v}" for k, v in pairs)


def _job_only(get: Callable[[AcctRecord], str]) -> Getter:
    return lambda r: "" if r.is_step else get(r)


def _opt(value: object) -> str:
    return "" if value is None else str(value)


def _times_cpus(r: AcctRecord) -> int | None:
    return None if r.reserved is None else r.reserved * r.req_cpus


def _reserved_time(seconds: int | None) -> str:
    """Reserved and ResvCPU: a time, INVALID while a --begin lies ahead (negative)."""
    if seconds is None:
        return ""
    return "INVALID" if seconds < 0 else format_hms(seconds)


def _reserved_raw(seconds: int | None) -> str:
    """ResvCPURAW: a negative count wraps as the unsigned number slurmdbd prints."""
    return "" if seconds is None else str(seconds % 2**32)


def _instant(get: Callable[[AcctRecord], int | None]) -> Getter:
    return lambda r: format_instant(get(r))  # type: ignore[arg-type]  # Instant is an int


def _start(r: AcctRecord) -> str:
    """Unknown while a job waits; None once it has ended without ever starting (oracle:
    lifecycle/045, a pending job cancelled)."""
    if r.start is None and r.end is not None:
        return "None"
    return format_instant(r.start)


def _limit(r: AcctRecord) -> str:
    if r.is_step:
        return ""
    return "UNLIMITED" if r.unlimited or r.time_limit is None else format_hms(r.time_limit)


def _limit_raw(r: AcctRecord) -> str:
    if r.is_step:
        return ""
    return "UNLIMITED" if r.unlimited or r.time_limit is None else str(r.time_limit // 60)


def _nodes(r: AcctRecord) -> str:
    return compress(r.nodes) if r.nodes else "None assigned"


def _nnodes(r: AcctRecord) -> str:
    return str(r.alloc_nodes if r.alloc_nodes else r.req_nodes)


def _exit_pair(pair: tuple[int, int] | None) -> str:
    return "" if pair is None else f"{pair[0]}:{pair[1]}"


def _blank(_: AcctRecord) -> str:
    return ""


def _exit_code(r: AcctRecord) -> str:
    """``code:signal``; sacct keeps only the low seven bits of an exit code (the oracle:
    ``exit 255`` shows ``127:0``, ``exit 137`` ``9:0``), where scontrol and
    DerivedExitCode show it whole."""
    return f"{r.exit_code & 0x7F}:{r.exit_signal}" if r.exit_known else ""


def _batch_step(value: str, job: str = "") -> Getter:
    """A field only the batch step has (``value``); jobs show ``job``, other steps nothing."""
    return lambda r: value if r.step == "batch" else (job if not r.is_step else "")


def _energy(r: AcctRecord) -> str:
    # A step shows 0, and so does a job once a step srun made has reported its energy at
    # its end (slurmdbd totals it), or that never ran a batch step to its end (pending,
    # NODE_FAIL); a job with a batch step alone shows nothing (the oracle).
    if r.is_step or r.step_energy or r.state in (AcctState.PENDING, AcctState.NODE_FAIL):
        return "0"
    return ""


def _req_cpu_freq(r: AcctRecord) -> str:
    """ReqCPUFreq*: 0 on the batch step, Unknown on the job and on the steps srun made
    (none was asked for: the oracle)."""
    if r.step == "batch":
        return "0"
    return "Unknown" if r.step is None or r.number is not None else ""


def _ended_step(value: str) -> Getter:
    """A usage figure a step reports when it ends (a running one shows none: the oracle)."""
    return lambda r: value if r.is_step and r.end is not None else ""


def cpu_time(us: int) -> str:
    """A CPU time as sacct prints it: ``MM:SS.mmm`` under an hour when it has milliseconds,
    else as ``format_hms`` (the oracle: ``00:00.016`` for a short script, ``00:00:00`` for
    a job that never ran)."""
    secs, rest = divmod(us, 1_000_000)
    if secs < 3600 and rest >= 1000:
        return f"{secs // 60:02d}:{secs % 60:02d}.{rest // 1000:03d}"
    return format_hms(secs)


_KNOWN: list[Field] = [
    Field("Account", 10, lambda r: r.account),
    Field("AllocCPUS", 10, lambda r: str(r.alloc_cpus)),
    Field("AllocNodes", 10, lambda r: str(r.alloc_nodes)),
    Field("AllocTRES", 10, lambda r: tres_text(r.alloc_tres)),
    Field("AssocID", 7, lambda r: _opt(r.assoc_id)),
    Field("AveCPUFreq", 10, _batch_step("0")),
    Field("Cluster", 10, lambda r: r.cluster),
    Field("Comment", 14, _job_only(lambda r: _opt(r.comment))),
    Field("Constraints", 19, _job_only(lambda r: _opt(r.constraints))),
    Field("McsLabel", 20, _job_only(lambda r: _opt(r.mcs_label))),
    Field("ConsumedEnergy", 14, _energy),
    Field("ConsumedEnergyRaw", 17, _energy),
    Field("CPUTime", 10, lambda r: format_hms(r.elapsed * r.alloc_cpus)),
    Field("CPUTimeRAW", 10, lambda r: str(r.elapsed * r.alloc_cpus)),
    Field("DerivedExitCode", 15, lambda r: _exit_pair(r.derived_exit)),
    Field("Elapsed", 10, lambda r: format_hms(r.elapsed)),
    Field("ElapsedRaw", 10, lambda r: str(r.elapsed)),
    Field("Eligible", 19, _instant(lambda r: r.eligible)),
    Field("End", 19, _instant(lambda r: r.end)),
    Field("ExitCode", 8, _exit_code),
    Field("Flags", 19, _job_only(lambda r: _opt(r.flags))),
    Field("GID", 6, _job_only(lambda r: str(r.gid))),
    Field("Group", 9, _job_only(lambda r: r.group)),
    Field("JobID", -12, job_id),
    Field("JobIDRaw", -12, _raw_id),
    Field("JobName", 10, lambda r: r.name),
    Field("Layout", 9, attrgetter("layout")),
    Field("NCPUS", 10, lambda r: str(r.alloc_cpus)),
    Field("NNodes", 8, _nnodes),
    Field("NodeList", 15, _nodes),
    Field("NTasks", 8, lambda r: _opt(r.ntasks)),
    Field("Partition", 10, lambda r: _opt(r.partition)),
    Field("Priority", 10, _job_only(lambda r: _opt(r.priority))),
    Field("QOS", 10, lambda r: _opt(r.qos)),
    Field("QOSRAW", 6, lambda r: _opt(r.qos_id)),
    Field("Reason", 22, _job_only(lambda r: _opt(r.reason))),
    Field("ReqCPUFreq", 13, _req_cpu_freq),
    Field("ReqCPUFreqGov", 13, _req_cpu_freq),
    Field("ReqCPUFreqMax", 13, _req_cpu_freq),
    Field("ReqCPUFreqMin", 13, _req_cpu_freq),
    Field("ReqCPUS", 8, lambda r: str(r.req_cpus)),
    Field("Reserved", 10, lambda r: _reserved_time(r.reserved)),
    Field("ResvCPU", 10, lambda r: _reserved_time(_times_cpus(r))),
    Field("ResvCPURAW", 10, lambda r: _reserved_raw(_times_cpus(r))),
    Field("ReqMem", 10, _job_only(lambda r: format_mem(r.req_mem) if r.req_mem else "0")),
    Field("ReqNodes", 8, lambda r: str(r.req_nodes)),
    Field("ReqTRES", 10, lambda r: tres_text(r.req_tres)),
    Field("Reservation", 20, _job_only(lambda r: _opt(r.reservation))),
    Field("Restarts", 8, _job_only(lambda r: str(r.restarts))),
    Field("Start", 19, _start),
    Field("State", 10, state_text),
    Field("Submit", 19, _instant(lambda r: r.submit)),
    Field("SubmitLine", 20, _job_only(lambda r: _opt(r.submit_line))),
    Field("Suspended", 10, lambda r: format_hms(r.suspended)),
    Field("SystemCPU", 10, lambda r: cpu_time(r.system_cpu_us)),
    Field("Timelimit", 10, _limit),
    Field("TimelimitRaw", 10, _limit_raw),
    Field("TotalCPU", 10, lambda r: cpu_time(r.user_cpu_us + r.system_cpu_us)),
    Field("TRESUsageInAve", 14, _ended_step("energy=0")),
    Field("TRESUsageInTot", 14, _ended_step("energy=0")),
    Field("TRESUsageOutAve", 15, _ended_step("energy=0")),
    Field("TRESUsageOutTot", 15, _ended_step("energy=0")),
    Field("UID", 6, _job_only(lambda r: str(r.uid))),
    Field("User", 9, _job_only(lambda r: r.user)),
    Field("UserCPU", 10, lambda r: cpu_time(r.user_cpu_us)),
    Field("WCKeyID", 7, _job_only(lambda r: "0")),  # no job has a WCKey
    Field("WorkDir", 20, _job_only(lambda r: _opt(r.work_dir))),
]

#: Every field ``sacct --helpformat`` lists, in its order, with what slurmsim prints.
_ALL_NAMES = [
    "Account",
    "AdminComment",
    "AllocCPUS",
    "AllocNodes",
    "AllocTRES",
    "AssocID",
    "AveCPU",
    "AveCPUFreq",
    "AveDiskRead",
    "AveDiskWrite",
    "AvePages",
    "AveRSS",
    "AveVMSize",
    "BlockID",
    "Cluster",
    "Comment",
    "Constraints",
    "ConsumedEnergy",
    "ConsumedEnergyRaw",
    "Container",
    "CPUTime",
    "CPUTimeRAW",
    "DBIndex",
    "DerivedExitCode",
    "Elapsed",
    "ElapsedRaw",
    "Eligible",
    "End",
    "ExitCode",
    "Flags",
    "GID",
    "Group",
    "JobID",
    "JobIDRaw",
    "JobName",
    "Layout",
    "MaxDiskRead",
    "MaxDiskReadNode",
    "MaxDiskReadTask",
    "MaxDiskWrite",
    "MaxDiskWriteNode",
    "MaxDiskWriteTask",
    "MaxPages",
    "MaxPagesNode",
    "MaxPagesTask",
    "MaxRSS",
    "MaxRSSNode",
    "MaxRSSTask",
    "MaxVMSize",
    "MaxVMSizeNode",
    "MaxVMSizeTask",
    "McsLabel",
    "MinCPU",
    "MinCPUNode",
    "MinCPUTask",
    "NCPUS",
    "NNodes",
    "NodeList",
    "NTasks",
    "Partition",
    "Priority",
    "QOS",
    "QOSRAW",
    "Reason",
    "ReqCPUFreq",
    "ReqCPUFreqGov",
    "ReqCPUFreqMax",
    "ReqCPUFreqMin",
    "ReqCPUS",
    "ReqMem",
    "ReqNodes",
    "ReqTRES",
    "Reservation",
    "ReservationId",
    "Reserved",
    "ResvCPU",
    "ResvCPURAW",
    "Start",
    "State",
    "Submit",
    "SubmitLine",
    "Suspended",
    "SystemComment",
    "SystemCPU",
    "Timelimit",
    "TimelimitRaw",
    "TotalCPU",
    "TRESUsageInAve",
    "TRESUsageInMax",
    "TRESUsageInMaxNode",
    "TRESUsageInMaxTask",
    "TRESUsageInMin",
    "TRESUsageInMinNode",
    "TRESUsageInMinTask",
    "TRESUsageInTot",
    "TRESUsageOutAve",
    "TRESUsageOutMax",
    "TRESUsageOutMaxNode",
    "TRESUsageOutMaxTask",
    "TRESUsageOutMin",
    "TRESUsageOutMinNode",
    "TRESUsageOutMinTask",
    "TRESUsageOutTot",
    "UID",
    "User",
    "UserCPU",
    "WCKey",
    "WCKeyID",
    "WorkDir",
]

#: Default widths of the fields slurmsim leaves empty (Slurm's own widths).
_UNKNOWN_WIDTHS = {
    "AdminComment": 15, "AssocID": 7, "BlockID": 10, "ConsumedEnergy": 14,
    "ConsumedEnergyRaw": 17, "Container": 19, "DBIndex": -10, "Layout": 9,
    "MaxDiskReadNode": 15, "MaxDiskReadTask": 15, "MaxDiskWriteNode": 16,
    "MaxDiskWriteTask": 16, "MaxDiskRead": 12, "MaxDiskWrite": 12, "AveDiskRead": 14,
    "AveDiskWrite": 14, "MaxPagesNode": 12, "MaxPagesTask": 14, "MaxRSSNode": 10,
    "MaxRSSTask": 10, "MaxVMSizeNode": 14, "MaxVMSizeTask": 14, "MaxPages": 8, "McsLabel": 20,
    "MinCPUNode": 10, "MinCPUTask": 10, "ReqCPUFreq": 13,
    "ReqCPUFreqGov": 13, "ReqCPUFreqMax": 13, "ReqCPUFreqMin": 13, "ReservationId": 13,
    "SubmitLine": 20, "SystemComment": 15, "WCKey": 10, "AveCPUFreq": 10,
    "TRESUsageInAve": 14, "TRESUsageInMax": 14, "TRESUsageInMaxNode": 18,
    "TRESUsageInMaxTask": 18, "TRESUsageInMin": 14, "TRESUsageInMinNode": 18,
    "TRESUsageInMinTask": 18, "TRESUsageInTot": 14, "TRESUsageOutAve": 15,
    "TRESUsageOutMax": 15, "TRESUsageOutMaxNode": 19, "TRESUsageOutMaxTask": 19,
    "TRESUsageOutMin": 15, "TRESUsageOutMinNode": 19, "TRESUsageOutMinTask": 19,
    "TRESUsageOutTot": 15,
}  # fmt: skip


def _table() -> list[Field]:
    known = {f.name: f for f in _KNOWN}
    return [
        known.get(name) or Field(name, _UNKNOWN_WIDTHS.get(name, 10), _blank) for name in _ALL_NAMES
    ]


FIELDS: list[Field] = _table()


class UnknownField(Exception):
    """A ``--format`` name that matches no field."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Column(NamedTuple):
    field: Field
    width: int


def columns(fmt: str, memory: Callable[[int], str] | None = None) -> list[Column]:
    """The columns of a ``--format`` list: names matched by prefix, ``name%N`` widths.

    ``ALL`` is every field. ``memory`` renders memory sizes given in MB (``--units``,
    ``--noconvert``) instead of Slurm's default scaling. Raises ``UnknownField`` for a
    name no field starts with.
    """
    table = FIELDS if memory is None else [_with_memory(f, memory) for f in FIELDS]
    chosen: list[Column] = []
    for item in fmt.split(","):
        if not item:
            continue
        name, percent, width = item.partition("%")
        if name.lower() == "all":
            chosen.extend(Column(f, f.width) for f in table)
            continue
        field = next((f for f in table if f.name.lower().startswith(name.lower())), None)
        if field is None or not name:
            raise UnknownField(item)
        chosen.append(Column(field, _width(width, field.width) if percent else field.width))
    return chosen


def _with_memory(field: Field, memory: Callable[[int], str]) -> Field:
    """``field`` with its memory sizes in ``memory``'s unit: ReqMem's, and the ``mem=`` of the
    TRES lists (the oracle: ``--units=K`` gives ``mem=16777216K``, ``--noconvert``
    ``mem=16384M``)."""
    if field.name == "ReqMem":
        return field._replace(value=_job_only(lambda r: memory(r.req_mem) if r.req_mem else "0"))
    if field.name == "AllocTRES":
        return field._replace(value=lambda r: tres_text(r.alloc_tres, memory))
    if field.name == "ReqTRES":
        return field._replace(value=lambda r: tres_text(r.req_tres, memory))
    return field


def memory_in(unit: str) -> Callable[[int], str]:
    """``--units=K|M|G|T|P``: MB shown in ``unit``, two decimals when not whole."""
    shift = "KMGTP".index(unit.upper()) - 1

    def show(mb: int) -> str:
        value = mb / 1024**shift
        text = str(int(value)) if value == int(value) else f"{value:.2f}"
        return f"{text}{unit.upper()}"

    return show


def unconverted(mb: int) -> str:
    """``--noconvert``: memory as Slurm stores it, in MB."""
    return f"{mb}M"


def _width(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def helpformat() -> str:
    """``sacct --helpformat``: the field names, four to a line, each padded to 19."""
    rows = (FIELDS[i : i + 4] for i in range(0, len(FIELDS), 4))
    return "".join(" ".join(f"{f.name:<19}" for f in row) + "\n" for row in rows)


def render(records: Sequence[AcctRecord], cols: Sequence[Column], layout: Layout) -> str:
    """The table: header and dash line (unless ``noheader``/parsable), then one line a record."""
    lines = []
    if not layout.noheader:
        lines.append(_line([c.field.name for c in cols], cols, layout, header=True))
        if not (layout.parsable or layout.parsable2):
            lines.append("".join("-" * abs(c.width) + " " for c in cols))
    for record in records:
        lines.append(_line([c.field.value(record) for c in cols], cols, layout, header=False))
    return "".join(f"{line}\n" for line in lines)


def _line(values: list[str], cols: Sequence[Column], layout: Layout, *, header: bool) -> str:
    if layout.parsable2:
        return layout.delimiter.join(values)
    if layout.parsable:
        return "".join(f"{v}{layout.delimiter}" for v in values)
    return "".join(
        _cell(v, c.width, header=header) + " " for v, c in zip(values, cols, strict=True)
    )


def _cell(value: str, width: int, *, header: bool) -> str:
    size = abs(width)
    if size == 0:  # %0: the column's value is left out, its separator stays
        return ""
    if len(value) > size:
        value = value[:size] if header else value[: size - 1] + "+"
    return value.ljust(size) if width < 0 else value.rjust(size)
