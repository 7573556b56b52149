"""``srun`` and ``salloc`` outside an allocation: an interactive job, run in the foreground.

The job is an allocation request (BatchFlag=0, no script). Slurm tries to place such a
request when it arrives rather than at the next scheduler pass, so the pass runs at
the instant of submission; a job that cannot start then waits (under the manual
clock, the clock is played to its start, as for ``sbatch --wait``). The command runs
here, in this process's terminal, not under a runner: srun starts it once per task,
salloc once with the allocation's environment. When it exits the job ends, COMPLETED
or FAILED with its exit code, unless something (scancel, the time limit) ended it first.
"""

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import FrameType
from typing import IO, TYPE_CHECKING, Final

from slurmsim.api.session import Session, session
from slurmsim.api.submit import (
    SubmitOptions,
    build_request,
    keep_extras,
    read_constraint,
    unreadable_dependency,
)
from slurmsim.execution.environment import (
    Task,
    allocation_environment,
    launcher_variables,
    srun_job_environment,
    step_tasks,
    task_environment,
)
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState
from slurmsim.parse.simulated import Simulated

if TYPE_CHECKING:
    from slurmsim.api.launch import Cut, Ended, Interrupts, Program, Report, StepIo

#: The exit status of a command that could not be started (slurmstepd's execve failure).
NOT_FOUND: Final = 2


@dataclass(frozen=True)
class Allocation:
    """A started interactive job, as its command needs it."""

    job_id: int
    job: Job
    cluster: str
    kill_wait_s: float = 30.0  # KillWait, in wall seconds
    kill_wait: int = 30  # KillWait as slurm.conf says it (what srun's messages quote)


@dataclass(frozen=True)
class Revoked:
    """The controller ended the job while its command ran (scancel, the time limit, a
    node failure, preemption): the job as it ended."""

    job: Job
    kill_wait: int  # KillWait, simulated seconds


class Rejected(SlurmError):
    """A refusal that came once the job's record was made (it used ``job_id``)."""

    def __init__(self, refusal: SlurmError, job_id: int) -> None:
        super().__init__(refusal.message, detail=refusal.detail)
        self.job_id = job_id


class NotImmediate(SlurmError):
    """``--immediate``: the request could not start as it arrived (``message`` says why,
    as slurmctld does). Its record stays, FAILED (it used ``job_id``), as slurmctld
    keeps it; ``dependent`` when a hold, a dependency or a begin time kept it from
    being tried."""

    def __init__(self, message: str, job_id: int) -> None:
        from slurmsim.engine.dependency import DEPENDENCY_PROBLEM

        super().__init__(message)
        self.job_id = job_id
        self.dependent = message == DEPENDENCY_PROBLEM


@dataclass(frozen=True)
class Submitted:
    """An allocation request the controller took: its job, whether it started at once,
    and, for one that waits, what the controller said of it (``note``, which srun and
    salloc print before saying it is queued; None when it merely waits its turn)."""

    job_id: int
    started: bool
    note: str | None = None


#: What the controller's answer to a waiting allocation says, by the job's reason.
_NOTES = {
    "PartitionConfig": "Requested partition configuration not available now",
    "PartitionTimeLimit": "Requested partition configuration not available now",
    "PartitionNodeLimit": "Requested partition configuration not available now",
    "ReqNodeNotAvail": "Required node not available (down, drained or reserved)",
}
_HELD = "Job is in held state, pending scheduler release"


