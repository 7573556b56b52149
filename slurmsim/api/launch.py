"""Running a step's tasks: what slurmstepd does on each node, done here by srun.

Every task is a local process, started at once, in srun's process group (so that
whatever ends the job's script ends them too; at a terminal in one of their own, see
``terminal_input``), with the environment of its rank and node. Output goes where
``--output``/``--error`` say, per task when the name depends on the task (``%t``,
``%n``, ``%N``), else to one file or to srun's own streams; ``--label`` puts ``rank: ``
before each line. srun's standard input goes to task 0 (``--input`` says otherwise).
While the tasks run, srun watches the job: when it ends (scancel, time limit), the tasks
are ended too; a user's SIGINT, SIGTERM and SIGHUP get srun's own answer (``Interrupts``).
"""

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import IO, Any, Final, Generic, Protocol, TypeVar

from slurmsim.api.processes import signal_tree
from slurmsim.api.steps import Watch
from slurmsim.execution.patterns import Names, expand
from slurmsim.execution.step_environment import (
    StepTask,
    het_task_variables,
    step_layout,
    task_environment,
)
from slurmsim.model.digits import is_number
from slurmsim.model.jobs import Job
from slurmsim.model.steps import Step

#: How often srun asks whether its job still runs, in wall seconds.
WATCH_S: Final = 1.0
#: Wall seconds between the SIGTERM that ends a step's tasks and the SIGKILL.
GRACE_S: Final = 2.0
#: slurmstepd's status for a command it could not start.
NOT_STARTED: Final = 2

#: A task's command line by its rank; None when it has none (a ``--multi-prog`` line
#: whose quote is left open).
Program = Callable[[int], Sequence[str] | None]


def one_program(argv: Sequence[str]) -> Program:
    """Every task runs ``argv`` (srun without ``--multi-prog``)."""
    return lambda _rank: argv


@dataclass(frozen=True, slots=True)
class StepIo:
    """srun's I/O options."""

    output: str | None = None
    error: str | None = None
    input: str | None = None
    label: bool = False
    kill_on_bad_exit: bool = False
    chdir: str | None = None
    append: bool = False  # --open-mode=append: output files are added to, not emptied
    pty: bool = False  # --pty with a terminal: task 0 gets it, input and output
    #: --wait: how long (wall seconds) the other tasks may run on once one has exited; 0:
    #: as long as they take.
    wait: int = 0
    #: -X (--disable-status): a Ctrl-C goes straight to the tasks, with no status first.
    disable_status: bool = False
    #: --quit-on-interrupt: the first Ctrl-C aborts the step, as a second would.
    quit_on_interrupt: bool = False


class Cut(Enum):
    """Why srun ended its tasks before they all ended by themselves."""

    JOB_ENDED = "the job ended"
    CANCELLED = "scancel ended the step"
    BAD_EXIT = "a task failed under --kill-on-bad-exit"
    WAITED = "tasks ran on longer than --wait after the first exited"
    PASSED_ON = "srun passed a signal it was sent on to them"
    INTERRUPTED = "a second SIGINT within a second: srun sent them SIGINT, aborting the step"
    FORCED = "SIGTERM or SIGHUP: srun killed them, aborting the step"


