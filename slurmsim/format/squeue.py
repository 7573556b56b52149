"""``squeue``: one line per job (pending array tasks folded), Slurm 22.05's bytes.

Rows are listed in the controller's order (job id order; the records of one
array, newest task first, when a single array is asked for), pre-sorted by
start time, newest first (``_by_start_time``), then sorted stably by each ``-S``
key from last to first, as squeue does; the default keys are ``P,t,-p``.
"""

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from slurmsim.format import jobview as jv
from slurmsim.format.columns import Column, literal, parse_long, parse_percent, printed
from slurmsim.format.hostlist import compress
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import (
    date_line,
    format_elapsed,
    format_instant,
    format_limit,
)
from slurmsim.model import dependency_status
from slurmsim.model import tres_specs as ts
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import HetPart, Job, JobRequest, JobState, state_code, state_name
from slurmsim.model.time import Instant

DEFAULT_FORMAT = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R"
#: The longest JOBID squeue prints (its buffer holds 32 bytes with the terminating NUL).
_ID_BYTES = 31
LONG_FORMAT = "%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R"
START_FORMAT = "%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R"
DEFAULT_SORT = "P,t,-p"

#: What squeue lists when no -t is given (by the names ``state_name`` gives: a job running
#: flagged STOPPED is still running).
DEFAULT_STATES = frozenset({"PENDING", "RUNNING", "SUSPENDED", "COMPLETING", "STOPPED"})
_PRIORITY_SCALE = 0xFFFFFFFF


@dataclass(frozen=True, slots=True)
class SqueueOptions:
    """squeue's command-line options, already split into lists."""

    format: str | None = None  # -o
    format_long: str | None = None  # -O
    long: bool = False  # -l
    noheader: bool = False  # -h
    array_unfold: bool = False  # -r
    start: bool = False  # --start
    #: ``-j ''``, ``-n ''``, ``-u ''``, ``-p ''`` or ``-t ''``: a list given with nothing
    #: in it, which no job matches.
    none_listed: bool = False
    jobs: tuple[str, ...] = ()  # -j: "234" or "234_3"
    users: tuple[str, ...] = ()  # -u: names or uids
    partitions: tuple[str, ...] = ()  # -p
    states: tuple[str, ...] = ()  # -t: PD, pending, all, ...
    accounts: tuple[str, ...] = ()  # -A
    qos: tuple[str, ...] = ()  # -q
    licenses: tuple[str, ...] = ()  # -L: no simulated job holds a license, so none passes
    reservation: str | None = None  # -R
    names: tuple[str, ...] = ()  # -n
    nodelist: tuple[str, ...] = ()  # -w, expanded host names
    me: bool = False  # --me
    noconvert: bool = False  # --noconvert: memory in MB, unscaled
    user: str = "root"  # who runs squeue (for --me)
    sort: str | None = None  # -S
    by_record: bool = False  # -P: a pending job's line per partition it is queued in
    #: Hidden=YES partitions whose jobs are left out: without -a, -p or -j, for a user who
    #: is not an operator (the oracle); a job listing another partition too is shown.
    hidden: frozenset[str] = frozenset()


# Private types are NamedTuples and plain classes, not dataclasses: they are cheaper to
# create at import and (for the thousands of rows) to instantiate.
class _Row(NamedTuple):
    """One printed line: a job record, or one pending task of an array's meta record."""

    job: Job
    state: ClusterState
    now: Instant
    task: int | None = None  # set when a pending array task is shown on its own line
    record: str | None = None  # with -P: the partition of this one of the job's queue records


def _partition(row: "_Row") -> str:
    return row.record if row.record is not None else jv.shown_partition(row.job)


def _priority(row: "_Row") -> int:
    return jv.shown_priority(row.state, row.job)  # the job's, on each of its -P lines


_Value = Callable[[_Row], str | None]


def _iso(instant: Instant | None) -> str:
    return format_instant(instant, "N/A")


def _instant(text: str | None) -> Instant | None:
    return Instant(int(text)) if text else None


def _user_id(row: _Row) -> str:
    user = row.state.users.get(row.job.request.user)
    return str(user.uid if user else row.job.request.uid)


def _group_id(row: _Row) -> str:
    user = row.state.users.get(row.job.request.user)
    return str(user.gid if user else row.job.request.gid)


def _min_memory_mb(row: _Row) -> int:
    request = row.job.request
    per_cpu = jv.min_memory_per_cpu(request, row.state.config, allocated=bool(row.job.alloc))
    return per_cpu if per_cpu is not None else request.mem_per_node or 0


def _min_tmp_disk_mb(row: _Row) -> int:
    return int(row.job.request.shown_value("tmp") or 0)


def _min_memory(row: _Row) -> str:
    return jv.min_memory_text(_min_memory_mb(row))


#: ``--noconvert``: the amounts in MB as stored (``3072M`` where squeue prints ``3G``).
_UNSCALED: dict[str, _Value] = {
    "m": lambda r: _in_mb(_min_memory_mb(r)),
    "d": lambda r: _in_mb(_min_tmp_disk_mb(r)),
}


def _in_mb(mb: int) -> str:
    return f"{mb}M" if mb else "0"