def submit(
    opts: SubmitOptions, command: Sequence[str] | None, *, immediate: bool = False
) -> Submitted:
    """Queue the allocation request and try it at once (see ``Submitted``). With
    ``immediate``, a request that cannot start at once fails instead of waiting
    (``NotImmediate``, raised once its record is kept). The job's ``Command`` is the name
    of the program ``command`` runs (srun's), or none (salloc's): the oracle's."""
    from slurmsim.engine.allocate import allocate
    from slurmsim.engine.submit import submit as engine_submit

    with session(write=True) as s:
        request = _allocation_request(s, opts, command)
        first_id, due = s.state.next_job_id, s.state.sched_due
        try:
            job = engine_submit(
                s.state,
                request,
                hold=Hold.USER if opts.hold else Hold.NONE,
                constraint=read_constraint(opts.constraint),
                unreadable_dependency=unreadable_dependency(opts, request),
            )
        except SlurmError as e:
            # Raised after the commit: salloc hears the allocation revoked when the
            # request was refused once its record was made.
            made = first_id in s.state.jobs
            rejected = Rejected(e, first_id) if made else e
        else:
            keep_extras(job, opts)
            events, refusal = allocate(s.state, job, immediate=immediate)
            s.events.extend(events)
            if refusal is not None:
                rejected = NotImmediate(refusal, job.job_id)
            elif job.state is JobState.PENDING:
                # It waits for the pass its submission asked for.
                reason = job.reason.partition(",")[0]  # ReqNodeNotAvail, UnavailableNodes:...
                note = _HELD if job.hold is not Hold.NONE else _NOTES.get(reason)
                return Submitted(job.job_id, False, note)
            else:  # placed as it arrived: it never accrued age (oracle: env/080)
                job.accrue_time = None
                s.state.sched_due = due  # and its request asked for no pass
                return Submitted(job.job_id, True)
        s.state.sched_due = due  # a refused request asks for no pass either
    raise rejected


def _allocation_request(
    s: Session, opts: SubmitOptions, command: Sequence[str] | None
) -> JobRequest:
    """An allocation request's job: no script, run by its command (srun's, kept by name)."""
    return replace(
        build_request(s, opts, Simulated(runtime=None)),
        batch=False,
        command=command[0] if command else None,
        script="",
        std_in="/dev/null",
        environment=(),
        runtime=None,  # the command decides, not a simulated run time
        exit_code=0,
    )


def submit_het(parts: Sequence[SubmitOptions], command: Sequence[str] | None) -> Submitted:
    """``salloc A : B``: queue an allocation request of one job per component, the first
    the leader (or raise Slurm's refusal: one refused after the ones before it were made
    leaves those cancelled, as sbatch's). Only backfill starts heterogeneous jobs, so it
    always waits (the oracle: queued, then allocated)."""
    from slurmsim.engine import hetjobs
    from slurmsim.engine.submit import submit as engine_submit

    with session(write=True) as s:
        jobs: list[Job] = []
        rejected: SlurmError | None = None
        for opts in parts:
            try:
                request = _allocation_request(s, opts, command)
                job = engine_submit(
                    s.state,
                    request,
                    hold=Hold.USER if parts[0].hold else Hold.NONE,
                    constraint=read_constraint(opts.constraint),
                    unreadable_dependency=unreadable_dependency(opts, request),
                )
            except SlurmError as e:
                rejected = Rejected(e, jobs[0].job_id) if jobs else e
                break
            keep_extras(job, opts)
            jobs.append(job)
        if jobs:
            hetjobs.bind(jobs)
        if rejected is None:
            return Submitted(jobs[0].job_id, False)
        hetjobs.abandon(jobs, s.state.now)
    raise rejected


def give_up(job_id: int) -> None:
    """The client stopped waiting for its allocation (``--immediate=SECONDS`` ran out, or
    a signal ended it): it cancels the still pending job itself, as srun and salloc do."""
    from slurmsim.engine.allocate import withdraw

    with session(write=True) as s:
        s.events.extend(withdraw(s.state, job_id))


