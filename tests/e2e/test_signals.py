"""End to end: signals reach the processes of running jobs (a few wall seconds each).

Batch scripts trap signals and write what they got to their output; interactive
commands run as separate processes, as at a shell.
"""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.test_execution import live, run, wait_idle

__all__ = ["live"]  # the fixture, shared with the execution tests

TRAP = """#!/bin/bash
for s in USR1 USR2 HUP; do trap "echo got $s" $s; done
(for s in USR1 USR2 HUP; do trap "echo child got $s" $s; done; while true; do sleep 0.1; done) &
for i in $(seq 1 300); do sleep 0.1; done
"""


def _script(tmp_path: Path) -> str:
    path = tmp_path / "trap.sh"
    path.write_text(TRAP)
    path.chmod(0o755)
    return str(path)


def _wait_for(env: dict[str, str], job_id: int, tmp_path: Path, timeout_s: float = 15) -> int:
    """The pid of the job's shell, once its script runs."""
    child = tmp_path / "c.db.run" / str(job_id) / "child"
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if child.exists() and child.read_text():
            return int(child.read_text())
        time.sleep(0.1)
    pytest.fail(f"job {job_id} did not start")


def _tasks_started(tmp_path: Path, job: int, step: int, timeout_s: float = 15) -> None:
    """Wait until srun has started the step's tasks (and so answers signals as srun)."""
    tasks = tmp_path / "c.db.run" / str(job) / f"tasks.{step}"
    deadline = time.monotonic() + timeout_s
    while not (tasks.exists() and tasks.read_text()):
        assert time.monotonic() < deadline, f"the tasks of step {job}.{step} did not start"
        time.sleep(0.05)
    time.sleep(0.3)  # srun sets its handlers as it starts waiting for them


def _lines(path: Path) -> set[str]:
    return {line for line in path.read_text().splitlines() if "got" in line}


#: scancel's options, and what the script's shell and its child then report.
SCANCEL_CASES = [
    pytest.param(["-s", "USR1"], set(), id="the steps only: a batch script sees nothing"),
    pytest.param(["-b", "-s", "USR2"], {"got USR2"}, id="-b: the shell, not its children"),
    pytest.param(["-f", "-s", "HUP"], {"got HUP", "child got HUP"}, id="-f: the whole script"),
]


def test_scancel_signal_reaches_what_its_options_name(live: dict[str, str], tmp_path: Path) -> None:
    run(live, "slurmsim", "clock", "mode", "realtime")
    script = _script(tmp_path)
    for n in range(1, len(SCANCEL_CASES) + 1):
        run(live, "sbatch", "-t", "5", "-o", f"out-{n}", script)
    for n, case in enumerate(SCANCEL_CASES, 1):
        _wait_for(live, n, tmp_path)
        run(live, "scancel", *case.values[0], str(n))
    # The traps answer within a moment, later on a loaded machine: wait for the lines the
    # signals should bring (a signal that reaches nothing has no line to wait for).
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(
        not case.values[1] <= _lines(tmp_path / f"out-{n}")
        for n, case in enumerate(SCANCEL_CASES, 1)
    ):
        time.sleep(0.1)
    time.sleep(0.6)
    run(live, "scancel", "1", "2", "3")
    wait_idle(live)
    got = [_lines(tmp_path / f"out-{n}") for n in range(1, len(SCANCEL_CASES) + 1)]
    assert got == [case.values[1] for case in SCANCEL_CASES]
    banner = "slurmstepd-dgx1: error: *** JOB 1 ON dgx1 CANCELLED AT "
    assert banner in (tmp_path / "out-1").read_text()
    states = run(live, "sacct", "-X", "-n", "-P", "-o", "state")
    assert states == "CANCELLED by 0\n" * 3  # the signals left them running until then


def test_signal_option_warns_before_the_time_limit(live: dict[str, str], tmp_path: Path) -> None:
    """Scaled x60: a three-minute limit is three wall seconds; the warning comes 60 to
    90 s before the end (after the script has set its traps)."""
    run(live, "slurmsim", "clock", "mode", "scaled", "60")
    run(live, "slurmsim", "exec", "on")
    script = _script(tmp_path)
    run(live, "sbatch", "-t", "3", "-o", "batch", "--signal=B:USR1", script)
    run(live, "sbatch", "-t", "3", "-o", "steps", "--signal=USR1", script)
    wait_idle(live)
    assert (_lines(tmp_path / "batch"), _lines(tmp_path / "steps")) == ({"got USR1"}, set())
    assert run(live, "sacct", "-X", "-n", "-P", "-o", "state") == "TIMEOUT\n" * 2