def _raw_err(row: _Row) -> str:
    request = row.job.request
    if not request.batch:
        return "N/A"  # srun's and salloc's output is their own (the oracle)
    return jv.raw_path(row.job, request.std_err or request.std_out)


def _exec_host(row: _Row) -> str:
    """``%B``: a batch job's first node; an interactive job's is where srun or salloc runs,
    its AllocNode (the oracle: ``localhost``, where scontrol says ``BatchHost=dgx1``)."""
    job = row.job
    if not job.request.batch:
        return job.request.alloc_node
    return job.nodes[0] if job.alloc else "n/a"


def _max_nodes(row: _Row) -> str:
    """The maximum asked for; else the node count the controller guessed."""
    if row.job.request.max_nodes is not None:
        return str(row.job.request.max_nodes)
    return str(jv.shown_node_count(row.job, row.state))


def _tres(row: _Row) -> str:
    return jv.job_tres(row.job, row.state.config, jv.whole_node_memory(row.state, row.job))


def _end(row: _Row) -> str:
    job = row.job
    if job.state is JobState.RUNNING and job.time_limit is None:
        return "NONE"
    return _iso(jv.end_time(job))


def _start(row: _Row) -> str:
    return _iso(row.job.start_time)


def _time_left(row: _Row) -> str:
    left = jv.time_left(row.job, row.now)
    return "UNLIMITED" if left is None else format_elapsed(left)


def _array_task(row: _Row) -> str:
    return str(row.task) if row.task is not None else jv.array_task_text(row.job)


def _array_job(row: _Row) -> str:
    job = row.job
    return str(job.array_job_id if job.array_job_id is not None else job.job_id)


def _sched_nodes(row: _Row) -> str | None:
    return compress(row.job.sched_nodes) if row.job.sched_nodes else None


#: ``-o`` letters: header and value. A value of None prints as ``(null)``.
LETTERS: dict[str, tuple[str, _Value]] = {
    "a": ("ACCOUNT", lambda r: r.job.request.account),
    "A": ("JOBID", lambda r: str(r.job.job_id)),
    "b": ("TRES_PER_NODE", lambda r: ts.tres_per_node(r.job.request) or "N/A"),
    "B": ("EXEC_HOST", _exec_host),
    "c": ("MIN_CPUS", lambda r: str(jv.min_cpus_per_node(r.job.request))),
    "C": ("CPUS", lambda r: str(jv.cpu_count(r.job))),
    "d": ("MIN_TMP_DISK", lambda r: jv.min_memory_text(_min_tmp_disk_mb(r))),
    "D": ("NODES", lambda r: str(jv.shown_node_count(r.job, r.state))),
    "e": ("END_TIME", _end),
    "E": ("DEPENDENCY", lambda r: dependency_status.shown(r.state, r.job)),
    "f": ("FEATURES", lambda r: r.job.request.features),
    "F": ("ARRAY_JOB_ID", _array_job),
    "g": ("GROUP", lambda r: r.job.request.user),
    "G": ("GROUP", _group_id),
    "h": ("OVER_SUBSCRIBE", lambda r: jv.oversubscribe(r.job.request)),
    "H": ("SOCKETS_PER_NODE", lambda r: jv.sockets_cores_threads(r.job.request)[0]),
    # squeue writes the id into 32 bytes: a long pending array's is cut (golden arraysteps/).
    "i": ("JOBID", lambda r: jv.job_id_text(r.job, r.task)[:_ID_BYTES]),
    "I": ("CORES_PER_SOCKET", lambda r: jv.sockets_cores_threads(r.job.request)[1]),
    "j": ("NAME", lambda r: r.job.request.name),
    "J": ("THREADS_PER_CORE", lambda r: jv.sockets_cores_threads(r.job.request)[2]),
    "k": ("COMMENT", lambda r: r.job.request.comment),
    "K": ("ARRAY_TASK_ID", _array_task),
    "l": ("TIME_LIMIT", lambda r: format_limit(r.job.time_limit)),
    "L": ("TIME_LEFT", _time_left),
    "m": ("MIN_MEMORY", _min_memory),
    "M": ("TIME", lambda r: format_elapsed(jv.time_used(r.job, r.now))),
    "n": ("REQ_NODES", lambda r: compress(r.job.request.req_nodes)),
    "N": ("NODELIST", lambda r: jv.node_list(r.job)),
    "o": ("COMMAND", lambda r: r.job.request.command),
    "O": ("CONTIGUOUS", lambda r: str(int(r.job.request.contiguous))),
    "p": ("PRIORITY", lambda r: f"{_priority(r) / _PRIORITY_SCALE:16.14f}"),
    "P": ("PARTITION", _partition),
    "q": ("QOS", lambda r: r.job.request.qos),
    "Q": ("PRIORITY", lambda r: str(_priority(r))),
    "r": ("REASON", lambda r: jv.reason_text(r.job)),
    "R": ("NODELIST(REASON)", lambda r: jv.reason_list(r.job)),
    "s": ("", lambda r: ""),  # the select plugin's job data: none under cons_tres
    "S": ("START_TIME", _start),
    "t": ("ST", lambda r: state_code(r.job)),
    "T": ("STATE", lambda r: state_name(r.job)),
    "u": ("USER", lambda r: r.job.request.user),
    "U": ("UID", _user_id),
    "v": ("RESERVATION", lambda r: r.job.request.reservation),
    "V": ("SUBMIT_TIME", lambda r: _iso(r.job.submit_time)),
    "w": ("WCKEY", lambda r: r.job.request.shown_value("wckey")),
    "W": ("LICENSES", lambda r: None),
    "x": ("EXC_NODES", lambda r: compress(r.job.request.exc_nodes)),
    "X": ("CORE_SPEC", lambda r: "N/A"),
    "y": ("NICE", lambda r: str(r.job.request.nice)),
    "Y": ("SCHEDNODES", _sched_nodes),
    "z": ("S:C:T", lambda r: ":".join(jv.sockets_cores_threads(r.job.request))),
    "Z": ("WORK_DIR", lambda r: r.job.request.work_dir),
}

