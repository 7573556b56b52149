"""scontrol create/update/delete/show reservation, sinfo -T, sbatch --reservation.

Refusals print Slurm's text and leave the store as it was (the oracle's cases are in
tests/golden/reservations/; these cover what a replay cannot pin down).
"""

from pathlib import Path

import pytest

from tests.cli.conftest import dump, slurm

CREATE = ("scontrol", "create", "reservation")
SOON = ("StartTime=now", "Duration=60")


@pytest.mark.parametrize(
    ("argv", "user", "err"),
    [
        pytest.param((*CREATE, *SOON, "Nodes=dgx4"), "root",
                     "scontrol: error: Either Users/Groups and/or Accounts must be specified.  "
                     "No reservation created.\n", id="no users or accounts"),
        pytest.param((*CREATE, *SOON, "Nodes=dgx4", "Users=carol"), "carol",
                     "Error creating the reservation: Invalid user id\n", id="not an operator"),
        pytest.param(("scontrol", "delete", "reservation", "nosuch"), "root",
                     "delete_reservation reservation: Requested reservation is invalid\n",
                     id="delete an unknown reservation"),
    ],
)  # fmt: skip
def test_refusal_changes_nothing(cluster: Path, argv: tuple[str, ...], user: str, err: str) -> None:
    before = dump(cluster)
    got = slurm(*argv, user=user)
    assert (got.exit, got.out, got.err) == (1, "", err)
    assert dump(cluster) == before


def test_an_unknown_reservation_uses_up_a_job_id_but_leaves_no_record(cluster: Path) -> None:
    # The oracle: ids 548 and 549 went to an unknown and a forbidden reservation.
    got = slurm("sbatch", "--reservation=nosuch", "--wrap", "true", user="carol")
    assert (got.exit, got.out) == (1, "")
    assert (
        got.err == "sbatch: error: Batch job submission failed: Requested reservation is invalid\n"
    )
    assert slurm("squeue", "-h", "-t", "all").out == ""
    assert slurm("sbatch", "--wrap", "true", user="carol").out == "Submitted batch job 2\n"


def test_active_reservation_marks_nodes_resv_and_maint(cluster: Path) -> None:
    assert slurm(*CREATE, *SOON, "Nodes=dgx3", "Users=carol").exit == 0
    assert slurm(*CREATE, *SOON, "Nodes=dgx4", "Users=root", "Flags=MAINT").exit == 0
    got = slurm("sinfo", "-p", "gpu", "-h", "-o", "%t %N")
    assert got.out == "maint dgx4\nresv dgx3\nidle dgx[1-2]\n"
    node = slurm("scontrol", "show", "node", "dgx4").out
    assert "State=IDLE+MAINTENANCE+RESERVED " in node


def test_job_in_reservation_shows_it(cluster: Path) -> None:
    assert slurm(*CREATE, "ReservationName=rc", *SOON, "Nodes=dgx4", "Users=carol").exit == 0
    sub = slurm("sbatch", "--reservation=rc", "-t", "5", "--wrap", "sleep 60", user="carol")
    job_id = sub.out.split()[-1]
    assert slurm("squeue", "-h", "-o", "%v").out == "rc\n"
    assert "   Reservation=rc\n" in slurm("scontrol", "show", "job", job_id).out
    got = slurm("scontrol", "delete", "reservation", "rc")
    assert got.err == "delete_reservation reservation: Requested reservation is in use\n"


def test_sinfo_T_lists_reservations(cluster: Path) -> None:
    slurm(*CREATE, "ReservationName=r1", "StartTime=2027-01-05T10:00:00", "Duration=60",
          "Nodes=dgx4", "Users=carol")  # fmt: skip
    assert slurm("sinfo", "-T").out == (
        "RESV_NAME     STATE           START_TIME             END_TIME     DURATION  NODELIST\n"
        "r1         INACTIVE  2027-01-05T10:00:00  2027-01-05T11:00:00     01:00:00  dgx4\n"
    )
