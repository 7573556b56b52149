"""End to end: batch scripts really run under a wall clock (short sleeps, a few seconds).

Each command is a separate process, as for a person at a shell; the supervisor that
the first command starts must start pending jobs and reap scripts on its own.
"""

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


def run(env: dict[str, str], command: str, *argv: str) -> str:
    module = "cli.slurmsim" if command == "slurmsim" else f"cli.{command}"
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; from {module} import main; main()", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return done.stdout


def wait_idle(env: dict[str, str], timeout_s: float = 40) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if run(env, "squeue", "-h") == "" and run(env, "slurmsim", "exec") == "":
            return
        time.sleep(0.3)
    pytest.fail("the cluster did not become idle")


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)  # the jobs' working directory
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SBATCH_", "SLURM", "SQUEUE_"))}
    env |= {"SLURMSIM_DB": str(tmp_path / "c.db"), "PYTHONPATH": str(ROOT), "SLURMSIM_USER": "root"}
    run(env, "slurmsim", "init", "--force")
    return env


def test_scripts_run_and_their_exit_decides_the_state(live: dict[str, str], tmp_path: Path) -> None:
    """The whole-cluster job runs first; the one behind it starts alone when it ends."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    show = "echo $SLURM_JOB_ID $SLURM_JOB_NAME $SLURM_JOB_NODELIST $CUDA_VISIBLE_DEVICES"
    run(live, "sbatch", "-N4", "--gres=gpu:8", "-J", "big", "--wrap", f"{show}; sleep 1; exit 3")
    run(
        live,
        *("sbatch", "-o", "second-%j-%x.txt", "-J", "after", "--export=NONE,X=1"),
        *("--wrap", "echo $X ${HOME:-nohome} $SLURM_CPUS_ON_NODE"),
    )
    wait_idle(live)
    states = run(live, "sacct", "-X", "-n", "-P", "-o", "jobid,state,exitcode")
    assert states == "1|FAILED|3:0\n2|COMPLETED|0:0\n"
    assert (tmp_path / "slurm-1.out").read_text() == "1 big dgx[1-4] 0,1,2,3,4,5,6,7\n"
    assert (tmp_path / "second-2-after.txt").read_text() == "1 nohome 1\n"


def test_scancel_and_the_time_limit_end_the_whole_process_group(
    live: dict[str, str], tmp_path: Path
) -> None:
    """Scaled x60: a five-minute limit is five wall seconds (time enough for the script to
    start its child on a loaded machine); scancel ends a script at once."""
    run(live, "slurmsim", "clock", "mode", "scaled", "60")
    run(live, "slurmsim", "exec", "on")
    run(live, "sbatch", "-t", "5", "--wrap", "sleep 300 & echo $! > child.pid; wait")
    run(live, "sbatch", "-t", "30", "--wrap", "sleep 300")
    deadline = time.monotonic() + 10
    while "job 2" not in run(live, "slurmsim", "exec") and time.monotonic() < deadline:
        time.sleep(0.2)
    run(live, "scancel", "2")
    wait_idle(live)
    states = run(live, "sacct", "-X", "-n", "-P", "-o", "jobid,state")
    assert states == "1|TIMEOUT\n2|CANCELLED by 0\n"
    pid = int((tmp_path / "child.pid").read_text())
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()


@pytest.mark.parametrize(
    "mode",
    [
        pytest.param(["realtime"], id="realtime polls until the script ends"),
        pytest.param(["manual"], id="manual with exec on waits for the script in wall time"),
    ],
)
def test_sbatch_wait_returns_the_scripts_exit_code(
    live: dict[str, str], tmp_path: Path, mode: list[str]
) -> None:
    run(live, "slurmsim", "clock", "mode", *mode)
    run(live, "slurmsim", "exec", "on")
    script = "sleep 1; echo ran; exit 4"
    done = subprocess.run(
        [sys.executable, "-c", "from cli.sbatch import main; main()", "--wait", "--wrap", script],
        env=live,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, done.stdout) == (4, "Submitted batch job 1\n")
    assert (tmp_path / "slurm-1.out").read_text() == "ran\n"
    wait_idle(live)


def test_srun_waits_in_wall_time_then_runs_in_the_foreground(live: dict[str, str]) -> None:
    """Realtime: srun's job queues behind a two-second whole-cluster script, then runs."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "sbatch", "-N4", "--gres=gpu:8", "--wrap", "sleep 2")
    srun = [sys.executable, "-c", "from cli.srun import main; main()"]
    done = subprocess.run(
        [*srun, "-N2", "-n2", "--gres=gpu:8", "sh", "-c", "echo $SLURM_PROCID $SLURMD_NODENAME"],
        env=live,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, sorted(done.stdout.splitlines())) == (0, ["0 dgx1", "1 dgx2"])
    assert done.stderr == (
        "srun: job 2 queued and waiting for resources\nsrun: job 2 has been allocated resources\n"
    )
    wait_idle(live)
    states = run(live, "sacct", "-X", "-n", "-P", "-o", "jobid,state,exitcode")
    assert states == "1|COMPLETED|0:0\n2|COMPLETED|0:0\n"