def allocation(job_id: int, *, claim: bool = True) -> Allocation:
    """The job as it runs now, claimed by this process: the job's processes are this
    command's, so that a command that ends the job (scancel, the time limit, a crash of
    this process) tells this one, or ends the job itself (``api/execution.py``). Unclaimed
    (``salloc --no-shell``), it runs on without a process until scancel or its limit."""
    from slurmsim import clock
    from slurmsim.api import execution
    from slurmsim.model.steps import SRUN_AT, runs_as_step_zero

    with session(write=True) as s:
        job = s.state.jobs[job_id]
        if job.state is JobState.RUNNING and claim:
            job.extra[execution.RUNNER_PID] = str(os.getpid())
            if runs_as_step_zero(job):  # srun: its command is the job's step 0
                job.extra[SRUN_AT] = f"{os.uname().nodename.split('.')[0]}:{os.getpid()}"
            job.extra[execution.RUN_START] = str(job.start_time)
            job.extra[execution.INTERACTIVE] = "1"
            os.makedirs(execution.run_dir(job), exist_ok=True)
        kill_wait = clock.wall_seconds(s.clock, s.state.config.kill_wait)
        cfg = s.state.config
        return Allocation(job_id, job, cfg.cluster_name, kill_wait, cfg.kill_wait)


def end(
    job_id: int,
    exit_code: int,
    sig: int,
    step_exit: int | None = None,
    *,
    aborted: bool = False,
    cancel: bool = False,
    cpu: tuple[int, int] | None = None,
    shares: Mapping[int, int] | None = None,
) -> None:
    """The command has exited: end the job (unless it ended already). ``step_exit``: its
    step 0's own exit code where the step ended otherwise than the job (the tasks that
    outlived ``--wait`` were killed: the step is recorded by those that exited).
    ``aborted``: srun aborted its step 0 at a user's signal; ``cancel``: and cancels its
    job for it (a Ctrl-C), where the job otherwise ends as its tasks did. ``cpu``: the
    CPU time (user, system; µs) srun's tasks used, its step 0's. ``shares``: by component
    of a heterogeneous job, the exit code of its share of step 0, where the job ends with
    the highest of all (the oracle: component 1's share COMPLETED, the job FAILED 3:0)."""
    from slurmsim.api import execution
    from slurmsim.engine.execution import cancelled_by_command, process_exited
    from slurmsim.model.accounting import OWN_CPU, STEP_ABORTED, STEP_EXIT, note_step_exit
    from slurmsim.model.steps import runs_as_step_zero

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:  # ended long ago and purged (MinJobAge) while the command ran on
            shutil.rmtree(os.path.join(execution.run_root(), str(job_id)), ignore_errors=True)
            return
        execution.forget(job)
        if step_exit is not None and job.state is JobState.RUNNING:
            job.extra[STEP_EXIT] = str(step_exit)
        for component_id, share_exit in (shares or {}).items():
            component = s.state.jobs.get(component_id)
            if component is not None and component.state is JobState.RUNNING:
                component.extra[STEP_EXIT] = str(share_exit)
        if cpu is not None and runs_as_step_zero(job):
            job.extra[OWN_CPU] = f"{cpu[0]} {cpu[1]}"
        if runs_as_step_zero(job) and job.state is JobState.RUNNING:
            # srun's command is its step 0, whose end the job's DerivedExitCode counts (the
            # oracle: srun sh -c 'exit 3' derives 3:0, one killed by SIGUSR1 0:10).
            note_step_exit(job, exit_code if step_exit is None else step_exit, sig)
        if aborted and job.state is JobState.RUNNING:
            job.extra[STEP_ABORTED] = f"{exit_code}:{sig}"
        if cancel:
            s.events.extend(cancelled_by_command(s.state, job))
        else:
            s.events.extend(process_exited(s.state, job, exit_code, sig))


def revoked(job_id: int) -> Revoked | None:
    """The job, when the controller has ended it (None while it runs on).

    A writing session, so that it waits for the command that told us to commit."""
    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None or job.state in (JobState.RUNNING, JobState.SUSPENDED):
            return None  # (gone: purged long after its end; nothing more to say)
        return Revoked(job, s.state.config.kill_wait)