def _process_states(group: int) -> set[str]:
    """The states of the group's live processes (a zombie has exited: left out)."""
    states = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            states.add(fields[0])
    return states


def test_suspend_stops_the_script_and_resume_continues_it(
    live: dict[str, str], tmp_path: Path
) -> None:
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "sbatch", "-t", "5", "--wrap", "while true; do sleep 0.1; done")
    group = _wait_for(live, 1, tmp_path)
    run(live, "scontrol", "suspend", "1")
    assert _process_states(group) == {"T"}
    run(live, "scontrol", "resume", "1")
    assert "T" not in _process_states(group)
    run(live, "scontrol", "suspend", "1")
    run(live, "scancel", "1")  # a stopped script still ends
    wait_idle(live)
    assert _process_states(group) == set()


def _until_job_1_runs(env: dict[str, str]) -> None:
    """Wait (ten seconds at most) until job 1 is RUNNING."""
    deadline = time.monotonic() + 10
    while "1 RUNNING" not in run(env, "squeue", "-h", "-o", "%i %T"):
        assert time.monotonic() < deadline, "the job did not start"
        time.sleep(0.1)


def _start(env: dict[str, str], command: str, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", f"from cli.{command} import main; main()", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


STEPD = "slurmstepd-dgx1: error: *** STEP {id}.0 ON dgx1 CANCELLED AT <time>{why} ***\n"
ABORTED = "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
#: (command line, cancelled by scancel rather than timed out, exit code, stderr), as the
#: oracle printed them; salloc waits for its command unless told to kill it (-K).
INTERACTIVE_CASES = [
    pytest.param(
        ["srun", "sleep", "300"],
        True,
        143,
        STEPD.replace("{why}", "") + ABORTED + "srun: error: dgx1: task 0: Terminated\n",
        id="srun cancelled",
    ),
    pytest.param(
        ["srun", "sleep", "300"],
        False,
        143,
        ABORTED
        + STEPD.replace("{why}", " DUE TO TIME LIMIT")
        + "srun: error: dgx1: task 0: Terminated\n",
        id="srun timed out",
    ),
    pytest.param(
        ["salloc", "sleep", "8"],
        True,
        0,
        "salloc: Granted job allocation {id}\nsalloc: Job allocation {id} has been revoked.\n",
        id="salloc cancelled: its command runs on",
    ),
    pytest.param(
        ["salloc", "sleep", "8"],
        False,
        0,
        "salloc: Granted job allocation {id}\n"
        "salloc: Job {id} has exceeded its time limit and its allocation has been revoked.\n",
        id="salloc timed out: its command runs on",
    ),
    pytest.param(
        ["salloc", "-K", "sleep", "300"],
        True,
        1,  # a command killed by SIGTERM: 1 (by SIGHUP, SIGINT, SIGQUIT or SIGKILL: 0)
        "salloc: Granted job allocation {id}\nsalloc: Job allocation {id} has been revoked.\n",
        id="salloc -K: its command gets SIGTERM (no terminal)",
    ),
]


def test_interactive_commands_end_with_their_job(live: dict[str, str]) -> None:
    """Scaled x60: a one-minute limit is about a wall second."""
    run(live, "slurmsim", "clock", "mode", "scaled", "60")
    started = []
    for n, case in enumerate(INTERACTIVE_CASES, 1):
        (command, *argv), cancelled = case.values[0], case.values[1]
        limit = "60" if cancelled else "1"  # cancelled long before a wall minute, even under load
        started.append(_start(live, command, "-t", limit, *argv))
        deadline = time.monotonic() + 10
        while f"{n} RUNNING" not in run(live, "squeue", "-h", "-o", "%i %T"):
            assert time.monotonic() < deadline, f"job {n} did not start"
            time.sleep(0.1)
    time.sleep(0.5)  # the commands are in their tasks' wait
    run(live, "scancel", *[str(n) for n, c in enumerate(INTERACTIVE_CASES, 1) if c.values[1]])
    got = []
    for proc in started:
        _, err = proc.communicate(timeout=20)
        got.append((proc.returncode, re.sub(r"AT \S+", "AT <time>", err)))
    want = [
        (case.values[2], case.values[3].replace("{id}", str(n)))
        for n, case in enumerate(INTERACTIVE_CASES, 1)
    ]
    assert got == want
    wait_idle(live)


def test_a_crashed_runner_fails_its_job_and_takes_the_script_along(
    live: dict[str, str], tmp_path: Path
) -> None:
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "sbatch", "-t", "5", "--wrap", "sleep 300")
    run(live, "sbatch", "-t", "5", "--wrap", "sleep 300")
    group = _wait_for(live, 1, tmp_path)
    _wait_for(live, 2, tmp_path)
    table = run(live, "slurmsim", "ps").splitlines()
    assert [line.split()[:2] for line in table] == [
        ["JOBID", "STATE"],
        ["1", "RUNNING"],
        ["2", "RUNNING"],
    ]
    os.kill(int(table[1].split()[2]), signal.SIGKILL)  # the runner of job 1
    run(live, "slurmsim", "kill", "2")
    wait_idle(live)
    states = run(live, "sacct", "-X", "-n", "-P", "-o", "jobid,state,exitcode")
    assert states == "1|FAILED|0:9\n2|FAILED|0:9\n"
    assert _process_states(group) == set()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=str)
