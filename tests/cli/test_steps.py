"""srun inside an allocation: steps created in a running job, their tasks run here, and
what squeue -s, scontrol show step and sacct then say about them."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import advance, dump, slurm

ALLOC = ["sbatch", "-J", "alloc", "-N2", "-n4", "--gres=gpu:2", "-t", "10", "--wrap=sleep 300"]
SHOW = (
    "echo $SLURM_PROCID $SLURM_LOCALID $SLURM_NODEID $SLURM_STEP_ID $SLURM_STEP_NUM_TASKS "
    "$SLURM_STEP_NUM_NODES $SLURM_STEP_NODELIST $SLURM_STEP_TASKS_PER_NODE $SLURMD_NODENAME "
    "$CUDA_VISIBLE_DEVICES"
)


@pytest.fixture
def job(cluster: Path) -> Path:
    """Job 1 of alice runs on dgx[1-2] with 2 CPUs and 2 GPUs on each."""
    slurm(*ALLOC, user="alice")
    advance(5)
    return cluster


@pytest.mark.parametrize(
    ("argv", "code", "out", "err"),
    [
        pytest.param(
            ["-n4", "-l", "sh", "-c", SHOW],
            0,
            [
                "0: 0 0 0 0 4 2 dgx[1-2] 3,1 dgx1 0,1",
                "1: 1 1 0 0 4 2 dgx[1-2] 3,1 dgx1 0,1",
                "2: 2 2 0 0 4 2 dgx[1-2] 3,1 dgx1 0,1",
                "3: 3 0 1 0 4 2 dgx[1-2] 3,1 dgx2 0,1",
            ],
            "",
            id="tasks are numbered in blocks over the nodes (the job packed 3 and 1) and labelled",
        ),
        pytest.param(
            ["-n1", "--gpus-per-node=1", "sh", "-c", "echo $SLURM_STEP_GPUS $SLURM_JOB_NAME"],
            0,
            ["0 sh"],
            "",
            id="one task takes one node and the GPUs it asks for",
        ),
        pytest.param(
            ["-n2", "sh", "-c", "exit $((SLURM_PROCID + 3))"],
            4,
            [],
            "srun: error: dgx1: task 0: Exited with exit code 3\n"
            "srun: error: dgx2: task 1: Exited with exit code 4\n",
            id="srun exits with the highest exit code of its tasks",
        ),
        pytest.param(
            ["-n2", "sh", "-c", "kill -9 $$"],
            137,
            [],
            "srun: error: dgx1: task 0: Killed\n"
            "srun: error: dgx2: task 1: Killed\n"
            "srun: Force Terminated StepId=1.0\n",
            id="tasks killed by a signal are reported and the step force-terminated",
        ),
        pytest.param(
            ["-n2", "no-such-command-here"],
            2,
            [],
            "slurmstepd-dgx1: error: execve(): no-such-command-here: No such file or directory\n"
            "slurmstepd-dgx2: error: execve(): no-such-command-here: No such file or directory\n"
            "srun: error: dgx1: task 0: Exited with exit code 2\n"
            "srun: error: dgx2: task 1: Exited with exit code 2\n",
            id="a command that does not exist exits 2 on every node",
        ),
        pytest.param(
            ["-n2", "-K", "sh", "-c", "if [ $SLURM_PROCID = 0 ]; then exit 1; fi; sleep 30"],
            143,
            [],
            "srun: error: dgx1: task 0: Exited with exit code 1\n"
            "srun: launch/slurm: _step_signal: Terminating StepId=1.0\n"
            "slurmstepd-dgx2: error: *** STEP 1.0 ON dgx2 CANCELLED AT 2026-11-29T19:00:05 ***\n"
            "srun: error: dgx2: task 1: Terminated\n"
            "srun: Force Terminated StepId=1.0\n",
            id="--kill-on-bad-exit ends the other tasks when one fails",
        ),
        pytest.param(
            ["-n2", "-K", "sh", "-c", "exit $SLURM_PROCID"],
            1,
            [],
            "srun: error: dgx2: task 1: Exited with exit code 1\n"
            "srun: launch/slurm: _step_signal: Terminating StepId=1.0\n",
            id="--kill-on-bad-exit signals the step when no task is left in it too (oracle)",
        ),
        pytest.param(
            ["-n1", "--export=ALL,FOO=bar", "sh", "-c", "echo $FOO $TMPDIR"],
            0,
            ["bar /tmp"],
            "",
            id="srun's --export sets what it names; slurmstepd gives TMPDIR=/tmp (oracle)",
        ),
        pytest.param(
            ["-n1", "--export=NONE", "/bin/sh", "-c", "echo ${HOME-gone} ${SLURM_JOB_ID} $TMPDIR"],
            0,
            ["gone 1 /tmp"],
            "",
            id="--export=NONE lets only SLURM_* through, and TMPDIR is given (oracle)",
        ),
        pytest.param(
            ["-N3", "true"],
            1,
            [],
            "srun: error: Only allocated 2 nodes asked for 3\n",
            id="more nodes than the job has",
        ),
        pytest.param(
            ["-n500", "true"],
            1,
            [],
            "srun: error: Unable to create step for job 1: "
            "More processors requested than permitted\n",
            id="more tasks than the job has CPUs",
        ),
        pytest.param(
            ["--gpus=5", "-n1", "true"],
            1,
            [],
            "srun: error: Unable to create step for job 1: "
            "Invalid generic resource (gres) specification\n",
            id="more GPUs than the step's nodes hold",
        ),
        pytest.param(
            ["--pty", "-n2", "echo", "hi"],
            0,
            ["hi", "hi"],
            "srun: error: ioctl(TIOCGWINSZ): Inappropriate ioctl for device\n"
            "srun: error: Not using a pseudo-terminal, disregarding --pty option\n",
            id="--pty without a terminal is disregarded, as srun says (oracle)",
        ),
    ],
)
def test_srun_jobid_runs_a_step_of_the_job(
    job: Path, argv: list[str], code: int, out: list[str], err: str
) -> None:
    got = slurm("srun", "--jobid=1", *argv, user="alice")
    assert (got.exit, sorted(got.out.splitlines()), got.err) == (code, out, err)


@pytest.mark.parametrize(
    ("user", "job_id", "err"),
    [
        pytest.param(
            "bob",
            "1",
            "srun: error: Unable to create step for job 1: Access/permission denied\n",
            id="another user's job",
        ),
        pytest.param(
            "alice",
            "99",
            "srun: error: Unable to confirm allocation for job 99: Invalid job id specified\n"
            "srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 99\n",
            id="a job that does not exist",
        ),
    ],
)
def test_srun_jobid_refused_changes_nothing(job: Path, user: str, job_id: str, err: str) -> None:
    before = dump(job)
    got = slurm("srun", f"--jobid={job_id}", "true", user=user)
    assert (got.exit, got.out, got.err) == (1, "", err)
    assert dump(job) == before


def test_tasks_of_a_gpu_each_fit_where_the_gpus_are(cluster: Path) -> None:
    """The oracle: a job of 4 tasks on two nodes (3 and 1 CPUs) with 2 GPUs on each has
    room for 2 tasks of a GPU each on every node, so the second node's one CPU cannot take
    its two: more processors than permitted, at once (it waited for ever)."""
    slurm("sbatch", "-N2", "-n4", "--gpus-per-node=2", "-t", "10", "--wrap=sleep 300")
    advance(5)
    four = slurm("srun", "--jobid=1", "--overlap", "-n4", "--gpus-per-task=1", "true")
    two = slurm("srun", "--jobid=1", "--overlap", "-n2", "--gpus-per-task=1", "true")
    err = "srun: error: Unable to create step for job 1: More processors requested than permitted\n"
    assert (four.exit, four.err, two.exit, two.err) == (1, err, 0, "")


@pytest.mark.parametrize(
    ("option", "refused"),
    [
        ("--gpus=1", True),
        ("--gres=gpu:1", True),
        ("--gpus-per-task=1", True),
        ("--cpus-per-gpu=2", True),
        ("--mem-per-gpu=1G", True),
        ("--ntasks-per-gpu=1", True),
        ("--gpus=0", False),
        ("--gres=gpu:0", False),
        ("--gpu-bind=closest", False),
    ],
)
def test_a_job_without_gpus_refuses_a_step_that_asks_for_them(
    cluster: Path, option: str, refused: bool
) -> None:
    """The oracle: srun's own line, then the controller's answer; a count of 0 or a GPU
    binding alone asks for nothing."""
    slurm("sbatch", "-n4", "-t", "10", "--wrap=sleep 300", user="alice")
    advance(5)
    got = slurm("srun", "--jobid=1", "--overlap", option, "-n1", "true", user="alice")
    err = (
        "srun: error: Step requested GRES but job doesn't have GRES\n"
        "srun: error: Unable to create step for job 1: "
        "Invalid generic resource (gres) specification\n"
    )
    assert (got.exit, got.err) == ((1, err) if refused else (0, ""))


@pytest.mark.parametrize(
    ("option", "code", "err"),
    [
        ("-m foo", 255, "srun: error: Invalid --distribution specification\n"),
        ("--gres-flags=bogus", 255, "srun: error: Invalid --gres-flags specification\n"),
        ("--mail-type=bogus", 255, "srun: error: Invalid --mail-type specification\n"),
        (
            "--cpu-freq=bogus",
            255,
            'srun: error: unrecognized --cpu-freq argument "bogus"\n'
            "srun: error: Invalid --cpu-freq argument\n",
        ),
        ("--mincpus=x", 1, 'srun: error: Invalid numeric value "x" for --mincpus.\n'),
    ],
)
def test_srun_jobid_refuses_what_srun_refuses_outside_one(
    job: Path, option: str, code: int, err: str
) -> None:
    """srun checks the values of the options it only passes on inside an allocation too
    (the oracle), before asking for a step."""
    before = dump(job)
    got = slurm("srun", "--jobid=1", *option.split(), "-n1", "true", user="alice")
    assert (got.exit, got.out, got.err) == (code, "", err)
    assert dump(job) == before


@pytest.mark.parametrize(
    ("setup", "err"),
    [
        pytest.param(
            ["scancel", "1"],
            "srun: error: Slurm job 1 has expired\n",
            id="a job that has ended has expired",
        ),
        pytest.param(
            ["scontrol", "requeue", "1"],
            "srun: error: Unable to confirm allocation for job 1: Job is pending execution\n",
            id="a pending job cannot be confirmed",
        ),
    ],
)
def test_srun_in_a_job_that_does_not_run_is_refused(job: Path, setup: list[str], err: str) -> None:
    slurm(*setup)
    got = slurm("srun", "--jobid=1", "true", user="alice")
    assert (got.exit, got.err) == (
        1,
        f"{err}srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 1\n",
    )


def test_slurm_job_id_in_the_environment_points_srun_at_the_job(
    job: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inside a batch script srun takes its tasks and nodes from the job's variables."""
    for name, value in {"SLURM_JOB_ID": "1", "SLURM_NTASKS": "4", "SLURM_NNODES": "2"}.items():
        monkeypatch.setenv(name, value)
    got = slurm("srun", "sh", "-c", "echo $SLURM_PROCID", user="alice")
    assert (got.exit, sorted(got.out.split())) == (0, ["0", "1", "2", "3"])
    got = slurm("srun", "-n1", "sh", "-c", "echo $SLURM_STEP_NUM_NODES", user="alice")
    assert (got.exit, got.out, got.err) == (
        0,
        "1\n",
        "srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\n",
    )