def shell_environment(alloc: Allocation, submitted: Mapping[str, str]) -> dict[str, str]:
    """salloc's command's environment: the allocation's, as salloc sets it (the oracle: no
    ``SLURM_JOB_USER``, ``SLURM_JOB_UID`` or ``SLURM_JOB_GID``, a memory variable only for
    a memory option given, and ``SLURM_SUBMIT_DIR``; salloc adds ``SLURM_SUBMIT_HOST``)."""
    env = allocation_environment(
        alloc.job,
        cluster=alloc.cluster,
        submitted=submitted,
        uid=os.getuid(),
        gid=os.getgid(),
    )
    request = alloc.job.request
    if (request.mem_per_cpu, request.mem_per_gpu, request.mem_per_node) == (None, None, None):
        env.pop("SLURM_MEM_PER_NODE", None)
    for name in ("SLURM_JOB_USER", "SLURM_JOB_UID", "SLURM_JOB_GID"):
        env.pop(name, None)
    env["SLURM_SUBMIT_DIR"] = os.getcwd()
    return env


#: What salloc's command sees of a heterogeneous job but by component: the cluster, where
#: it was asked from, and the leader's id (the oracle).
_WHOLE_JOB = ("SLURM_CLUSTER_NAME", "SLURM_SUBMIT_DIR", "SLURM_SUBMIT_HOST")


def het_shell_environment(
    allocs: Sequence[Allocation], submitted: Mapping[str, str]
) -> dict[str, str]:
    """salloc's command's environment in a heterogeneous job, ``allocs`` its components in
    offset order: each one's variables (``shell_environment``) only suffixed with
    ``_HET_GROUP_K`` and ``_PACK_GROUP_K``, the leader's id as ``SLURM_JOB_ID``, and the
    task counts added up when every component has one (the oracle)."""
    env = dict(submitted)
    size = str(len(allocs))
    env |= {"SLURM_HET_SIZE": size, "SLURM_PACK_SIZE": size}
    counts: list[str] = []
    for offset, alloc in enumerate(allocs):
        own = shell_environment(alloc, submitted)
        for name, value in own.items():
            if not name.startswith("SLURM_") or submitted.get(name) == value:
                continue
            if name in _WHOLE_JOB:
                env[name] = value
                continue
            env[f"{name}_HET_GROUP_{offset}"] = value
            env[f"{name}_PACK_GROUP_{offset}"] = value
        counts.append(own.get("SLURM_NTASKS", ""))
    env["SLURM_JOB_ID"] = str(allocs[0].job_id)
    if all(count.isdigit() for count in counts):
        env["SLURM_NTASKS"] = env["SLURM_NPROCS"] = str(sum(map(int, counts)))
    return env


def run_command(
    alloc: Allocation,
    argv: Sequence[str],
    env: Mapping[str, str],
    on_missing: Callable[[], None],
    on_revoked: Callable[[Revoked], None],
    *,
    kill_with: int | None = None,
) -> tuple[int, int] | None:
    """Run salloc's command in the foreground: its (exit code, signal); 127 when it could
    not be started. When the controller ends the job meanwhile, ``on_revoked`` says so;
    salloc then waits for its command as before, unless ``kill_with`` (``--kill-command``)
    names a signal to send it. The command runs in a process group of its own, as
    salloc's does, and has the terminal to itself, so that what is typed there (Ctrl-C)
    reaches it alone. None: salloc was hung up (SIGHUP), and left its command."""
    from slurmsim.api.launch import terminal_input

    own = terminal_input()
    with _output() as (out, errors):
        try:
            proc = subprocess.Popen(
                list(argv),
                env=dict(env),
                stdout=out,
                stderr=errors,
                preexec_fn=_take_terminal if own else None,  # noqa: PLW1509  # no lock taken
                process_group=None if own else 0,
            )
        except (FileNotFoundError, PermissionError):
            on_missing()
            return 127, 0
        if own:
            _foreground(proc.pid)
        try:
            (code,) = _wait(alloc, [proc], on_revoked, kill_with, salloc=True)
        except _HungUp:
            return None
        finally:
            if own:
                _foreground(os.getpgrp())
    return (code, 0) if code >= 0 else (0, -code)