@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("srun", "srun: Job allocation 1 has been revoked\nsrun: Force Terminated JobId=1\n"),
        (
            "salloc",
            "salloc: Job allocation 1 has been revoked.\nsalloc: Job aborted due to signal\n",
        ),
    ],
)
def test_a_signal_while_the_allocation_waits_cancels_it(
    live: dict[str, str], command: str, said: str, sig: int
) -> None:
    """The oracle: srun or salloc told to end while its job pends cancels the job (by its
    user, the reason kept) and exits 1; the job is never left waiting without it."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, command, "-N", "5", "true")  # more nodes than the partition has
    deadline = time.monotonic() + 10
    while "1 PENDING" not in run(live, "squeue", "-h", "-o", "%i %T"):
        assert time.monotonic() < deadline, "the job was not queued"
        time.sleep(0.1)
    time.sleep(0.5)  # the command is in its wait
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, err.splitlines(keepends=True)[-2:]) == (
        1,
        said.splitlines(keepends=True),
    )
    shown = run(live, "scontrol", "show", "job", "1")
    assert "JobState=CANCELLED Reason=PartitionNodeLimit" in shown


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            "srun",
            "srun: Job has been cancelled\n"
            "srun: error: Unable to allocate resources: Job/step already completing or completed\n",
        ),
        (
            "salloc",
            "salloc: Job has been cancelled\nsalloc: Job allocation 1 has been revoked.\n"
            "salloc: error: Job submit/allocate failed: Job/step already completing or completed\n",
        ),
    ],
)
def test_an_allocation_cancelled_while_it_waits_ends_its_client(
    live: dict[str, str], command: str, said: str
) -> None:
    """The oracle: scancel of a held srun's or salloc's job ends the client, exit 1."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, command, "-H", "true")
    deadline = time.monotonic() + 10
    while "1 PENDING" not in run(live, "squeue", "-h", "-o", "%i %T"):
        assert time.monotonic() < deadline, "the job was not queued"
        time.sleep(0.1)
    run(live, "scancel", "1")
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, err.splitlines(keepends=True)[-len(said.splitlines()) :]) == (
        1,
        said.splitlines(keepends=True),
    )


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=str)
def test_a_signal_while_a_step_waits_withdraws_it(live: dict[str, str], sig: int) -> None:
    """The oracle: an srun whose step waits for what the job's steps hold gives it up when
    told to end, says with which signal, and exits 1."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "slurmsim", "exec", "on")
    run(live, "sbatch", "-n2", "-o", "/dev/null", "--wrap", "srun sleep 30")
    deadline = time.monotonic() + 10
    while "1.0" not in run(live, "squeue", "-h", "-s", "-o", "%i"):
        assert time.monotonic() < deadline, "the job's step did not start"
        time.sleep(0.1)
    proc = _start(live, "srun", "--jobid=1", "-n1", "true")
    time.sleep(1.5)  # it waits for the step's CPUs
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, err.splitlines()[-2:]) == (
        1,
        [
            f"srun: Cancelled pending job step with signal {int(sig)}",
            "srun: error: Unable to create step for job 1: "
            "Job/step already completing or completed",
        ],
    )
    run(live, "scancel", "1")


def test_srun_passes_user_signals_on_to_its_tasks(live: dict[str, str]) -> None:
    """The oracle: SIGUSR1 to an interactive srun ends its tasks with it (srun says so, exits
    128+10, the job FAILED 0:10 with DerivedExitCode 0:10); SIGALRM it ignores."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, "srun", "-n2", "sleep", "30")
    _until_job_1_runs(live)
    time.sleep(0.5)  # its tasks run
    proc.send_signal(signal.SIGALRM)
    time.sleep(0.3)
    proc.send_signal(signal.SIGUSR1)
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, err) == (138, "srun: error: dgx1: tasks 0-1: User defined signal 1\n")
    states = run(live, "sacct", "-n", "-P", "-o", "jobid,state,exitcode,derivedexitcode")
    assert states == "1|FAILED|0:10|0:10\n1.0|CANCELLED|0:10|\n"


