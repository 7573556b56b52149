"""What each privilege level may do through the commands, and that a refusal changes nothing."""

from pathlib import Path

import pytest

from tests.cli.conftest import dump, slurm

_SUBMIT = ("sbatch", "-J", "job", "--begin=now+1hour", "--wrap=true")


def _alice_as(level: str) -> None:
    slurm("sacctmgr", "-i", "modify", "user", "alice", "set", f"adminlevel={level}")


@pytest.mark.parametrize(
    ("level", "argv", "exit_code", "stderr"),
    [
        pytest.param(
            "None", ("scancel", "1"), 210,
            "scancel: error: Kill job error on job id 1: Access/permission denied\n",
            id="a user may not cancel another user's job",
        ),
        pytest.param("Operator", ("scancel", "1"), 0, "", id="an operator may cancel it"),
        pytest.param(
            "None", ("scontrol", "update", "nodename=dgx1", "state=drain", "reason=x"), 1,
            "slurm_update error: Invalid user id\n",
            id="a user may not drain a node",
        ),
        pytest.param(
            "Operator", ("scontrol", "update", "nodename=dgx1", "state=drain", "reason=x"), 1,
            "slurm_update error: Invalid user id\n",
            id="nor may an operator",
        ),
        pytest.param(
            "Administrator", ("scontrol", "update", "nodename=dgx1", "state=drain", "reason=x"),
            0, "", id="an administrator may drain a node",
        ),
        pytest.param(
            "None", ("scontrol", "update", "jobid=1", "timelimit=5"), 1,
            "Invalid user id for job 1\n", id="a user may not update another's job",
        ),
        pytest.param(
            "Operator", ("sacctmgr", "-i", "modify", "user", "bob", "set", "adminlevel=Operator"),
            1,
            "sacctmgr: error: You must be a super user to modify a users admin level\n"
            " Error with request: Access/permission denied\n",
            id="an operator may not give out an AdminLevel",
        ),
        pytest.param(
            "Operator", ("scontrol", "update", "jobid=1", "priority=5"), 0, "",
            id="an operator may set a priority",
        ),
        pytest.param(
            "Operator", ("sacctmgr", "-i", "add", "qos", "urgent"), 1,
            " Problem adding QOS: Access/permission denied\n",
            id="an operator may not add a QOS",
        ),
        pytest.param(
            "Administrator", ("sacctmgr", "-i", "add", "qos", "urgent"), 0, "",
            id="an administrator may add a QOS",
        ),
        pytest.param(
            "Operator", ("sacctmgr", "-i", "add", "account", "vision"), 0, "",
            id="an operator may add an account",
        ),
    ],
)  # fmt: skip
def test_command_as_alice_with_admin_level(
    cluster: Path, level: str, argv: tuple[str, ...], exit_code: int, stderr: str
) -> None:
    slurm(*_SUBMIT, user="bob")
    _alice_as(level)
    got = slurm(*argv, user="alice")
    assert (got.exit, got.err) == (exit_code, stderr)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(("scancel", "1"), id="scancel"),
        pytest.param(("scontrol", "hold", "1"), id="scontrol hold"),
        pytest.param(("scontrol", "update", "jobid=1", "name=x"), id="scontrol update job"),
        pytest.param(("scontrol", "update", "partitionname=debug", "maxtime=1"), id="partition"),
        pytest.param(("sacctmgr", "-i", "delete", "user", "bob"), id="sacctmgr delete user"),
    ],
)
def test_refusal_changes_nothing_in_the_store(cluster: Path, argv: tuple[str, ...]) -> None:
    slurm(*_SUBMIT, user="bob")
    before = dump(cluster)
    assert slurm(*argv, user="alice").exit != 0
    assert dump(cluster) == before


def test_admin_hold_is_lifted_only_by_an_operator(cluster: Path) -> None:
    slurm(*_SUBMIT, user="alice")
    slurm("scontrol", "hold", "1")
    assert slurm("scontrol", "release", "1", user="alice").exit == 1
    _alice_as("Operator")
    assert slurm("scontrol", "release", "1", user="alice").exit == 0
