"""scancel and scontrol: who may change what, and what Slurm prints when refusing."""

from pathlib import Path

import pytest

from tests.cli.conftest import advance, dump, slurm


def submit(user: str, *args: str) -> str:
    got = slurm("sbatch", "--parsable", *args, user=user)
    assert got.exit == 0, got.err
    return got.out.strip()


def test_scancel_of_an_unknown_job_is_silent_and_succeeds(cluster: Path) -> None:
    got = slurm("scancel", "999999", user="alice")
    assert (got.exit, got.out, got.err) == (0, "", "")


def test_scancel_of_another_users_job_is_denied_with_status_210(cluster: Path) -> None:
    job = submit("bob", "--wrap=sleep 600")
    got = slurm("scancel", job, user="alice")
    assert (got.exit, got.err) == (
        210,
        f"scancel: error: Kill job error on job id {job}: Access/permission denied\n",
    )


def test_scancel_by_user_filter_cancels_only_that_users_jobs(cluster: Path) -> None:
    submit("alice", "--wrap=sleep 600")
    submit("bob", "--wrap=sleep 600")
    assert slurm("scancel", "-u", "alice", user="root").exit == 0
    assert slurm("squeue", "-h", "-o", "%u").out == "bob\n"


def test_scancel_of_one_array_task_leaves_the_others(cluster: Path) -> None:
    job = submit("carol", "--array=0-3", "--gres=gpu:8", "-N", "1", "--wrap=sleep 60")
    advance(5)
    slurm("scancel", f"{job}_3", user="carol")
    assert (
        slurm("squeue", "-h", "-r", "-o", "%i").out.split() == [f"{job}_0", f"{job}_1", f"{job}_2"]
        or "_3" not in slurm("squeue", "-h", "-r", "-o", "%i").out
    )


def test_hold_by_root_is_an_admin_hold_the_owner_cannot_release(cluster: Path) -> None:
    job = submit("alice", "--wrap=sleep 600")
    assert slurm("scontrol", "hold", job).exit == 0
    assert slurm("squeue", "-h", "-o", "%r").out == "JobHeldAdmin\n"
    denied = slurm("scontrol", "release", job, user="alice")
    assert denied.exit == 1
    assert slurm("scontrol", "release", job).exit == 0
    assert slurm("squeue", "-h", "-o", "%r").out == "None\n"


def test_hold_of_another_users_job_is_refused(cluster: Path) -> None:
    job = submit("bob", "--wrap=sleep 600")
    got = slurm("scontrol", "hold", job, user="alice")
    assert (got.exit, got.err) == (
        1,
        f"Invalid user id for job {job}\nslurm_suspend error: Invalid user id\n",
    )


def test_drain_needs_a_reason_and_an_administrator(cluster: Path) -> None:
    """As the oracle answers (tests/golden/permissions 009, 041): a user is an invalid user."""
    before = dump(cluster)
    no_reason = slurm("scontrol", "update", "nodename=dgx3", "state=drain")
    not_admin = slurm(
        "scontrol", "update", "nodename=dgx3", "state=drain", "reason=x", user="alice"
    )
    assert (no_reason.exit, no_reason.err) == (
        1,
        "You must specify a reason when DOWNING or DRAINING a node. Request denied\n",
    )
    assert (not_admin.exit, not_admin.err) == (1, "slurm_update error: Invalid user id\n")
    assert dump(cluster) == before


def test_drain_lets_the_running_job_finish_then_the_node_is_drained(cluster: Path) -> None:
    submit("alice", "-N", "1", "-w", "dgx2", "-t", "10", "--wrap=sleep 300")
    advance(5)
    slurm("scontrol", "update", "NodeName=dgx2", "State=DRAIN", "Reason=gpu fell off bus")
    assert slurm("sinfo", "-h", "-n", "dgx2", "-o", "%t").out == "drng\n"
    submit("bob", "-N", "1", "-w", "dgx2", "--wrap=sleep 60")
    advance(400)
    assert slurm("sinfo", "-h", "-n", "dgx2", "-o", "%t %E").out == "drain gpu fell off bus\n"
    assert slurm("squeue", "-h", "-o", "%u %t").out.startswith("bob PD")
    slurm("scontrol", "update", "NodeName=dgx2", "State=RESUME")
    advance(10)
    assert slurm("squeue", "-h", "-o", "%u %t").out == "bob R\n"


