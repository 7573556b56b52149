"""Read a golden case recorded from real Slurm (format: shared/oracle/README.md).

A case file holds the command line, who ran it and when, the exit code, and the
exact stdout and stderr bytes. Each stream is ``# stdout: N bytes\\n`` followed by
exactly N bytes, plus one ``\\n`` that the recorder adds when non-empty data does
not end with one.
"""

import calendar
import os
import re
import shlex
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.clirunner import Result, run_command

_HEADER = re.compile(rb"^# user: (\S+)\s+cwd: (\S+)\s+when: (\S+)$")


@dataclass(frozen=True)
class Case:
    command: str  # as recorded, shell-quoted, without the "$ "
    user: str
    cwd: str
    when: str  # ISO time, e.g. 2026-11-29T19:05:49
    exit: int
    stdout: bytes
    stderr: bytes


def _stream(data: bytes, pos: int, name: bytes) -> tuple[bytes, int]:
    match = re.compile(rb"# " + name + rb": (\d+) bytes\n").match(data, pos)
    if match is None:
        raise ValueError(f"expected '# {name.decode()}: N bytes' at byte {pos}")
    start = match.end()
    end = start + int(match.group(1))
    body = data[start:end]
    if body and not body.endswith(b"\n"):
        end += 1  # the recorder's added newline (none after an empty stream)
    return body, end


def load_case(path: Path | str) -> Case:
    """Parse one golden file into a ``Case``, byte-exact."""
    data = Path(path).read_bytes()
    first, second, third, _ = data.split(b"\n", 3)
    if not first.startswith(b"$ "):
        raise ValueError(f"{path}: first line must start with '$ '")
    header = _HEADER.match(second)
    if header is None:
        raise ValueError(f"{path}: bad '# user:' line")
    exit_match = re.fullmatch(rb"# exit: (-?\d+)", third)
    if exit_match is None:
        raise ValueError(f"{path}: bad '# exit:' line")
    pos = len(first) + len(second) + len(third) + 3
    stdout, pos = _stream(data, pos, b"stdout")
    stderr, pos = _stream(data, pos, b"stderr")
    if pos != len(data):
        raise ValueError(f"{path}: {len(data) - pos} unexpected bytes after stderr")
    user, cwd, when = (g.decode() for g in header.groups())
    return Case(first[2:].decode(), user, cwd, when, int(exit_match.group(1)), stdout, stderr)


#: What depends on the oracle's host rather than on Slurm: its load, free memory, kernel,
#: boot and slurmd start times, when its nodes were last busy, a login session id, the
#: controller's host name and start time.
_HOST_FIELDS = [
    (rb"CPULoad=\S+", rb"CPULoad=<load>"),
    (rb"FreeMem=\S+", rb"FreeMem=<free>"),
    (rb"(?m)^   OS=[^\n]*\n", rb"   OS=<os>\n"),
    (rb"(?m)(^NodeName=\S+ .*) OS=.*? (RealMemory=)", rb"\1 OS=<os> \2"),  # show node -o
    (rb"BootTime=\S+ SlurmdStartTime=\S+", rb"BootTime=<boot> SlurmdStartTime=<boot>"),
    (rb"LastBusyTime=\S+", rb"LastBusyTime=<busy>"),
    (rb"AllocNode:Sid=(\S+):\d+", rb"AllocNode:Sid=\1:<sid>"),
    (rb"(?m)^BOOT_TIME( +)= \S+$", rb"BOOT_TIME\1= <boot>"),
    (rb"(?m)^(SlurmctldHost\[\d+\] += )[^(\n]+\(", rb"\1<host>("),
    (rb"(?m)^Slurmctld\((\w+)\) at \S+ is ", rb"Slurmctld(\1) at <host> is "),
    # The same facts in a --json or --yaml node record.
    (
        rb'(?m)^( *(?:"|!!str ))(cpu_load|free_memory|boot_time|slurmd_start_time|last_busy|'
        rb'operating_system)("?: )[^\n]*?(,?)$',
        rb"\1\2\3<host>\4",
    ),
]


#: sinfo's ``%all`` line (``|`` after each of 20 fields, `` |`` after the rest): its free
#: memory (5th field) and load (33rd), as ``_HOST_FIELDS`` hide them elsewhere.
_SINFO_ALL = re.compile(
    rb"(?m)^((?:[^|\n]*\|){4})[^|\n]*((?:\|[^|\n]*){15}\|(?:[^|\n]* \|){12})[^|\n]*( \|)"
)