class RankedTask(Protocol):
    """A task as srun starts it (``StepTask``, or a job's own step's ``Task``)."""

    @property
    def rank(self) -> int: ...
    @property
    def node_index(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Ended:
    """How one task ended: its exit code, or the signal that killed it."""

    task: RankedTask
    node: str
    exit_code: int
    signal: int


T = TypeVar("T", bound=RankedTask)


class Interrupt(Enum):
    """What srun does about a signal a user sends it while its step runs."""

    STATUS = "the first SIGINT: it shows how its tasks stand"
    CTRL_C = "a second SIGINT within a second: it sends its tasks SIGINT"
    FORCE = "SIGTERM or SIGHUP: it kills its tasks"
    QUIT = "SIGQUIT: it says so, and kills its tasks"
    CONTINUED = "SIGCONT: it says so, and passes it on"


#: The signals after which srun kills its tasks and aborts the step (the oracle: each
#: ends the job FAILED 0:9), and what it says first. (Slurm's srun aborts at a SIGPIPE
#: sent to it too, but not at one its own write to a reader gone raises, which only its
#: output thread gets; here the two cannot be told apart, and the second is common:
#: ``srun ... | head``. SIGPIPE stays ignored.)
FORCING: Final[dict[int, Interrupt]] = {
    signal.SIGTERM: Interrupt.FORCE,
    signal.SIGHUP: Interrupt.FORCE,
    signal.SIGQUIT: Interrupt.QUIT,
}


#: srun's lines for an ``Interrupt``, given each task's rank and return code (None while
#: it runs).
Report = Callable[[Interrupt, Sequence[tuple[int, int | None]]], None]

#: Within how many seconds of the first a second SIGINT aborts the step.
INTERRUPT_WINDOW_S: Final = 1.0
#: How long after a task's failure under --kill-on-bad-exit the others are signalled.
BAD_EXIT_DELAY_S: Final = 0.1
#: How long after the aborting Ctrl-C slurmstepd kills the tasks still running.
ABORT_KILL_S: Final = 0.02


class Interrupts:
    """srun's own answer to the signals a user sends it while its step runs (the oracle,
    ``srun sleep 8`` sent SIGINT, SIGTERM or SIGHUP): at a first SIGINT it shows how its
    tasks stand; at a second within a second it sends them SIGINT (its Ctrl-C) and aborts
    the step, waiting for them to end (under --quit-on-interrupt at the first; under -X
    it passes each on at once, aborting nothing); SIGTERM and SIGHUP abort it at once, the
    tasks killed. ``cut`` says which
    abort it made, if any."""

    def __init__(
        self,
        procs: Sequence[tuple[RankedTask, subprocess.Popen[bytes] | None]],
        report: Report,
        io: StepIo,
    ) -> None:
        self._procs = [(task.rank, proc) for task, proc in procs]
        self._report = report
        self._passes_on = io.disable_status  # -X: a Ctrl-C is passed on, nothing aborted
        self._quits = io.quit_on_interrupt  # the first Ctrl-C is the second
        self._last: float | None = None
        self.cut: Cut | None = None

    def interrupt(self) -> None:
        if self._passes_on:
            self._say(Interrupt.CTRL_C)
            self.cut = self.cut or Cut.PASSED_ON
            _send(self._running(), signal.SIGINT)
            return
        if self.cut is not None:
            return  # aborting already
        now = time.monotonic()
        if not self._quits and (self._last is None or now - self._last > INTERRUPT_WINDOW_S):
            self._last = now
            self._say(Interrupt.STATUS)
            return
        self._say(Interrupt.CTRL_C)
        self.cut = Cut.INTERRUPTED
        _send(self._running(), signal.SIGINT)
        # srun then cancels the step, and slurmstepd kills what the Ctrl-C left running
        # (the oracle: a task that ignores SIGINT is killed 5 to 20 ms after it, exit 137);
        # the pause lets a shell that lost its child to the SIGINT die of it first.
        killer = threading.Timer(ABORT_KILL_S, self._kill_left)
        killer.daemon = True
        killer.start()

    def force(self, sig: int = signal.SIGTERM) -> None:
        """Kill the tasks and abort the step at ``sig`` (one of ``FORCING``)."""
        if self.cut is Cut.FORCED:
            return
        self._say(FORCING.get(sig, Interrupt.FORCE))
        self.cut = Cut.FORCED
        _send(self._running(), signal.SIGCONT)  # should they be stopped
        _send(self._running(), signal.SIGKILL)

    def continued(self) -> None:
        """SIGCONT: srun says so and passes it on (after a stop, its tasks go on too)."""
        self._say(Interrupt.CONTINUED)
        _send(self._running(), signal.SIGCONT)

    def _kill_left(self) -> None:
        running = [proc for proc in self._running() if proc.poll() is None]
        signal_tasks(running, signal.SIGCONT)  # should they be stopped
        signal_tasks(running, signal.SIGKILL)

    def _say(self, what: Interrupt) -> None:
        with contextlib.suppress(OSError):  # its terminal hung up: it acts all the same
            self._report(what, self._standing())

    def _standing(self) -> list[tuple[int, int | None]]:
        return [(r, p.poll() if p is not None else NOT_STARTED) for r, p in self._procs]

    def _running(self) -> list[subprocess.Popen[bytes]]:
        return [proc for _, proc in self._procs if proc is not None]


@dataclass
class _Launch(Generic[T]):
    """What srun holds while its tasks run: them, the threads that copy their output, the
    files it opened for them (one descriptor per file name, shared by the tasks) and the
    lock its writes take turns on."""

    procs: list[tuple[T, subprocess.Popen[bytes] | None]] = field(default_factory=list)
    pumps: list[threading.Thread] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)
    files: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def run_step(
    job: Job,
    step: Step,
    program: Program,
    base_env: Mapping[str, str],
    *,
    io: StepIo,
    look: Callable[[], Watch],
    report: Report,
) -> tuple[list[Ended], Cut | None]:
    """Run ``program`` as the tasks of ``step``; how each task ended, and why srun ended
    them, if it did. ``report`` says what srun does about a user's signal."""
    cwd = io.chdir or os.getcwd()  # srun's own directory, as Slurm's tasks start in
    if not os.path.isdir(cwd):  # slurmstepd goes on from /tmp
        for node in step.nodes:
            sys.stderr.write(
                f"slurmstepd-{node}: error: couldn't chdir to `{cwd}': No such file or "
                "directory: going to /tmp instead\n"
            )
        cwd = "/tmp"
    launch = _start(job, step, program, base_env, io=io, cwd=cwd)
    from slurmsim.api.execution import note_step_tasks

    # scancel --signal and --signal's warning reach a batch job's steps through this.
    noted = note_step_tasks(job, step.step_id, [p.pid for _, p in launch.procs if p])
    cut = _wait(launch, io, look, Interrupts(launch.procs, report, io))
    if noted is not None:
        with contextlib.suppress(OSError):
            os.unlink(noted)
    finish_io(launch)
    ends = []
    for task, proc in launch.procs:
        node = step.alloc[task.node_index].node
        code = proc.returncode if proc is not None else NOT_STARTED
        ends.append(Ended(task, node, max(code, 0), -code if code < 0 else 0))
    return ends, cut