def test_srun_passes_user_signals_on_to_what_its_tasks_started(live: dict[str, str]) -> None:
    """The oracle: SIGUSR1 to ``srun bash -c 'sleep 20; echo done'`` ends the step at once,
    ``sleep`` with its shell (slurmstepd signals every process of the step)."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, "srun", "-n1", "bash", "-c", "sleep 20; echo done")
    _until_job_1_runs(live)
    time.sleep(0.5)  # its shell has started sleep
    sent = time.monotonic()
    proc.send_signal(signal.SIGUSR1)
    out, err = proc.communicate(timeout=20)
    assert (proc.returncode, out, err) == (
        138,
        "",
        "srun: error: dgx1: task 0: User defined signal 1\n",
    )
    assert time.monotonic() - sent < 5, "sleep held the step until it ended by itself"


INTERRUPT = "srun: interrupt (one more within 1 sec to abort)\n"
FORCED = "srun: forcing job termination\n"
#: (srun's arguments, the signals a user sends it once its tasks run with the wall seconds
#: before each, its exit code, its errors, and sacct's job and step 0: state, exit code and
#: derived exit code), as the oracle printed them (``sig.sh`` sending them to srun's pid).
SRUN_SIGNAL_CASES = [
    pytest.param(
        ["-n2", "sleep", "8"],
        [(0, signal.SIGINT), (0.3, signal.SIGINT)],
        130,
        INTERRUPT
        + "srun: StepId={id}.0 tasks 0-1: running\n"
        + "srun: sending Ctrl-C to StepId={id}.0\n"
        + FORCED
        + ABORTED
        + STEPD.replace("{why}", ""),
        "{id}|CANCELLED by <uid>|0:0|0:2\n{id}.0|CANCELLED by <uid>|0:2|\n",
        id="Ctrl-C twice: the tasks get SIGINT, srun cancels its job",
    ),
    pytest.param(
        ["-n1", "sleep", "8"],
        [(0, signal.SIGINT), (0.3, signal.SIGINT)],
        130,
        INTERRUPT
        + "srun: StepId={id}.0 task 0: running\n"
        + "srun: sending Ctrl-C to StepId={id}.0\n"
        + FORCED
        + ABORTED,
        "{id}|CANCELLED by <uid>|0:0|0:2\n{id}.0|CANCELLED by <uid>|0:2|\n",
        id="one task: no slurmstepd line",
    ),
    pytest.param(
        ["-n1", "bash", "-c", "trap '' INT; sleep 8"],
        [(0, signal.SIGINT), (0.3, signal.SIGINT)],
        137,
        INTERRUPT
        + "srun: StepId={id}.0 task 0: running\n"
        + "srun: sending Ctrl-C to StepId={id}.0\n"
        + FORCED
        + ABORTED
        + STEPD.replace("{why}", ""),
        "{id}|CANCELLED by <uid>|0:0|0:9\n{id}.0|CANCELLED by <uid>|0:9|\n",
        id="a task that ignores the Ctrl-C: killed at once",
    ),
    pytest.param(
        ["-n2", "sleep", "3"],
        [(0, signal.SIGINT)],
        0,
        INTERRUPT + "srun: StepId={id}.0 tasks 0-1: running\n",
        "{id}|COMPLETED|0:0|0:0\n{id}.0|COMPLETED|0:0|\n",
        id="Ctrl-C once: the status, and the tasks run on",
    ),
    pytest.param(
        ["-n2", "sleep", "8"],
        [(0, signal.SIGTERM)],
        137,
        FORCED + ABORTED + STEPD.replace("{why}", "") + "srun: error: dgx1: tasks 0-1: Killed\n",
        "{id}|FAILED|0:9|0:9\n{id}.0|CANCELLED by <uid>|0:9|\n",
        id="SIGTERM: the tasks are killed, the job fails",
    ),
    pytest.param(
        ["-n1", "sleep", "8"],
        [(0, signal.SIGHUP)],
        137,
        FORCED + ABORTED + STEPD.replace("{why}", "") + "srun: error: dgx1: task 0: Killed\n",
        "{id}|FAILED|0:9|0:9\n{id}.0|CANCELLED by <uid>|0:9|\n",
        id="SIGHUP as SIGTERM",
    ),
    pytest.param(
        ["-n1", "sleep", "8"],
        [(0, signal.SIGQUIT)],
        137,
        "srun: Quit\n"
        + FORCED
        + ABORTED
        + STEPD.replace("{why}", "")
        + "srun: error: dgx1: task 0: Killed\n",
        "{id}|FAILED|0:9|0:9\n{id}.0|CANCELLED by <uid>|0:9|\n",
        id="SIGQUIT: srun says Quit, then as SIGTERM",
    ),
    pytest.param(
        ["-n1", "sleep", "3"],
        [(0, signal.SIGCONT)],
        0,
        "srun: got SIGCONT\n",
        "{id}|COMPLETED|0:0|0:0\n{id}.0|COMPLETED|0:0|\n",
        id="SIGCONT: srun says it got it, and the tasks go on",
    ),
    pytest.param(
        ["-X", "-n2", "sleep", "8"],
        [(0, signal.SIGINT)],
        130,
        "srun: sending Ctrl-C to StepId={id}.0\nsrun: error: dgx1: tasks 0-1: Interrupt\n",
        "{id}|FAILED|0:2|0:2\n{id}.0|CANCELLED|0:2|\n",
        id="-X: Ctrl-C goes to the tasks at once",
    ),
    pytest.param(
        ["--quit-on-interrupt", "-n2", "sleep", "8"],
        [(0, signal.SIGINT)],
        130,
        "srun: sending Ctrl-C to StepId={id}.0\n" + FORCED + ABORTED + STEPD.replace("{why}", ""),
        "{id}|CANCELLED by <uid>|0:0|0:2\n{id}.0|CANCELLED by <uid>|0:2|\n",
        id="--quit-on-interrupt: the first Ctrl-C aborts",
    ),
]


@pytest.mark.parametrize(("argv", "signals", "code", "said", "recorded"), SRUN_SIGNAL_CASES)
def test_srun_answers_a_users_signals_as_slurm_does(  # noqa: PLR0917 (a case's parts)
    live: dict[str, str],
    tmp_path: Path,
    argv: list[str],
    signals: list[tuple[float, int]],
    code: int,
    said: str,
    recorded: str,
) -> None:
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, "srun", "-t", "1", *argv)
    _tasks_started(tmp_path, 1, 0)
    for delay, sig in signals:
        time.sleep(delay)
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, re.sub(r"AT \S+", "AT <time>", err)) == (
        code,
        said.replace("{id}", "1"),
    )
    wait_idle(live)
    rows = run(live, "sacct", "-n", "-P", "-o", "jobid,state,exitcode,derivedexitcode")
    assert re.sub(r"by \d+", "by <uid>", rows) == recorded.replace("{id}", "1")


def test_srun_in_an_allocation_answers_a_users_signals_as_slurm_does(
    live: dict[str, str],
) -> None:
    """The oracle: steps of an allocation aborted by Ctrl-C and SIGTERM are CANCELLED by
    their user; the job runs on."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "salloc", "--no-shell", "-n2", "-t", "5")
    said = []
    for step, signals in enumerate(
        ([(0, signal.SIGINT), (0.3, signal.SIGINT)], [(0, signal.SIGTERM)])
    ):
        proc = _start(live, "srun", "--jobid=1", "-n2", "sleep", "8")
        deadline = time.monotonic() + 15
        while f"1.{step}" not in run(live, "squeue", "-h", "-s", "-o", "%i"):
            assert time.monotonic() < deadline, f"step 1.{step} did not start"
            time.sleep(0.1)
        time.sleep(1)  # its tasks run (a step of an unclaimed allocation notes none)
        for delay, sig in signals:
            time.sleep(delay)
            proc.send_signal(sig)
        _, err = proc.communicate(timeout=20)
        said.append((proc.returncode, re.sub(r"AT \S+", "AT <time>", err)))
    step = STEPD.replace("{why}", "").replace("{id}.0", "1.{step}")
    assert said == [
        (
            130,
            INTERRUPT
            + "srun: StepId=1.0 tasks 0-1: running\n"
            + "srun: sending Ctrl-C to StepId=1.0\n"
            + FORCED
            + ABORTED
            + step.replace("{step}", "0"),
        ),
        (
            137,
            FORCED
            + ABORTED
            + step.replace("{step}", "1")
            + "srun: error: dgx1: tasks 0-1: Killed\n",
        ),
    ]
    rows = run(live, "sacct", "-n", "-P", "-o", "jobid,state,exitcode")
    assert re.sub(r"by \d+", "by <uid>", rows) == (
        "1|RUNNING|0:0\n1.0|CANCELLED by <uid>|0:2\n1.1|CANCELLED by <uid>|0:9\n"
    )
    run(live, "scancel", "1")
    wait_idle(live)