def scrub(data: bytes) -> bytes:
    """Replace what depends on the oracle's host, not on Slurm, with placeholders.

    The only normalisation the golden comparisons make, for every golden test.
    """
    for pattern, placeholder in _HOST_FIELDS:
        data = re.sub(pattern, placeholder, data)
    return _SINFO_ALL.sub(rb"\1<free>\2<load>\3", data)


_TO_THE_SECOND = re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d):\d\d")
_PRIORITY = re.compile(r"Priority=\d+")


def to_the_minute(run: Case | Result) -> tuple[int, str, str]:
    """A command's exit and ``scrub``bed output with instants cut to the minute and
    priorities masked, for replays of backfill plans: the oracle started each running
    job within a second or two of slurmsim's pass, a plan starts at that job's end or at
    a map boundary (whole minutes), and the oracle's priorities carry its fair-share
    history."""

    def cut(data: bytes) -> str:
        return _PRIORITY.sub("Priority=*", _TO_THE_SECOND.sub(r"\1:**", scrub(data).decode()))

    return run.exit, cut(run.stdout), cut(run.stderr)


@contextmanager
def cluster_store(directory: Path) -> Iterator[Path]:
    """A new default cluster in ``directory``, the store of every command run meanwhile
    (``SLURMSIM_DB``); the variable is put back afterwards."""
    from slurmsim.api import cluster

    db = directory / "cluster.db"
    saved = os.environ.get("SLURMSIM_DB")
    os.environ["SLURMSIM_DB"] = str(db)
    try:
        cluster.init(None, None, force=True)
        yield db
    finally:
        if saved is None:
            os.environ.pop("SLURMSIM_DB", None)
        else:
            os.environ["SLURMSIM_DB"] = saved


_SUBMITTED = re.compile(rb"Submitted batch job (\d+)")
#: The job ``sbatch --parsable`` made: its id, then the cluster's name if there are several.
_PARSABLE = re.compile(rb"(\d+)(?:;\S+)?\n\Z")
#: The job salloc or srun made, where they name it (srun says nothing of a job that starts
#: at once, nor of one refused at once; salloc hears a refused one revoked).
_ALLOCATED = re.compile(
    rb"^(?:salloc: (?:Granted |Pending )?[Jj]ob allocation|srun: job) (\d+)\b", re.MULTILINE
)
#: The id a ``--test-only`` estimate names (the will-run request uses one up).
_WILL_RUN = re.compile(rb"^(?:sbatch|srun|salloc): Job (\d+) to start at ", re.MULTILINE)


def split_env(command: str) -> tuple[dict[str, str], list[str]]:
    """A recorded command line as ``env VAR=value... command args`` ran it: the variables
    it set and the command's words."""
    words = shlex.split(command)
    env: dict[str, str] = {}
    if words[0] == "env":
        words = words[1:]
        while "=" in words[0]:
            var, _, value = words.pop(0).partition("=")
            env[var] = value
    return env, words


@contextmanager
def environment(env: dict[str, str], unset: Iterable[str] = ()) -> Iterator[None]:
    """``env`` set (and ``unset`` removed) in this process while the block runs."""
    saved = {var: os.environ.get(var) for var in (*unset, *env)}
    for var in unset:
        os.environ.pop(var, None)
    os.environ.update(env)
    try:
        yield
    finally:
        for var, value in saved.items():
            if value is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = value


def run_as_recorded(case: Case, unset: Iterable[str] = ()) -> Result:
    """``case``'s command as its user, with the variables a leading ``env VAR=value`` set
    (and ``unset`` removed) while it runs."""
    env, words = split_env(case.command)
    with environment(env, unset=unset):
        return run_command(words, case.user, b"")


def recorded_at(case: Case) -> int:
    """When the oracle ran ``case``, in Unix seconds."""
    return calendar.timegm(time.strptime(case.when, "%Y-%m-%dT%H:%M:%S"))


