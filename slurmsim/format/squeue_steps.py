"""``squeue -s``: the running steps, one line each, in Slurm 22.05's step formats.

A step line is a job's ``batch`` step (the job on its first node, from its start) or
one of the numbered steps srun created; they are sorted by partition, then job id,
then step id with ``batch`` after the numbered ones (Slurm numbers it 0xfffffffb).
"""

from collections.abc import Callable
from typing import NamedTuple

from slurmsim.format.columns import Column, literal, parse_long, parse_percent, printed
from slurmsim.format.hostlist import compress
from slurmsim.format.rendered import Rendered
from slurmsim.format.steps import job_text, own_step, running_steps, step_ids
from slurmsim.format.times import date_line, format_elapsed
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job
from slurmsim.model.steps import Step
from slurmsim.model.time import Instant

DEFAULT_FORMAT = "%.15i %.8j %.9P %.8u %.9M %N"
#: The batch step's place among a job's steps (Slurm's SLURM_BATCH_SCRIPT).
_BATCH_ID = 0xFFFFFFFB


class StepLine(NamedTuple):
    """One step as squeue shows it; ``step`` None is the job's batch step."""

    job: Job
    step: Step | None
    state: ClusterState
    now: Instant

    @property
    def step_id(self) -> str:
        return "batch" if self.step is None else self.step.label

    @property
    def number(self) -> str:
        """Its id without a part's ``+K``."""
        return "batch" if self.step is None else str(self.step.step_id)

    @property
    def nodes(self) -> tuple[str, ...]:
        return self.job.nodes[:1] if self.step is None else self.step.nodes


def _uid(line: StepLine) -> str:
    user = line.state.users.get(line.job.request.user)
    return str(user.uid if user else line.job.request.uid)


def _time(line: StepLine) -> str:
    if line.step is None:
        return format_elapsed(line.job.run_seconds(line.now))
    return format_elapsed(max(line.now - line.step.start_time, 0))


def _start(line: StepLine) -> str:
    from slurmsim.format.times import format_instant

    start = line.job.start_time if line.step is None else line.step.start_time
    return format_instant(start)


#: ``-o`` letters of a step line: header and value (None prints ``(null)``).
LETTERS: dict[str, tuple[str, Callable[[StepLine], str | None]]] = {
    "A": ("TASKS", lambda s: "1" if s.step is None else str(s.step.num_tasks)),
    "b": ("TRES_PER_JOB", lambda s: None if s.step is None else s.step.tres.per_node),
    "i": ("STEPID", lambda s: f"{job_text(s.job)}.{s.step_id}"),
    "j": ("NAME", lambda s: "batch" if s.step is None else s.step.name),
    "l": ("TIME_LIMIT", lambda s: "UNLIMITED"),
    "M": ("TIME", _time),
    "N": ("NODELIST", lambda s: compress(s.nodes)),
    "P": ("PARTITION", lambda s: s.job.request.partition),
    "S": ("START_TIME", _start),
    "u": ("USER", lambda s: s.job.request.user),
    "U": ("UID", _uid),
}
_UNCUT = frozenset({"N"})

_Entry = tuple[str, Callable[[StepLine], str | None]]


def _tres(field: str) -> Callable[[StepLine], str | None]:
    """The step's ``StepTres`` field; none for batch."""
    return lambda line: None if line.step is None else getattr(line.step.tres, field)


