"""``slurmsim explain JOBID``: why a job waits, in plain words, on the default cluster."""

from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm


def _queue() -> None:
    """Job 1 holds three nodes for 2 h; job 2 (all four nodes) waits for them; job 3 asks
    for 4 h on the idle node; job 4 is held; job 5 waits for job 1 to succeed."""
    assert (
        slurm("sbatch", "-N3", "--gres=gpu:8", "-t2:00:00", "--wrap=sleep 2h", user="alice").exit
        == 0
    )
    advance(60)
    for argv, user in (
        (["-N", "4", "--gres=gpu:8", "-t", "1:00:00", "--wrap", "sleep 1h"], "bob"),
        (["-N", "1", "--gres=gpu:8", "-t", "4:00:00", "--wrap", "sleep 1h"], "alice"),
        (["-H", "-t", "10", "--wrap", "true"], "bob"),
        (["-d", "afterok:1", "-t", "10", "--wrap", "true"], "bob"),
    ):
        assert slurm("sbatch", *argv, user=user).exit == 0
    advance(60)


@pytest.mark.parametrize(
    ("job_id", "expected"),
    [
        pytest.param(
            2,
            "Job 2 (wrap) is PENDING, reason Resources.\n"
            "\n"
            "In its way, on the nodes it could use:\n"
            "  job 1 (alice) on dgx1,dgx2,dgx3, ends 2026-11-29T21:00:00\n"
            "\n"
            "Its priority is 11004 (fairshare 10000, job_size 504, partition 500).\n"
            "\n"
            "Expected start: 2026-11-29T21:00:00 (the backfill plan).\n",
            id="the head job waits for the running job on the nodes it needs",
        ),
        pytest.param(
            3,
            "Job 3 (wrap) is PENDING, reason Priority.\n"
            "\n"
            "In its way, on the nodes it could use:\n"
            "  job 1 (alice) on dgx1,dgx2,dgx3, ends 2026-11-29T21:00:00\n"
            "\n"
            "Its priority is 10626 (fairshare 10000, job_size 126, partition 500).\n"
            "Pending jobs ahead of it in the same partition:\n"
            "  job 2 (bob) priority 11004, planned to start 2026-11-29T21:00:00 "
            "on dgx1,dgx2,dgx3,dgx4\n"
            "\n"
            "Expected start: 2026-11-29T22:00:00 (the backfill plan).\n"
            "\n"
            "It could start sooner:\n"
            "  with --time=1:57:00: at 2026-11-29T19:02:00\n",
            id="a job behind the head job would backfill with a shorter time limit",
        ),
        pytest.param(
            4,
            "Job 4 (wrap) is PENDING, reason JobHeldUser.\n"
            "It is held by its user: `scontrol release` lets it compete again.\n",
            id="a held job waits for its release",
        ),
        pytest.param(
            5,
            "Job 5 (wrap) is PENDING, reason Dependency.\n"
            "It waits for its dependency: afterok:1.\n",
            id="a dependent job waits for its dependency",
        ),
        pytest.param(
            1, "Job 1 (wrap) is RUNNING, reason None.\n", id="a running job does not wait"
        ),
    ],
)
def test_explain_says_why_the_job_waits(cluster: Path, job_id: int, expected: str) -> None:
    _queue()
    result = slurm("slurmsim", "explain", str(job_id))
    assert (result.exit, result.out) == (0, expected)


def test_explain_changes_nothing_and_says_the_same_twice(cluster: Path) -> None:
    from tests.cli.conftest import dump

    _queue()
    before = dump(cluster)
    first = slurm("slurmsim", "explain", "3")
    second = slurm("slurmsim", "explain", "3")
    assert first.out == second.out
    assert dump(cluster) == before


def test_explain_suggestion_lets_the_job_start_when_taken(cluster: Path) -> None:
    _queue()
    assert slurm("scontrol", "update", "jobid=3", "timelimit=1:57:00").exit == 0
    advance(60)
    assert slurm("squeue", "-h", "-j", "3", "-o", "%T").out == "RUNNING\n"
    assert slurm("squeue", "-h", "-j", "2", "-o", "%S").out == "2026-11-29T21:00:00\n"


def test_explain_refuses_an_unknown_job(cluster: Path) -> None:
    result = slurm("slurmsim", "explain", "99")
    assert result.exit == 1
    assert result.err == "Error: Invalid job id specified\n"


def test_explain_names_a_reservation_in_the_way_and_fewer_nodes(cluster: Path) -> None:
    first = ["-N2", "--gres=gpu:8", "-t2:00:00", "--wrap=sleep 2h"]
    assert slurm("sbatch", *first, user="alice").exit == 0
    reserve = [
        "create",
        "reservation",
        "reservationname=maint",
        "starttime=now",
        "duration=3:00:00",
        "nodes=dgx4",
        "flags=maint",
        "users=root",
    ]
    assert slurm("scontrol", *reserve).exit == 0
    advance(60)
    assert slurm("sbatch", "-N2", "--gres=gpu:8", "-t1:00:00", "--wrap=true", user="bob").exit == 0
    advance(60)
    out = slurm("slurmsim", "explain", "2").out
    assert "  reservation maint on dgx4, ends 2026-11-29T22:00:00\n" in out
    assert "  job 1 (alice) on dgx1,dgx2, ends 2026-11-29T21:00:00\n" in out
    assert out.endswith("It could start sooner:\n  with --nodes=1: at 2026-11-29T19:02:00\n")
