"""sacctmgr: show, add, modify and delete QOS, accounts, users and associations."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.conftest import advance, dump, slurm


def _state():  # type: ignore[no-untyped-def]
    from slurmsim.api.views import current_state

    return current_state()[0]


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        pytest.param(
            ["-P", "show", "qos", "format=name,priority,preempt"],
            "Name|Priority|Preempt\nnormal|0|\nhigh|100|normal\n",
            id="parsable2 puts bars between cells",
        ),
        pytest.param(
            ["-p", "-n", "list", "qos", "high", "format=name,usagefactor"],
            "high|1.000000|\n",
            id="parsable ends cells with a bar; noheader drops the header; a bare name selects",
        ),
        pytest.param(
            ["show", "qos", "format=name%3,priority%-12"],
            "Nam Priority     \n--- ------------ \nno+ 0            \nhi+ 100          \n",
            id="a short width cuts with a plus; a negative one left-justifies",
        ),
        pytest.param(
            ["-P", "show", "assoc", "where", "user=alice", "format=account,user,qos,defaultqos"],
            "Account|User|QOS|Def QOS\nresearch|alice|high,normal|normal\n",
            id="where user= selects that user's associations",
        ),
        pytest.param(
            ["-P", "-i", "show", "user", "where", "account=product"],
            "User|Def Acct|Admin\nalice||None\nbob||None\ncarol|product|None\n"
            "root||Administrator\n",
            id="a condition on associations picks default accounts, not users",
        ),
        pytest.param(
            ["-P", "show", "account", "research,product"],
            "Account|Descr|Org\nproduct|product|dgx\nresearch|research|dgx\n",
            id="accounts by name, sorted",
        ),
    ],
)
def test_show_prints_slurms_table_when_asked(cluster: Path, argv: list[str], want: str) -> None:
    got = slurm("sacctmgr", *argv)
    assert (got.exit, got.out, got.err) == (0, want, "")


@pytest.mark.parametrize(
    ("argv", "exit_code", "stdout", "stderr"),
    [
        pytest.param(["show", "qos", "format=bogus"], 1, "", "Unknown field 'bogus'\n", id="field"),
        pytest.param(
            ["show", "qos", "bogus=1"],
            1,
            "",
            " Unknown condition: bogus=1\n Use keyword 'set' to modify SLURM_PRINT_VALUE\n",
            id="unknown condition",
        ),
        pytest.param(["frobnicate"], 1, "", "invalid keyword: frobnicate\n", id="unknown verb"),
        pytest.param(
            ["delete", "bogus"],
            1,
            "",
            'No valid entity in delete command\nInput line must include "Account", "Cluster", '
            '"Coordinator", "Federation", "QOS", "Resource", or "User"\n',
            id="unknown entity",
        ),
        pytest.param(["-i", "add", "qos"], 1, "", " Need name of qos to add.\n", id="no name"),
        pytest.param(["-i", "add", "qos", "high"], 1, " Nothing new added.\n", "", id="exists"),
        pytest.param(
            ["-i", "modify", "qos", "nosuch", "set", "priority=1"],
            1,
            " Nothing modified\n",
            "",
            id="modify matches nothing",
        ),
        pytest.param(
            ["-i", "modify", "qos", "high"],
            1,
            "",
            " You didn't give me anything to set\n",
            id="modify without set",
        ),
        pytest.param(
            ["-i", "add", "qos", "x", "MaxWall=abc"],
            1,
            "",
            " Bad MaxWall time format: MaxWall=abc\n",
            id="bad time",
        ),
        pytest.param(
            ["-i", "modify", "user", "alice", "set", "qos=nosuch"],
            1,
            "",
            "sacctmgr: error: You gave a bad qos 'nosuch'. Valid QOS's are normal,high\n"
            " Unknown option: qos=nosuch\n Use keyword 'where' to modify condition\n",
            id="unknown QOS in a list",
        ),
        pytest.param(["-i", "delete", "user", "nosuch"], 1, " Nothing deleted\n", "", id="none"),
    ],
)
def test_refusal_prints_slurms_error_and_changes_nothing(
    cluster: Path, argv: list[str], exit_code: int, stdout: str, stderr: str
) -> None:
    before = dump(cluster)
    got = slurm("sacctmgr", *argv)
    assert (got.exit, got.out, got.err) == (exit_code, stdout, stderr)
    assert dump(cluster) == before


def test_add_qos_stores_its_limits_for_the_engine(cluster: Path) -> None:
    got = slurm(
        "sacctmgr", "-i", "add", "qos", "gpu4", "Priority=50", "MaxTRESPerUser=gres/gpu=4",
        "MaxJobsPU=2", "MaxWall=4:00:00", "GrpTRES=gres/gpu=16,cpu=64", "Flags=DenyOnLimit",
        "Preempt=normal", "PreemptMode=requeue", "GraceTime=120", "UsageFactor=2",
    )  # fmt: skip
    assert got.exit == 0, got.err
    qos = _state().qos["gpu4"]
    assert (qos.priority, qos.preempt, qos.preempt_mode, qos.grace_time, qos.usage_factor) == (
        50, ("normal",), "requeue", 120, 2.0,
    )  # fmt: skip
    assert qos.flags == ("DenyOnLimit",)
    assert qos.limits == {
        "MaxTRESPU": "gres/gpu=4",
        "MaxJobsPU": "2",
        "MaxWall": "14400",
        "GrpTRES": "cpu=64,gres/gpu=16",
    }


@pytest.mark.parametrize(
    ("stdin", "committed", "tail"),
    [
        pytest.param(b"y\n", True, "(N/y): \n", id="y commits"),
        pytest.param(b"n\n", False, "(N/y): \n Changes Discarded\n", id="n discards"),
        pytest.param(b"", False, "(N/y): \n Changes Discarded\n", id="end of input discards"),
        pytest.param(
            b"xy", True, "(N/y): \nY or N please\n(N/y): \n", id="another character asks again"
        ),
    ],
)
def test_change_without_immediate_asks_before_committing(
    cluster: Path, stdin: bytes, committed: bool, tail: str
) -> None:
    got = slurm("sacctmgr", "add", "qos", "tq", stdin=stdin)
    assert got.exit == 0
    assert got.out.endswith(
        "Would you like to commit changes? (You have 30 seconds to decide)\n" + tail
    )
    assert ("tq" in _state().qos) is committed


def test_modify_and_delete_qos_follow_where_clauses(cluster: Path) -> None:
    slurm("sacctmgr", "-i", "add", "qos", "a,b")
    got = slurm("sacctmgr", "-i", "modify", "qos", "where", "name=a,b", "set", "Flags+=NoDecay")
    assert got.out == " Modified qos...\n  a\n  b\n"
    assert [_state().qos[n].flags for n in "ab"] == [("NoDecay",), ("NoDecay",)]
    slurm("sacctmgr", "-i", "modify", "user", "alice", "set", "qos+=a")
    got = slurm("sacctmgr", "-i", "delete", "qos", "a")
    assert (got.exit, got.out) == (0, " Deleting QOS(s)...\n  a\n")
    alice = next(x for x in _state().associations if x.user == "alice")
    assert alice.qos == ("high", "normal")


def test_user_association_limits_are_stored_with_the_association(cluster: Path) -> None:
    got = slurm(
        "sacctmgr", "-i", "modify", "user", "where", "name=alice", "account=research", "set",
        "Fairshare=5", "GrpTRES=gres/gpu=8", "MaxJobs=3", "MaxWall=60",
    )  # fmt: skip
    assert got.out == (
        " Modified user associations...\n  C = dgxcluster A = research             U = alice    \n"
    )
    alice = next(x for x in _state().associations if x.user == "alice")
    assert (alice.shares, alice.limits) == (
        5,
        {"GrpTRES": "gres/gpu=8", "MaxJobs": "3", "MaxWall": "3600"},
    )


def test_new_account_and_user_join_the_tree(cluster: Path) -> None:
    assert slurm("sacctmgr", "-i", "add", "account", "nlp", "parent=research").exit == 0
    assert slurm("sacctmgr", "-i", "add", "user", "dave", "account=nlp").exit == 0
    got = slurm("sacctmgr", "-P", "show", "assoc", "format=account,user")
    assert got.out.splitlines()[-3:] == ["research|root", "nlp|", "nlp|dave"]
    assert _state().users["dave"].default_account == "nlp"


_ROW = "  C = dgxcluster A = {:<20} U = {:<9}\n"


@pytest.mark.parametrize(
    ("setting", "heirs"),
    [
        pytest.param(
            "MaxWall=20",
            [("nlp", "dave"), ("research", "root"), ("research", "alice")],
            id="a Max limit lists every user below that inherits it, through sub-accounts",
        ),
        pytest.param("GrpTRES=gres/gpu=8", [], id="a Grp limit is not inherited: no users"),
        pytest.param(
            "MaxJobs=4",
            [("research", "root"), ("research", "alice")],
            id="users that set it, and accounts that set it for theirs, are left out",
        ),
    ],
)
def test_account_limit_change_lists_the_user_associations_that_inherit_it(
    cluster: Path, setting: str, heirs: list[tuple[str, str]]
) -> None:
    """In slurmdbd's nested-set order, newest first among siblings (the oracle, with these
    commands: nlp's dave, then research's root, then alice)."""
    slurm("sacctmgr", "-i", "add", "account", "nlp", "parent=research", "MaxJobs=1")
    slurm("sacctmgr", "-i", "add", "user", "dave", "account=nlp")
    slurm("sacctmgr", "-i", "modify", "user", "bob", "set", "MaxJobs=2", "MaxWall=5")
    got = slurm("sacctmgr", "-i", "modify", "account", "research", "set", setting)
    assert got.out == (
        " Modified account associations...\n  C = dgxcluster A = research of root\n"
        + "".join(_ROW.format(a, u) for a, u in heirs)
    )


def test_show_assoc_fills_in_inherited_max_limits(cluster: Path) -> None:
    """Max* limits come down the tree (TRES by TRES) to whoever sets none; Grp* do not."""
    slurm(
        "sacctmgr", "-i", "modify", "account", "research", "set",
        "MaxWall=20", "MaxTRES=cpu=8,gres/gpu=4", "GrpJobs=9",
    )  # fmt: skip
    slurm("sacctmgr", "-i", "modify", "user", "bob", "set", "MaxWall=5", "MaxTRES=gres/gpu=2")
    got = slurm(
        "sacctmgr", "-P", "show", "assoc", "account=research",
        "format=account,user,grpjobs,maxtres,maxwall",
    )  # fmt: skip
    assert got.out.splitlines() == [
        "Account|User|GrpJobs|MaxTRES|MaxWall",
        "research||9|cpu=8,gres/gpu=4|00:20:00",
        "research|alice||cpu=8,gres/gpu=4|00:20:00",
        "research|bob||cpu=8,gres/gpu=2|00:05:00",
        "research|root||cpu=8,gres/gpu=4|00:20:00",
    ]


def test_inherited_wall_change_judges_pending_jobs_again(cluster: Path) -> None:
    """slurmctld judges a pending job again as a new submission when its MaxWall changes,
    counting it twice: at MaxSubmitJobs it shows AssocMaxSubmitJobLimit (golden limits/065)."""
    slurm("sacctmgr", "-i", "modify", "user", "alice", "set", "MaxJobs=1", "MaxSubmitJobs=2")
    for _ in range(2):
        slurm("sbatch", "-N1", "--gres=gpu:8", "--time=10", "--wrap=sleep 600", user="alice")
    advance(5)
    squeue = ["squeue", "-h", "-u", "alice", "-o", "%t %r"]
    assert slurm(*squeue).out == "PD AssocMaxJobsLimit\nR None\n"
    slurm("sacctmgr", "-i", "modify", "user", "alice", "set", "MaxSubmitJobs=2")
    assert slurm(*squeue).out == "PD AssocMaxJobsLimit\nR None\n"  # not a per-job limit
    slurm("sacctmgr", "-i", "modify", "account", "research", "set", "MaxWall=20")
    assert slurm(*squeue).out == "PD AssocMaxSubmitJobLimit\nR None\n"


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        pytest.param(["Flags=DenyOnLimit"], "QOSMaxJobsPerUserLimit", id="flags alone: not judged"),
        pytest.param(
            ["Flags=DenyOnLimit", "MaxTRESPerJob=gres/gpu=4"],
            "QOSMaxGRESPerJob",
            id="a per-job limit: judged again as a new submission",
        ),
    ],
)
def test_qos_per_job_limit_change_judges_its_pending_jobs_again(
    cluster: Path, settings: list[str], reason: str
) -> None:
    """As the oracle's log shows (acct_policy_update_pending_job after golden limits/079)."""
    slurm("sacctmgr", "-i", "modify", "qos", "normal", "set", "MaxJobsPerUser=1")
    for _ in range(2):
        slurm("sbatch", "-N1", "--gres=gpu:8", "--time=10", "--wrap=sleep 600", user="alice")
    advance(5)
    slurm("sacctmgr", "-i", "modify", "qos", "normal", "set", *settings)
    got = slurm("squeue", "-h", "-u", "alice", "-o", "%t %r")
    assert got.out == f"PD {reason}\nR None\n"


