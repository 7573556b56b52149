"""A small cluster with every field of every model class set away from its default."""

from slurmsim.model.accounts import Account, AdminLevel, Association, Qos, User
from slurmsim.model.cluster import ClusterConfig, ClusterState, PriorityWeights, SchedulerParameters
from slurmsim.model.dependency import Dependency, DepJob, DepKind, DepTerm
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.partitions import Partition, PartitionState
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres

H100 = Gres("gpu", "h100", 8)


def node(name: str, **runtime: object) -> Node:
    config = NodeConfig(
        name=name,
        cpus=112,
        boards=1,
        sockets=2,
        cores_per_socket=56,
        threads_per_core=1,
        real_memory=2_000_000,
        tmp_disk=10,
        gres=(H100, Gres("nic", None, 2)),
        features=("h100", "ib"),
        weight=5,
        node_addr="127.0.0.1",
        node_hostname="localhost",
        port=17001,
    )
    return Node(config, **runtime)  # type: ignore[arg-type]


def request(name: str = "train", **fields: object) -> JobRequest:
    base: dict[str, object] = {
        "name": name,
        "user": "alice",
        "account": "research",
        "partition": "gpu",
        "qos": "normal",
    }
    return JobRequest(**{**base, **fields})  # type: ignore[arg-type]


def full_request() -> JobRequest:
    return request(
        "train-llm",
        min_nodes=2,
        max_nodes=4,
        num_tasks=16,
        ntasks_set=True,
        ntasks_per_node=8,
        cpus_per_task=7,
        mem_per_cpu=1024,
        mem_per_node=0,
        mem_per_gpu=4096,
        gres_per_node=(H100,),
        gpus_per_job=Gres("gpu", None, 16),
        gpus_per_task=Gres("gpu", "h100", 1),
        time_limit=Seconds(3600),
        time_limit_set=True,
        time_min=Seconds(600),
        req_nodes=("dgx1", "dgx2"),
        exc_nodes=("dgx4",),
        exclusive=True,
        contiguous=True,
        features="h100&ib",
        begin_time=Instant(EPOCH + 60),
        dependency=Dependency((DepTerm(DepKind.AFTEROK, DepJob(1)),)),
        nice=10,
        requeue=False,
        batch=False,
        command="/tmp/train.sh --lr 0.1",
        script="#!/bin/bash\nsrun python train.py\n",
        work_dir="/tmp/jobs",
        std_out="out-%j.txt",
        std_err="err-%j.txt",
        std_in="/tmp/in",
        comment="a 70B run",
        export="ALL,FOO=1",
        environment=(("PATH", "/bin"), ("HOME", "/home/alice")),
        runtime=Seconds(1234),
        exit_code=3,
        uid=1001,
        gid=1001,
        alloc_node="login1",
        alloc_sid=4242,
    )