@dataclass(frozen=True)
class StepPart:
    """One component's share of a step over several components of a heterogeneous job:
    its step, what its tasks run and share, srun's I/O options for it, and its offset."""

    job: Job
    step: Step
    program: Program
    base_env: Mapping[str, str]
    io: StepIo
    offset: int


def run_het_step(
    parts: Sequence[StepPart], *, look: Callable[[], Watch], report: Report
) -> tuple[list[list[Ended]], Cut | None]:
    """Run the components' shares of one step as one (``run_step``), ``parts`` in the
    order of their offsets: ranks and node indexes count on across them, srun's options
    but the I/O ones are the first's. How each share's tasks ended, ranked in the share
    (srun names them so: the oracle's ``dgx2: task 0`` for the step's task 2)."""
    first = parts[0]
    cwd = first.io.chdir or os.getcwd()
    if not os.path.isdir(cwd):
        cwd = "/tmp"
    total = sum(part.step.num_tasks for part in parts)
    launch: _Launch[StepTask] = _Launch()
    spans: list[tuple[int, int]] = []  # each share's places in ``launch.procs``
    first_rank = first_node = 0
    for part in parts:
        begin = len(launch.procs)
        _start_share(launch, part, first_rank, first_node, width=len(str(total - 1)), cwd=cwd)
        spans.append((begin, len(launch.procs)))
        first_rank += part.step.num_tasks
        first_node += len(part.step.alloc)
    from slurmsim.api.execution import note_step_tasks

    noted = [
        note_step_tasks(part.job, part.step.step_id, [p.pid for _, p in launch.procs[a:b] if p])
        for part, (a, b) in zip(parts, spans, strict=True)
    ]
    cut = _wait(launch, first.io, look, Interrupts(launch.procs, report, first.io))
    for path in noted:
        if path is not None:
            with contextlib.suppress(OSError):
                os.unlink(path)
    finish_io(launch)
    ends: list[list[Ended]] = []
    for part, (a, b) in zip(parts, spans, strict=True):
        rank0 = launch.procs[a][0].rank if a < b else 0
        share = []
        for task, proc in launch.procs[a:b]:
            node = part.step.alloc[task.node_index].node
            code = proc.returncode if proc is not None else NOT_STARTED
            local = StepTask(task.rank - rank0, task.node_index, task.local_id)
            share.append(Ended(local, node, max(code, 0), -code if code < 0 else 0))
        ends.append(share)
    return ends, cut