def _srun_on_path(tmp_path: Path, env: dict[str, str]) -> dict[str, str]:
    """``srun`` as a command a batch script can call: a shim running this checkout's."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "srun"
    shim.write_text(
        f'#!/bin/sh\nexec {sys.executable} -c "from cli.srun import main; main()" "$@"\n'
    )
    shim.chmod(0o755)
    return {**env, "PATH": f"{bin_dir}:{env.get('PATH', '/usr/bin:/bin')}"}


def test_srun_in_a_batch_script_runs_its_steps(live: dict[str, str], tmp_path: Path) -> None:
    """Realtime with execution: each srun of the script is a step with its own tasks."""
    env = _srun_on_path(tmp_path, live)
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    script = tmp_path / "steps.sh"
    script.write_text(
        "#!/bin/sh\n"
        "#SBATCH -N2 -n4 -o main.out\n"
        "srun sh -c 'echo $SLURM_PROCID $SLURMD_NODENAME $SLURM_STEP_ID' | sort\n"
        "srun -n1 -l sh -c 'echo $SLURM_STEP_NUM_TASKS; exit 3'\n"
        "echo after $?\n"
        "srun -n2 --unbuffered --output task-%t.out sh -c 'echo $SLURM_LOCALID $SLURM_NODEID'\n"
    )
    run(env, "sbatch", str(script))
    wait_idle(env)
    assert (tmp_path / "main.out").read_text() == (
        "0 dgx1 0\n1 dgx1 0\n2 dgx1 0\n3 dgx2 0\n"
        "srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\n"
        "0: 1\nsrun: error: dgx1: task 0: Exited with exit code 3\nafter 3\n"
    )
    assert (tmp_path / "task-0.out").read_text() == "0 0\n"
    assert (tmp_path / "task-1.out").read_text() == "0 1\n"
    states = run(env, "sacct", "-n", "-P", "-o", "jobid,jobname,state,exitcode,ntasks")
    assert states == (
        "1|steps.sh|COMPLETED|0:0|\n"
        "1.batch|batch|COMPLETED|0:0|1\n"
        "1.0|sh|COMPLETED|0:0|4\n"
        "1.1|sh|FAILED|3:0|1\n"
        "1.2|sh|COMPLETED|0:0|2\n"
    )


def test_a_script_killed_by_a_signal_fails_as_a_launch_does(
    live: dict[str, str], tmp_path: Path
) -> None:
    """The oracle: a batch shell that dies of a signal is ``Reason=JobLaunchFailure`` with
    ``ExitCode=0:SIG``, which sacct shows as ``1:0`` for SIGHUP; a step that dies of one
    leaves its signal as the job's DerivedExitCode."""
    env = _srun_on_path(tmp_path, live)
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    for line in ("kill -HUP $$", "kill -USR1 $$", "srun sh -c 'kill -9 $$'"):
        run(env, "sbatch", "-o", "/dev/null", "--wrap", line)
    wait_idle(env)
    shown = run(env, "squeue", "-h", "-t", "all", "-o", "%i %T %r")
    assert sorted(shown.splitlines()) == [
        "1 FAILED JobLaunchFailure",
        "2 FAILED JobLaunchFailure",
        "3 FAILED NonZeroExitCode",
    ]
    shown = "".join(run(env, "scontrol", "show", "job", str(j)) for j in (1, 2, 3))
    assert re.findall(r"ExitCode=(\S+)", shown) == ["0:1", "0:10", "137:0"]
    states = run(env, "sacct", "-n", "-P", "-o", "jobid,state,exitcode,derivedexitcode")
    assert states == (
        "1|FAILED|1:0|0:0\n1.batch|CANCELLED|0:1|\n"
        "2|FAILED|0:10|0:0\n2.batch|CANCELLED|0:10|\n"
        "3|FAILED|9:0|0:9\n3.batch|FAILED|9:0|\n3.0|CANCELLED|0:9|\n"
    )