def decay_pass_without_usage(**state_fields: object) -> None:
    """A pass of slurmsim's decay thread now, with no usage anywhere: what a recording that
    put the oracle's usage at zero and began as its thread's next pass saw none starts
    from. ``state_fields`` set more of the cluster's state as the oracle had it."""
    from slurmsim.api.session import session
    from slurmsim.engine.usage import take_snapshot

    with session(write=True) as s:
        s.state.usage.clear()
        s.state.tres_usage.clear()
        s.state.qos_usage.clear()
        s.state.last_usage_calc = s.state.now
        take_snapshot(s.state)
        for name, value in state_fields.items():
            setattr(s.state, name, value)


def give_recorded_id(case: Case) -> None:
    """Let the next job take the id the oracle gave ``case``'s submission, if it made one."""
    from slurmsim.api.session import session

    found = (
        _SUBMITTED.search(case.stdout)
        or _ALLOCATED.search(case.stderr)
        or _WILL_RUN.search(case.stderr)
    )
    if found is None and case.command.startswith("sbatch") and "--parsable" in case.command:
        found = _PARSABLE.match(case.stdout)
    if found is not None:
        with session(write=True) as s:
            s.state.next_job_id = int(found.group(1))


def replay_in_step(
    cases: dict[str, Case], run: Callable[[Case], Result] | None = None
) -> dict[str, Result]:
    """Run ``cases`` in order on the store in use (``cluster_store``), each as its user
    (``run_as_recorded``, unless ``run`` is given), the simulated clock moved as far as
    the wall clock had moved between the recordings, every accepted submission given the
    job id the oracle gave it."""
    from slurmsim.api import cluster

    first = recorded_at(next(iter(cases.values())))
    start = cluster.now()
    out = {}
    for name, case in cases.items():
        behind = start + (recorded_at(case) - first) - cluster.now()
        if behind > 0:
            cluster.advance_clock(by=behind)
        give_recorded_id(case)
        out[name] = (run or run_as_recorded)(case)
    return out


def replay_at_recorded_times(cases: dict[str, Case], stdin_dir: Path) -> dict[str, Result]:
    """Run ``cases`` in order on the store in use, each as its user, with the simulated
    clock moved on to the second the oracle ran it at (for suites whose commands name
    instants), every accepted submission given the job id the oracle gave it."""
    from slurmsim.api import cluster

    out = {}
    for name, case in cases.items():
        behind = recorded_at(case) - cluster.now()
        if behind > 0:
            cluster.advance_clock(by=behind)
        give_recorded_id(case)
        argv, stdin = argv_and_stdin(case, stdin_dir)
        out[name] = run_command(argv, case.user, stdin)
    return out


def argv_and_stdin(case: Case, stdin_dir: Path) -> tuple[list[str], bytes]:
    """``case``'s command words, and what it read on standard input: capture.sh writes
    ``< FILE`` after a command it fed, and the suite keeps FILE in ``stdin_dir``."""
    words = shlex.split(case.command)
    if len(words) >= 2 and words[-2] == "<":
        return words[:-2], (stdin_dir / words[-1]).read_bytes()
    return words, b""


_TIMES = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def without_times(data: bytes) -> str:
    """``scrub``, every instant also masked, for suites about something other than when
    things happened (slurmsim's passes run on their own phase: docs/differences.md)."""
    return _TIMES.sub(b"<time>", scrub(data)).decode()


#: The lines of ``scontrol show -d job`` that say whether a job runs and what it holds where.
_HOLDINGS = re.compile(r"(?m)^ +(?:JobState=|NumNodes=|TRES=|Nodes=).*\n")
_CORES = re.compile(r"CPU_IDs=\S+")


def holdings(data: bytes, cores: bool = True) -> str:
    """``without_times``, and of ``scontrol show -d job`` only whether the job runs and
    what it holds on which nodes (``cores``: with its CPU_IDs), for suites about where
    jobs run (their priorities and the pass that started them come from the oracle's
    history and timing)."""
    text = without_times(data)
    if not text.startswith("JobId="):
        return text
    held = "".join(_HOLDINGS.findall(text))
    return held if cores else _CORES.sub("CPU_IDs=*", held)


def holdings_or_times(case: Case, data: bytes) -> str:
    """``holdings`` of a case's ``scontrol show -d job`` (what a running job holds where),
    ``without_times`` of any other: for suites of requests shown and then run."""
    if case.command.startswith("scontrol show -d job"):
        return holdings(data)
    return without_times(data)


#: A priority slurmctld worked out (a held job's 0 is kept): the oracle's fair share, its
#: users' past work, shapes it.
_WORKED_OUT_PRIORITY = re.compile(r"Priority=[1-9]\d*")