def _start_share(
    launch: _Launch[StepTask], part: StepPart, rank0: int, node0: int, *, width: int, cwd: str
) -> None:
    """Start ``part``'s tasks ``into`` the step's ``launch``, ranked from ``rank0``, its
    nodes indexed from ``node0``."""
    step = part.step

    def env_of(task: StepTask) -> dict[str, str]:
        local = StepTask(task.rank - rank0, task.node_index, task.local_id)
        env = task_environment(part.job, step, part.base_env, local)
        env.update(het_task_variables(step, local, rank0, node0))
        return env

    start_tasks(
        part.job,
        [StepTask(t.rank + rank0, t.node_index, t.local_id) for t in step_layout(step)],
        lambda i: step.alloc[i].node,
        str(step.step_id),
        lambda rank: part.program(rank - rank0),
        env_of,
        io=part.io,
        cwd=cwd,
        into=launch,
        width=width,
        file_rank=part.offset,
    )


def _start(
    job: Job, step: Step, program: Program, base_env: Mapping[str, str], *, io: StepIo, cwd: str
) -> _Launch[StepTask]:
    def env_of(task: StepTask) -> dict[str, str]:
        return task_environment(job, step, base_env, task)

    return start_tasks(
        job,
        step_layout(step),
        lambda i: step.alloc[i].node,
        str(step.step_id),
        program,
        env_of,
        io=io,
        cwd=cwd,
    )


def start_tasks(  # noqa: PLR0917 (what a task is started from)
    job: Job,
    tasks: Sequence[T],
    node_of: Callable[[int], str],
    step_id: str,
    program: Program,
    env_of: Callable[[T], dict[str, str]],
    *,
    io: StepIo,
    cwd: str,
    into: _Launch[T] | None = None,
    width: int | None = None,
    file_rank: int = 0,
) -> _Launch[T]:
    """Start each task's ``program``, with srun's I/O options: where each task's output,
    errors and input go, and the pumps that copy (and label) them. ``node_of`` names a
    task's node by its index; a task that cannot start has its node's slurmstepd say
    why on the task's error stream.

    A step over several components of a heterogeneous job starts each one's tasks
    ``into`` one launch, their labels ``width`` digits wide, ``file_rank`` added to
    their ranks in file names (the oracle: component 1's tasks, ranked 1 and 2 in the
    step, wrote ``%t`` as 2 and 3)."""
    launch: _Launch[T] = _Launch() if into is None else into
    width = len(str(len(tasks) - 1)) if width is None else width
    files, lock = launch.files, launch.lock
    apart = not io.pty and terminal_input()  # see ``terminal_input``
    for task in tasks:
        node = node_of(task.node_index)
        names = Names(
            job.job_id,
            job.array_job_id,
            job.array_task_id,
            job.request.user,
            job.request.name,
            node,
            step=step_id,
            task=task.rank + file_rank,
            node_index=task.node_index,
        )
        label = f"{task.rank:>{width}}: " if io.label else ""
        out = _target(
            io.output, names, cwd, files=files, launch=launch, stream=sys.stdout, append=io.append
        )
        err = _target(
            io.error or io.output,
            names,
            cwd,
            files=files,
            launch=launch,
            stream=sys.stderr,
            append=io.append,
        )
        terminal = io.pty and task.rank == 0  # --pty: the terminal is task 0's alone
        stdin: int | None
        if terminal:
            stdin, opened = None, False
        elif io.pty and io.input is None:
            stdin, opened = subprocess.DEVNULL, False
        else:
            stdin, opened = _stdin(io.input, task, names, cwd, len(tasks))
        argv = program(task.rank)
        problem = None if argv else "No executable program specified for this task"
        task_env = env_of(task)
        if argv and "/" not in argv[0] and "PATH" not in task_env:
            # No PATH to search (--export=NONE): execve finds no bare name (the oracle).
            problem, argv = f"execve(): {argv[0]}: No such file or directory", None
        proc = None
        try:
            if argv:
                proc = subprocess.Popen(
                    list(argv),
                    env=task_env,
                    cwd=cwd,
                    preexec_fn=_DIE_WITH_SRUN,  # noqa: PLW1509  # calls prctl only: no lock
                    process_group=0 if apart else None,
                    stdin=stdin,
                    stdout=_through(out, label, terminal=terminal, file=out in files.values()),
                    stderr=_through(err, label, terminal=terminal, file=err in files.values()),
                )
        except OSError as e:
            problem = f"execve(): {argv[0] if argv else ''}: {e.strerror}"
        finally:
            if opened and stdin is not None:
                os.close(stdin)
        if proc is None:  # its slurmstepd says why, on the task's error stream
            line = f"{label}slurmstepd-{node}: error: {problem}\n"
            _write(line.encode(), err, sys.stderr, lock)
            launch.procs.append((task, None))
            continue
        launch.procs.append((task, proc))
        for pipe, dest, stream in ((proc.stdout, out, sys.stdout), (proc.stderr, err, sys.stderr)):
            if pipe is not None:
                pump = threading.Thread(
                    target=_pump, args=(pipe, dest, stream, label, lock), daemon=True
                )
                pump.start()
                launch.pumps.append(pump)
    readers = [proc.stdin for _, proc in launch.procs if proc is not None and proc.stdin]
    if readers:
        threading.Thread(target=_broadcast, args=(readers,), daemon=True).start()
    return launch