def test_account_that_is_a_default_cannot_be_deleted(cluster: Path) -> None:
    before = dump(cluster)
    got = slurm("sacctmgr", "-i", "delete", "account", "product")
    assert got.exit == 1
    assert "  C = dgxcluster      A = product    U = carol    \n" in got.err
    assert dump(cluster) == before


@pytest.mark.parametrize(
    ("argv", "stderr"),
    [
        pytest.param(
            ["-i", "modify", "qos", "high", "set", "priority=1"],
            "sacctmgr: error: Your user doesn't have privilege to perform this action\n"
            " Error with request: Access/permission denied\n",
            id="modify",
        ),
        pytest.param(
            ["-i", "delete", "user", "bob"],
            "sacctmgr: error: Your user doesn't have privilege to perform this action\n"
            " Error with request: Access/permission denied\n",
            id="delete",
        ),
        pytest.param(
            ["-i", "add", "account", "mine"],
            " Problem adding accounts: Access/permission denied\n",
            id="add",
        ),
    ],
)
def test_plain_user_gets_slurms_permission_error(
    cluster: Path, argv: list[str], stderr: str
) -> None:
    before = dump(cluster)
    got = slurm("sacctmgr", *argv, user="alice")
    assert (got.exit, got.err) == (1, stderr)
    assert dump(cluster) == before