def _take_terminal() -> None:
    """In salloc's command before it starts: a process group of its own, in the terminal's
    foreground from the first, so that it never reads it from the background (and stops);
    salloc makes it so too (``_foreground``), as a shell does for its jobs."""
    os.setpgid(0, 0)
    _foreground(os.getpgrp())


def _foreground(group: int) -> None:
    """Make ``group`` the terminal's foreground process group (a shell's job control)."""
    before = signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # asked from the background
    try:
        with contextlib.suppress(OSError):
            os.tcsetpgrp(sys.stdin.fileno(), group)
    finally:
        signal.signal(signal.SIGTTOU, before)


def run_tasks(
    alloc: Allocation,
    program: "Program",
    submitted: Mapping[str, str],
    *,
    on_revoked: Callable[[Revoked], None] = lambda _: None,
    io: "StepIo | None" = None,
    report: "Report | None" = None,
) -> tuple[list["Ended"], "Cut | None"]:
    """srun's step: each task's ``program``, all at once, in the job's working directory,
    its output, errors and input where srun's options say (``io``). When the controller
    ends the job meanwhile, ``on_revoked`` says so and the tasks get SIGTERM (SIGKILL
    after KillWait); a user's SIGINT, SIGTERM and SIGHUP get srun's own answer, which
    ``report`` prints (``launch.Interrupts``). How each task ended, and why srun ended
    them, if it did."""
    from slurmsim.api.launch import Ended, Interrupts, StepIo, finish_io, start_tasks

    job = alloc.job
    io = io or StepIo()
    job_env = own_step_environment(alloc, submitted)
    cwd = job.request.work_dir
    if not os.path.isdir(cwd):  # slurmstepd goes on from /tmp
        sys.stderr.write(
            f"slurmstepd: error: couldn't chdir to `{cwd}': No such file or directory: "
            "going to /tmp instead\n"
        )
        cwd = "/tmp"

    def env_of(task: Task) -> dict[str, str]:
        return task_environment(job, job_env, task, step_id=0)

    started = start_tasks(
        job,
        step_tasks(job),
        lambda i: job.alloc[i].node,
        "0",
        program,
        env_of,
        io=io,
        cwd=cwd,
    )
    procs = started.procs
    _note_tasks(alloc, [proc for _, proc in procs])
    running = [p for _, p in procs if p is not None]
    cut: list[Cut] = []  # why srun ended the tasks, if it did
    reap = _reaper(cut, io) if io.kill_on_bad_exit or io.wait else _wait_all
    # Under --pty the terminal is task 0's: its Ctrl-C goes there, not to srun.
    interrupts = Interrupts(procs, report, io) if report is not None and not io.pty else None
    waited = iter(_wait(alloc, running, on_revoked, reap=reap, passed_on=cut, srun=interrupts))
    codes = [next(waited) if proc is not None else NOT_FOUND for _, proc in procs]
    finish_io(started)
    ends: list[Ended] = []
    for (task, _), code in zip(procs, codes, strict=True):
        node = job.alloc[task.node_index].node
        ends.append(Ended(task, node, max(code, 0), -code if code < 0 else 0))
    if cut:
        return ends, cut[0]
    return ends, interrupts.cut if interrupts is not None else None


def own_step_environment(alloc: Allocation, submitted: Mapping[str, str]) -> dict[str, str]:
    """What the tasks of the step 0 srun runs in the job it made share (``run_tasks``)."""
    env = srun_job_environment(
        alloc.job,
        cluster=alloc.cluster,
        submitted=submitted,
        uid=os.getuid(),
        gid=os.getgid(),
        launcher=_launcher(),
    )
    env["SLURM_JOB_NAME"] = alloc.job.request.name
    return env


def _launcher() -> dict[str, str]:
    """What srun tells its tasks of itself (``launcher_variables``)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return launcher_variables(
        cwd=os.getcwd(),
        host=os.uname().nodename.split(".")[0],
        nice=os.getpriority(os.PRIO_PROCESS, 0),
        umask=umask,
    )


def _note_tasks(alloc: Allocation, procs: Sequence[subprocess.Popen[bytes] | None]) -> None:
    """Where ``scancel --signal`` and suspension find the tasks of the job's step 0."""
    from slurmsim.api import execution

    execution.note_step_tasks(alloc.job, 0, [p.pid for p in procs if p is not None])


