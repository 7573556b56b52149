"""srun and salloc outside an allocation: an interactive job whose command runs here."""

from pathlib import Path

import pytest

from tests.cli.conftest import slurm

SHOW = "echo $SLURM_PROCID $SLURM_LOCALID $SLURM_NODEID $SLURMD_NODENAME $CUDA_VISIBLE_DEVICES"
FULL = ["sbatch", "-N", "4", "--gres=gpu:8", "-t", "10", "--wrap=sleep 300"]


@pytest.mark.parametrize(
    ("argv", "code", "out", "err"),
    [
        pytest.param(
            ["-N2", "-n4", "--gres=gpu:2", "sh", "-c", SHOW],
            0,
            ["0 0 0 dgx1 0,1", "1 1 0 dgx1 0,1", "2 2 0 dgx1 0,1", "3 0 1 dgx2 0,1"],
            "",
            id="every task runs with its rank, node and GPUs, packed onto the first node",
        ),
        pytest.param(
            ["--pty", "-t", "5", "sh", "-c", "echo $SLURM_JOB_ID $SLURM_STEP_ID $SLURM_JOB_NAME"],
            0,
            ["1 0 sh"],
            "srun: error: ioctl(TIOCGWINSZ): Inappropriate ioctl for device\n"
            "srun: error: Not using a pseudo-terminal, disregarding --pty option\n",
            id="--pty without a terminal is disregarded; the job is the first step's",
        ),
        pytest.param(
            ["-n2", "sh", "-c", "exit 3"],
            3,
            [],
            "srun: error: dgx1: tasks 0-1: Exited with exit code 3\n",
            id="failing tasks are reported and give their exit code",
        ),
        pytest.param(
            ["no-such-command-here"],
            2,
            [],
            "slurmstepd-dgx1: error: execve(): no-such-command-here: No such file or directory\n"
            "srun: error: dgx1: task 0: Exited with exit code 2\n",
            id="a command that does not exist exits 2",
        ),
        pytest.param(
            ["-p", "nosuch", "true"],
            1,
            [],
            "srun: error: invalid partition specified: nosuch\n"
            "srun: error: Unable to allocate resources: Invalid partition name specified\n",
            id="a refused request says why",
        ),
    ],
)
def test_srun_runs_the_command_per_task(
    cluster: Path, argv: list[str], code: int, out: list[str], err: str
) -> None:
    got = slurm("srun", *argv, user="alice")
    assert (got.exit, sorted(got.out.splitlines()), got.err) == (code, out, err)


@pytest.mark.parametrize(
    ("argv", "state"),
    [
        pytest.param(["true"], "COMPLETED 0:0", id="a command that succeeds completes the job"),
        pytest.param(["sh", "-c", "exit 5"], "FAILED 5:0", id="a failing command fails the job"),
    ],
)
def test_srun_ends_its_job_when_the_command_exits(
    cluster: Path, argv: list[str], state: str
) -> None:
    slurm("srun", *argv, user="alice")
    shown = slurm("scontrol", "show", "job", "1").out
    assert f"JobState={state.split(maxsplit=1)[0]} " in shown
    assert f"ExitCode={state.split()[1]}" in shown
    assert "BatchFlag=0" in shown
    assert "StdOut=" not in shown


def test_srun_that_must_wait_says_so_and_plays_the_clock(cluster: Path) -> None:
    slurm(*FULL, user="bob")
    got = slurm("srun", "-N1", "--gres=gpu:8", "true", user="alice")
    assert (got.exit, got.err) == (
        0,
        "srun: job 2 queued and waiting for resources\nsrun: job 2 has been allocated resources\n",
    )
    assert slurm("squeue", "-h").out == ""