_WORDS = st.sampled_from(
    ["where", "set", "name=high", "qos+=x", "Flags=DenyOnLimit", "format=name%3", "x", "=",
     "MaxWall=1-0", "GrpTRES=gres/gpu=", "account=research", "user=alice", "Priority=abc", "-1",
     "RawUsage=0", "rawusage=abc", "GrpCPUs=4", "MaxNodesPU=-1", "cluster=dgxcluster"]
)  # fmt: skip
_TEXT = st.text("abcNm=+-%,\"' 1/", max_size=12)


@settings(
    deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    verb=st.sampled_from(["show", "add", "modify", "delete", "list", "update"]),
    entity=st.sampled_from(["qos", "account", "user", "assoc", "bogus"]),
    words=st.lists(st.one_of(_WORDS, _TEXT), max_size=5),
    user=st.sampled_from(["root", "alice"]),
)
def test_any_arguments_give_slurm_errors_and_a_refusal_changes_nothing(
    cluster: Path, verb: str, entity: str, words: list[str], user: str
) -> None:
    before = dump(cluster)
    got = slurm("sacctmgr", "-i", verb, entity, *words, user=user)
    assert "Traceback" not in got.err
    assert got.exit in (0, 1)
    if got.exit != 0 or user == "alice" or verb in ("show", "list"):
        assert dump(cluster) == before