GRANTED = "salloc: Granted job allocation 1\n"
#: (the signal a user sends salloc while its command runs, salloc's exit code, its errors,
#: and sacct's job: state and exit code), as the oracle printed them (``sig.sh`` sending it
#: to salloc's pid; the command ``sleep 3``, its exit 0 salloc's own).
SALLOC_SIGNAL_CASES = [
    pytest.param(
        signal.SIGINT,
        0,
        GRANTED + "salloc: Job allocation 1 has been revoked.\n",
        "CANCELLED by <uid>|0:0",
        id="SIGINT: salloc cancels its job and waits for its command",
    ),
    pytest.param(
        signal.SIGUSR1,
        0,
        GRANTED + "salloc: Job allocation 1 has been revoked.\n",
        "CANCELLED by <uid>|0:0",
        id="SIGUSR1 alike",
    ),
    pytest.param(
        signal.SIGHUP,
        1,
        GRANTED + "salloc: Relinquishing job allocation 1\n",
        "COMPLETED|0:0",
        id="SIGHUP: salloc gives the job back at once, its command told",
    ),
]


@pytest.mark.parametrize(("sig", "code", "said", "recorded"), SALLOC_SIGNAL_CASES)
def test_salloc_answers_a_users_signal_as_slurm_does(
    live: dict[str, str], sig: int, code: int, said: str, recorded: str
) -> None:
    run(live, "slurmsim", "clock", "mode", "realtime")
    proc = _start(live, "salloc", "-t", "1", "sleep", "3")
    _until_job_1_runs(live)
    time.sleep(1)  # its command runs
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert (proc.returncode, err) == (code, said)
    wait_idle(live)
    row = run(live, "sacct", "-X", "-n", "-P", "-o", "state,exitcode")
    assert re.sub(r"by \d+", "by <uid>", row) == recorded + "\n"


@pytest.mark.parametrize(
    ("kill", "code"), [("INT", 0), ("QUIT", 0), ("KILL", 0), ("TERM", 1), ("SEGV", 1)]
)
def test_salloc_exits_0_for_a_command_a_user_most_likely_killed(
    live: dict[str, str], kill: str, code: int
) -> None:
    """The oracle: ``salloc sh -c 'kill -SIG $$'`` exits 0 for SIGHUP, SIGINT, SIGQUIT and
    SIGKILL, 1 for any other signal."""
    salloc = [sys.executable, "-c", "from cli.salloc import main; main()"]
    done = subprocess.run(
        [*salloc, "-Q", "sh", "-c", f"kill -{kill} $$"],
        check=False,
        env=live,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert (done.returncode, done.stderr) == (code, "")