class _Ending(Exception):
    """SIGTERM (or another signal that ends the wait) arrived while the command's
    processes ran."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _HungUp(Exception):
    """salloc was sent SIGHUP: it gives its allocation back at once."""


_Reap = Callable[[Sequence[subprocess.Popen[bytes]]], list[int]]


def _wait_all(procs: Sequence[subprocess.Popen[bytes]]) -> list[int]:
    return [p.wait() for p in procs]


def _reaper(cut: list["Cut"], io: "StepIo") -> _Reap:
    """Wait; under ``--kill-on-bad-exit`` end the others once a task fails, under
    ``--wait`` kill those that outlive it (why, noted in ``cut``)."""
    from slurmsim.api.launch import BadExit, Cut, Outlived, end_tasks, signal_tasks

    def reap(procs: Sequence[subprocess.Popen[bytes]]) -> list[int]:
        outlived = Outlived(io.wait)
        bad_exit = BadExit(io.kill_on_bad_exit)
        while None in (codes := [p.poll() for p in procs]):
            if not cut and bad_exit(codes):
                cut.append(Cut.BAD_EXIT)
                end_tasks(procs)
            if not cut and outlived(codes):
                cut.append(Cut.WAITED)
                signal_tasks(procs, signal.SIGKILL)  # slurmstepd kills the step's tasks
            time.sleep(0.02)
        if not cut and io.kill_on_bad_exit and any(codes):
            cut.append(Cut.BAD_EXIT)  # srun signals the step whether or not a task is left
        return [p.wait() for p in procs]

    return reap


def _wait(
    alloc: Allocation,
    procs: Sequence[subprocess.Popen[bytes]],
    on_revoked: Callable[[Revoked], None],
    stop_with: int | None = signal.SIGTERM,
    reap: _Reap = _wait_all,
    *,
    passed_on: "list[Cut] | None" = None,
    srun: "Interrupts | None" = None,
    salloc: bool = False,
) -> list[int]:
    """Wait for ``procs``; their return codes.

    A SIGTERM to this process means the job was ended by the controller (another command
    saw it and told us, ``api/execution.reconcile``) or comes from a user. Ended: say so
    (``on_revoked``) and stop the processes: ``stop_with`` (after SIGCONT, in case they
    were suspended), SIGKILL after KillWait; None: let them run on. Still running: srun's
    own answer to a user's SIGINT, SIGCONT and the signals that force the step's end
    (``srun``, ``launch.FORCING``), or without one pass the SIGTERM on. ``salloc``
    cancels its job at a user's SIGINT, SIGTERM, SIGQUIT, SIGUSR1 or SIGUSR2 and waits
    on, and at SIGHUP passes it on and stops waiting (``_HungUp``), as the oracle's
    salloc does.
    """

    told: list[Revoked] = []  # the revocation, once said: no signal ends the wait again

    def interrupt(sig: int, _frame: FrameType | None) -> None:
        if not told:
            raise _Ending(sig)

    def interrupted(_sig: int, _frame: FrameType | None) -> None:
        if srun is not None:
            srun.interrupt()

    def forward(sig: int, _frame: FrameType | None) -> None:
        from slurmsim.api.launch import Cut

        if passed_on is not None and not passed_on:
            passed_on.append(Cut.PASSED_ON)  # so srun forces nothing of its own
        _signal_all(procs, sig)

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: nobody can tell us, just wait
        return reap(procs)
    # srun passes these on to its tasks (the oracle: SIGUSR1 to srun ends ``sleep`` with
    # "User defined signal 1"), where they would end srun itself.
    if salloc:  # each of these ends its wait (SIGTERM's handler is set above)
        passed = {sig: signal.signal(sig, interrupt) for sig in _SALLOC_ENDS}
    else:
        passed = {sig: signal.signal(sig, forward) for sig in _PASSED_ON}
        passed[signal.SIGALRM] = signal.signal(signal.SIGALRM, signal.SIG_IGN)  # srun's own
    if srun is not None:
        from slurmsim.api.launch import FORCING

        passed[signal.SIGINT] = signal.signal(signal.SIGINT, interrupted)
        passed[signal.SIGCONT] = signal.signal(signal.SIGCONT, lambda *_: srun.continued())
        for sig in FORCING.keys() - {signal.SIGTERM}:  # SIGTERM's is set above
            passed[signal.Signals(sig)] = signal.signal(sig, interrupt)
    try:
        while True:
            try:
                return reap(procs)
            except _Ending as ending:
                ended = revoked(alloc.job_id)
                if ended is None and salloc:
                    if ending.signum == signal.SIGHUP:
                        for proc in procs:  # its group: slurmstepd's steps are apart
                            with contextlib.suppress(ProcessLookupError):
                                os.killpg(proc.pid, signal.SIGHUP)
                        raise _HungUp from None
                    ended = _cancel(alloc.job_id)  # then told of it, as of any revocation
                if ended is None:
                    if srun is not None:
                        srun.force(ending.signum)
                    elif not salloc:
                        _signal_all(procs, signal.SIGTERM)
                    continue
                told.append(ended)
                on_revoked(ended)
                if stop_with is None:
                    continue
                _signal_all(procs, signal.SIGCONT)
                _signal_all(procs, stop_with)
                timer = threading.Timer(alloc.kill_wait_s, _signal_all, (procs, signal.SIGKILL))
                timer.daemon = True
                timer.start()
    finally:
        signal.signal(signal.SIGTERM, previous)
        for sig, handler in passed.items():
            signal.signal(sig, handler)


#: The signals srun passes on to the tasks of its step as they come.
_PASSED_ON = (signal.SIGUSR1, signal.SIGUSR2)
#: The signals that end salloc's wait for its command (besides SIGTERM): SIGHUP gives the
#: allocation back, the others cancel it (the oracle).
_SALLOC_ENDS = (signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGHUP)


def _cancel(job_id: int) -> Revoked | None:
    """salloc cancels its running job (CANCELLED by its user, 0:0); the job as revoked,
    None when it had ended already."""
    from slurmsim.engine.execution import cancelled_by_command

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return None
        s.events.extend(cancelled_by_command(s.state, job))
        return Revoked(job, s.state.config.kill_wait)


def _signal_all(procs: Sequence[subprocess.Popen[bytes]], sig: int) -> None:
    from slurmsim.api.launch import signal_tasks

    signal_tasks(procs, sig)


def job_status(ends: Sequence["Ended"]) -> tuple[int, int]:
    """The step's (exit code, signal) for the job: the highest signal that killed a task
    (its exit code 0 then: the oracle's ``FAILED 0:9`` beside a task that exited 4), else
    the highest exit code."""
    sig = max((e.signal for e in ends), default=0)
    return (0, sig) if sig else (max((e.exit_code for e in ends), default=0), 0)


def signal_name(sig: int) -> str:
    """The text srun prints for a task killed by ``sig`` (``Killed``, ``Terminated``)."""
    return signal.strsignal(sig) or f"Signal {sig}"


@contextmanager
def _output() -> Iterator[tuple[int | IO[bytes], int | IO[bytes]]]:
    """Where the command's output goes: our own stdout and stderr when they are files or
    terminals; temporary files copied back after, when they are not (tests, in-process)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as errors:
        pairs = ((sys.stdout, out), (sys.stderr, errors))
        targets: list[int | IO[bytes]] = []
        for stream, spare in pairs:
            try:
                stream.flush()
                targets.append(stream.fileno())
            except (OSError, ValueError, AttributeError):
                targets.append(spare)
        yield targets[0], targets[1]
        for (stream, spare), target in zip(pairs, targets, strict=True):
            if target is spare:
                spare.seek(0)
                stream.write(spare.read().decode(errors="replace"))
