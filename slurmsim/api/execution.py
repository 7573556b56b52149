"""Running batch scripts for real: the api side of ``engine/execution.py``.

``reconcile`` runs in every writing command once the engine has caught up. It starts
a runner (``slurmsim.execution.runner``) for each job the engine started under
execution, reports the jobs whose script has exited as ended now, and tells the
runner of every job the engine ended otherwise (cancel, time limit, preemption, node
failure, requeue) to end its script. What it knows of a process lives in the job's
``extra`` and in a run directory beside the store, so any command, the supervisor
included, can pick up where another left off.
"""

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from slurmsim import clock
from slurmsim.api.host_files import output_files
from slurmsim.api.processes import signal_tree
from slurmsim.engine.execution import EXECUTION, is_executed, process_exited
from slurmsim.execution.environment import batch_environment, het_environment
from slurmsim.model.accounting import OWN_CPU
from slurmsim.model.cluster import ClusterState
from slurmsim.model.digits import is_number
from slurmsim.model.events import Event
from slurmsim.model.hetjobs import components, is_component
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.signals import PENDING_SIGNALS, Target, queue_signal, take_signals

#: Keys in ``Job.extra``: the runner's pid, and the start of the run it belongs to.
RUNNER_PID: Final = "runner_pid"
RUN_START: Final = "run_start"
_ENDING: Final = "runner_ending"  # SIGTERM sent to the runner
_STOPPED: Final = "runner_stopped"  # SIGSTOP sent: the job is suspended
_BATCH_HOST: Final = "runner_host"  # the node the script runs "on" (a requeue clears nodes)
#: Key in ``Job.extra``: the process is an interactive srun or salloc, not a runner.
INTERACTIVE: Final = "interactive"
#: Files in a job's run directory, ``tasks.<step>``: a running step's task pids, one a line.
TASKS: Final = "tasks"


def enabled(setting: str | None, how: clock.Clock) -> bool:
    """Execution is on when ``slurmsim exec on`` said so, or by default under realtime."""
    if setting is not None:
        return setting == "on"
    return how.mode == clock.REALTIME


def set_engine_flag(state: ClusterState, on: bool) -> None:
    """Tell the engine whether jobs it starts now run their scripts."""
    if on:
        state.extra[EXECUTION] = "on"
    else:
        state.extra.pop(EXECUTION, None)


def run_root() -> str:
    """Where job run directories live: beside the store file (or in /tmp for a URL)."""
    from slurmsim.store.location import default_url

    url = default_url()
    if "://" in url:
        return os.path.join("/tmp", f"slurmsim-{os.getuid()}.run")
    return f"{url}.run"


def run_dir(job: Job) -> str:
    """The job's run directory (its script, spec, pids and exit status)."""
    return os.path.join(run_root(), str(job.job_id))


def reconcile(state: ClusterState, how: clock.Clock) -> list[Event]:
    """Bring processes and jobs into line (see the module docstring)."""
    events: list[Event] = []
    for job in list(state.jobs.values()):
        pid = job.extra.get(RUNNER_PID)
        if pid is None:
            if is_executed(job) and job.state is JobState.RUNNING and not is_component(job):
                _launch(state, job, how)  # a heterogeneous job's script runs in its leader
            continue
        status = _exit_status(job)
        gone = status is not None or not _alive(int(pid))
        if gone and status is None:  # it crashed: what it ran must not outlive it
            _orphans_killed(job)
        if _current(job):
            if not gone:
                _deliver(job)
                continue
            code, sig = status if status is not None else (0, signal.SIGKILL)
            events.extend(process_exited(state, job, code, sig))
        elif not gone:
            # The command ending an interactive job's own run in this process (tests run
            # srun in-process) sees to its processes itself.
            if _ENDING not in job.extra and int(pid) != os.getpid():
                if INTERACTIVE not in job.extra:
                    _write_banner(job, state.now)
                _signal(int(pid), signal.SIGTERM)
                job.extra[_ENDING] = "1"
            continue
        forget(job)
    return events


def running_processes(state: ClusterState) -> list[tuple[int, int]]:
    """(job id, runner pid) of every job whose script may still be running."""
    return [
        (job.job_id, int(job.extra[RUNNER_PID]))
        for job in state.jobs.values()
        if RUNNER_PID in job.extra
    ]


@dataclass(frozen=True)
class JobProcess:
    """What ``slurmsim ps`` shows of one job whose processes run."""

    job_id: int
    state: str
    pid: int  # the runner, or the srun/salloc command
    kind: str  # "batch" (a runner and its script) or "interactive" (srun, salloc)
    members: tuple[int, ...]  # the script's process group, or srun's tasks
    command: str