def _raw_usage() -> dict[str, int]:
    rows = slurm("sshare", "-a", "-P", "-n", "-o", "Account,User,RawUsage").out.splitlines()
    return {f"{a.strip()}/{u}": int(used) for a, u, used in (r.split("|") for r in rows)}


def test_usage_reset_of_an_account_reaches_its_subaccounts_and_leaves_the_rest(
    cluster: Path,
) -> None:
    slurm("sacctmgr", "-i", "add", "account", "interns", "parent=research")
    slurm("sacctmgr", "-i", "add", "user", "dave", "account=interns")
    for who, account in (("dave", "interns"), ("alice", "research"), ("carol", "product")):
        slurm("sbatch", "-A", account, "-n", "8", "-t", "5", "--wrap=sleep 60", user=who)
    advance(120)
    before = _raw_usage()
    assert min(before["interns/dave"], before["research/alice"], before["product/carol"]) > 0

    got = slurm("sacctmgr", "-i", "modify", "account", "research", "set", "RawUsage=0")
    assert (got.exit, got.err) == (0, "")
    after = _raw_usage()
    assert after["interns/dave"] == after["research/alice"] == after["research/"] == 0
    assert after["product/carol"] == before["product/carol"]
    assert after["root/"] == before["product/"]


def test_usage_reset_by_someone_without_the_right_is_silent_and_changes_nothing(
    cluster: Path,
) -> None:
    slurm("sbatch", "-n", "8", "-t", "5", "--wrap=sleep 60", user="alice")
    advance(120)
    before = dump(cluster)
    got = slurm("sacctmgr", "-i", "modify", "account", "research", "set", "RawUsage=0", user="bob")
    assert (got.exit, got.out, got.err) == (
        1,
        "No cluster specified, resetting on local cluster dgxcluster\n",
        "",
    )
    assert dump(cluster) == before