def test_down_ends_the_running_job_node_fail(cluster: Path) -> None:
    job = submit("alice", "-N", "1", "-w", "dgx4", "--no-requeue", "--wrap=sleep 300")
    advance(5)
    slurm("scontrol", "update", "NodeName=dgx4", "State=DOWN", "Reason=psu")
    assert f"JobId={job} " in slurm("scontrol", "show", "job", job).out
    assert "JobState=NODE_FAIL" in slurm("scontrol", "show", "job", job).out


def test_update_time_limit_of_a_pending_job(cluster: Path) -> None:
    job = submit("alice", "-H", "--wrap=sleep 60")
    assert slurm("scontrol", "update", f"JobId={job}", "TimeLimit=20:00").exit == 0
    assert "TimeLimit=00:20:00" in slurm("scontrol", "show", "job", job).out


def test_one_update_keeps_every_shown_change(cluster: Path) -> None:
    """Mail settings, a partition list and GRES in one update all hold (each is kept in
    what the job shows; GRES once overwrote the others)."""
    job = submit("alice", "-H", "--wrap=sleep 60")
    changes = ["MailType=END", "Partition=gpu,debug", "Gres=gpu:2", "WCKey=wk"]
    assert slurm("scontrol", "update", f"JobId={job}", *changes).exit == 0
    shown = slurm("scontrol", "show", "job", job).out
    for text in ("MailUser=alice MailType=END", "Partition=gpu,debug", "TresPerNode=gres:gpu:2"):
        assert text in shown
    assert slurm("squeue", "-h", "-j", job, "-o", "%w").out == "wk\n"


@pytest.mark.parametrize(
    ("argv", "stdout", "stderr", "code"),
    [
        pytest.param(["frobnicate"], "", "invalid keyword: frobnicate\n", 1, id="bad command"),
        pytest.param(["show", "node", "nosuch"], "Node nosuch not found\n", "", 1, id="no node"),
        pytest.param(["show", "job", "999999"], "",
                     "slurm_load_jobs error: Invalid job id specified\n", 1, id="no job"),
        pytest.param(["show", "hostnames", "dgx[1-3]"], "dgx1\ndgx2\ndgx3\n", "", 0,
                     id="hostnames"),
        pytest.param(["show", "hostlist", "dgx3,dgx1,dgx2"], "dgx[3,1-2]\n", "", 0, id="hostlist"),
        pytest.param(["show", "hostlistsorted", "dgx3,dgx1,dgx2"], "dgx[1-3]\n", "", 0,
                     id="hostlistsorted"),
    ],
)  # fmt: skip
def test_scontrol_answers_like_slurm(
    cluster: Path, argv: list[str], stdout: str, stderr: str, code: int
) -> None:
    got = slurm("scontrol", *argv)
    assert (got.exit, got.out, got.err) == (code, stdout, stderr)


@pytest.mark.parametrize(
    "argv",
    [
        ["scancel", "{}"],
        ["scontrol", "hold", "{}"],
        ["scontrol", "show", "job", "{}"],
        ["sbatch", "-N", "{}", "--wrap=true"],
        ["sbatch", "--array={}", "--wrap=true"],
        ["squeue", "-j", "{}"],
        ["sacct", "-j", "{}"],
        ["scancel", "1.{}"],
        ["sacct", "-j", "1.{}"],
        ["sbatch", "--array=1-{}", "--wrap=true"],
    ],
)
def test_digits_of_other_scripts_are_refused_like_any_word(cluster: Path, argv: list[str]) -> None:
    # str.isdigit takes "²" and int() then fails; Slurm reads ASCII digits only.
    def run(word: str) -> tuple[int, str, str]:
        got = slurm(*(a.replace("{}", word) for a in argv), user="alice")
        return got.exit, got.out, got.err.replace(word, "<word>")

    assert run("²") == run("x") == run("٣")


def test_a_nice_moves_a_running_jobs_priority_unless_an_operator_set_it(cluster: Path) -> None:
    """The oracle: Nice=100 on a running job takes 100 off its priority at once; after an
    operator's Priority=300 a nice changes nothing."""
    job = submit("alice", "-t", "5", "--wrap=sleep 600")
    advance(3)

    def shown() -> int:
        return int(slurm("squeue", "-h", "-j", job, "-o", "%Q").out)

    before = shown()
    assert slurm("scontrol", "update", f"JobId={job}", "Nice=100", user="alice").exit == 0
    assert shown() == before - 100
    assert slurm("scontrol", "update", f"JobId={job}", "Priority=300", user="root").exit == 0
    assert slurm("scontrol", "update", f"JobId={job}", "Nice=50", user="alice").exit == 0
    assert shown() == 300