#: ``-o %all`` (the whole format, any case): every letter, lower case first.
_ALL_FORMAT = "|".join(f"%{c}" for c in sorted(LETTERS, key=lambda c: (c.isupper(), c)))

#: ``-O`` names (lower case) that are just an ``-o`` letter.
_LONG_LETTERS = {
    "account": "a",
    "arrayjobid": "F",
    "arraytaskid": "K",
    "batchhost": "B",
    "command": "o",
    "comment": "k",
    "contiguous": "O",
    "cores": "I",
    "corespec": "X",
    "dependency": "E",
    "endtime": "e",
    "feature": "f",
    "groupid": "G",
    "groupname": "g",
    "jobarrayid": "i",
    "jobid": "A",
    "licenses": "W",
    "mincpus": "c",
    "minmemory": "m",
    "mintmpdisk": "d",
    "name": "j",
    "nice": "y",
    "nodelist": "N",
    "numcpus": "C",
    "numnodes": "D",
    "oversubscribe": "h",
    "partition": "P",
    "priority": "p",
    "prioritylong": "Q",
    "qos": "q",
    "reason": "r",
    "reasonlist": "R",
    "reqnodes": "n",
    "reservation": "v",
    "schednodes": "Y",
    "selectjobinfo": "s",
    "sct": "z",
    "shared": "h",
    "sockets": "H",
    "starttime": "S",
    "state": "T",
    "statecompact": "t",
    "submittime": "V",
    "threads": "J",
    "timeleft": "L",
    "timelimit": "l",
    "timeused": "M",
    "tres-per-node": "b",
    "userid": "U",
    "username": "u",
    "wckey": "w",
    "workdir": "Z",
}


def _secs(seconds: int) -> str:
    """A duration as squeue prints a count of seconds (``5:00``, ``1:00:00``, ``1-00:00:00``)."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days}-{hours:02}:{minutes:02}:{secs:02}"
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _pending_time(row: _Row) -> str:
    """Seconds from submission to the start, or to now while the job has not started."""
    job, start = row.job, row.job.start_time
    return str((start if start is not None and start < row.now else row.now) - job.submit_time)


#: ``--profile``'s kinds in the order squeue lists them.
_PROFILE_KINDS = (("energy", "Energy"), ("lustre", "Lustre"), ("network", "Network"),
                  ("task", "Task"))  # fmt: skip


def _profile(row: _Row) -> str:
    given = row.job.request.shown_value("profile")
    if given is None:
        return "NotSet"
    words = {w.lower() for w in given.split(",")}
    if "all" in words:
        words = {kind for kind, _ in _PROFILE_KINDS}
    if "filesystem" in words:
        words.add("lustre")
    shown = ",".join(name for kind, name in _PROFILE_KINDS if kind in words)
    return shown or "None"


def _spec_or_na(spec: Callable[[JobRequest], str | None]) -> _Value:
    """A TRES request's text (``model.tres_specs``), ``N/A`` when the job has none."""
    return lambda r: spec(r.job.request) or "N/A"


def _switch_wait(row: _Row) -> str:
    """How long the job may wait for its switches (``--switches=N@TIME``, kept in seconds)."""
    return _secs(int((row.job.request.shown_value("switches") or "").partition("@")[2] or 0))


def _shown_or(option: str, absent: str | None) -> _Value:
    return lambda r: r.job.request.shown_value(option) or absent


def _het_or_na(r: _Row, value: Callable[[HetPart], str]) -> str:
    """A heterogeneous job field of ``r``'s job, or ``N/A`` for a job of its own."""
    het = r.job.het
    return "N/A" if het is None else value(het)