def test_new_associations_take_their_place_in_slurmdbds_nested_sets(cluster: Path) -> None:
    """The oracle, an account with two users added in one command, then two alone: each
    command's go in as first children of their account, a command's several as a block,
    so the newest come first; everything right of them moves on."""
    slurm("sacctmgr", "-i", "add", "account", "tlft")
    slurm("sacctmgr", "-i", "add", "user", "dave,erin", "account=tlft")
    slurm("sacctmgr", "-i", "add", "user", "bob", "account=tlft")
    slurm("sacctmgr", "-i", "add", "user", "alice", "account=tlft")
    got = slurm("scontrol", "-o", "show", "assoc_mgr", "flags=assoc", "accounts=tlft,root")
    records = [line for line in got.out.splitlines() if line.startswith("ClusterName=")]
    lfts = [(_field(r, "UserName").split("(")[0], _field(r, "Lft")) for r in records]
    assert lfts == [
        ("", "1"),
        ("root", "24"),  # 14 on the default cluster, moved on by the five added
        ("", "2"),
        ("alice", "3"),
        ("bob", "5"),
        ("dave", "7"),
        ("erin", "9"),
    ]


def _field(record: str, key: str) -> str:
    return record.split(f" {key}=")[1].split(" ", maxsplit=1)[0]


def test_a_removed_associations_id_is_never_given_again(cluster: Path) -> None:
    """slurmdbd's ids only grow (the oracle gave 11 after removing 9 and 10)."""
    slurm("sacctmgr", "-i", "add", "account", "sub", "parent=research")
    slurm("sacctmgr", "-i", "add", "user", "bob", "account=sub")
    slurm("sacctmgr", "-i", "remove", "user", "bob", "account=sub")
    slurm("sacctmgr", "-i", "remove", "account", "sub")
    slurm("sacctmgr", "-i", "add", "user", "bob", "account=product")
    got = slurm("sacctmgr", "-n", "-P", "show", "assoc", "user=bob", "format=account,id")
    assert got.out.splitlines() == ["product|11", "research|6"]