def job_processes(state: ClusterState) -> list[JobProcess]:
    """Every job whose processes may still run, by job id."""
    out = []
    for job_id, pid in sorted(running_processes(state)):
        job = state.jobs[job_id]
        where = run_dir(job)
        if INTERACTIVE in job.extra:
            kind, members = "interactive", tuple(_task_pids(where))
        else:
            kind, members = "batch", tuple(_group_members(where))
        command = job.request.command or job.request.name
        out.append(JobProcess(job_id, job.state.name, pid, kind, members, command))
    return out


def kill(state: ClusterState, job_id: int, sig: int = signal.SIGKILL) -> bool:
    """Kill a job's processes behind the controller's back, as a crash would (the next
    command sees them gone and ends the job FAILED); False when it has none."""
    job = state.jobs.get(job_id)
    if job is None or RUNNER_PID not in job.extra:
        return False
    where = run_dir(job)
    for pid in (*_group_members(where), *_task_pids(where)):
        _signal(pid, sig)
    if INTERACTIVE in job.extra:
        _signal(int(job.extra[RUNNER_PID]), sig)
    return True


def _orphans_killed(job: Job) -> None:
    """Kill what a vanished runner or srun left: the script's group, srun's tasks."""
    where = run_dir(job)
    for pid in (*_group_members(where), *_task_pids(where)):
        _signal(pid, signal.SIGKILL)


def _group_members(where: str) -> list[int]:
    """The pids in the process group of a batch script's shell."""
    try:
        with open(os.path.join(where, "child")) as f:
            group = int(f.read())
    except (OSError, ValueError):
        return []
    members = []
    for entry in os.listdir("/proc"):
        if is_number(entry):
            with (
                contextlib.suppress(OSError, ValueError, IndexError),
                open(f"/proc/{entry}/stat") as f,
            ):
                if int(f.read().rsplit(")", 1)[1].split()[2]) == group:
                    members.append(int(entry))
    return sorted(members)


def _current(job: Job) -> bool:
    """The runner belongs to the job's present run (not to one ended or requeued since)."""
    running = job.state in (JobState.RUNNING, JobState.SUSPENDED)
    return running and job.extra.get(RUN_START) == str(job.start_time)


def _exit_status(job: Job) -> tuple[int, int] | None:
    """How the script ended (exit code, signal), once the runner has said; the CPU time it
    says the script used is noted on the job (``OWN_CPU``)."""
    try:
        with open(os.path.join(run_dir(job), "exit")) as f:
            code, sig, *cpu = f.read().split()
        status = int(code), int(sig)
    except (OSError, ValueError):
        return None
    if len(cpu) == 2 and all(is_number(n) for n in cpu):
        job.extra[OWN_CPU] = " ".join(cpu)
    return status


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists and has not exited (a zombie has)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)


def _deliver(job: Job) -> None:
    """Send the running job's processes the signals the controller decided on (scancel
    --signal, --signal's warning), and stop or continue them as the job is suspended
    or resumed (scontrol suspend, preemption by suspension)."""
    for sig, target in take_signals(job):
        if not _send(job, sig, target):  # the script has not started yet: next time
            queue_signal(job, sig, target)
    suspended = job.state is JobState.SUSPENDED
    if suspended != (_STOPPED in job.extra) and _send(
        job, signal.SIGSTOP if suspended else signal.SIGCONT, Target.FULL
    ):
        if suspended:
            job.extra[_STOPPED] = "1"
        else:
            job.extra.pop(_STOPPED, None)


def _send(job: Job, sig: int, target: Target) -> bool:
    """Signal the processes ``target`` names; False when they do not exist yet.

    A batch script's shell is the runner's child, leader of a process group that holds
    everything it started (``BATCH``: the shell alone; ``FULL``: the group). Steps are
    the processes listed in the run directory's ``tasks`` (an interactive srun's tasks).
    """
    where = run_dir(job)
    group = None  # the process group signalled already
    if target is not Target.STEPS and job.request.batch:
        try:
            with open(os.path.join(where, "child")) as f:
                shell = int(f.read())
        except (OSError, ValueError):
            return False
        if target is Target.BATCH:
            _signal(shell, sig)
        else:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(shell, sig)
                group = shell
    if target is not Target.BATCH:
        # Each process once: the script's own steps are in its group already.
        signal_tree([pid for pid in _task_pids(where) if _group(pid) != group], sig)
    return True


def _group(pid: int) -> int | None:
    """The process group of ``pid`` (None: it has gone)."""
    try:
        return os.getpgid(pid)
    except OSError:
        return None


#: Why slurmstepd says a job was cancelled, by the state the controller left it in.
_DUE_TO = {
    JobState.TIMEOUT: " DUE TO TIME LIMIT",
    JobState.PREEMPTED: " DUE TO PREEMPTION",
    JobState.NODE_FAIL: " DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS",
    JobState.PENDING: " DUE TO JOB REQUEUE",
}