#: ``-O`` names with no ``-o`` letter of their own.
_LONG_ONLY: dict[str, tuple[str, _Value]] = {
    # Features slurmsim's clusters do not have (federation, burst buffers, MCS, boards):
    # what squeue prints for a job without them.
    "admin_comment": ("ADMIN_COMMENT", lambda r: None),
    "system_comment": ("SYSTEM_COMMENT", lambda r: None),
    "burstbufferstate": ("BURST_BUFFER_STATE", lambda r: None),
    "clusterfeature": ("CLUSTER_FEATURES", _shown_or("cluster-constraint", None)),
    "mcslabel": ("MCSLABEL", _shown_or("mcs-label", None)),
    "boardspernode": ("BOARDS_PER_NODE", lambda r: "0"),
    "sperboard": ("SOCKETS_PER_BOARD", lambda r: "0"),
    "ntperboard": ("NTASKS_PER_BOARD", lambda r: "0"),
    "derivedec": ("DERIVED_EC", lambda r: "0"),
    "reboot": ("REBOOT", lambda r: str(int(r.job.request.reboot))),
    "resizetime": ("RESIZE_TIME", lambda r: "N/A"),
    **{
        f"{prefix}{name}": (header, value)
        for prefix in ("het", "pack")
        for name, header, value in (
            ("jobid", "HET_JOB_ID", lambda r: _het_or_na(r, lambda h: str(h.leader))),
            ("jobidset", "HET_JOB_ID_SET", lambda r: _het_or_na(r, lambda h: jv.het_id_set(r.job))),
            ("joboffset", "HET_JOB_OFFSET", lambda r: _het_or_na(r, lambda h: str(h.offset))),
        )
    },
    **{
        name: (header, lambda r: "NA")
        for name, header in (
            ("origin", "ORIGIN"),
            ("originraw", "ORIGIN_RAW"),
            ("siblingsactive", "ACTIVE_SIBLINGS"),
            ("siblingsactiveraw", "ACTIVE_SIBLINGS_RAW"),
            ("siblingsviable", "VIABLE_SIBLINGS"),
            ("siblingsviableraw", "VIALBLE_SIBLINGS_RAW"),
        )
    },  # squeue's own spelling
    "burstbuffer": ("BURST_BUFFER", _shown_or("bb", None)),
    "container": ("CONTAINER", _shown_or("container", None)),
    "network": ("NETWORK", _shown_or("network", None)),
    "prefer": ("PREFER", _shown_or("prefer", None)),
    "ntpercore": ("NTASKS_PER_CORE", _shown_or("ntasks-per-core", "N/A")),
    "ntpersocket": ("NTASKS_PER_SOCKET", _shown_or("ntasks-per-socket", "N/A")),
    "cluster": ("CLUSTER", lambda r: r.state.config.cluster_name),
    "deadline": ("DEADLINE", lambda r: _iso(_instant(r.job.request.shown_value("deadline")))),
    "delayboot": ("DELAY_BOOT", lambda r: _secs(int(r.job.request.shown_value("delay-boot") or 0))),
    "gres": ("TRES_PER_NODE", lambda r: ts.tres_per_node(r.job.request) or "N/A"),
    "maxcpus": ("MAX_CPUS", lambda r: str(jv.cpu_count(r.job))),
    "pendingtime": ("PENDING_TIME", _pending_time),
    "profile": ("PROFILE", _profile),
    "reqswitch": (
        "REQ_SWITCH",
        lambda r: (r.job.request.shown_value("switches") or "0").partition("@")[0],
    ),
    "accruetime": ("ACCRUE_TIME", lambda r: format_instant(r.job.accrue_time, "N/A")),
    "allocnodes": ("ALLOC_NODES", lambda r: r.job.request.alloc_node),
    "allocsid": ("ALLOC_SID", lambda r: str(r.job.request.alloc_sid)),
    "batchflag": ("BATCH_FLAG", lambda r: str(int(r.job.request.batch))),
    "cpus-per-task": ("CPUS_PER_TASK", lambda r: str(r.job.request.cpus_per_task)),
    "cpuspertask": ("CPUS_PER_TASK", lambda r: str(r.job.request.cpus_per_task)),
    "eligibletime": ("ELIGIBLE_TIME", lambda r: format_instant(r.job.eligible_time, "N/A")),
    "exit_code": ("EXIT_CODE", lambda r: str(r.job.exit_code)),
    "lastschedeval": ("LAST_SCHED_EVAL", lambda r: _iso(r.job.last_sched_eval)),
    "maxnodes": ("MAX_NODES", _max_nodes),
    "mintime": ("TIME_MIN", lambda r: format_limit(r.job.request.time_min, unlimited="0:00")),
    "ntpernode": ("NTASKS_PER_NODE", lambda r: str(r.job.request.ntasks_per_node or 0)),
    "numtasks": ("TASKS", lambda r: str(jv.task_count(r.job))),
    "preempttime": ("PREEMPT_TIME", lambda r: _iso(r.job.preempt_time)),
    "requeue": ("REQUEUE", lambda r: str(int(r.job.request.requeue))),
    "restartcnt": ("RESTART_COUNT", lambda r: str(r.job.restarts)),
    "stderr": ("STDERR", _raw_err),
    "stdin": ("STDIN", lambda r: r.job.request.std_in if r.job.request.batch else None),
    "stdout": ("STDOUT", lambda r: jv.raw_path(r.job, r.job.request.std_out)),
    "tres-alloc": ("TRES_ALLOC", _tres),
    "tres": ("TRES_ALLOC", _tres),
    **{
        name: (header, _spec_or_na(spec))
        for name, header, spec in (
            ("cpus-per-tres", "CPUS_PER_TRES", ts.cpus_per_tres),
            ("mem-per-tres", "MEM_PER_TRES", ts.mem_per_tres),
            ("tres-bind", "TRES_BIND", ts.tres_bind),
            ("tres-freq", "TRES_FREQ", ts.tres_freq),
            ("tres-per-job", "TRES_PER_JOB", ts.tres_per_job),
            ("tres-per-socket", "TRES_PER_SOCKET", ts.tres_per_socket),
            ("tres-per-task", "TRES_PER_TASK", ts.tres_per_task),
        )
    },
    "wait4switch": ("WAIT4SWITCH", _switch_wait),
}

