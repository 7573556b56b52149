"""Small builders for the default cluster of the oracle (shared/oracle/etc/slurm.conf).

``cluster()`` is the idle ``dgxcluster``: dgx[1-4] (112 CPUs, 2,000,000 MB,
8 H100 each), partitions gpu (default) and debug, accounts research/product,
users alice, bob, carol and root. ``job()`` makes a job record with the
oracle's defaults (DefMemPerCPU=16384, 1 task per node); ``run()`` puts it on
nodes. Times are written as the wall-clock time of day of the recording,
``at("19:05:31")``.
"""

from slurmsim.model.accounts import Account, Association, Qos, User
from slurmsim.model.cluster import ClusterConfig, ClusterState, PriorityWeights
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.partitions import Partition
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.dependency import parse_dependency

NODES = ("dgx1", "dgx2", "dgx3", "dgx4")
GPU = Gres("gpu", None, 8)
WORKDIR = "/tmp/slurm-oracle-jobs"
MEM_PER_CPU = 16384
USERS = {"alice": 1001, "bob": 1002, "carol": 1003, "root": 0}
ACCOUNT = {"alice": "research", "bob": "research", "carol": "product", "root": "research"}


def at(clock: str) -> Instant:
    """``"19:05:31"`` on the recording day (EPOCH is 19:00:00 UTC)."""
    hours, minutes, seconds = (int(x) for x in clock.split(":"))
    return Instant(EPOCH + (hours - 19) * 3600 + minutes * 60 + seconds)


def hms(text: str) -> Seconds:
    """``"00:30:00"`` or ``"7-00:00:00"`` as seconds."""
    days, _, rest = text.rpartition("-")
    hours, minutes, seconds = (int(x) for x in rest.split(":"))
    return Seconds(int(days or 0) * 86400 + hours * 3600 + minutes * 60 + seconds)


def node(name: str, **flags: object) -> Node:
    index = NODES.index(name) + 1 if name in NODES else 1
    config = NodeConfig(
        name=name,
        cpus=112,
        sockets=2,
        cores_per_socket=56,
        threads_per_core=1,
        real_memory=2_000_000,
        gres=(Gres("gpu", "h100", 8),),
        node_addr="127.0.0.1",
        node_hostname="localhost",
        port=17000 + index,
    )
    result = Node(config, boot_time=at("18:35:28"))
    for key, value in flags.items():
        setattr(result, key, value)
    return result


def cluster(now: str = "19:05:05") -> ClusterState:
    """The idle oracle cluster at ``now``."""
    config = ClusterConfig(
        cluster_name="dgxcluster",
        def_mem_per_cpu=MEM_PER_CPU,
        priority_type="priority/multifactor",
        priority_weights=PriorityWeights(
            age=1000, fairshare=10000, job_size=1000, partition=1000, qos=10000
        ),
        preempt_type="preempt/qos",
        preempt_mode="REQUEUE",
        gres_types=("gpu",),
    )
    partitions = {
        "gpu": Partition(
            "gpu",
            NODES,
            "dgx[1-4]",
            default=True,
            default_time=hms("01:00:00"),
            max_time=hms("7-00:00:00"),
        ),
        "debug": Partition(
            "debug",
            NODES,
            "dgx[1-4]",
            default_time=hms("00:30:00"),
            max_time=hms("02:00:00"),
            priority_job_factor=2,
        ),
    }
    users = {name: User(name, uid, uid, ACCOUNT[name]) for name, uid in USERS.items()}
    accounts = {
        "root": Account("root", None),
        "research": Account("research", "root"),
        "product": Account("product", "root"),
    }
    associations = [
        Association(1, "root", None),
        Association(2, "research", None, shares=60, parent_account="root"),
        Association(3, "product", None, shares=40, parent_account="root"),
    ] + [
        Association(4 + i, ACCOUNT[name], name, qos=("high", "normal"), default_qos="normal")
        for i, name in enumerate(("alice", "bob", "carol", "root"))
    ]
    return ClusterState(
        config=config,
        nodes={name: node(name, last_busy_time=at("19:05:03")) for name in NODES},
        partitions=partitions,
        qos={"normal": Qos("normal", 1), "high": Qos("high", 2, 100, ("normal",))},
        accounts=accounts,
        users=users,
        associations=associations,
        jobs={},
        now=at(now),
    )