#: ``-O`` names of a step line (lower case): header and value. Those the ``-o`` letters
#: have print as them; what slurmsim's steps never have prints ``(null)``.
_LONG: dict[str, _Entry] = {
    "cluster": ("CLUSTER", lambda s: s.state.config.cluster_name),
    "gres": LETTERS["b"],
    "tres-per-node": LETTERS["b"],
    "stepid": LETTERS["i"],
    "stepname": LETTERS["j"],
    "timelimit": LETTERS["l"],
    "timeused": LETTERS["M"],
    "nodes": LETTERS["N"],
    "partition": LETTERS["P"],
    "starttime": LETTERS["S"],
    "userid": LETTERS["U"],
    "username": LETTERS["u"],
    "arrayjobid": ("ARRAY_JOB_ID", lambda s: str(s.job.array_job_id or 0)),
    "arraytaskid": (
        "ARRAY_TASK_ID",
        lambda s: "N/A" if s.job.array_task_id is None else str(s.job.array_task_id),
    ),
    "jobid": ("JOB_ID", lambda s: str(s.job.job_id)),
    "numcpus": ("NUM_CPUS", lambda s: "0" if s.step is None else str(s.step.num_cpus)),
    "cpufreq": (
        "CPU_FREQ",
        lambda s: "0-0:0" if s.step is None else "Unknown-Unknown:Unknown",
    ),
    "stepstate": ("STATE", lambda s: "RUNNING" if s.step is None else s.step.state.value),
    "tres-per-job": ("TRES_PER_STEP", _tres("per_step")),
    "tres-per-step": ("TRES_PER_STEP", _tres("per_step")),
    "cpus-per-tres": ("CPUS_PER_TRES", _tres("cpus_per_tres")),
    "mem-per-tres": ("MEM_PER_TRES", _tres("mem_per_tres")),
    "tres-bind": ("TRES_BIND", _tres("bind")),
    "tres-per-task": ("TRES_PER_TASK", _tres("per_task")),
    **{name: (header, lambda s: None) for name, header in (
        ("network", "NETWORK"), ("resvports", "RESERVED_PORTS"),
        ("tres-freq", "TRES_FREQ"), ("tres-per-socket", "TRES_PER_SOCKET"))},
}  # fmt: skip


def _long_entry(name: str) -> _Entry | None:
    """What an ``-O`` name shows of a step; two are taken by their first letters."""
    lowered = name.lower()
    if lowered.startswith("container"):
        return ("CONTAINER", lambda s: None)
    if lowered.startswith("numtask"):
        return LETTERS["A"]
    return _LONG.get(lowered)


def step_lines(state: ClusterState, now: Instant) -> list[StepLine]:
    """Every running step, in squeue's order."""
    lines = []
    for job in state.jobs.values():
        numbered = {s.label: s for s in running_steps(job)}
        for step_id in step_ids(job):
            if step_id == "0" and step_id not in numbered:
                lines.append(StepLine(job, own_step(job), state, now))  # an srun's own
            elif step_id == "batch" or step_id in numbered:
                lines.append(StepLine(job, numbered.get(step_id), state, now))
    return sorted(
        lines,
        key=lambda s: (
            s.job.request.partition,
            s.job.job_id,
            _BATCH_ID if s.step is None else s.step.step_id,
        ),
    )


def _nothing(_: StepLine) -> str | None:
    return ""


def render_steps(
    lines: list[StepLine],
    fmt: str | None,
    *,
    noheader: bool,
    long: bool,
    now: Instant,
    long_fmt: str | None = None,
) -> Rendered:
    """The step lines in format ``fmt`` (``-o``) or ``long_fmt`` (``-O``), or squeue's
    default for steps."""
    errors = []
    fields: list[tuple[_Entry, Column]] = []
    if long_fmt is not None:
        prefix = ""
        for column in parse_long(long_fmt):
            entry = _long_entry(column.key)
            if entry is None:  # left out of the lines
                errors.append(
                    f"squeue: error: Invalid job step format specification: {column.key}\n"
                )
                continue
            fields.append((entry, column))
    else:
        prefix, columns = parse_percent(fmt or DEFAULT_FORMAT)
        for column in columns:
            found = LETTERS.get(column.key)
            if found is None:
                errors.append(
                    f"squeue: error: Invalid job step format specification: {column.key}\n"
                )
                fields.append((("", _nothing), literal(column)))  # printed as typed
                continue
            fields.append((found, column))
    out = []
    if not noheader:
        if long:
            out.append(date_line(now) + "\n")
        out.append(prefix + "".join(printed([h], c, cut=c.key != "N")[0] for (h, _), c in fields))
        out.append("\n")
    rendered = [
        printed([value(line) for line in lines], c, cut=c.key not in _UNCUT)
        for (_, value), c in fields
    ]
    out.extend(prefix + "".join(row) + "\n" for row in zip(*rendered, strict=True))
    if not fields:
        out.extend(prefix + "\n" for _ in lines)
    return Rendered(stdout="".join(out), stderr="".join(errors))