#: Columns never cut to their width: node lists and the scheduled-node list; and the
#: durations (time used, limit and left), which squeue prints with a field width alone, so
#: only a left-justified column cuts them (the oracle: ``%.4l`` of a day is ``1-02:04:00``).
_UNCUT = frozenset({"N", "n", "x", "Y", "M", "l", "L"})


class _Field:
    """One column of the output: its header, how to get its text, how to lay it out."""

    __slots__ = ("column", "cut", "header", "letter", "value")

    def __init__(self, header: str, value: _Value, column: Column, letter: str = "") -> None:
        self.header = header
        self.value = value
        self.column = column
        self.letter = letter
        # Node lists are never cut; %R cuts a "(reason)" but not the node list it may
        # show, so it decides per value (None). Worked out once, not once per cell.
        self.cut: bool | None = None if letter == "R" else letter not in _UNCUT

    def render(self, rows: list[_Row]) -> list[str]:
        """This column's cell on each of ``rows``."""
        values = [self.value(row) for row in rows]
        if self.cut is None:
            column = self.column
            return [printed([v], column, cut=v is None or v.startswith("("))[0] for v in values]
        return printed(values, self.column, cut=self.cut)


def _no_value(_: "_Row") -> str:
    return ""


def _percent_fields(fmt: str) -> tuple[str, list[_Field], list[str]]:
    prefix, columns = parse_percent(fmt)
    fields, errors = [], []
    for column in columns:
        entry = LETTERS.get(column.key)
        if entry is None:
            errors.append(f"squeue: error: Invalid job format specification: {column.key}")
            fields.append(_Field("", _no_value, literal(column)))
            continue
        header, value = entry
        fields.append(_Field(header, value, column, column.key))
    return prefix, fields, errors


def _long_fields(fmt: str) -> tuple[list[_Field], list[str]]:
    fields, errors = [], []
    for column in parse_long(fmt):
        name = column.key.lower()
        letter = _LONG_LETTERS.get(name)
        if letter is not None:
            header, value = LETTERS[letter]
            fields.append(_Field(header, value, column, letter))
        elif name in _LONG_ONLY:
            header, value = _LONG_ONLY[name]
            fields.append(_Field(header, value, column))
        else:
            errors.append(f"squeue: error: Invalid job format specification: {column.key}")
    return fields, errors


#: Columns whose header is never cut to a right-justified width (squeue's print.c).
_HEADER_UNCUT = frozenset({"N", "Y", "R"})


def _header(prefix: str, fields: list[_Field]) -> str:
    heads = (printed([f.header], f.column, cut=f.letter not in _HEADER_UNCUT)[0] for f in fields)
    return prefix + "".join(heads) + "\n"


def _render_lines(prefix: str, fields: list[_Field], rows: list[_Row]) -> list[str]:
    # Column by column, then zipped into lines: a thousand jobs cost one loop per column
    # instead of a call chain per cell.
    if not fields:  # a format of plain text prints that text once per job
        return [prefix + "\n" for _ in rows]
    columns = [f.render(rows) for f in fields]
    return [prefix + "".join(cells) + "\n" for cells in zip(*columns, strict=True)]


# --- selection -------------------------------------------------------------------------


#: The flags a job's state may carry, by name and as ``%t`` shows them: squeue takes them
#: for ``-t`` as it takes base states (slurmsim sets STOPPED alone).
_FLAGS = {
    "CONFIGURING": "CF",
    "RESIZING": "RS",
    "RESV_DEL_HOLD": "RD",
    "REQUEUED": "RQ",
    "REQUEUE_FED": "RF",
    "REQUEUE_HOLD": "RH",
    "REVOKED": "RV",
    "SIGNALING": "SI",
    "SPECIAL_EXIT": "SE",
    "STAGE_OUT": "SO",
    "STOPPED": "ST",
}
#: ``-t`` names, long or short, to the name ``state_name`` gives.
_STATE_NAMES = (
    {s.value: s.value for s in JobState}
    | {s.compact: s.value for s in JobState}
    | {name: name for name in _FLAGS}
    | {code: name for name, code in _FLAGS.items()}
)


#: The job states squeue names when ``-t`` gets one it does not know, in its order.
_VALID_STATES = (
    "PENDING,RUNNING,SUSPENDED,COMPLETED,CANCELLED,FAILED,TIMEOUT,NODE_FAIL,PREEMPTED,"
    "BOOT_FAIL,DEADLINE,OUT_OF_MEMORY,COMPLETING,CONFIGURING,RESIZING,RESV_DEL_HOLD,"
    "REQUEUED,REQUEUE_FED,REQUEUE_HOLD,REVOKED,SIGNALING,SPECIAL_EXIT,STAGE_OUT,STOPPED"
)


def bad_state_message(name: str) -> str:
    """squeue's complaint about a ``-t`` name that is not a job state (it then exits 1)."""
    return (
        f"squeue: error: Invalid job state specified: {name}\n"
        f"squeue: error: Valid job states include: {_VALID_STATES}\n\n"
    )