@pytest.mark.parametrize(
    ("argv", "code", "err", "state"),
    [
        pytest.param(
            ["--no-shell", "-J", "debug", "--gres=gpu:8", "-t", "1:00:00"],
            0,
            "salloc: Granted job allocation 1\n",
            "RUNNING",
            id="--no-shell keeps the allocation running",
        ),
        pytest.param(
            ["sh", "-c", "exit 4"],
            4,
            "salloc: Granted job allocation 1\nsalloc: Relinquishing job allocation 1\n",
            "FAILED",
            id="the command's exit ends the allocation",
        ),
        pytest.param(
            ["true"],
            0,
            "salloc: Granted job allocation 1\nsalloc: Relinquishing job allocation 1\n",
            "COMPLETED",
            id="a command that succeeds completes it",
        ),
    ],
)
def test_salloc_grants_runs_and_relinquishes(
    cluster: Path, argv: list[str], code: int, err: str, state: str
) -> None:
    got = slurm("salloc", *argv, user="alice")
    assert (got.exit, got.err) == (code, err)
    shown = slurm("scontrol", "show", "job", "1").out
    assert f"JobState={state} " in shown
    assert "BatchFlag=0" in shown


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        pytest.param(["srun", "sh", "-c", "exit 0"], "Command=sh", id="srun: its program"),
        pytest.param(["salloc", "sh", "-c", "exit 0"], "Command=(null)", id="salloc: none"),
    ],
)
def test_an_interactive_job_keeps_its_programs_name_alone(
    cluster: Path, argv: list[str], shown: str
) -> None:
    """The oracle: slurmctld keeps the program srun runs, not its arguments, and nothing
    of what salloc runs."""
    slurm(*argv, user="alice")
    assert f"   {shown}\n" in slurm("scontrol", "show", "job", "1").out


def test_salloc_command_sees_the_allocation_and_no_task(cluster: Path) -> None:
    got = slurm("salloc", "-N2", "sh", "-c", "echo $SLURM_JOB_NODELIST ${SLURM_PROCID:-none}")
    assert got.out == "dgx[1-2] none\n"


def test_salloc_command_sees_no_job_ids_of_the_user_but_the_submit_host(cluster: Path) -> None:
    """salloc sets neither SLURM_JOB_UID nor SLURM_JOB_GID (nor SLURM_JOB_USER) for its
    command, and does set SLURM_SUBMIT_HOST (the oracle)."""
    import os

    show = "echo ${SLURM_JOB_UID:-none} ${SLURM_JOB_GID:-none} ${SLURM_JOB_USER:-none}"
    got = slurm("salloc", "sh", "-c", f"{show} $SLURM_SUBMIT_HOST")
    assert got.out == f"none none none {os.uname().nodename.split('.')[0]}\n"


def test_salloc_that_must_wait_says_so(cluster: Path) -> None:
    slurm(*FULL, user="bob")
    got = slurm("salloc", "--no-shell", "--gres=gpu:8", user="alice")
    assert got.err == (
        "salloc: Pending job allocation 2\n"
        "salloc: job 2 queued and waiting for resources\n"
        "salloc: job 2 has been allocated resources\n"
        "salloc: Granted job allocation 2\n"
    )
    assert slurm("squeue", "-h", "-o", "%i %j %t").out == "2 no-shell R\n"


@pytest.mark.parametrize(
    ("wait", "code", "err"),
    [
        pytest.param("abc", 1, 'srun: error: Invalid numeric value "abc" for --wait.\n', id="bad"),
        pytest.param("", 0, "", id="empty is no wait"),
    ],
)
def test_srun_reads_slurm_wait_as_its_wait_option(
    cluster: Path, monkeypatch: pytest.MonkeyPatch, wait: str, code: int, err: str
) -> None:
    monkeypatch.setenv("SLURM_WAIT", wait)
    got = slurm("srun", "-n", "1", "true", user="alice")
    assert (got.exit, got.err) == (code, err)