def finish_io(launch: _Launch[Any]) -> None:
    """Once the tasks have ended: their output copied out, the files srun opened closed."""
    for pump in launch.pumps:
        pump.join()
    for fd in launch.opened:
        os.close(fd)
    sys.stdout.flush()


def _through(dest: int | None, label: str, *, terminal: bool, file: bool) -> int | None:
    """Where a task writes: srun's own terminal (None: inherited, ``--pty``), a file of
    its own (``file``), or else a pipe that srun copies to its output (and labels), as
    slurmstepd's pipes are: a task never writes to srun's output itself, so it sees no
    terminal there, and a reader gone does not kill it."""
    if terminal:
        return None
    return dest if file and not label else subprocess.PIPE


def _die_with_srun() -> Callable[[], None] | None:
    """What a task runs before its command: it is killed when srun dies, even by SIGKILL
    (Linux's parent-death signal), and takes SIGINT and SIGQUIT as slurmstepd's tasks do,
    whatever srun was left with (a shell ignores them in a command it runs in the
    background, and that would pass on); None where there is no prctl."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        prctl, disposition = libc.prctl, libc.signal
    except (OSError, AttributeError):
        return None
    disposition.argtypes = (ctypes.c_int, ctypes.c_void_p)

    def start() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        for sig in (signal.SIGINT, signal.SIGQUIT):
            disposition(sig, _SIG_DFL)

    return start


_PR_SET_PDEATHSIG: Final = 1
_SIG_DFL: Final = 0
_DIE_WITH_SRUN = _die_with_srun()


def _target(
    pattern: str | None,
    names: Names,
    cwd: str,
    *,
    files: dict[str, int],
    launch: _Launch[Any],
    stream: IO[str],
    append: bool,
) -> int | None:
    """The descriptor a task's stream goes to: its file, else srun's own stream when it
    has one (None: through a pump into ``stream``, e.g. when captured in a test)."""
    if pattern is None:
        try:
            stream.flush()
            return stream.fileno()
        except (OSError, ValueError, AttributeError):
            return None
    path = expand(pattern, names, cwd)
    if path not in files:
        mode = os.O_APPEND if append else os.O_TRUNC
        files[path] = os.open(path, os.O_WRONLY | os.O_CREAT | mode, 0o644)
        launch.opened.append(files[path])
    return files[path]


def _stdin(
    spec: str | None, task: RankedTask, names: Names, cwd: str, ntasks: int
) -> tuple[int, bool]:
    """What a task reads, and whether srun opened it for the task: srun's own input for
    every task (copied to each when there are several; ``--input=N``: task N alone),
    nothing (``none``), or a file (a name with patterns)."""
    if spec is None or spec == "all" or is_number(spec):
        if not _has_stdin() or (spec is not None and is_number(spec) and task.rank != int(spec)):
            return subprocess.DEVNULL, False
        several = ntasks > 1 and (spec is None or spec == "all")
        # From a terminal srun copies what is typed, as slurmstepd's tasks read a pipe.
        piped = several or terminal_input()
        return (subprocess.PIPE if piped else sys.stdin.fileno()), False
    if spec == "none":
        return subprocess.DEVNULL, False
    return os.open(expand(spec, names, cwd), os.O_RDONLY), True


def _broadcast(targets: Sequence[IO[bytes]]) -> None:
    """Copy srun's input to every task that reads it, until its end."""
    live = list(targets)
    while live and (chunk := os.read(sys.stdin.fileno(), 65536)):
        for target in list(live):
            try:
                target.write(chunk)
                target.flush()
            except (BrokenPipeError, ValueError):  # the task is gone
                live.remove(target)
    for target in live:
        with contextlib.suppress(BrokenPipeError, ValueError):
            target.close()