def bad_job_id(specs: Iterable[str]) -> str | None:
    """The first ``-j`` entry that is not a job id (``234``, ``234_3``), or None."""
    found = _JobSelector.parse(specs)
    return found if isinstance(found, str) else None


def bad_state(names: Iterable[str]) -> str | None:
    """The first ``-t`` name that is not a job state, or None when all are."""
    found = _parse_states(names)
    return found if isinstance(found, str) else None


def _parse_states(names: Iterable[str]) -> frozenset[str] | str:
    """The states asked for (as ``state_name`` gives them), or the first name that is
    not a state. A flag's name matches the jobs carrying it, a base state's those in it
    carrying none (``-t R`` leaves a STOPPED job out), as squeue compares them."""
    wanted: set[str] = set()
    names = list(names)
    for name in names:
        upper = name.upper()
        if upper == "ALL" and len(names) == 1:  # alone: in a list it is no state's name
            return frozenset(_STATE_NAMES.values())
        if upper not in _STATE_NAMES:
            return name
        wanted.add(_STATE_NAMES[upper])
    return frozenset(wanted)


_LEADING_NUMBER = re.compile(r"\s*([+-]?\d*)", re.ASCII)
#: The largest id squeue takes: it reads ids into a C int.
_MAX_JOB_ID = 2**31 - 1


def job_spec(spec: str) -> tuple[int, int | None] | None:
    """A ``-j`` entry read as squeue reads it, C's ``strtol`` on each part: the job id,
    and the task after ``_`` (None for the whole job); None when the id is not a
    number from 1 up. What follows a number is ignored (``12x`` and ``12.0`` are job
    12, ``12_x`` its task 0)."""
    head = _LEADING_NUMBER.match(spec)
    assert head is not None  # every part of the pattern may be empty
    digits = head[1]
    if not digits.lstrip("+-") or not 0 < int(digits) <= _MAX_JOB_ID:
        return None
    rest = spec[head.end() :]
    if not rest.startswith("_"):
        return int(digits), None
    task = _LEADING_NUMBER.match(rest, 1)
    assert task is not None
    return int(digits), int(task[1]) if task[1].lstrip("+-") else 0


class _JobSelector:
    """``-j`` ids: whole jobs or arrays (``234``) and single tasks (``234_3``)."""

    __slots__ = ("ids", "tasks")

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.tasks: set[tuple[int, int]] = set()

    @classmethod
    def parse(cls, specs: Iterable[str]) -> "_JobSelector | str":
        selector = cls()
        for spec in specs:
            # A heterogeneous job's component as ``235+1`` names the whole job (the oracle).
            read = job_spec(spec.split("+", 1)[0] if "+" in spec else spec)
            if read is None:
                return spec
            job_id, task = read
            if task is None:
                selector.ids.add(job_id)
            else:
                selector.tasks.add((job_id, task))
        return selector

    def rows(self, job: Job) -> list[int | None] | None:
        """Which lines of ``job`` the selection keeps: None: none; [None]: the whole record."""
        array_id = job.array_job_id
        if job.job_id in self.ids or (array_id is not None and array_id in self.ids):
            return [None]
        het = job.het
        if het is not None and het.leader in self.ids:
            return [None]  # a leader's id names every component
        if array_id is None:
            return None
        if job.array_task_id is not None:
            return [None] if (array_id, job.array_task_id) in self.tasks else None
        picked = [t for t in job.array_tasks if (array_id, t) in self.tasks]
        return list(picked) if picked else None


def _known(state: ClusterState, spec: str) -> bool:
    read = job_spec(spec)
    head = read[0] if read else 0
    return any(head in (j.job_id, j.array_job_id) for j in state.jobs.values())


def _controller_order(state: ClusterState, opts: SqueueOptions) -> list[Job]:
    """Jobs in the order slurmctld sends them: its job list's.

    Loading one array by id returns its meta record, then its tasks newest first.
    Everything else comes in slurmctld's list order (``jobview.list_order``).
    """
    jobs = sorted(state.jobs.values(), key=lambda j: j.job_id)
    read = job_spec(opts.jobs[0]) if len(opts.jobs) == 1 else None
    if read is not None and read[1] is None:
        wanted = read[0]
        members = [j for j in jobs if j.array_job_id == wanted and j.job_id != wanted]
        if members:
            meta = [j for j in jobs if j.job_id == wanted]
            return meta + sorted(members, key=lambda j: j.job_id, reverse=True)
    return jv.list_order(jobs)


def _fold_pending_tasks(rows: list[_Row]) -> list[_Row]:
    """Fold the pending tasks that left an array's pending record (updated, held or
    requeued one by one) back into its line, as squeue does unless ``-r``: same array,
    name and partition; their tasks join the line's (plain ranges, no throttle) and a
    reason of theirs that differs joins its reason (``JobHeldUser,Priority``)."""
    metas = {
        row.job.array_job_id: i
        for i, row in enumerate(rows)
        if row.task is None and row.job.array_tasks and row.job.state is JobState.PENDING
    }
    if not metas:
        return rows
    folded: dict[int, list[Job]] = {}
    kept = []
    for row in rows:
        job = row.job
        at = metas.get(job.array_job_id) if job.array_task_id is not None else None
        meta = rows[at].job if at is not None else None
        if (
            meta is not None
            and row.task is None
            and job.state is JobState.PENDING
            and job.request.name == meta.request.name
            and jv.shown_partition(job) == jv.shown_partition(meta)
        ):
            folded.setdefault(meta.job_id, []).append(job)
            continue
        kept.append(row)
    return [
        _with_folded(row, folded[row.job.job_id])
        if row.job.job_id in folded and row.task is None
        else row
        for row in kept
    ]


