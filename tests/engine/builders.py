"""Small builders for engine tests: the oracle's default cluster and jobs on it.

``cluster()`` is the 4 x DGX H100 cluster of the golden recordings (112 CPUs,
2,000,000 MB, 8 GPUs each; partitions gpu and debug; multifactor priority with
the oracle's weights; accounts research and product). ``job()`` builds a
``JobRequest`` from the options a test cares about.
"""

from dataclasses import replace

from slurmsim.model.accounts import Account, AdminLevel, Association, Qos, User
from slurmsim.model.cluster import ClusterConfig, ClusterState, PriorityWeights, SchedulerParameters
from slurmsim.model.jobs import JobRequest
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.partitions import Partition
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.dependency import parse_dependency

GPU8 = (Gres("gpu", "h100", 8),)

#: Tests start one second after the epoch, off the grid of periodic passes, so that
#: a job submitted at T0 starts in the pass its submission triggers (T0 + 2).
T0 = Instant(EPOCH + 1)


def dgx(n: int) -> Node:
    """One DGX H100 node, ``dgx<n>``."""
    return Node(
        NodeConfig(
            name=f"dgx{n}",
            cpus=112,
            boards=1,
            sockets=2,
            cores_per_socket=56,
            real_memory=2_000_000,
            gres=GPU8,
        )
    )


def cluster(
    *,
    nodes: int = 4,
    scheduler: str = "sched/backfill",
    priority_type: str = "priority/multifactor",
    bf_interval: int = 30,
    enforce_part_limits: str = "NO",
    usage: dict[int, float] | None = None,
) -> ClusterState:
    """The default cluster, idle, at ``T0``."""
    names = tuple(f"dgx{i}" for i in range(1, nodes + 1))
    config = ClusterConfig(
        cluster_name="dgxcluster",
        scheduler_type=scheduler,
        scheduler_parameters=SchedulerParameters(
            bf_interval=Seconds(bf_interval), bf_continue=True
        ),
        def_mem_per_cpu=16384,
        priority_type=priority_type,
        priority_weights=PriorityWeights(
            age=1000, fairshare=10000, job_size=1000, partition=1000, qos=10000
        ),
        enforce_part_limits=enforce_part_limits,
        gres_types=("gpu",),
        raw=(("ReturnToService", "2"),),  # as the presets have it
    )
    partitions = {
        "gpu": Partition(
            "gpu",
            names,
            default=True,
            default_time=Seconds(3600),
            max_time=Seconds(7 * 86400),
            priority_job_factor=1,
        ),
        "debug": Partition(
            "debug",
            names,
            default_time=Seconds(1800),
            max_time=Seconds(7200),
            priority_job_factor=2,
        ),
    }
    users = {
        "root": User("root", 0, 0, "root", AdminLevel.ADMINISTRATOR),
        "alice": User("alice", 1001, 1001, "research"),
        "bob": User("bob", 1002, 1002, "research"),
        "carol": User("carol", 1003, 1003, "product"),
    }
    qos_both = ("high", "normal")
    associations = [
        Association(1, "root", None, 1),
        Association(2, "root", "root", 1, qos_both, "normal"),
        Association(3, "product", None, 40, parent_account="root"),
        Association(4, "product", "carol", 1, qos_both, "normal"),
        Association(5, "research", None, 60, parent_account="root"),
        Association(6, "research", "alice", 1, qos_both, "normal"),
        Association(7, "research", "bob", 1, qos_both, "normal"),
        Association(8, "research", "root", 1, qos_both, "normal"),
    ]
    return ClusterState(
        config=config,
        nodes={n: dgx(int(n[3:])) for n in names},
        partitions=partitions,
        qos={"normal": Qos("normal", 1), "high": Qos("high", 2, priority=100, preempt=("normal",))},
        accounts={
            "root": Account("root", None),
            "research": Account("research", "root"),
            "product": Account("product", "root"),
        },
        users=users,
        associations=associations,
        jobs={},
        now=T0,
        next_job_id=1,
        usage=dict(usage or {}),
    )


#: Raw usage that gives the fair-share factors of golden 110 (alice 0.4, bob 0.6,
#: research/root 0.8, carol 1.0, root/root 0.2).
GOLDEN_USAGE = {2: 1005.0, 4: 680.0, 6: 1308.0, 7: 1046.0}

ACCOUNTS = {"alice": "research", "bob": "research", "carol": "product", "root": "root"}


def job(
    name: str = "wrap",
    *,
    user: str = "alice",
    partition: str = "gpu",
    qos: str = "normal",
    nodes: int | None = None,
    tasks: int | None = None,
    gpus_per_node: int = 0,
    gpus: int | None = None,
    limit: str | int | None = None,
    runtime: int | None = None,
    exit_code: int = 0,
    **more: object,
) -> JobRequest:
    """A batch job request; ``limit`` in seconds or ``H:MM:SS``; no ``runtime``: runs to it."""
    min_nodes = nodes or 1
    request = JobRequest(
        name=name,
        user=user,
        account=ACCOUNTS[user],
        partition=partition,
        qos=qos,
        min_nodes=min_nodes,
        max_nodes=nodes,
        num_tasks=tasks if tasks is not None else min_nodes,
        ntasks_set=tasks is not None,
        gres_per_node=(Gres("gpu", None, gpus_per_node),) if gpus_per_node else (),
        gpus_per_job=Gres("gpu", None, gpus) if gpus else None,
        time_limit=_seconds(limit),
        time_limit_set=limit is not None,
        runtime=Seconds(runtime) if runtime is not None else None,
        exit_code=exit_code,
    )
    if isinstance(more.get("dependency"), str):
        more["dependency"] = parse_dependency(str(more["dependency"]))
    return replace(request, **more)  # type: ignore[arg-type]


def _seconds(limit: str | int | None) -> Seconds | None:
    if limit is None or isinstance(limit, int):
        return Seconds(limit) if limit is not None else None
    total = 0
    for part in limit.split(":"):
        total = total * 60 + int(part)
    return Seconds(total)


def at(hms: str) -> Instant:
    """``19:05:33`` on the golden day as an instant (EPOCH is 19:00:00)."""
    h, m, s = (int(x) for x in hms.split(":"))
    return Instant(EPOCH + (h - 19) * 3600 + m * 60 + s)
