"""slurm.conf and accounts files -> ClusterState: Slurm's defaults, derivations and errors."""

from pathlib import Path

import pytest

from slurmsim.config.accounts import default_accounts, parse_accounts
from slurmsim.config.build import OVER_TIME_UNLIMITED, cluster_from_conf
from slurmsim.config.errors import ConfigError
from slurmsim.config.presets import load_conf_file
from slurmsim.model.cluster import ClusterConfig, ClusterState
from slurmsim.model.partitions import PartitionState
from slurmsim.model.time import EPOCH
from slurmsim.parse.slurmconf import parse_slurm_conf


def build(text: str) -> ClusterState:
    conf = parse_slurm_conf(text, "slurm.conf")
    return cluster_from_conf(conf, default_accounts(), EPOCH, (("slurm.conf", text),))


def node_shape(line: str) -> tuple[int, int, int, int, int]:
    config = build(line).nodes["n1"].config
    return (
        config.cpus,
        config.boards,
        config.sockets,
        config.cores_per_socket,
        config.threads_per_core,
    )


@pytest.mark.parametrize(
    ("line", "want"),
    [
        pytest.param("NodeName=n1", (1, 1, 1, 1, 1), id="nothing given: one CPU"),
        pytest.param(
            "NodeName=n1 Sockets=2 CoresPerSocket=8 ThreadsPerCore=2",
            (32, 1, 2, 8, 2),
            id="no CPUs: sockets x cores x threads",
        ),
        pytest.param(
            "NodeName=n1 Boards=2 SocketsPerBoard=2 CoresPerSocket=4",
            (16, 2, 4, 4, 1),
            id="sockets per board times boards",
        ),
        pytest.param(
            "NodeName=n1 Sockets=1 SocketsPerBoard=2 CoresPerSocket=4",
            (8, 1, 2, 4, 1),
            id="SocketsPerBoard wins over Sockets",
        ),
        pytest.param("NodeName=n1 CPUs=64", (64, 1, 64, 1, 1), id="CPUs only: one core sockets"),
        pytest.param(
            "NodeName=n1 CPUs=16 CoresPerSocket=8",
            (16, 1, 2, 8, 1),
            id="CPUs and cores: sockets derived",
        ),
        pytest.param(
            "NodeName=n1 CPUs=16 Sockets=2 CoresPerSocket=8 ThreadsPerCore=2",
            (16, 1, 2, 8, 2),
            id="CPUs may count cores, not threads",
        ),
        pytest.param(
            "NodeName=n1 CPUs=100 Sockets=2 CoresPerSocket=8 ThreadsPerCore=2",
            (32, 1, 2, 8, 2),
            id="CPUs matching nothing are reset",
        ),
        pytest.param("NodeName=n1 Procs=4", (4, 1, 4, 1, 1), id="Procs is the old CPUs"),
    ],
)
def test_node_topology_is_derived_as_slurm_does_when_partly_given(
    line: str, want: tuple[int, int, int, int, int]
):
    assert node_shape(line) == want


def test_node_line_expands_its_hostlist_with_per_node_addresses():
    state = build(
        "NodeName=gpu[01-03] NodeAddr=10.0.0.[1-3] Port=[7001-7003] RealMemory=512000 "
        "Gres=gpu:a100:4,nic:1 Features=a100,ib Weight=10 TmpDisk=100\n"
    )
    assert list(state.nodes) == ["gpu01", "gpu02", "gpu03"]
    third = state.nodes["gpu03"].config
    assert (third.node_addr, third.port, third.node_hostname) == ("10.0.0.3", 7003, None)
    assert [str(g) for g in third.gres] == ["gpu:a100:4", "nic:1"]
    assert (third.real_memory, third.features, third.weight, third.tmp_disk) == (
        512000,
        ("a100", "ib"),
        10,
        100,
    )
    assert state.nodes["gpu01"].boot_time == EPOCH


@pytest.mark.parametrize(
    ("state", "down", "drain", "reason"),
    [
        pytest.param("UNKNOWN", False, False, None, id="UNKNOWN comes up idle"),
        pytest.param("IDLE", False, False, None, id="IDLE is up"),
        pytest.param("DOWN", True, False, "maint", id="DOWN keeps its reason"),
        pytest.param("drain", False, True, "maint", id="DRAIN in any case"),
        pytest.param("FUTURE", True, False, "maint", id="FUTURE is not schedulable"),
    ],
)
def test_node_state_sets_runtime_flags_when_given(
    state: str, down: bool, drain: bool, reason: str | None
):
    node = build(f"NodeName=n1 State={state} Reason=maint\n").nodes["n1"]
    assert (node.down, node.drain, node.reason) == (down, drain, reason)