def _with_folded(row: _Row, tasks: list[Job]) -> _Row:
    meta = row.job
    reason = jv.reason_text(meta)
    for task in tasks:
        if task.reason != meta.reason and task.reason not in reason:
            reason += f",{task.reason}"
    shown = replace(
        meta,
        array_tasks=tuple(sorted((*meta.array_tasks, *(t.array_task_id or 0 for t in tasks)))),
        array_throttle=None,
        state_desc=reason if reason != meta.reason else meta.state_desc,
    )
    return row._replace(job=shown)


def _user_filter(state: ClusterState, opts: SqueueOptions) -> tuple[set[str] | None, list[str]]:
    names = list(opts.users) + ([opts.user] if opts.me else [])
    if not names:
        return None, []
    wanted, errors = set(), []
    by_uid = {str(u.uid): u.name for u in state.users.values()}
    for name in names:
        if name in state.users:
            wanted.add(name)
        elif name in by_uid:
            wanted.add(by_uid[name])
        else:
            errors.append(f"squeue: error: Invalid user: {name}\n")
    return wanted, errors


# --- sorting ---------------------------------------------------------------------------


def _priority_key(row: _Row) -> tuple[int, int]:
    name = row.record if row.record is not None else row.job.request.partition
    partition = row.state.partitions.get(name)
    return (partition.priority_tier if partition else 0, _priority(row))


def _array_key(row: _Row) -> tuple[int, int]:
    job = row.job
    if job.array_job_id is None:
        return (job.job_id, -1)
    task = row.task if row.task is not None else job.array_task_id
    if task is None and job.array_tasks:
        task = job.array_tasks[0]  # a folded line sorts by its first pending task (oracle)
    return (job.array_job_id, -1 if task is None else task)


_SortKey = Callable[[_Row], object]

_SORT_KEYS: dict[str, _SortKey] = {
    "a": lambda r: r.job.request.account,
    "A": lambda r: r.job.job_id,
    "B": lambda r: r.job.nodes[0] if r.job.alloc else "",  # the batch host
    "z": lambda r: ":".join(jv.sockets_cores_threads(r.job.request)),
    "C": lambda r: jv.cpu_count(r.job),
    "D": lambda r: jv.node_count(r.job),
    "e": lambda r: jv.end_time(r.job) or 0,
    "i": _array_key,
    "j": lambda r: r.job.request.name,
    "l": lambda r: r.job.time_limit or 0,
    "L": lambda r: jv.time_left(r.job, r.now) or 0,
    "M": lambda r: jv.time_used(r.job, r.now),
    "N": lambda r: jv.node_list(r.job),
    "p": _priority_key,
    "P": _partition,
    "q": lambda r: r.job.request.qos,
    "Q": _priority_key,
    "r": lambda r: jv.reason_text(r.job),
    "t": lambda r: state_code(r.job),
    "T": lambda r: state_name(r.job),
    "u": lambda r: r.job.request.user,
    "U": lambda r: r.job.request.uid,
    "V": lambda r: r.job.submit_time,
}


def _by_start_time(rows: list[_Row], newest_first: bool = True) -> list[_Row]:
    """Sort by start time as squeue does (first, newest first, and for ``-S S``): a
    pending job's past estimate counts as now; the records with no start time go last
    whichever the direction, in reverse order.

    The reverse is how glibc's merge sort runs Slurm's comparator, which calls a record
    with no start time the greater of any pair it is in, whichever side it is on: every
    merge puts the right half's such records before the left half's. A pending array's
    tasks unfolded by ``-r`` are one record then (squeue unfolds them as it prints).
    """
    started = [r for r in rows if r.job.start_time]

    def start(row: _Row) -> int:
        at = row.job.start_time or 0
        return max(at, row.now) if row.job.state is JobState.PENDING else at

    started.sort(key=start, reverse=newest_first)
    unknown: dict[int, list[_Row]] = {}
    for row in rows:
        if not row.job.start_time:
            unknown.setdefault(row.job.job_id, []).append(row)
    return started + [row for record in reversed(unknown.values()) for row in record]


def _sort_keys(spec: str) -> tuple[list[tuple[str, bool]], str | None, bool]:
    """``-S`` read as squeue reads it: every character but ``,``, ``+`` and ``-`` is a key
    (``-`` before one reverses it), read from the last; the word ``cluster`` is one (with
    one cluster it moves nothing), and so is ``c`` (sorts nothing). Returns the keys in the
    order to apply them, the first bad key met so (the keys are then void), and whether
    ``b`` (a GRES sort squeue dropped, and says so) came before it."""
    spec = re.sub("(?i)cluster", "", spec)
    keys, said_b = [], False
    for i in range(len(spec) - 1, -1, -1):
        letter = spec[i]
        if letter in ",+-c":
            continue
        if letter == "b":
            said_b = True
            continue
        if letter not in _SORT_KEYS and letter != "S":
            return [], letter, said_b
        keys.append((letter, i > 0 and spec[i - 1] == "-"))
    return keys, None, said_b