def without_times_or_priorities(data: bytes) -> str:
    """``without_times``, and every priority worked out masked too."""
    return _WORKED_OUT_PRIORITY.sub("Priority=<p>", without_times(data))


#: What a job's record shows of when and by which pass it ran (``without_run``).
_RUN = [
    (re.compile(r"RunTime=\S+"), "RunTime=<t>"),
    (re.compile(r"Priority=\d+"), "Priority=<p>"),
    (re.compile(r"Scheduler=\S+"), "Scheduler=<s>"),
]


def without_run(data: bytes) -> str:
    """``without_times``, a record's run time, priority (the oracle's fair-share history)
    and the pass that started it also masked."""
    text = without_times(data)
    for pattern, mask in _RUN:
        text = pattern.sub(mask, text)
    return text


#: What the oracle shows of jobs running on it that is its own rather than Slurm's
#: (``without_running``).
_RUNNING = [
    # Its accounts have a fair-share history; a new simulated cluster has none.
    (re.compile(r"Priority=\d+"), "Priority=<p>"),
    # Its slurmd all run on one host, "vm"; slurmsim names the batch node.
    (re.compile(r"SrunHost:Pid=\S+"), "SrunHost:Pid=<host:pid>"),
    # Jobs start at its pass, a second or so after what starts them, slurmsim's 2 s later
    # (docs/differences.md): run times differ by as much.
    (re.compile(r"RunTime=\S+"), "RunTime=<t>"),
    (re.compile(r"(?m)(RUNNING|  R) +\d+:\d\d "), r"\1 <t> "),
]


def without_running(data: bytes) -> str:
    """``without_times``, and what a replay of running jobs cannot share with the oracle
    (``_RUNNING``): priorities, srun's host and run times."""
    text = without_times(data)
    for pattern, mask in _RUNNING:
        text = pattern.sub(mask, text)
    return text


def replay_from_job_dir(
    cases: dict[str, Case], directory: Path, run: Callable[[Case], Result] | None = None
) -> dict[str, Result]:
    """``replay_in_step`` on a new default cluster in ``directory``, run from the oracle's
    job directory (recordings show it as WorkDir), the clock started at the first case's
    second."""
    from slurmsim.api import cluster
    from tests.golden.replay import JOB_DIR

    JOB_DIR.mkdir(parents=True, exist_ok=True)
    cwd = os.getcwd()
    os.chdir(JOB_DIR)
    try:
        with cluster_store(directory):
            cluster.advance_clock(by=recorded_at(next(iter(cases.values()))) - cluster.now())
            return replay_in_step(cases, run)
    finally:
        os.chdir(cwd)


def replay_each(cases: dict[str, Case], directory: Path) -> dict[str, Result]:
    """Run ``cases`` on one new default cluster in ``directory``, each as its user and with
    the clock left alone (for cases that do not depend on it); an accepted submission gets
    the job id the oracle gave it."""
    out = {}
    with cluster_store(directory):
        for name, case in cases.items():
            give_recorded_id(case)
            out[name] = run_command(shlex.split(case.command), case.user, b"")
    return out


def replay_corpus(
    cases: dict[str, Case], corpus: Path, job_dir: Path, directory: Path
) -> dict[str, Result]:
    """Replay ``cases`` as the oracle ran them: on a new cluster in ``directory``, the
    scripts of ``corpus`` copied into ``job_dir`` (the paths the recordings show), every
    command run from ``job_dir``'s parent, the clock started at the first case's instant
    and kept in step with the recordings."""
    from slurmsim.api import cluster

    shutil.rmtree(job_dir, ignore_errors=True)
    shutil.copytree(corpus, job_dir)
    cwd = os.getcwd()
    os.chdir(job_dir.parent)
    try:
        with cluster_store(directory):
            cluster.advance_clock(by=recorded_at(next(iter(cases.values()))) - cluster.now())
            return replay_in_step(cases)
    finally:
        os.chdir(cwd)


def with_known_gaps(names: Iterable[str], gaps: dict[str, str]) -> list[Any]:
    """Case names to parametrize a test with, those in ``gaps`` as strict xfails (a fix
    shows up as a failure to take the case off the list)."""
    return [
        pytest.param(name, marks=pytest.mark.xfail(reason=gaps[name], strict=True))
        if name in gaps
        else name
        for name in names
    ]
