"""scontrol's suspend/resume, show step, show config, notify, wait_job and the commands
slurmsim does not emulate: who may, and what each prints."""

import re
from pathlib import Path

import pytest

from tests.cli.conftest import advance, dump, slurm


def running_job(user: str = "alice") -> str:
    got = slurm("sbatch", "--parsable", "-N", "2", "--gres=gpu:8", "--time=1:00:00",
                "--wrap=sleep 600", user=user)  # fmt: skip
    advance(5)
    return got.out.strip()


def field(job: str, name: str) -> str:
    found = re.search(rf"\b{name}=(\S*)", slurm("scontrol", "show", "job", job).out)
    assert found is not None
    return found.group(1)


def test_suspend_stops_the_clock_of_a_job_and_resume_moves_its_end(cluster: Path) -> None:
    job = running_job()
    end = field(job, "EndTime")
    assert slurm("scontrol", "suspend", job).exit == 0
    assert (field(job, "JobState"), field(job, "Priority")) == ("SUSPENDED", "0")
    advance(3600)  # longer than its limit: a suspended job is never timed out
    assert slurm("scontrol", "resume", job).exit == 0
    assert field(job, "JobState") == "RUNNING"
    assert field(job, "EndTime") > end
    assert field(job, "Priority") != "0"


@pytest.mark.parametrize(
    ("argv", "user", "stderr"),
    [
        pytest.param(["suspend", "{job}"], "alice", "Access/permission denied for job {job}\n",
                     id="a user may not suspend even her own job"),
        pytest.param(["resume", "{job}"], "root", "Job is not suspended for job {job}\n",
                     id="resume of a running job"),
        pytest.param(["suspend", "999999"], "root",
                     "Unexpected message received for job 999999\n", id="suspend of no job"),
        pytest.param(["notify", "{job}", "hi"], "bob", "job notify failure: Invalid user id\n",
                     id="notify of another user's job"),
        pytest.param(["notify", "{job}"], "alice", "too few arguments for keyword:notify\n",
                     id="notify without a message"),
        pytest.param(["wait_job", "999999"], "alice", "scontrol: Problem running job 999999\n",
                     id="wait_job of no job"),
        pytest.param(["reconfigure"], "alice", "slurm_reconfigure error: Invalid user id\n",
                     id="reconfigure by a user"),
        pytest.param(["setdebug", "debug"], "alice",
                     "slurm_set_debug_level error: Permission denied\n", id="setdebug by a user"),
        pytest.param(["update", "JobId={job}", "Partition=debug"], "root",
                     "Job is no longer pending execution for job {job}\n",
                     id="partition of a running job"),
        pytest.param(["update", "JobId={job}", "NumNodes=4"], "alice",
                     "Requested operation not supported on this system for job {job}\n",
                     id="growing a running job"),
        pytest.param(["update", "JobId={job}", "Foo=bar"], "alice",
                     "Update of this parameter is not supported: Foo=bar\nRequest aborted\n",
                     id="an unknown field"),
    ],
)  # fmt: skip
def test_scontrol_refuses_like_slurm_and_changes_nothing(
    cluster: Path, argv: list[str], user: str, stderr: str
) -> None:
    job = running_job()
    before = dump(cluster)
    got = slurm("scontrol", *[a.format(job=job) for a in argv], user=user)
    assert (got.exit, got.out, got.err) == (1, "", stderr.format(job=job))
    assert dump(cluster) == before


def test_show_step_lists_the_batch_step_of_a_running_job(cluster: Path) -> None:
    job = running_job()
    got = slurm("scontrol", "-o", "show", "step", job)
    assert got.out.startswith(f"StepId={job}.batch UserId=1001 ")
    assert "CPUs=0 Tasks=1 Name=batch Network=(null) TRES=(null)" in got.out


@pytest.mark.parametrize(
    ("selector", "stdout", "stderr", "code"),
    [
        pytest.param("{job}.batch", "Job step {job}.0 not found\n", "", 1,
                     id="a step name reads as step 0"),
        pytest.param("999999", "", "slurm_get_job_steps error: Invalid job id specified\n", 1,
                     id="no such job"),
    ],
)  # fmt: skip
def test_show_step_answers_like_slurm(
    cluster: Path, selector: str, stdout: str, stderr: str, code: int
) -> None:
    job = running_job()
    got = slurm("scontrol", "show", "step", selector.format(job=job))
    assert (got.exit, got.out, got.err) == (code, stdout.format(job=job), stderr)


def test_show_config_follows_the_clusters_configuration(cluster: Path) -> None:
    from dataclasses import replace

    from slurmsim.api.session import session

    with session(write=True) as s:
        s.state.config = replace(s.state.config, preempt_mode="SUSPEND,GANG", max_array_size=50)
    text = slurm("scontrol", "show", "config").out
    assert "PreemptMode             = SUSPEND,GANG\n" in text
    assert "MaxArraySize            = 50\n" in text


def test_show_hostnames_without_a_list_says_the_list_is_empty(cluster: Path) -> None:
    got = slurm("scontrol", "show", "hostnames")
    assert (got.exit, got.out, got.err) == (0, "", "scontrol: error: host list is empty\n")


@pytest.mark.parametrize(
    ("limit", "exit", "want"),
    [
        pytest.param("30", 0, "00:30:00", id="raised within the partition's MaxTime"),
        pytest.param("3:00:00", 1, "00:10:00", id="raised past the partition's MaxTime"),
    ],
)
def test_a_user_may_raise_a_pending_jobs_time_limit_only_within_its_partition(
    cluster: Path, limit: str, exit: int, want: str
) -> None:
    job = slurm("sbatch", "--parsable", "-p", "debug", "-t", "10", "--begin=now+1hour",
                "--wrap=sleep 600", user="alice").out.strip()  # fmt: skip
    got = slurm("scontrol", "update", f"JobId={job}", f"TimeLimit={limit}", user="alice")
    assert (got.exit, field(job, "TimeLimit")) == (exit, want)


def test_a_user_may_not_raise_a_running_jobs_time_limit(cluster: Path) -> None:
    job = running_job()
    got = slurm("scontrol", "update", f"JobId={job}", "TimeLimit=2:00:00", user="alice")
    assert (got.exit, got.err) == (1, f"Access/permission denied for job {job}\n")


def test_a_main_pass_clears_the_flag_backfill_left_on_a_pending_job(cluster: Path) -> None:
    slurm("sbatch", "-N", "4", "--gres=gpu:8", "--time=1:00:00", "--wrap=sleep 3000")
    advance(5)
    waiting = slurm("sbatch", "--parsable", "-N", "1", "--gres=gpu:8", "--time=10",
                    "--wrap=sleep 60").out.strip()  # fmt: skip
    advance(40)  # a backfill cycle plans it, after the main pass its submission asked for
    planned = field(waiting, "StartTime")
    assert (field(waiting, "Scheduler"), field(waiting, "SchedNodeList")) == (
        "Backfill:*",
        "dgx1",
    )
    slurm("sbatch", "--gres=gpu:1", "--wrap=sleep 60")  # asks for a main pass 2 s later
    advance(3)
    assert field(waiting, "Scheduler") == "Main"
    assert (field(waiting, "StartTime"), field(waiting, "SchedNodeList")) == (planned, "dgx1")