def test_node_default_line_applies_to_later_lines():
    state = build("NodeName=DEFAULT CPUs=8 RealMemory=1000\nNodeName=a1\nNodeName=b1 CPUs=4\n")
    assert [(n.config.cpus, n.config.real_memory) for n in state.nodes.values()] == [
        (8, 1000),
        (4, 1000),
    ]


def test_partition_options_map_to_the_model_when_all_given():
    state = build(
        "NodeName=n[1-4]\n"
        "PartitionName=all Nodes=ALL Default=YES MaxTime=UNLIMITED\n"
        "PartitionName=small Nodes=n[1-2],n4 DefaultTime=10 MaxTime=1-00:00:00 MaxNodes=2 "
        "MinNodes=1 State=drain PriorityJobFactor=3 PriorityTier=2 AllowAccounts=a,b "
        "AllowQos=ALL QOS=high OverSubscribe=exclusive GraceTime=60 PreemptMode=suspend "
        "Hidden=YES ExclusiveUser=YES DefMemPerCPU=100 MaxMemPerNode=UNLIMITED\n"
        "PartitionName=old Nodes=n1 Priority=5 Shared=FORCE:4\n"
    )
    every, small, old = state.partitions.values()
    assert (every.nodes, every.nodes_expr, every.default, every.max_time) == (
        ("n1", "n2", "n3", "n4"),
        "n[1-4]",
        True,
        None,
    )
    assert every.default_time is None
    assert (small.nodes, small.nodes_expr) == (("n1", "n2", "n4"), "n[1-2],n4")
    assert (small.default_time, small.max_time, small.max_nodes, small.min_nodes) == (
        600,
        86400,
        2,
        1,
    )
    assert small.state == PartitionState.DRAIN
    assert (small.priority_job_factor, small.priority_tier) == (3, 2)
    assert (small.allow_accounts, small.allow_qos, small.qos) == (("a", "b"), (), "high")
    assert (small.oversubscribe, small.grace_time, small.preempt_mode) == (
        "EXCLUSIVE",
        60,
        "SUSPEND",
    )
    assert (small.hidden, small.exclusive_user) == (True, True)
    assert (small.def_mem_per_cpu, small.max_mem_per_node) == (100, None)
    assert (old.priority_job_factor, old.priority_tier, old.oversubscribe) == (5, 5, "FORCE:4")


def test_global_options_keep_slurm_defaults_when_absent():
    state = build("NodeName=n1\n")
    assert state.config == ClusterConfig(raw=())


def test_global_options_map_to_the_config_when_given():
    config = build(
        "ClusterName=MyCluster\nSchedulerType=sched/builtin\n"
        "SchedulerParameters=bf_window=2880,bf_resolution=120,default_queue_depth=50,"
        "sched_interval=30,batch_sched_delay=1,bf_busy_nodes\n"
        "PriorityWeightTRES=CPU=100,GRES/gpu=2000\nPriorityFlags=NO_FAIR_TREE,SMALL_RELATIVE_TO_TIME\n"
        "PriorityFavorSmall=YES\nJobRequeue=0\nEnforcePartLimits=YES\nOverTimeLimit=UNLIMITED\n"
        "DefMemPerGPU=8000\nMaxJobCount=50000\nPreemptMode=suspend,gang\nSlurmctldPort=6817\n"
    ).config
    assert config.cluster_name == "mycluster"
    assert config.scheduler_type == "sched/builtin"
    params = config.scheduler_parameters
    assert (params.bf_window, params.bf_resolution, params.default_queue_depth) == (2880, 120, 50)
    assert (params.sched_interval, params.batch_sched_delay, params.bf_interval) == (30, 1, 30)
    assert config.priority_weights.tres == (("CPU", 100), ("GRES/gpu", 2000))
    assert config.priority_flags == ("NO_FAIR_TREE", "SMALL_RELATIVE_TO_TIME")
    assert (config.priority_favor_small, config.job_requeue) == (True, False)
    assert (config.enforce_part_limits, config.over_time_limit) == ("ANY", OVER_TIME_UNLIMITED)
    assert (config.def_mem_per_gpu, config.max_job_count) == (8000, 50000)
    assert config.preempt_mode == "SUSPEND,GANG"
    assert ("SlurmctldPort", "6817") in config.raw


