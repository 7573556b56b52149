"""``--signal`` on submission and ``scancel --signal`` on simulated jobs (nothing runs)."""

import pytest

from tests.cli.conftest import advance, slurm

#: What scancel -v logs when it reads the jobs itself (oracle: tests/golden/scancel/).
PLUGINS_LOADED = (
    "scancel: select/cons_tres: common_init: select/cons_tres loaded\n"
    "scancel: select/cray_aries: init: Cray/Aries node selection plugin loaded\n"
    "scancel: select/linear: init: Linear node selection plugin loaded with argument 20\n"
    "scancel: select/cons_res: common_init: select/cons_res loaded\n"
)


@pytest.mark.parametrize(
    ("argv", "code", "err"),
    [
        pytest.param(["sbatch", "--signal=B:USR1@90"], 0, "", id="sbatch takes B: and a time"),
        pytest.param(["sbatch", "--signal=R:10"], 0, "", id="R: and a number"),
        pytest.param(["sbatch", "--signal=99"], 0, "", id="any number (oracle)"),
        pytest.param(["sbatch", "--signal=sigusr2@0"], 0, "", id="a name in any case, SIG prefix"),
        pytest.param(
            ["sbatch", "--signal=bogus"],
            255,
            "sbatch: error: Invalid --signal specification\n",
            id="an unknown signal is refused",
        ),
        pytest.param(
            ["sbatch", "--signal=USR1@70000"],
            255,
            "sbatch: error: Invalid --signal specification\n",
            id="sig_time above 65535 is refused",
        ),
        pytest.param(
            ["sbatch", "--signal=X:USR1"],
            255,
            "sbatch: error: Invalid --signal specification\n",
            id="a flag other than R or B is refused",
        ),
        pytest.param(
            ["srun", "--signal=B:USR1"],
            255,
            "srun: error: Invalid --signal specification\n",
            id="srun has no batch shell to signal",
        ),
    ],
)
def test_signal_option_is_read_or_refused(cluster, argv, code, err):
    command = [*argv, "--wrap=true"] if argv[0] == "sbatch" else [*argv, "true"]
    got = slurm(*command)
    assert (got.exit, got.err) == (code, err)


@pytest.mark.parametrize(
    ("argv", "state"),
    [
        pytest.param(["-s", "USR1"], "RUNNING", id="a signal to the steps: there are none"),
        pytest.param(["-s", "TERM"], "RUNNING", id="even TERM: it goes to the steps"),
        pytest.param(["-b", "-s", "KILL"], "FAILED", id="KILL to the batch shell kills it"),
        pytest.param(["-b", "-s", "INT"], "RUNNING", id="INT: the shell waits for its command"),
        pytest.param(["-f", "-s", "KILL"], "CANCELLED", id="-f KILL cancels, as plain scancel"),
        pytest.param(["--signal=KILL"], "CANCELLED", id="KILL alone cancels, as plain scancel"),
        pytest.param(["-s", "SIGKILL", "-v"], "CANCELLED", id="SIGKILL with -v cancels too"),
    ],
)
def test_scancel_signal_ends_a_simulated_job_as_its_shell_would_end(cluster, argv, state):
    slurm("sbatch", "-t", "10", "--wrap=sleep 300")
    advance(5)
    got = slurm("scancel", *argv, "1")
    assert (got.exit, got.out) == (0, "")
    assert slurm("squeue", "-h", "-t", "all", "-o", "%T").out == f"{state}\n"


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        pytest.param(["-s", "USR1"], "scancel: Signal 10 to job 1\n", id="the steps"),
        pytest.param(["-b", "-s", "INT"], "scancel: Signal 2 to batch job 1\n", id="-b"),
        pytest.param(["-f", "-b", "-s", "2"], "scancel: Signal 2 to full job 1\n", id="-f wins"),
    ],
)
def test_scancel_signal_verbose_names_the_signal_and_its_target(cluster, argv, err):
    """Oracle: facts recorded for this work (scancel -v -s INT, -v -b, -v -f); reading the
    jobs first, scancel -v logs the select plugins it loads."""
    slurm("sbatch", "-t", "10", "--wrap=sleep 300")
    advance(5)
    got = slurm("scancel", "-v", *argv, "1")
    assert (got.exit, got.err) == (0, PLUGINS_LOADED + err)


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        pytest.param(
            ["-s", "USR1"],
            "scancel: error: Kill job error on job id 1: "
            "Job can not be altered now, try again later\n",
            id="a pending job has no process to signal",
        ),
        pytest.param(
            ["-v", "-s", "USR1"],
            PLUGINS_LOADED
            + "scancel: Signal 10 to job 1\n"
            + "scancel: Job is in transitional state, retrying\n" * 10
            + "scancel: error: Kill job error on job id 1: "
            "Job can not be altered now, try again later\n",
            id="with -v, the retries (without Slurm's wait)",
        ),
    ],
)
def test_scancel_signal_to_a_pending_job_is_refused(cluster, argv, err):
    """Oracle (held job): exit 2020 & 0xFF; the job stays pending."""
    slurm("sbatch", "-H", "--wrap=sleep 300")
    got = slurm("scancel", *argv, "1")
    assert (got.exit, got.out, got.err) == (228, "", err)
    assert slurm("squeue", "-h", "-o", "%T").out == "PENDING\n"


def test_stop_flags_a_running_job_stopped_until_cont(cluster):
    job = slurm("sbatch", "--parsable", "-t", "5", "--wrap=sleep 120").out.strip()
    advance(5)

    def shown() -> tuple[str, str, str]:
        queue = slurm("squeue", "-h", "-j", job, "-o", "%t %T").out.strip()
        running = slurm("squeue", "-h", "-t", "R", "-o", "%i").out.strip()
        return queue, running, slurm("sacct", "-n", "-X", "-j", job, "-o", "State%8").out.strip()

    assert slurm("scancel", "-s", "STOP", job).exit == 0
    assert shown() == ("ST STOPPED", "", "RUNNING")
    assert "JobState=STOPPED " in slurm("scontrol", "show", "job", job).out
    assert slurm("squeue", "-h", "-t", "st", "-o", "%i").out.strip() == job
    assert slurm("scancel", "-s", "CONT", job).exit == 0
    assert shown() == ("R RUNNING", job, "RUNNING")
    slurm("scancel", "-s", "STOP", job)
    advance(600)  # it has no step to stop: its script ends when it would have (the oracle)
    assert slurm("sacct", "-n", "-X", "-j", job, "-o", "State%10").out.strip() == "COMPLETED"


def test_a_stopped_job_suspended_and_resumed_runs_unflagged(cluster):
    job = slurm("sbatch", "--parsable", "-t", "5", "--wrap=sleep 120").out.strip()
    advance(5)
    slurm("scancel", "-s", "STOP", job)
    assert slurm("scontrol", "suspend", job, user="root").exit == 0
    assert slurm("squeue", "-h", "-j", job, "-o", "%t").out.strip() == "S"
    assert slurm("scontrol", "resume", job, user="root").exit == 0
    assert slurm("squeue", "-h", "-j", job, "-o", "%t").out.strip() == "R"  # as on the oracle