def test_output_patterns_name_a_file_per_task(job: Path) -> None:
    got = slurm("srun", "--jobid=1", "-n2", "-o", "out-%j-%s-%t-%n.txt", "-e", "err-%t", "sh",
                "-c", "echo o$SLURM_PROCID; echo e >&2", user="alice")  # fmt: skip
    assert (got.exit, got.out, got.err) == (0, "", "")
    assert (job.parent / "out-1-0-0-0.txt").read_text() == "o0\n"
    assert (job.parent / "out-1-0-1-1.txt").read_text() == "o1\n"
    assert (job.parent / "err-1").read_text() == "e\n"


def test_finished_steps_are_in_sacct(job: Path) -> None:
    slurm("srun", "--jobid=1", "-n4", "true", user="alice")
    slurm("srun", "--jobid=1", "-n2", "sh", "-c", "exit 4", user="alice")
    slurm("srun", "--jobid=1", "-n1", "sh", "-c", "kill -9 $$", user="alice")
    slurm("scancel", "1")
    got = slurm("sacct", "-j", "1", "-o", "JobID,JobName,State,ExitCode,AllocCPUS,NTasks,NodeList")
    assert got.out.splitlines()[2:] == [
        "1                 alloc CANCELLED+      0:0          4                 dgx[1-2] ",
        "1.batch           batch  CANCELLED     0:15          3        1            dgx1 ",
        "1.0                true  COMPLETED      0:0          4        4        dgx[1-2] ",
        "1.1                  sh     FAILED      4:0          4        2        dgx[1-2] ",
        "1.2                  sh  CANCELLED      0:9          3        1            dgx1 ",
    ]