def test_srun_wait_kills_what_outlives_the_first_task_from_slurm_wait(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURM_WAIT", "1")
    got = slurm("srun", "-n", "2", "sh", "-c", 'test "$SLURM_PROCID" = 0 || exec sleep 30')
    assert got.exit == 137
    assert "srun: StepId=1.0 task 1: running\n" in got.err
    states = slurm("sacct", "-n", "-P", "-o", "JobID,State,ExitCode").out.split()
    assert states == ["1|FAILED|0:9", "1.0|COMPLETED|0:0"]


@pytest.mark.parametrize(
    ("argv", "lines"),
    [
        pytest.param(["--exclusive"], {"1 112 none"}, id="--exclusive: the whole node's CPUs"),
        pytest.param(["-n1", "--exclusive"], {"1 1 none"}, id="-n1 --exclusive: its task's"),
        pytest.param(["--exclusive", "-c56"], {"2 112 none"}, id="--exclusive -c: as many tasks"),
        pytest.param(["--exclusive", "--gpus=1"], {"1 112 1"}, id="--exclusive: the GPUs asked"),
        pytest.param(["--gpus=1", "--cpus-per-gpu=4"], {"1 4 1"}, id="the GPU's CPUs: one task"),
    ],
)
def test_srun_gives_its_own_tasks_what_slurm_gives_them(
    cluster: Path, argv: list[str], lines: set[str]
) -> None:
    """The oracle: srun's own step holds the node's CPUs under --exclusive unless -n counts
    its tasks, only the GPUs asked, and one task unless -n or -c says otherwise."""
    show = "echo $SLURM_NTASKS $SLURM_CPUS_ON_NODE ${SLURM_GPUS_ON_NODE:-none}"
    got = slurm("srun", *argv, "sh", "-c", show, user="alice")
    assert set(got.out.splitlines()) == lines


@pytest.mark.parametrize(
    ("argv", "layout"),
    [
        pytest.param(["-n1"], "Block", id="one task: Block"),
        pytest.param(["--mem=8G"], "Cyclic", id="memory asked, a task a node: Cyclic"),
        pytest.param(["--mem=8G", "-n2"], "Block", id="memory asked, two tasks a node: Block"),
        pytest.param(["--mem-per-cpu=4G", "-N2"], "Cyclic", id="memory per CPU, two nodes"),
        pytest.param(["--mem=8G", "-m", "block"], "Block", id="-m as typed"),
    ],
)
def test_srun_own_step_is_distributed_as_slurm_settles_it(
    cluster: Path, argv: list[str], layout: str
) -> None:
    """The oracle: an srun's step 0 is Block, but for a job that asks memory, whose step is
    settled as any step's: Block with more than one task on a node, else Cyclic."""
    slurm("srun", *argv, "true", user="alice")
    got = slurm("sacct", "-j", "1.0", "-n", "-P", "-o", "Layout", user="alice")
    assert got.out == f"{layout}\n"


def test_srun_own_step_on_a_whole_node_with_c_counts_the_tasks_it_ran(cluster: Path) -> None:
    """The oracle: ``srun --exclusive -c 4`` runs 28 tasks on a node of 112, and sacct's
    step 0 counts them."""
    got = slurm("srun", "--exclusive", "-c", "4", "true", user="alice")
    assert got.exit == 0
    got = slurm("sacct", "-j", "1.0", "-n", "-P", "-o", "NTasks,AllocCPUS", user="alice")
    assert got.out == "28|112\n"


def test_a_step_of_an_exclusive_job_that_asked_no_gpu_has_none(cluster: Path) -> None:
    """The oracle: salloc --exclusive holds the node's 8 GPUs (gres/gpu=8), but a step
    asking none gets none, where one asking for a GPU gets it."""
    show = "echo ${SLURM_GPUS_ON_NODE:-none} ${CUDA_VISIBLE_DEVICES:-none}"
    got = slurm(
        "salloc", "--exclusive", "sh", "-c", f"srun sh -c '{show}'; srun --gpus=1 sh -c '{show}'"
    )
    assert got.out.splitlines() == ["none none", "1 0"]


def test_salloc_of_a_heterogeneous_job_runs_its_command_with_each_components_variables(
    cluster: Path,
) -> None:
    """The oracle: only backfill starts it, so salloc waits; its command sees each
    component's variables suffixed, the leader's id, and the task counts added up."""
    show = (
        "echo $SLURM_JOB_ID $SLURM_HET_SIZE $SLURM_NTASKS $SLURM_JOB_NODELIST_HET_GROUP_0 "
        "$SLURM_JOB_NODELIST_PACK_GROUP_1 $SLURM_NTASKS_HET_GROUP_1 ${SLURM_JOB_NODELIST:-none}"
    )
    got = slurm("salloc", "-N1", "-n1", ":", "-N2", "-n2", "sh", "-c", show, user="alice")
    assert (got.exit, got.out) == (0, "1 2 3 dgx3 dgx[1-2] 2 none\n")
    assert got.err == (
        "salloc: Pending job allocation 1\n"
        "salloc: job 1 queued and waiting for resources\n"
        "salloc: job 1 has been allocated resources\n"
        "salloc: Granted job allocation 1\n"
        "salloc: Relinquishing job allocation 1\n"
        "salloc: Job allocation 1 has been revoked.\n"
    )
    shown = slurm("sacct", "-n", "-P", "-X", "-o", "jobid,jobname,state", user="alice")
    assert shown.out == "1+0|interactive|COMPLETED\n1+1|interactive|COMPLETED\n"


def test_salloc_of_a_heterogeneous_job_a_later_component_refused(cluster: Path) -> None:
    """The oracle: the leader's record made before the refusal is revoked, CANCELLED."""
    got = slurm("salloc", "-N1", ":", "-p", "nope", "true", user="alice")
    assert (got.exit, got.err) == (
        1,
        "salloc: error: invalid partition specified: nope\n"
        "salloc: error: Job submit/allocate failed: Invalid partition name specified\n"
        "salloc: Job allocation 1 has been revoked.\n",
    )
    assert slurm("squeue", "-h", "-t", "all", "-o", "%i %T").out == "1+0 CANCELLED\n"


def test_srun_of_a_new_heterogeneous_job_runs_one_step_over_its_components(
    cluster: Path,
) -> None:
    """The oracle: srun waits for backfill to start the job, then its step 0 runs over both
    components, ranked in their order, each task seeing the whole step, the leader's id and
    the last component's name."""
    show = (
        "echo $SLURM_PROCID $SLURM_JOB_ID $SLURM_STEP_ID $SLURM_NTASKS $SLURM_JOB_NAME "
        "$SLURM_HET_SIZE $SLURM_JOB_NODELIST $SLURM_NODEID"
    )
    got = slurm(
        "srun", "-N1", "sh", "-c", show, ":", "-N2", "-J", "other", "sh", "-c", show,
        user="alice",
    )  # fmt: skip
    assert got.exit == 0
    assert sorted(got.out.splitlines()) == [
        "0 1 0 3 other 2 dgx[1-3] 0",
        "1 1 0 3 other 2 dgx[1-3] 1",
        "2 1 0 3 other 2 dgx[1-3] 2",
    ]
    assert got.err == (
        "srun: job 1 queued and waiting for resources\nsrun: job 1 has been allocated resources\n"
    )
    shown = slurm("sacct", "-n", "-P", "-o", "jobid,jobname,state,nodelist", user="alice")
    assert shown.out == (
        "1+0|sh|COMPLETED|dgx3\n1+0.0|sh|COMPLETED|dgx3\n"
        "1+1|other|COMPLETED|dgx[1-2]\n1+1.0|other|COMPLETED|dgx[1-2]\n"
    )


def test_srun_of_a_new_heterogeneous_job_ends_with_the_highest_exit_code(cluster: Path) -> None:
    """The oracle: both components FAILED 3:0, the second's share of step 0 COMPLETED."""
    got = slurm("srun", "-N1", "sh", "-c", "exit 3", ":", "-N1", "true", user="alice")
    assert got.exit == 3
    assert got.err.endswith("srun: error: dgx1: task 0: Exited with exit code 3\n")
    shown = slurm("sacct", "-n", "-P", "-o", "jobid,jobname,state,exitcode", user="alice")
    assert shown.out == (
        "1+0|sh|FAILED|3:0\n1+0.0|sh|FAILED|3:0\n1+1|sh|FAILED|3:0\n1+1.0|sh|COMPLETED|0:0\n"
    )