def test_a_batch_script_and_its_steps_see_slurms_variables(
    live: dict[str, str], tmp_path: Path
) -> None:
    """Realtime with execution: ``data/envjob.sh`` writes its own SLURM_* variables and its
    steps' tasks'; they are real Slurm's (``data/envjob.oracle.out``, the oracle's output
    of the same script), but for who ran it and where."""
    got, want = _as_the_oracle_ran_it(live, tmp_path, "envjob", "/tmp/slurm-oracle-jobs/bx")
    assert got == want


def test_a_heterogeneous_jobs_script_and_its_steps_see_slurms_variables(
    live: dict[str, str], tmp_path: Path
) -> None:
    """``data/hetjob.sh``: the leader's script sees every component's variables (suffixed
    ``_HET_GROUP_K``), and ``srun --het-group=K`` runs a step in component K whose tasks
    see it as theirs, the step ids counted over the whole job (the oracle's output,
    ``data/hetjob.oracle.out``, but for who ran it and where)."""
    got, want = _as_the_oracle_ran_it(live, tmp_path, "hetjob", "/tmp/slurm-oracle-jobs/bx")
    assert got == want


def test_a_step_over_several_components_of_a_heterogeneous_job(
    live: dict[str, str], tmp_path: Path
) -> None:
    """``data/hetstep.sh``: ``srun A : B`` and ``srun --het-group=0-1`` run one step over
    both components, its tasks ranked across them in the order of their offsets and
    seeing the whole step; options carry on to the next component but not back; a
    component without a command runs the next one's; file names, refusals, exit codes
    and the next step's id are the oracle's (``data/hetstep.oracle.out``, but for who
    ran it, where, and the job's id)."""
    got, want = _as_the_oracle_ran_it(live, tmp_path, "hetstep", "/tmp/hs2")
    assert got == want


def test_a_step_over_parts_of_a_job_of_one_component(live: dict[str, str], tmp_path: Path) -> None:
    """``data/mpmd.sh``: ``srun A : B`` in a job of one component runs one step over parts
    of its nodes, each part on the job's first nodes no part before it has, as many as
    its tasks' CPUs need there; the tasks see one step, ranked across the parts; srun's
    own refusal when the nodes run out, the controller's when CPUs do, file names, exit
    codes, squeue, scancel, sacct's ``N.S+K`` and the next step's id are the oracle's
    (``data/mpmd.oracle.out``, but for who ran it, where, and the job's id)."""
    got, want = _as_the_oracle_ran_it(live, tmp_path, "mpmd", "/tmp/mpmd")
    job = re.compile(r"for job \d+:")
    assert job.sub("for job <id>:", got) == job.sub("for job <id>:", want)


def _as_the_oracle_ran_it(
    live: dict[str, str], tmp_path: Path, name: str, oracle_cwd: str
) -> tuple[str, str]:
    """Run ``data/NAME.sh`` to the end; what it wrote and what the oracle's copy wrote
    (``data/NAME.oracle.out``, run in ``oracle_cwd``), both with who ran it, where, and
    the job's id in step ids masked."""
    _run_to_the_end(live, tmp_path, DATA / f"{name}.sh")
    got = (tmp_path / f"{name}-1.out").read_text()
    want = (DATA / f"{name}.oracle.out").read_text()
    return _masked(got, str(tmp_path)), _masked(want, oracle_cwd)


def _masked(text: str, cwd: str) -> str:
    return re.sub(r"StepId=\d+\.", "StepId=<id>.", _anyone_anywhere(text, cwd))