def terminal_input() -> bool:
    """Whether srun reads a terminal: its tasks then run in a process group of their own,
    as slurmstepd's run apart from srun's terminal, so that a Ctrl-C typed there reaches
    srun alone (``Interrupts``), and read what srun copies to them."""
    try:
        return os.isatty(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):
        return False


def _has_stdin() -> bool:
    try:
        sys.stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


def _pump(
    pipe: IO[bytes], dest: int | None, stream: IO[str], label: str, lock: threading.Lock
) -> None:
    """Copy a task's output as it comes, each line behind ``label``. Once nobody reads
    srun's output (``srun ... | head -1``), the rest is read and dropped, as srun drops
    it: the task runs on and ends as it would have."""
    pending = b""
    read = True  # whether what srun copies to is still read
    while chunk := os.read(pipe.fileno(), 65536):
        if label:
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()
            chunk = b"".join(label.encode() + line + b"\n" for line in lines)
        read = read and _write(chunk, dest, stream, lock)
    if pending and read:
        _write(label.encode() + pending, dest, stream, lock)
    pipe.close()


def _write(data: bytes, dest: int | None, stream: IO[str], lock: threading.Lock) -> bool:
    """Copy ``data`` out; False when the reader has gone."""
    with lock:
        try:
            if dest is not None:
                view = memoryview(data)
                while view:
                    view = view[os.write(dest, view) :]
            elif data:
                stream.write(data.decode(errors="replace"))
                stream.flush()
        except BrokenPipeError:
            return False
    return True


def _wait(
    launch: _Launch[Any], io: StepIo, look: Callable[[], Watch], interrupts: Interrupts
) -> Cut | None:
    """Wait for every task, looking at the step once a second: end the tasks when the job
    ends or the step is cancelled, pass on the signals scancel sends; under
    ``--kill-on-bad-exit`` end them when one fails, under ``--wait`` kill them when they
    outlive it; answer a user's signals as srun does (``interrupts``). Says why it ended
    them, if it did."""
    running = [proc for _, proc in launch.procs if proc is not None]
    terms: list[int] = []  # SIGTERM or SIGHUP: from the job's end, or from a user
    undo = _on_signals(running, io, interrupts, terms)
    cut, delivered = None, 0
    outlived = Outlived(io.wait)
    bad_exit = BadExit(io.kill_on_bad_exit)
    try:
        next_look = time.monotonic() + WATCH_S
        # Every task polled each time: a failed task after one still running counts too.
        while None in (codes := [proc.poll() for proc in running]):
            if cut is None and bad_exit(codes):
                cut = Cut.BAD_EXIT
                end_tasks(running)
            if cut is None and outlived(codes):
                cut = Cut.WAITED
                _send(running, signal.SIGKILL)  # slurmstepd kills the step's tasks
            if terms or time.monotonic() >= next_look:
                seen = look()
                if seen.job_ended:
                    end_tasks(running)
                    return Cut.JOB_ENDED
                if seen.cancelled:
                    _send(running, signal.SIGKILL)
                    return Cut.CANCELLED
                if terms:
                    sig = terms[0]
                    del terms[:]
                    interrupts.force(sig)
                for sig in seen.signals[delivered:]:
                    _send(running, sig)
                delivered = len(seen.signals)
                next_look = time.monotonic() + WATCH_S
            time.sleep(0.02)
        if cut is None and io.kill_on_bad_exit and any(codes):
            cut = Cut.BAD_EXIT  # srun signals the step whether or not a task is left in it
        return cut or interrupts.cut
    finally:
        undo()