@pytest.fixture
def running_step(job: Path) -> subprocess.Popen[bytes]:
    """Step 1.0 runs ``sleep 30`` on both nodes, in another srun process."""
    env = {**os.environ, "SLURMSIM_USER": "alice"}
    srun = subprocess.Popen(
        [sys.executable, "-c", "from cli.srun import main; main()", "--jobid=1", "-n2",
         "sleep", "30"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 20
    while "1.0" not in slurm("squeue", "-s", "-h", "-o", "%i").out:
        assert time.monotonic() < deadline, "the step did not start"
        time.sleep(0.1)
    yield srun
    srun.kill()
    srun.wait()


def test_running_steps_are_shown(running_step: subprocess.Popen[bytes]) -> None:
    advance(2)
    assert slurm("squeue", "-s").out == (
        "         STEPID     NAME PARTITION     USER      TIME NODELIST\n"
        "            1.0    sleep       gpu    alice      0:02 dgx[1-2]\n"
        "        1.batch    batch       gpu    alice      0:07 dgx1\n"
    )
    assert slurm("squeue", "--steps=1.0", "-h", "-o", "%i %A %b %l").out == (
        "1.0 2 gres:gpu:2 UNLIMITED\n"
    )
    shown = slurm("scontrol", "show", "step", "1.0").out
    assert shown.startswith("StepId=1.0 UserId=1001 StartTime=")
    assert "   Nodes=2 CPUs=4 Tasks=2 Name=sleep Network=(null)\n" in shown
    assert "   TRES=cpu=4,gres/gpu=4,mem=64G,node=2\n" in shown
    assert "   CPUFreqReq=Default Dist=Cyclic\n" in shown
    assert shown.endswith(f":{running_step.pid}\n   TresPerNode=gres:gpu:2\n\n")


@pytest.mark.parametrize(
    ("argv", "nodes"),
    [
        (["-n", "4", "--ntasks-per-node=2"], ["dgx1", "dgx2", "dgx3", "dgx4"]),
        (["--ntasks-per-node=3"], ["dgx1", "dgx2", "dgx3"]),
        (["--ntasks-per-node=1"], ["dgx1"]),
        (["-N2", "--ntasks-per-node=2"], ["dgx1", "dgx1", "dgx2", "dgx2"]),
    ],
    ids=["tasks spread over every node", "per node times one node",
         "one task", "per node times -N"],
)  # fmt: skip
def test_ntasks_per_node_lays_a_step_out_as_srun_does(
    cluster: Path, argv: list[str], nodes: list[str]
) -> None:
    """In a four-node job with two CPUs a node, from outside it (the oracle): srun counts
    ``--ntasks-per-node`` times ``-N`` (one node when not given) tasks, spreads them a
    round at a time over the nodes it takes, and never more than that many on one."""
    assert (
        slurm(
            "sbatch", "-N4", "--ntasks-per-node=2", "-t", "10", "--wrap=sleep 300", user="alice"
        ).exit
        == 0
    )
    advance(5)
    got = slurm("srun", "--jobid=1", *argv, "-l", "printenv", "SLURMD_NODENAME", user="alice")
    assert got.exit == 0
    assert sorted(got.out.splitlines()) == [f"{rank}: {node}" for rank, node in enumerate(nodes)]


def test_test_only_with_a_job_id_asks_about_a_new_job(job: Path) -> None:
    """``--test-only`` wins over ``--jobid``: srun asks when a new job would start."""
    got = slurm("srun", "--jobid=1", "-n1", "--test-only", "true", user="alice")
    assert got.exit == 0
    assert got.err.startswith("srun: Job 2 to start at ")
    assert got.err.endswith(" using 1 processors on nodes dgx1 in partition gpu\n")


def test_step_fields_by_name(running_step: subprocess.Popen[bytes]) -> None:
    """``squeue -s -O``: the step fields 22.05 names (the oracle's values for a batch step
    and a numbered one: a step that asks for no GRES takes the job's TRES per job, of
    which this job has none); a job field is not one of them."""
    got = slurm(
        "squeue", "-s", "-O",
        "stepid:10,jobid:7,arrayjobid:4,arraytaskid:5,numcpus:3,numtasks:3,cpufreq:25,"
        "tres-per-step:20,stepstate:8,cluster:11,network",
    )  # fmt: skip
    assert (got.out, got.err) == (
        "STEPID    JOB_ID ARRAARRAYNUMTASCPU_FREQ                 TRES_PER_STEP       STATE   "
        "CLUSTER    NETWORK             \n"
        "1.0       1      0   N/A  4  2  Unknown-Unknown:Unknown  (null)              RUNNING "
        "dgxcluster (null)              \n"
        "1.batch   1      0   N/A  0  1  0-0:0                    (null)              RUNNING "
        "dgxcluster (null)              \n",
        "",
    )
    refused = slurm("squeue", "-s", "-O", "stepid,accruetime")
    assert refused.err == "squeue: error: Invalid job step format specification: accruetime\n"


def test_a_second_step_waits_for_the_cpus_of_the_first(
    running_step: subprocess.Popen[bytes],
) -> None:
    """Without --overlap a step needs CPUs no other step holds; --overlap shares them."""
    got = slurm("srun", "--jobid=1", "--overlap", "-n1", "true", user="alice")
    assert (got.exit, got.err) == (0, "")
    slurm("scancel", "1")
    running_step.wait(timeout=20)
    got = slurm("sacct", "-j", "1.0", "-n", "-P", "-o", "JobID,State,ExitCode")
    assert got.out == "1.0|CANCELLED|0:15\n"


def test_the_end_of_the_job_ends_its_steps(running_step: subprocess.Popen[bytes]) -> None:
    slurm("scancel", "1")
    _, err = running_step.communicate(timeout=20)
    assert running_step.returncode != 0
    assert b"task" in err


def test_a_step_waits_while_another_holds_the_cpus(job: Path) -> None:
    """The second step needs every CPU of the job: it says it waits, then runs."""
    env = {**os.environ, "SLURMSIM_USER": "alice"}
    first = subprocess.Popen(
        [sys.executable, "-c", "from cli.srun import main; main()", "--jobid=1", "-n2",
         "sleep", "2"],
        env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 20
    while "1.0" not in slurm("squeue", "-s", "-h", "-o", "%i").out:
        assert time.monotonic() < deadline, "the step did not start"
        time.sleep(0.05)
    got = slurm("srun", "--jobid=1", "-n1", "sh", "-c", "echo $SLURM_STEP_ID", user="alice")
    assert (got.exit, got.out, got.err) == (
        0,
        "1\n",
        "srun: Job 1 step creation temporarily disabled, retrying (Requested nodes are busy)\n"
        "srun: Step created for job 1\n",
    )
    assert first.wait(timeout=20) == 0


def test_srun_copies_its_input_to_every_task(job: Path) -> None:
    """As Slurm's default --input=all: each task reads all of srun's standard input."""
    done = subprocess.run(
        [sys.executable, "-c", "from cli.srun import main; main()", "--jobid=1", "-n2", "-l",
         "cat"],
        input=b"hello\n", capture_output=True, env={**os.environ, "SLURMSIM_USER": "alice"},
        timeout=30, check=False,
    )  # fmt: skip
    assert (done.returncode, sorted(done.stdout.decode().splitlines())) == (
        0,
        ["0: hello", "1: hello"],
    )


def test_a_salloc_allocation_has_only_the_steps_srun_made(cluster: Path) -> None:
    """salloc's job has no step of its own (unlike an interactive srun's step 0)."""
    slurm("salloc", "-N2", "--no-shell", "-t", "10", user="alice")
    assert slurm("scontrol", "show", "step").out == "No job steps in the system\n"
    slurm("srun", "--jobid=1", "-n2", "true", user="alice")
    got = slurm("sacct", "-j", "1", "-n", "-P", "-o", "JobID,JobName,State")
    assert got.out == "1|no-shell|RUNNING\n1.0|true|COMPLETED\n"


def test_no_task_outlives_a_killed_srun(job: Path) -> None:
    env = {**os.environ, "SLURMSIM_USER": "alice"}
    srun = subprocess.Popen(
        [sys.executable, "-c", "from cli.srun import main; main()", "--jobid=1", "sh", "-c",
         "echo $$ > task.pid; exec sleep 300"],
        env=env,
    )  # fmt: skip
    pid_file = job.parent / "task.pid"
    deadline = time.monotonic() + 20
    while not pid_file.exists() or not pid_file.read_text().strip():
        assert time.monotonic() < deadline, "the task did not start"
        time.sleep(0.05)
    srun.kill()
    srun.wait()
    pid = int(pid_file.read_text())
    while Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text():
        assert time.monotonic() < deadline, "the task outlived srun"
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("argv", "code", "srun_err", "sacct"),
    [
        pytest.param(
            ["1.0"],
            137,
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
            "slurmstepd-dgx1: error: *** STEP 1.0 ON dgx1 CANCELLED AT 2026-11-29T19:00:05 ***\n"
            "srun: error: dgx1: task 0: Killed\n"
            "srun: error: dgx2: task 1: Killed\n",
            "1.0|CANCELLED by 1001|0:9\n",
            id="scancel JOB.STEP kills the step's tasks",
        ),
        pytest.param(
            ["--signal=USR1", "1.0"],
            138,
            "srun: error: dgx1: task 0: User defined signal 1\n"
            "srun: error: dgx2: task 1: User defined signal 1\n",
            "1.0|CANCELLED|0:10\n",
            id="scancel --signal sends the tasks that signal",
        ),
    ],
)
def test_scancel_ends_or_signals_one_step(
    running_step: subprocess.Popen[bytes], argv: list[str], code: int, srun_err: str, sacct: str
) -> None:
    got = slurm("scancel", *argv, user="alice")
    assert (got.exit, got.out, got.err) == (0, "", "")
    _, err = running_step.communicate(timeout=20)
    assert (running_step.returncode, err.decode()) == (code, srun_err)
    assert slurm("sacct", "-j", "1.0", "-n", "-P", "-o", "JobID,State,ExitCode").out == sacct
    assert slurm("squeue", "-s", "-h", "-o", "%i").out == "1.batch\n"


@pytest.mark.parametrize(
    ("argv", "user", "code", "err"),
    [
        pytest.param(
            ["1.7"],
            "alice",
            225,
            "scancel: error: Kill job error on job step id 1: Invalid job id specified\n",
            id="a step that does not run",
        ),
        pytest.param(
            ["1.0"],
            "bob",
            218,
            "scancel: error: Kill job error on job step id 1: Invalid user id\n",
            id="someone else's step",
        ),
        pytest.param(
            ["1.batch"], "alice", 1, "scancel: error: Invalid job id 1.batch\n",
            id="the batch step is not a step id scancel takes",
        ),
    ],
)  # fmt: skip
def test_scancel_of_a_step_refused(
    running_step: subprocess.Popen[bytes], argv: list[str], user: str, code: int, err: str
) -> None:
    got = slurm("scancel", *argv, user=user)
    assert (got.exit, got.out, got.err) == (code, "", err)
    assert "1.0" in slurm("squeue", "-s", "-h", "-o", "%i").out


def test_a_step_binds_gpus_by_the_tasks_per_gpu_its_batch_job_hands_down(monkeypatch) -> None:
    """srun's tasks see --ntasks-per-gpu's binding, from srun's option or, in a batch job,
    from the SLURM_NTASKS_PER_GPU sbatch set (the oracle: gpu:single:1 and 1)."""
    from cli._step import task_variables

    monkeypatch.delenv("SLURM_NTASKS_PER_GPU", raising=False)
    assert task_variables({"ntasks-per-gpu": "2"}) == {
        "SLURMD_TRES_BIND": "gpu:single:2",
        "SLURM_NTASKS_PER_TRES": "2",
    }
    monkeypatch.setenv("SLURM_NTASKS_PER_GPU", "1")
    assert task_variables({})["SLURMD_TRES_BIND"] == "gpu:single:1"


def test_an_attaching_sruns_tasks_see_its_own_tasks_per_node(cluster: Path) -> None:
    """The oracle, ``srun --jobid`` in a job of two nodes of four tasks: tasks per node that
    do not divide the tasks are dropped with a warning and the tasks see none; kept, they
    see srun's (3), never the job's (4)."""
    job = slurm(
        "sbatch", "--parsable", "-N", "2", "--ntasks-per-node=4", "-t", "5", "--wrap=sleep 300",
        user="alice",
    ).out.strip()  # fmt: skip
    advance(3)

    def shown(*options: str) -> tuple[int, list[str], str]:
        got = slurm(
            "srun", f"--jobid={job}", "-N", "2", *options, "-l",
            "printenv", "SLURM_NTASKS_PER_NODE", user="alice",
        )  # fmt: skip
        values = sorted(line.split(": ", 1)[1] for line in got.out.splitlines())
        return got.exit, values, got.err

    code, values, err = shown("-n", "8", "--ntasks-per-node=3")
    assert (code, values) == (1, [])
    assert "can't honor --ntasks-per-node set to 3" in err
    assert shown("-n", "6", "--ntasks-per-node=3")[:2] == (0, ["3"] * 6)


@pytest.mark.parametrize(
    ("variable", "options", "named"),
    [
        ("SLURM_NTASKS_PER_NODE", ["-n", "2"], "SLURM_NTASKS_PER_NODE"),
        ("SLURM_NTASKS_PER_NODE", ["--ntasks-per-node=2"], "--ntasks-per-node"),
        ("SLURM_GPUS_PER_TASK", ["--ntasks-per-node=2"], "SLURM_GPUS_PER_TASK"),
    ],
)
def test_srun_in_a_job_refuses_tasks_per_gpu_beside_the_jobs_own_layout(
    cluster: Path, monkeypatch: pytest.MonkeyPatch, variable: str, options: list[str], named: str
) -> None:
    """The oracle, srun inside a batch script: the job's --gpus-per-task or
    --ntasks-per-node (their variables) rule --ntasks-per-gpu out, the former first."""
    job = slurm("sbatch", "--parsable", "-t", "5", "--wrap=sleep 300", user="alice").out.strip()
    advance(3)
    monkeypatch.setenv("SLURM_JOB_ID", job)
    monkeypatch.setenv(variable, "1")
    got = slurm("srun", *options, "--ntasks-per-gpu=1", "true", user="alice")
    assert (got.exit, got.out) == (1, "")
    assert got.err == (
        f"srun: fatal: {named} is mutually exclusive with --ntasks-per-gpu and "
        "SLURM_NTASKS_PER_GPU\n"
    )