def _sort(rows: list[_Row], keys: list[tuple[str, bool]]) -> list[_Row]:
    """Apply ``-S`` keys (``_sort_keys``) in turn, each a stable sort."""
    rows = _by_start_time(rows)
    for letter, descending in keys:
        if letter == "S":  # start time has its own rule for records without one
            rows = _by_start_time(rows, newest_first=descending)
        else:
            rows = sorted(rows, key=_SORT_KEYS[letter], reverse=descending)  # type: ignore[arg-type]  # keys compare within one type
    return rows


# --- entry point -----------------------------------------------------------------------


def _lines(job: Job, opts: SqueueOptions, selector: _JobSelector) -> list[int | None]:
    """The lines ``job`` gets under the filters: [] none, [None] its record, else pending tasks."""
    request = job.request
    if (
        (opts.partitions and not set(opts.partitions) & set(jv.shown_partition(job).split(",")))
        or (opts.accounts and request.account not in opts.accounts)
        or (opts.qos and request.qos not in opts.qos)
        or opts.licenses
        or opts.none_listed
        or (opts.reservation is not None and request.reservation != opts.reservation)
        or (opts.names and request.name not in opts.names)
        or (opts.nodelist and not set(opts.nodelist).intersection(job.nodes))
        or (opts.hidden and opts.hidden.issuperset(jv.shown_partition(job).split(",")))
    ):
        return []
    picked: list[int | None] = [None]
    if opts.jobs:
        picked = selector.rows(job) or []
    if picked == [None] and opts.array_unfold and jv.is_array_meta(job):
        return list(job.array_tasks)
    return picked


def _records(job: Job, opts: SqueueOptions) -> list[str | None]:
    """``-P``: a line for each of a pending job's queue records (one per partition it
    listed, those ``-p`` names), the partition column showing that one; else its line."""
    if not opts.by_record:
        return [None]
    names = jv.record_partitions(job)
    if len(names) == 1:
        return [None]
    return [n for n in names if not opts.partitions or n in opts.partitions]


def render_squeue(state: ClusterState, opts: SqueueOptions, now: Instant) -> Rendered:
    """Print the job queue as ``squeue`` with ``opts`` would at ``now``."""
    errors: list[str] = []
    selector = _JobSelector.parse(opts.jobs)
    if isinstance(selector, str):
        return Rendered(stderr=f"squeue: error: Invalid job id: {selector}\n", exit_code=1)
    if len(opts.jobs) == 1 and not _known(state, opts.jobs[0]):
        return Rendered(stderr="slurm_load_jobs error: Invalid job id specified\n", exit_code=1)
    unknown = next((n for n in opts.nodelist if n not in state.nodes), None)
    if unknown is not None:
        return Rendered(stderr=f"squeue: error: Invalid node name {unknown}\n", exit_code=1)
    states: frozenset[str] | str = DEFAULT_STATES
    if opts.states:
        states = _parse_states(opts.states)
    elif opts.start:
        states = frozenset({"PENDING"})
    if isinstance(states, str):
        return Rendered(stderr=bad_state_message(states), exit_code=1)
    users, user_errors = _user_filter(state, opts)
    errors += user_errors

    if opts.format_long is not None:
        prefix = ""
        fields, field_errors = _long_fields(opts.format_long)
    else:
        fmt = opts.format  # "" (``--format=``) prints nothing but the line ends
        if fmt is None:
            fmt = START_FORMAT if opts.start else LONG_FORMAT if opts.long else DEFAULT_FORMAT
        prefix, fields, field_errors = _percent_fields(
            _ALL_FORMAT if fmt.lower() == "%all" else fmt
        )
    errors += field_errors
    if opts.noconvert:
        for field in fields:
            field.value = _UNSCALED.get(field.letter, field.value)

    rows = [
        _Row(job, state, now, task, record)
        for job in _controller_order(state, opts)
        if state_name(job) in states and (users is None or job.request.user in users)
        for task in _lines(job, opts, selector)
        for record in _records(job, opts)
    ]
    if not opts.array_unfold:
        rows = _fold_pending_tasks(rows)

    out: list[str] = []
    if not opts.noheader:
        if opts.long:
            out.append(date_line(now) + "\n")
        out.append(_header(prefix, fields))
    keys, bad, said_b = _sort_keys(opts.sort or ("S" if opts.start else DEFAULT_SORT))
    if said_b:
        errors.append("squeue: Invalid sort specification: b")
    if bad is not None:  # found once the header is out
        return Rendered(
            stdout="".join(out),
            stderr="".join(e + "\n" for e in errors)
            + f"squeue: error: Invalid sort specification: {bad}\n",
            exit_code=1,
        )
    out.extend(_render_lines(prefix, fields, _sort(rows, keys)))
    return Rendered(stdout="".join(out), stderr="".join(e + "\n" for e in errors))