def test_batch_scripts_see_the_variables_of_their_options(
    live: dict[str, str], tmp_path: Path
) -> None:
    """Realtime with execution: ``data/batchenv/dump.sh`` submitted with each line of
    ``options.txt`` (an array, tasks per node, GPUs by total, by node and by task, a whole
    node, ``--export=NONE``, a QOS, the debug partition, hints, layout options,
    ``--mem-bind``, ``--cpu-freq``, ``--profile``, a plane, ``--overcommit``) writes the
    SLURM_* variables the oracle's copy wrote (``NAME-TASK.out``, ``4294967294`` for no
    array task).

    The jobs are submitted held and released by one command, so that one scheduling pass
    places them all, as the oracle's did: on a slow machine a pass may fall between two
    submissions."""
    env = live
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    here = DATA / "batchenv"
    shutil.copy(here / "dump.sh", tmp_path / "dump.sh")
    jobs = []
    for line in (here / "options.txt").read_text().splitlines():
        name, options = line.split("|")
        submit = ("sbatch", "--parsable", "-H", "-t", "5", "-o", f"{name}-%a.out")
        jobs.append(run(env, *submit, *options.split(), "dump.sh").strip())
    run(env, "scontrol", "release", ",".join(jobs))
    wait_idle(env)
    for want in sorted(here.glob("*.out")):
        got = _anyone_anywhere((tmp_path / want.name).read_text(), str(tmp_path))
        expected = _anyone_anywhere(want.read_text(), "/tmp/slurm-oracle-jobs/bx2")
        assert (want.name, got) == (want.name, expected)


def test_steps_in_a_batch_script_see_the_variables_of_their_options(
    live: dict[str, str], tmp_path: Path
) -> None:
    """Realtime with execution: ``data/steps.sh`` runs eight sruns with different
    options in a GPU job and writes their tasks' SLURM_* variables; they are the oracle's
    (``data/stepenv.oracle.out``) but for one: the oracle gave the ``-n1 -c2`` step of
    that GPU job ``SLURM_CPUS_ON_NODE=1``, slurmsim its 2 CPUs (docs/differences.md)."""
    _run_to_the_end(live, tmp_path, DATA / "steps.sh")
    got = (tmp_path / "stepenv.out").read_text().splitlines(keepends=True)
    want = (DATA / "stepenv.oracle.out").read_text().splitlines(keepends=True)
    assert want[4] == "SLURM_CPUS_ON_NODE=1\n"  # the -n1 -c2 step's: see above
    assert got[:4] + got[5:] == want[:4] + want[5:]


def _run_to_the_end(live: dict[str, str], tmp_path: Path, script: Path) -> None:
    """Submit a copy of ``script`` in realtime with execution on, ``srun`` on its path, and
    wait until it has run."""
    env = _srun_on_path(tmp_path, live)
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    shutil.copy(script, tmp_path / script.name)
    run(env, "sbatch", script.name)
    wait_idle(env)


def _anyone_anywhere(text: str, cwd: str) -> str:
    """``text`` with the submitting user, account and directory masked."""
    text = re.sub(r"(SLURM_JOB_(?:USER|ACCOUNT)(?:_(?:HET|PACK)_GROUP_\d+)?)=\S+", r"\1=*", text)
    return text.replace(cwd, "<cwd>")


