"""The presets against what real Slurm printed for the oracle cluster (tests/golden/cases)."""

import json
import re
from pathlib import Path

import pytest

from slurmsim.config.presets import load_conf_file, load_preset, preset_names
from slurmsim.model.accounts import AdminLevel
from slurmsim.model.cluster import ClusterState
from slurmsim.model.partitions import PartitionState
from slurmsim.model.time import EPOCH
from slurmsim.model.tres import Gres
from slurmsim.parse.durations import parse_duration
from tests.goldenfile import load_case

CASES = Path(__file__).parents[1] / "golden" / "cases"
PRESETS = Path(__file__).parents[2] / "slurmsim" / "config" / "presets"
ORACLE_CONF = Path("/work/shared/oracle/etc/slurm.conf")


def golden(number: str) -> str:
    (path,) = CASES.glob(f"{number}-*.txt")
    return load_case(path).stdout.decode()


def table(number: str) -> list[list[str]]:
    """The rows of a sacctmgr table, split on its column widths."""
    lines = golden(number).splitlines()
    widths = [len(dashes) for dashes in lines[1].split()]
    rows = []
    for line in lines[2:]:
        cells, pos = [], 0
        for width in widths:
            cells.append(line[pos : pos + width].strip())
            pos += width + 1
        rows.append(cells)
    return rows


def pairs(text: str) -> dict[str, str]:
    """``Key=Value`` pairs of scontrol output (values without spaces)."""
    return dict(re.findall(r"(\w+)=(\S*)", text))


@pytest.fixture(scope="module")
def dgx4() -> ClusterState:
    return load_preset("dgx-h100-4", EPOCH)


def test_preset_names_lists_every_preset_when_asked():
    assert preset_names() == ["dgx-h100-4", "dgx-h100-64"]


def test_dgx4_conf_is_the_oracle_slurm_conf_byte_for_byte():
    if not ORACLE_CONF.exists():
        pytest.skip("the oracle's slurm.conf is not on this machine")
    assert (PRESETS / "dgx-h100-4.conf").read_bytes() == ORACLE_CONF.read_bytes()


def test_dgx4_nodes_match_scontrol_show_node_when_idle(dgx4: ClusterState):
    shown = pairs(golden("008"))
    assert list(dgx4.nodes) == ["dgx1", "dgx2", "dgx3", "dgx4"]
    node = dgx4.nodes["dgx1"].config
    assert node.cpus == int(shown["CPUTot"])
    assert node.cores_per_socket == int(shown["CoresPerSocket"])
    assert node.sockets == int(shown["Sockets"])
    assert node.boards == int(shown["Boards"])
    assert node.threads_per_core == int(shown["ThreadsPerCore"])
    assert node.real_memory == int(shown["RealMemory"])
    assert node.tmp_disk == int(shown["TmpDisk"])
    assert node.weight == int(shown["Weight"])
    assert ",".join(str(g) for g in node.gres) == shown["Gres"]
    assert node.gres == (Gres("gpu", "h100", 8),)
    assert (node.node_addr, node.node_hostname, node.port) == (
        shown["NodeAddr"],
        shown["NodeHostName"],
        int(shown["Port"]),
    )
    assert [n.config.port for n in dgx4.nodes.values()] == [17001, 17002, 17003, 17004]
    assert not any(n.down or n.drain for n in dgx4.nodes.values())


@pytest.mark.parametrize("name", ["gpu", "debug"])
def test_dgx4_partitions_match_scontrol_show_partition(dgx4: ClusterState, name: str):
    records = golden("009").split("\n\n")
    shown = pairs(next(r for r in records if r.startswith(f"PartitionName={name}\n")))
    part = dgx4.partitions[name]
    assert part.nodes_expr == shown["Nodes"]
    assert part.nodes == tuple(dgx4.nodes)
    assert part.default == (shown["Default"] == "YES")
    assert part.default_time == parse_duration(shown["DefaultTime"])
    assert part.max_time == parse_duration(shown["MaxTime"])
    assert part.max_nodes is None
    assert shown["MaxNodes"] == "UNLIMITED"
    assert part.min_nodes == int(shown["MinNodes"])
    assert part.priority_job_factor == int(shown["PriorityJobFactor"])
    assert part.priority_tier == int(shown["PriorityTier"])
    assert part.state == PartitionState(shown["State"])
    assert part.oversubscribe == shown["OverSubscribe"]
    assert part.grace_time == int(shown["GraceTime"])
    assert (part.allow_accounts, part.allow_qos, part.qos) == ((), (), None)
    assert sum(dgx4.nodes[n].config.cpus for n in part.nodes) == int(shown["TotalCPUs"])
    assert list(dgx4.partitions) == ["gpu", "debug"]