def _write_banner(job: Job, now: int) -> None:
    """The line slurmstepd writes into a batch job's stderr as it ends the script
    (oracle: ``slurmstepd-dgx1: error: *** JOB 504 ON dgx1 CANCELLED AT ... ***``)."""
    import time

    try:
        with open(os.path.join(run_dir(job), "spec.json")) as f:
            path = json.load(f)["stderr"]
        node = job.extra.get(_BATCH_HOST) or "localhost"
        when = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(job.end_time or now))
        why = _DUE_TO.get(job.state, "")
        with open(path, "a") as f:
            f.write(f"slurmstepd-{node}: error: *** JOB {job.job_id} ON {node} CANCELLED AT ")
            f.write(f"{when}{why} ***\n")
    except (OSError, ValueError, KeyError):
        pass  # no output file to write to: nothing to say


def note_step_tasks(job: Job, step_id: int, pids: Sequence[int]) -> str | None:
    """Where signals find the tasks of a running step of a job whose processes run here
    (``tasks.<step>`` in its run directory); that file's path, or None without one."""
    where = run_dir(job)
    if not os.path.isdir(where):
        return None
    path = os.path.join(where, f"{TASKS}.{step_id}")
    try:
        with open(path, "w") as f:
            f.write("".join(f"{pid}\n" for pid in pids))
    except OSError:
        return None
    return path


def _task_pids(where: str) -> list[int]:
    """The task pids of every running step (``tasks.<step>``)."""
    try:
        names = sorted(n for n in os.listdir(where) if n.startswith(f"{TASKS}."))
    except OSError:
        return []
    pids: list[int] = []
    for name in names:
        try:
            with open(os.path.join(where, name)) as f:
                pids.extend(int(word) for word in f.read().split())
        except (OSError, ValueError):
            continue
    return pids


def forget(job: Job) -> None:
    """Drop what is known of the job's processes (they are gone)."""
    for key in (RUNNER_PID, RUN_START, _ENDING, _STOPPED, INTERACTIVE, _BATCH_HOST):
        job.extra.pop(key, None)
    job.extra.pop(PENDING_SIGNALS, None)
    shutil.rmtree(run_dir(job), ignore_errors=True)


def _owner(user: str) -> tuple[int | None, int | None]:
    """The uid and gid to run as: the submitting user when we are root and they exist."""
    if os.geteuid() != 0:
        return None, None
    import pwd

    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        return None, None
    return entry.pw_uid, entry.pw_gid


def _launch(state: ClusterState, job: Job, how: clock.Clock) -> None:
    request = job.request
    where = run_dir(job)
    shutil.rmtree(where, ignore_errors=True)
    os.makedirs(where, mode=0o755)
    script = os.path.join(where, "script")
    with open(script, "w") as f:
        f.write(request.script)
    os.chmod(script, 0o755)
    uid, gid = _owner(request.user)
    submitted = dict(request.environment)
    stdout, stderr = output_files(job)

    def environment(record: Job) -> dict[str, str]:
        return batch_environment(
            record,
            cluster=state.config.cluster_name,
            submitted=submitted,
            uid=uid if uid is not None else os.getuid(),
            gid=gid if gid is not None else os.getgid(),
            def_mem_per_cpu=state.config.def_mem_per_cpu,
        )

    env = environment(job)
    if job.het is not None:
        env = het_environment(env, [environment(c) for c in components(state.jobs, job)])
    env.setdefault("SLURM_SUBMIT_DIR", request.work_dir)
    env.setdefault("SLURM_SUBMIT_HOST", socket.gethostname().split(".")[0])
    mode = submitted.get("SLURM_OPEN_MODE")
    spec = {
        "script": script,
        "args": list(_script_args(request.command)),
        "cwd": request.work_dir,
        "env": env,
        "stdout": stdout,
        "stderr": stderr,
        "append": mode == "a" or (mode is None and job.restarts > 0),
        "uid": uid,
        "gid": gid,
        "kill_wait": clock.wall_seconds(how, state.config.kill_wait),
    }
    with open(os.path.join(where, "spec.json"), "w") as f:
        json.dump(spec, f)
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runner = subprocess.Popen(
        [sys.executable, "-m", "slurmsim.execution.runner", where],
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": here},
    )
    job.extra[RUNNER_PID] = str(runner.pid)
    job.extra[RUN_START] = str(job.start_time)
    job.extra[_BATCH_HOST] = job.nodes[0]


def _script_args(command: str | None) -> tuple[str, ...]:
    """The arguments given after the script's path on sbatch's command line."""
    if not command:
        return ()
    return tuple(command.split()[1:])