def full_state() -> ClusterState:
    config = ClusterConfig(
        cluster_name="dgxcluster",
        scheduler_parameters=SchedulerParameters(bf_interval=Seconds(5), bf_continue=True),
        def_mem_per_cpu=16384,
        def_mem_per_gpu=None,
        priority_type="priority/multifactor",
        priority_weights=PriorityWeights(age=1000, fairshare=10000, tres=(("gres/gpu", 7),)),
        priority_flags=("NO_FAIR_TREE",),
        preempt_type="preempt/qos",
        preempt_mode="REQUEUE",
        gres_types=("gpu",),
        raw=(("ClusterName", "dgxcluster"), ("SlurmctldPort", "6817")),
    )
    nodes = {
        "dgx1": node("dgx1", boot_time=Instant(EPOCH - 100), last_busy_time=EPOCH),
        "dgx2": node(
            "dgx2",
            drain=True,
            reason="gpu fell off bus",
            reason_user="root",
            reason_time=Instant(EPOCH + 5),
            extra={"comment": "rma"},
        ),
        "dgx3": node("dgx3", down=True, reason="Not responding"),
    }
    partitions = {
        "gpu": Partition(
            "gpu",
            ("dgx1", "dgx2", "dgx3"),
            "dgx[1-3]",
            default=True,
            default_time=Seconds(3600),
            max_time=Seconds(7 * 86400),
        ),
        "debug": Partition(
            "debug",
            ("dgx1",),
            "dgx1",
            state=PartitionState.DRAIN,
            default_time=None,
            max_time=None,
            max_nodes=1,
            min_nodes=1,
            priority_job_factor=2,
            priority_tier=3,
            allow_accounts=("research",),
            allow_qos=("high",),
            allow_groups=("wheel",),
            qos="high",
            oversubscribe="EXCLUSIVE",
            grace_time=Seconds(30),
            preempt_mode="CANCEL",
            hidden=True,
            exclusive_user=True,
            def_mem_per_cpu=100,
            max_mem_per_node=1000,
        ),
    }
    qos = {
        "normal": Qos("normal", 1),
        "high": Qos(
            "high",
            2,
            priority=100,
            preempt=("normal",),
            preempt_mode="requeue",
            grace_time=Seconds(10),
            usage_factor=2.5,
            flags=("DenyOnLimit",),
            description="urgent",
            limits={"MaxWall": "1-00:00:00", "GrpTRES": "gres/gpu=16"},
        ),
    }
    accounts = {
        "root": Account("root", None, "default root account", "root"),
        "research": Account("research", "root", "research", "dgx"),
    }
    users = {
        "root": User("root", 0, 0, "root", AdminLevel.ADMINISTRATOR),
        "alice": User("alice", 1001, 1001, "research"),
    }
    associations = [
        Association(1, "root", None, qos=("normal",)),
        Association(3, "research", None, shares=60, parent_account="root"),
        Association(5, "research", "alice", qos=("high", "normal"), default_qos="normal"),
    ]
    running = Job(
        job_id=10,
        request=full_request(),
        submit_time=EPOCH,
        state=JobState.RUNNING,
        reason="None",
        priority=12345,
        eligible_time=EPOCH,
        accrue_time=EPOCH,
        start_time=Instant(EPOCH + 2),
        end_time=Instant(EPOCH + 3602),
        suspend_time=Instant(EPOCH + 7),
        preempt_time=Instant(EPOCH + 8),
        last_sched_eval=Instant(EPOCH + 2),
        scheduler="Backfill",
        alloc=(
            NodeAlloc("dgx1", 56, 1_000_000, tuple(range(8))),
            NodeAlloc("dgx2", 56, 1_000_000, (0, 1, 2, 3, 4, 5, 6)),
        ),
        time_limit=Seconds(3600),
        exit_code=0,
        exit_signal=9,
        derived_exit_code=1,
        restarts=2,
        work_done=Seconds(100),
        extra={"b": "2", "a": "1"},
    )
    array_meta = Job(
        job_id=11,
        request=request("sweep", gres_per_node=(Gres("gpu", None, 4),)),
        submit_time=Instant(EPOCH + 1),
        reason="JobArrayTaskLimit",
        hold=Hold.USER,
        sched_nodes=("dgx3",),
        array_job_id=11,
        array_task_id=None,
        array_tasks=(2, 3),
        array_throttle=2,
    )
    array_task = Job(
        job_id=12,
        request=request("sweep"),
        submit_time=Instant(EPOCH + 1),
        state=JobState.COMPLETED,
        hold=Hold.ADMIN,
        array_job_id=11,
        array_task_id=0,
    )
    return ClusterState(
        config=config,
        nodes=nodes,
        partitions=partitions,
        qos=qos,
        accounts=accounts,
        users=users,
        associations=associations,
        jobs={10: running, 11: array_meta, 12: array_task},
        now=Instant(EPOCH + 3000),
        next_job_id=13,
        last_sched=Instant(EPOCH + 2990),
        last_backfill=None,
        sched_due=Instant(EPOCH + 3001),
        usage={5: 1234.5, 3: 0.25},
        calc_usage={5: 1200.0, 7: 3.0},
        last_usage_calc=Instant(EPOCH + 2700),
        extra={"note": "test"},
    )


def pending_job(job_id: int, *, user: str = "alice") -> Job:
    return Job(job_id=job_id, request=request(f"job{job_id}", user=user), submit_time=EPOCH)