class BadExit:
    """``--kill-on-bad-exit``: whether the tasks still running are due their end, asked with
    every poll of their codes. slurmstepd's signal reaches them about a tenth of a second
    after a task failed (the oracle: a task ending 0.1 s after the failure ends by itself,
    one ending 0.12 s after it is Terminated)."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.failed_at: float | None = None

    def __call__(self, codes: Sequence[int | None]) -> bool:
        if not self.on:
            return False
        if self.failed_at is None:
            if any(codes):
                self.failed_at = time.monotonic()
            return False
        return time.monotonic() - self.failed_at >= BAD_EXIT_DELAY_S


class Outlived:
    """``--wait``: whether the tasks still running have outlived the first that exited by
    ``wait`` seconds (never when ``wait`` is 0), asked with every poll of their codes."""

    def __init__(self, wait: int) -> None:
        self.wait = wait
        self.first_exit: float | None = None

    def __call__(self, codes: Sequence[int | None]) -> bool:
        if not self.wait:
            return False
        now = time.monotonic()
        if self.first_exit is None:
            if any(code is not None for code in codes):
                self.first_exit = now
            return False
        return now - self.first_exit >= self.wait


def _send(procs: Sequence[subprocess.Popen[bytes]], sig: int) -> None:
    signal_tasks(procs, sig)
    if sig == signal.SIGKILL:
        for proc in procs:
            proc.wait()


def end_tasks(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to every task still running, SIGKILL to those left after the grace."""
    signal_tasks(procs, signal.SIGTERM)
    deadline = time.monotonic() + GRACE_S
    while time.monotonic() < deadline and any(p.poll() is None for p in procs):
        time.sleep(0.02)
    _send(procs, signal.SIGKILL)


def signal_tasks(procs: Sequence[subprocess.Popen[bytes]], sig: int) -> None:
    """``sig`` to the tasks still running and to everything they started
    (``processes.signal_tree``: slurmstepd signals every process of the step)."""
    signal_tree([proc.pid for proc in procs if proc.poll() is None], sig)


def _on_signals(
    procs: Sequence[subprocess.Popen[bytes]], io: StepIo, interrupts: Interrupts, terms: list[int]
) -> Callable[[], None]:
    """srun's handlers while its step runs: SIGINT to ``interrupts``, the signals that
    force the step's end (``FORCING``) noted in ``terms`` (the wait decides whether the
    job ended). Under ``--pty`` the terminal is task 0's, where its SIGINT goes: srun
    passes SIGINT and SIGTERM on. Either way SIGUSR1 and SIGUSR2 are passed on, SIGALRM
    is ignored and SIGCONT said and passed on. The undo."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def forward(sig: int, _frame: object) -> None:
        _send(procs, sig)

    def interrupt(_sig: int, _frame: object) -> None:
        interrupts.interrupt()

    def note(sig: int, _frame: object) -> None:
        terms.append(sig)

    def continued(sig: int, _frame: object) -> None:
        interrupts.continued()

    handlers: dict[int, Callable[[int, Any], None] | signal.Handlers]
    if io.pty:
        handlers = {signal.SIGINT: forward, signal.SIGTERM: forward}
    else:
        handlers = {signal.SIGINT: interrupt, **dict.fromkeys(FORCING, note)}
    # The user's signals go on to the tasks, where they would end srun itself (the oracle:
    # ``scancel --full -s USR1`` of a batch job whose srun's tasks trap it ends COMPLETED).
    handlers |= {signal.SIGUSR1: forward, signal.SIGUSR2: forward, signal.SIGALRM: signal.SIG_IGN}
    handlers[signal.SIGCONT] = continued
    saved = {sig: signal.signal(sig, handler) for sig, handler in handlers.items()}

    def undo() -> None:
        for sig, handler in saved.items():
            signal.signal(sig, handler)

    return undo