def test_first_job_id_is_where_a_new_cluster_counts_from():
    state = build("FirstJobId=5000\nNodeName=n1\n")
    assert (state.config.first_job_id, state.next_job_id) == (5000, 5000)
    assert build("NodeName=n1\n").next_job_id == 1


@pytest.mark.parametrize(("given", "kept"), [("25", 25), ("3", 10)])
def test_correspond_after_task_cnt_is_read_and_never_below_ten(given: str, kept: int):
    text = f"NodeName=n1\nSchedulerParameters=correspond_after_task_cnt={given}\n"
    assert build(text).config.scheduler_parameters.correspond_after_task_cnt == kept


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "NodeName=n1 CPUs=abc\n",
            "slurm.conf:1: CPUs=abc: not a number",
            id="a node value names file, line and key",
        ),
        pytest.param(
            "NodeName=n1\nNodeName=n2 RealMemory=0\n",
            "slurm.conf:2: RealMemory=0: must be at least 1",
            id="a zero size",
        ),
        pytest.param(
            "NodeName=n[1-2] Port=[1-3]\n",
            "slurm.conf:1: Port=[1-3]: 3 values for 2 nodes",
            id="per-node values must match the nodes",
        ),
        pytest.param(
            "NodeName=n[1-2]\nNodeName=n2\n",
            "slurm.conf:2: NodeName=n2: n2 is declared twice",
            id="a node declared twice",
        ),
        pytest.param(
            "NodeName=n1\nPartitionName=p Nodes=n1\nPartitionName=p Nodes=n1\n",
            "slurm.conf:3: PartitionName=p: declared twice",
            id="a partition declared twice",
        ),
        pytest.param(
            "NodeName=n1\nPartitionName=p Nodes=n2\n",
            "slurm.conf:2: Nodes=n2: no node named n2",
            id="an unknown node",
        ),
        pytest.param(
            "NodeName=n1\nPartitionName=p Nodes=n1 MaxTime=soon\n",
            "slurm.conf:2: MaxTime=soon: Invalid time specification",
            id="a bad duration",
        ),
        pytest.param(
            "NodeName=n1\nPartitionName=p Nodes=n1 Default=maybe\n",
            "slurm.conf:2: Default=maybe: must be YES or NO",
            id="a bad boolean",
        ),
        pytest.param(
            "# comment\nClusterName=c\nMinJobAge=old\nNodeName=n1\n",
            "slurm.conf:3: MinJobAge=old: not a number",
            id="a global value",
        ),
        pytest.param(
            "SchedulerParameters=bf_interval=x\n",
            "slurm.conf:1: SchedulerParameters=bf_interval=x: bf_interval=x is not a number",
            id="a scheduler parameter",
        ),
    ],
)
def test_wrong_value_is_a_config_error_naming_file_line_and_key(text: str, message: str):
    with pytest.raises(ConfigError) as error:
        build(text)
    assert str(error.value) == message


def test_load_conf_file_follows_includes_and_finds_accounts_next_to_it(tmp_path: Path):
    (tmp_path / "nodes.conf").write_text("NodeName=n[1-2] CPUs=4\n")
    (tmp_path / "cluster.conf").write_text(
        "ClusterName=lab\nInclude nodes.conf\nPartitionName=p Nodes=ALL Default=YES\n"
    )
    (tmp_path / "cluster.accounts.toml").write_text(
        '[[qos]]\nname = "normal"\n[[account]]\nname = "lab"\n'
        '[[user]]\nname = "ann"\nuid = 2000\naccounts = ["lab"]\n'
    )
    state = load_conf_file(tmp_path / "cluster.conf", EPOCH, "ben")
    assert list(state.nodes) == ["n1", "n2"]
    assert state.partitions["p"].nodes == ("n1", "n2")
    assert list(state.accounts) == ["root", "lab"]
    assert state.users["ann"].uid == 2000
    assert (state.users["ben"].uid, state.users["ben"].default_account) == (1004, "lab")