def job(
    job_id: int,
    name: str = "wrap",
    *,
    user: str = "alice",
    submit: str = "19:05:31",
    partition: str = "gpu",
    nodes: int | None = None,
    ntasks: int | None = None,
    gpus: int = 0,
    limit: str | None = None,
    state: JobState = JobState.PENDING,
    reason: str = "None",
    priority: int = 4626,
    qos: str = "normal",
    command: str | None = None,
    dependency: str | None = None,
    held: Hold = Hold.NONE,
    eligible: str | None = "submit",
    accrue: str | None = "submit",
    last_eval: str | None = "submit",
) -> Job:
    """A batch job as the oracle's sbatch would create it (``--wrap`` unless ``command``)."""
    default_limit = "00:30:00" if partition == "debug" else "01:00:00"
    limit_s = hms(limit or default_limit)
    min_nodes = nodes or 1
    uid = USERS[user]
    request = JobRequest(
        name=name,
        user=user,
        account=ACCOUNT[user],
        partition=partition,
        qos=qos,
        min_nodes=min_nodes,
        max_nodes=nodes,
        num_tasks=ntasks or min_nodes,
        ntasks_set=ntasks is not None,
        mem_per_cpu=MEM_PER_CPU,
        gres_per_node=(Gres("gpu", None, gpus),) if gpus else (),
        time_limit=limit_s,
        time_limit_set=limit is not None,
        dependency=parse_dependency(dependency) if dependency else None,
        command=command,
        work_dir=WORKDIR,
        uid=uid,
        gid=uid,
        alloc_node="localhost",
        alloc_sid=2272,
    )

    def when(value: str | None) -> Instant | None:
        if value is None:
            return None
        return at(submit if value == "submit" else value)

    return Job(
        job_id=job_id,
        request=request,
        submit_time=at(submit),
        state=state,
        reason=reason,
        hold=held,
        priority=priority,
        eligible_time=when(eligible),
        accrue_time=when(accrue),
        last_sched_eval=when(last_eval),
        time_limit=limit_s,
    )


def run(
    record: Job,
    nodes: tuple[str, ...],
    *,
    start: str,
    gpus: tuple[int, ...] = (),
    end: str | None = None,
    state: JobState = JobState.RUNNING,
    reason: str = "None",
) -> Job:
    """Give ``record`` an allocation of one CPU and 16 GB per node (the oracle's jobs)."""
    record.alloc = tuple(NodeAlloc(n, 1, MEM_PER_CPU, gpus) for n in nodes)
    record.state = state
    record.reason = reason
    record.start_time = at(start)
    record.last_sched_eval = at(start)
    limit = record.time_limit or 0
    record.end_time = at(end) if end else Instant(record.start_time + limit)
    return record


def plan(record: Job, nodes: tuple[str, ...], *, start: str, evaluated: str) -> Job:
    """Mark a pending job as planned by backfill (StartTime, SchedNodeList, Backfill:*)."""
    record.start_time = at(start)
    record.end_time = Instant(record.start_time + (record.time_limit or 0))
    record.sched_nodes = nodes
    record.scheduler = "Backfill"
    record.last_sched_eval = at(evaluated)
    return record


def add(state: ClusterState, *jobs: Job) -> ClusterState:
    """Put ``jobs`` in ``state``; a job backfill planned dates the last cycle (``:*``)."""
    for record in jobs:
        state.jobs[record.job_id] = record
        evaluated = record.last_sched_eval
        if record.scheduler == "Backfill" and evaluated is not None:
            state.last_backfill = max(state.last_backfill or evaluated, evaluated)
    return state