@pytest.mark.parametrize(
    ("clock", "ending"),
    [
        pytest.param(["realtime"], "CANCELLED by 0", id="scancel"),
        pytest.param(["scaled", "30"], "TIMEOUT", id="the time limit (scaled x30)"),
    ],
)
def test_the_end_of_a_job_ends_its_steps(
    live: dict[str, str], tmp_path: Path, clock: list[str], ending: str
) -> None:
    """An srun pointed at the job from outside ends its tasks when the job ends."""
    run(live, "slurmsim", "clock", "mode", *clock)
    run(live, "slurmsim", "exec", "on")
    cancel = ending != "TIMEOUT"
    run(live, "sbatch", "-N1", "-t", "10" if cancel else "1", "--wrap", "sleep 300")
    deadline = time.monotonic() + 10
    while "job 1" not in run(live, "slurmsim", "exec") and time.monotonic() < deadline:
        time.sleep(0.2)
    srun = subprocess.Popen(
        [sys.executable, "-c", "from cli.srun import main; main()", "--jobid=1", "sh", "-c",
         "echo $$ > task.pid; exec sleep 300"],
        env=live, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    while not (tmp_path / "task.pid").exists() and time.monotonic() < deadline + 10:
        time.sleep(0.1)
    if cancel:
        run(live, "scancel", "1")
    _, err = srun.communicate(timeout=30)
    assert srun.returncode == 143
    assert "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n" in err
    assert err.endswith("srun: error: dgx1: task 0: Terminated\n")
    pid = int((tmp_path / "task.pid").read_text())
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()
    wait_idle(live)
    states = run(live, "sacct", "-n", "-P", "-o", "jobid,state,exitcode")
    assert states == f"1|{ending}|0:0\n1.batch|CANCELLED|0:15\n1.0|CANCELLED|0:15\n"


def _trapping_job(live: dict[str, str], tmp_path: Path) -> dict[str, str]:
    """Job 1 runs, executed: a shell and a two-task step that trap SIGUSR1 and say so in
    main.out, the tasks each waiting on a ``sleep``; once both tasks run, its environment."""
    env = _srun_on_path(tmp_path, live)
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    script = tmp_path / "trap.sh"
    script.write_text(
        "#!/bin/bash\n#SBATCH -n2 -o main.out\n"
        "trap 'echo shell got USR1' USR1\n"
        'srun -n2 bash -c \'trap "echo task $SLURM_PROCID got USR1; exit 0" USR1; '
        "touch up.$SLURM_PROCID; for i in $(seq 1 300); do sleep 0.1; done'\n"
    )
    run(env, "sbatch", str(script))
    deadline = time.monotonic() + 20
    while not all((tmp_path / f"up.{i}").exists() for i in (0, 1)):
        if time.monotonic() > deadline:
            pytest.fail("the step's tasks did not start")
        time.sleep(0.1)
    return env


def test_scancel_signal_reaches_the_steps_of_a_batch_job(
    live: dict[str, str], tmp_path: Path
) -> None:
    """``scancel -s USR1 JOB`` (no -b/-f) signals the steps: srun's tasks and what they
    started, not the shell. The oracle's output: each task's trap, and bash's note of the
    ``sleep`` it was waiting for, killed by the signal too."""
    env = _trapping_job(live, tmp_path)
    run(env, "scancel", "-s", "USR1", "1")
    wait_idle(env)
    lines = (tmp_path / "main.out").read_text().splitlines()
    assert sorted(line for line in lines if line.startswith("task")) == [
        "task 0 got USR1",
        "task 1 got USR1",
    ]
    # A task between two sleeps has no child to lose: the note is there when one was.
    assert {line for line in lines if not line.startswith("task")} <= {"User defined signal 1"}
    assert "User defined signal 1" in lines


def test_scancel_full_signal_reaches_the_shell_srun_and_the_tasks(
    live: dict[str, str], tmp_path: Path
) -> None:
    """``scancel --full -s USR1 JOB``: the shell, srun and the tasks all get it; srun passes
    it on rather than dying of it, so the tasks' traps run and the job ends COMPLETED
    (the oracle; srun used to die, and the job ended FAILED 10:0)."""
    env = _trapping_job(live, tmp_path)
    run(env, "scancel", "--full", "-s", "USR1", "1")
    wait_idle(env)
    lines = (tmp_path / "main.out").read_text().splitlines()
    assert sorted(line for line in lines if "got" in line) == [
        "shell got USR1",
        "task 0 got USR1",
        "task 1 got USR1",
    ]
    assert lines[-1] == "shell got USR1"  # bash runs its trap once srun has returned
    assert run(env, "sacct", "-n", "-X", "-P", "-o", "state,exitcode") == "COMPLETED|0:0\n"


def test_sacct_counts_the_cpu_time_a_job_used(live: dict[str, str], tmp_path: Path) -> None:
    """An executed job's rows show the CPU time its processes used, as the oracle's do
    (``00:00.534``): the srun step its tasks', the batch step the script's without the
    step's, the job the sum of its steps'."""
    env = _srun_on_path(tmp_path, live)
    run(env, "slurmsim", "clock", "mode", "realtime")
    run(env, "slurmsim", "exec", "on")
    busy = "for i in $(seq 1 100000); do :; done"
    run(env, "sbatch", "-n2", "-o", "/dev/null", f"--wrap=srun -n2 bash -c '{busy}'; {busy}")
    wait_idle(env)
    rows = run(env, "sacct", "-n", "-P", "-o", "jobid,usercpu,systemcpu,totalcpu")
    times = {
        row.split("|")[0]: [_cpu_us(field) for field in row.split("|")[1:]]
        for row in rows.splitlines()
    }
    assert list(times) == ["1", "1.batch", "1.0"]
    assert all(total > 0 for *_, total in times.values())
    for step in times.values():
        assert abs(step[0] + step[1] - step[2]) <= 1000  # to the millisecond shown
    assert abs(times["1"][2] - times["1.batch"][2] - times["1.0"][2]) <= 2000


def _cpu_us(shown: str) -> int:
    """``MM:SS.mmm`` or ``HH:MM:SS`` in µs."""
    if "." in shown:
        minutes, rest = shown.split(":")
        return round((int(minutes) * 60 + float(rest)) * 1e6)
    hours, minutes, seconds = (int(n) for n in shown.split(":"))
    return (hours * 3600 + minutes * 60 + seconds) * 1_000_000


def test_salloc_no_shell_leaves_its_allocation_running(live: dict[str, str]) -> None:
    """salloc --no-shell exits at once and its job runs on without a process until
    scancel (the oracle); it used to fail, 0:9, as soon as salloc's process was gone."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    run(live, "slurmsim", "exec", "on")
    run(live, "salloc", "-N1", "--no-shell")
    time.sleep(1.5)  # the supervisor looks at the job's processes meanwhile
    assert run(live, "squeue", "-h", "-o", "%i %j %T") == "1 no-shell RUNNING\n"
    run(live, "scancel", "1")
    assert run(live, "sacct", "-n", "-X", "-P", "-o", "jobid,state") == "1|CANCELLED by 0\n"


def test_srun_own_step_names_the_host_and_pid_of_srun(live: dict[str, str]) -> None:
    """The oracle: ``SrunHost:Pid=vm:2785``, srun's host and process, where the job's
    AllocNode is ``localhost``."""
    run(live, "slurmsim", "clock", "mode", "realtime")
    srun = [sys.executable, "-c", "from cli.srun import main; main()", "sleep", "5"]
    proc = subprocess.Popen(srun, env=live, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while "1 RUNNING" not in run(live, "squeue", "-h", "-o", "%i %T"):
            assert time.monotonic() < deadline, "the job did not start"
            time.sleep(0.1)
        shown = run(live, "scontrol", "show", "step", "1.0")
    finally:
        proc.kill()
        proc.wait()
    assert f"SrunHost:Pid={os.uname().nodename.split('.')[0]}:{proc.pid}\n" in shown
    wait_idle(live)


def test_a_step_goes_to_a_node_no_running_step_uses(live: dict[str, str], tmp_path: Path) -> None:
    """The oracle (ov2.sh, two nodes of four CPUs): beside an ``--overlap`` step running on
    dgx1, a one-task step ran on dgx2 whether the first took no memory or one CPU of four;
    beside a plain step, an ``--overlap`` one ran on dgx2 too."""
    script = tmp_path / "scripts" / "idle.sh"
    script.parent.mkdir()
    script.write_text(
        "#!/bin/sh\n"
        "#SBATCH -N 2 --ntasks-per-node=2 -c 2 -o idle.out\n"
        "srun --overlap --mem=0 -n 1 sh -c 'echo a $SLURMD_NODENAME; sleep 2' &\n"
        "sleep 1\n"
        "srun -n 1 sh -c 'echo b $SLURMD_NODENAME'\n"
        "wait\n"
        "srun --overlap -n 1 --exact -c 1 sh -c 'echo c $SLURMD_NODENAME; sleep 2' &\n"
        "sleep 1\n"
        "srun -n 1 --exact -c 1 sh -c 'echo d $SLURMD_NODENAME'\n"
        "wait\n"
        "srun -n 1 --mem=0 sh -c 'echo e $SLURMD_NODENAME; sleep 2' &\n"
        "sleep 1\n"
        "srun -n 1 --overlap sh -c 'echo f $SLURMD_NODENAME'\n"
        "wait\n"
    )
    _run_to_the_end(live, tmp_path, script)
    lines = [
        line
        for line in (tmp_path / "idle.out").read_text().splitlines()
        if not line.startswith("srun: Warning")
    ]
    assert lines == ["a dgx1", "b dgx2", "c dgx1", "d dgx2", "e dgx1", "f dgx2"]