def test_dgx4_config_matches_scontrol_show_config(dgx4: ClusterState):
    shown = dict(
        (k.strip(), v.strip())
        for k, _, v in (
            line.partition("=") for line in golden("019").splitlines()[1:] if " = " in line
        )
    )
    c = dgx4.config
    assert c.cluster_name == shown["ClusterName"]
    assert c.scheduler_type == shown["SchedulerType"]
    assert c.select_type == shown["SelectType"]
    assert c.select_type_parameters.upper() == shown["SelectTypeParameters"]
    assert c.def_mem_per_cpu == int(shown["DefMemPerCPU"])
    assert c.max_job_count == int(shown["MaxJobCount"])
    assert f"{c.min_job_age} sec" == shown["MinJobAge"]
    assert f"{c.kill_wait} sec" == shown["KillWait"]
    assert c.priority_type == shown["PriorityType"]
    assert c.priority_max_age == c.priority_decay_half_life == 7 * 86400
    w = c.priority_weights
    assert (w.age, w.assoc, w.fairshare, w.job_size, w.partition, w.qos) == tuple(
        int(shown[f"PriorityWeight{k}"])
        for k in ("Age", "Assoc", "FairShare", "JobSize", "Partition", "QOS")
    )
    assert c.priority_favor_small is False
    assert shown["PriorityFavorSmall"] == "No"
    assert (c.preempt_type, c.preempt_mode) == (shown["PreemptType"], shown["PreemptMode"])
    assert c.job_requeue
    assert shown["JobRequeue"] == "1"
    assert c.enforce_part_limits == shown["EnforcePartLimits"]
    assert ",".join(c.gres_types) == shown["GresTypes"]
    assert c.over_time_limit == 0
    assert shown["OverTimeLimit"] == "0 min"
    params = c.scheduler_parameters
    assert (params.bf_interval, params.bf_continue, params.bf_max_job_test) == (5, True, 500)
    assert params.sched_min_interval == 1_000_000
    assert dict(c.raw)["SchedulerParameters"] == shown["SchedulerParameters"]
    assert dict(c.raw)["AuthType"] == shown["AuthType"], "daemon-only keys are kept raw"


def test_dgx4_qos_match_sacctmgr_show_qos(dgx4: ClusterState):
    rows = table("011")
    assert [(r[0], int(r[1]), r[3], r[5], float(r[8])) for r in rows] == [
        (q.name, q.priority, ",".join(q.preempt), q.preempt_mode, q.usage_factor)
        for q in dgx4.qos.values()
    ]
    assert [q.id for q in dgx4.qos.values()] == [1, 2]


def test_dgx4_accounts_match_sacctmgr_show_account(dgx4: ClusterState):
    got = sorted([a.name, a.description, a.organization] for a in dgx4.accounts.values())
    assert got == table("014")
    assert {a.name: a.parent for a in dgx4.accounts.values()} == {
        "root": None,
        "research": "root",
        "product": "root",
    }


def test_dgx4_users_match_sacctmgr_show_user(dgx4: ClusterState):
    admin = {AdminLevel.NONE: "None", AdminLevel.ADMINISTRATOR: "Administ+"}
    got = sorted([u.name, u.default_account, admin[u.admin_level]] for u in dgx4.users.values())
    assert got == table("015")
    assert {u.name: (u.uid, u.gid) for u in dgx4.users.values()} == {
        "alice": (1001, 1001),
        "bob": (1002, 1002),
        "carol": (1003, 1003),
        "root": (0, 0),
    }


def test_dgx4_associations_match_sacctmgr_show_assoc(dgx4: ClusterState):
    got = sorted(
        ["dgxcluster", a.account, a.user or "", str(a.shares), ",".join(a.qos), a.default_qos or ""]
        for a in dgx4.associations
    )
    assert got == sorted(table("013"))


def test_dgx4_association_ids_match_squeue_json():
    doc = json.loads(golden("085"))
    seen = {(j["account"], j["user_name"]): j["association_id"] for j in doc["jobs"]}
    state = load_preset("dgx-h100-4", EPOCH)
    ids = {(a.account, a.user): a.id for a in state.associations}
    assert seen == {key: ids[key] for key in seen}
    assert seen[("research", "alice")] == 5


@pytest.mark.parametrize(
    ("extra_user", "want"),
    [
        pytest.param("dave", ("dave", 1004, "research", 9), id="a newcomer joins research"),
        pytest.param("alice", None, id="a known user is not added twice"),
        pytest.param(None, None, id="nobody is added without a name"),
    ],
)
def test_load_preset_adds_the_person_at_the_shell_when_new(
    extra_user: str | None, want: tuple[str, int, str, int] | None
):
    state = load_preset("dgx-h100-4", EPOCH, extra_user)
    base = load_preset("dgx-h100-4", EPOCH)
    if want is None:
        assert state == base
        return
    name, uid, account, assoc_id = want
    user = state.users[name]
    assert (user.name, user.uid, user.gid, user.default_account) == (name, uid, uid, account)
    (assoc,) = [a for a in state.associations if a.user == name]
    assert (assoc.id, assoc.account, assoc.qos, assoc.default_qos) == (
        assoc_id,
        account,
        ("high", "normal"),
        "normal",
    )


def test_dgx64_has_64_nodes_in_two_partitions():
    state = load_preset("dgx-h100-64", EPOCH)
    assert len(state.nodes) == 64
    assert sum(n.config.gres_count("gpu") for n in state.nodes.values()) == 512
    assert state.partitions["gpu"].nodes == tuple(f"dgx{i:02}" for i in range(1, 65))
    assert state.partitions["gpu"].default
    assert state.partitions["debug"].nodes == tuple(f"dgx{i:02}" for i in range(1, 9))
    assert [a.id for a in state.associations if a.user == "alice"] == [5]


def test_load_conf_file_reads_the_preset_files_the_same_way_when_copied(tmp_path: Path):
    for name in ("dgx-h100-4.conf", "dgx-h100-4.accounts.toml"):
        (tmp_path / name).write_bytes((PRESETS / name).read_bytes())
    state = load_conf_file(tmp_path / "dgx-h100-4.conf", EPOCH, "dave")
    assert state == load_preset("dgx-h100-4", EPOCH, "dave")