def test_load_conf_file_uses_default_accounts_when_none_is_next_to_it(tmp_path: Path):
    (tmp_path / "slurm.conf").write_text("NodeName=n1\nPartitionName=p Nodes=n1\n")
    state = load_conf_file(tmp_path / "slurm.conf", EPOCH, "ben")
    assert list(state.accounts) == ["root", "default"]
    assert {u.name: u.default_account for u in state.users.values()} == {
        "root": "root",
        "ben": "default",
    }
    assert [(a.id, a.account, a.user) for a in state.associations] == [
        (1, "root", None),
        (2, "root", "root"),
        (3, "default", None),
        (4, "default", "ben"),
    ]
    assert list(state.qos) == ["normal"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("NodeName=n1 CPUs\n", "slurm.conf:1:", id="a syntax error"),
        pytest.param("Include missing.conf\n", "Include missing.conf", id="a missing include"),
    ],
)
def test_load_conf_file_gives_config_errors_when_the_file_is_unreadable(
    tmp_path: Path, text: str, message: str
):
    (tmp_path / "slurm.conf").write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_conf_file(tmp_path / "slurm.conf", EPOCH)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '[[user]]\nname = "a"\nuid = 1\naccounts = ["x"]\n',
            "t.toml: user a: unknown account 'x'",
            id="an unknown account",
        ),
        pytest.param(
            '[[user]]\nname = "a"\nuid = "one"\naccounts = ["root"]\n',
            "t.toml: user a: `uid` has the wrong type ('one')",
            id="a wrong type",
        ),
        pytest.param(
            '[[user]]\nname = "a"\naccounts = ["root"]\n',
            "t.toml: user a: `uid` is missing",
            id="a missing uid",
        ),
        pytest.param(
            '[[qos]]\nname = "normal"\n[[user]]\nname = "a"\nuid = 1\n'
            'accounts = ["root"]\nqos = ["gold"]\n',
            "t.toml: association root/a: unknown QOS 'gold'",
            id="an unknown QOS",
        ),
        pytest.param(
            '[[account]]\nname = "x"\nparent = "y"\n',
            "t.toml: account x: unknown parent account 'y'",
            id="an unknown parent",
        ),
        pytest.param("user = 3\n", "t.toml: user: write it as [[user]] tables", id="not tables"),
        pytest.param("[[user]\n", "t.toml: ", id="not TOML"),
    ],
)
def test_accounts_file_errors_name_the_entry_when_wrong(text: str, message: str):
    with pytest.raises(ConfigError) as error:
        parse_accounts(text, "t.toml")
    assert str(error.value).startswith(message)


def test_association_override_changes_one_user_association():
    spec = parse_accounts(
        '[[qos]]\nname = "normal"\n[[qos]]\nname = "high"\n[[account]]\nname = "a"\n'
        '[[user]]\nname = "u"\nuid = 5\naccounts = ["a", "root"]\nqos = ["high", "normal"]\n'
        '[[association]]\naccount = "a"\nuser = "u"\nqos = ["normal"]\nfairshare = 3\n'
    )
    assert [(s.id, s.account, s.user, s.qos, s.shares) for s in spec.associations] == [
        (1, "root", None, ("normal",), 1),
        (2, "root", "u", ("high", "normal"), 1),
        (3, "a", None, ("normal",), 1),
        (4, "a", "u", ("normal",), 3),
    ]


def test_fair_share_options_map_to_the_config_and_partitions():
    state = build(
        "PriorityCalcPeriod=2\nPriorityUsageResetPeriod=weekly\nFairShareDampeningFactor=3\n"
        "NodeName=n1 CPUs=4\n"
        "PartitionName=p Nodes=n1 TRESBillingWeights=CPU=1.0,Mem=0.25G,GRES/gpu=2\n"
    )
    cfg = state.config
    assert (cfg.priority_calc_period, cfg.priority_usage_reset_period) == (120, "WEEKLY")
    assert cfg.fairshare_dampening_factor == 3
    assert state.partitions["p"].tres_billing_weights == (
        ("cpu", 1.0),
        ("mem", 0.25 / 1024),
        ("gres/gpu", 2.0),
    )


def test_fair_share_defaults_are_slurms():
    cfg = build("NodeName=n1 CPUs=4\nPartitionName=p Nodes=n1\n").config
    assert (cfg.priority_calc_period, cfg.priority_usage_reset_period) == (300, "NONE")


@pytest.mark.parametrize(
    ("given", "kept"),
    [("", None), (",bf_node_space_size=5", 5), (",bf_node_space_size=1", None)],
)
def test_bf_node_space_size_is_read_and_slurms_bounds_kept(given: str, kept: int | None):
    """Outside 2..2,000,000 slurmctld keeps its default (as many as bf_max_job_test)."""
    text = f"NodeName=n1\nSchedulerParameters=bf_interval=5{given}\n"
    params = build(text).config.scheduler_parameters
    assert (params.bf_node_space_size, params.bf_max_job_test) == (kept, 500)
