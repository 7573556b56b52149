"""Job priority: priority/multifactor (weighted factors) and priority/basic (FIFO).

Multifactor sums weight x factor for age, association, fair share, job size,
partition, QOS and TRES, subtracts nice, and truncates (Slurm casts, it does not
round): golden 105 shows 10000 + 252.2 + 500 = 10752. A computed value below 1
becomes 1, because 0 means held.
"""

import math
from dataclasses import dataclass

from slurmsim.engine.fairshare import fairshare_factors
from slurmsim.engine.resources import GPU
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Hold, Job, JobRequest
from slurmsim.model.time import Instant

#: priority/basic gives the first job 0xFFFF0000 - 1 and each later one one less.
BASIC_TOP = 0xFFFF0000
MAX_PRIORITY = 0xFFFFFFFF


@dataclass(frozen=True, slots=True)
class Factors:
    """A job's priority factors, normalised (0..1) and weighted as sprio prints them."""

    age: float
    assoc: float
    fairshare: float
    job_size: float
    partition: float
    qos: float
    tres: tuple[tuple[str, float], ...]  # (TRES name, normalised factor)
    nice: int
    site: int
    #: weight x factor for each of the above (sprio's columns), in the same order.
    weighted_age: float
    weighted_assoc: float
    weighted_fairshare: float
    weighted_job_size: float
    weighted_partition: float
    weighted_qos: float
    weighted_tres: tuple[tuple[str, float], ...]

    @property
    def total(self) -> float:
        """The untruncated sum Slurm casts to the job's priority."""
        return self.total_with(self.weighted_age)

    @property
    def own(self) -> float:
        """What the job's own request contributes (neither age nor fair share): constant
        while it waits."""
        return (
            self.weighted_assoc
            + self.weighted_job_size
            + self.weighted_partition
            + self.weighted_qos
            + sum(w for _, w in self.weighted_tres)
            + self.site
            - self.nice
        )

    @property
    def static(self) -> float:
        """Everything but age. Fair share is added last, so that the queue can keep ``own``
        per job and one fair-share term per association, which moves with usage."""
        return self.own + self.weighted_fairshare

    def total_with(self, weighted_age: float) -> float:
        """``total`` with another age term. Age is added last, so that the queue can keep
        ``static`` per job and add the growing age term alone, bit for bit the same sum."""
        return self.static + weighted_age


@dataclass(frozen=True, slots=True)
class Scale:
    """What every job's factors are measured against: cluster totals, looked up once."""

    nodes: int
    cpus: int
    top_partition_factor: int
    top_qos: int
    gpus: dict[str, int]  # GPUs in each partition
    assoc_ids: dict[tuple[str, str], int]  # (user, account) -> association id


def scale(state: ClusterState) -> Scale:
    """The totals of ``state`` that ``factors`` divides by (valid while the cluster is as is)."""
    assoc_ids: dict[tuple[str, str], int] = {}
    for a in state.associations:
        if a.user is not None:
            assoc_ids.setdefault((a.user, a.account), a.id)  # the first one counts
    return Scale(
        nodes=len(state.nodes),
        cpus=sum(n.config.cpus for n in state.nodes.values()),
        top_partition_factor=max(
            (p.priority_job_factor for p in state.partitions.values()), default=0
        ),
        top_qos=max((q.priority for q in state.qos.values()), default=0),
        gpus={
            name: sum(state.nodes[n].configured_count(GPU) for n in p.nodes if n in state.nodes)
            for name, p in state.partitions.items()
        },
        assoc_ids=assoc_ids,
    )


def factors(
    state: ClusterState,
    job: Job,
    fairshare: dict[int, float] | None = None,
    totals: Scale | None = None,
    at: Instant | None = None,
) -> Factors:
    """The multifactor factors of ``job`` at ``at`` (default: now); ``fairshare`` and
    ``totals`` may be precomputed by the caller."""
    cfg = state.config
    w = cfg.priority_weights
    req = job.request
    fs_table = fairshare if fairshare is not None else fairshare_factors(state)
    sc = totals if totals is not None else scale(state)
    age = age_factor(state, job, at)
    fs = fs_table.get(sc.assoc_ids.get((req.user, req.account), -1), 0.0)
    size = job_size_factor(state, job, sc)
    part = _partition_factor(state, req.partition, sc)
    qos = _qos_factor(state, req.qos, sc)
    tres = tuple((name, _tres_factor(job, name, sc)) for name, _ in w.tres)
    weights = dict(w.tres)
    return Factors(
        age=age,
        assoc=0.0,
        fairshare=fs,
        job_size=size,
        partition=part,
        qos=qos,
        tres=tres,
        nice=req.nice,
        site=0,
        weighted_age=w.age * age,
        weighted_assoc=0.0,
        weighted_fairshare=w.fairshare * fs,
        weighted_job_size=w.job_size * size,
        weighted_partition=w.partition * part,
        weighted_qos=w.qos * qos,
        weighted_tres=tuple((name, weights[name] * f) for name, f in tres),
    )


def static_key(job: Job) -> tuple[object, ...] | None:
    """Everything ``factors`` reads from a pending job, its age aside (None: not pending-like).

    Jobs with equal keys have equal factors apart from age, so a queue of thousands
    of jobs from a few users asking for a few shapes needs only a few computations.
    """
    if job.alloc:
        return None  # sized by what it holds
    req = job.request
    return (
        req.user,
        req.account,
        req.partition,
        req.qos,
        req.nice,
        req.min_nodes,
        job_cpus(req),
        job_gpus(req),
    )


#: ``Factors.own`` by ``static_key``: what each kind of request adds to its priority.
Owns = dict[tuple[object, ...], float]


def priority(
    state: ClusterState,
    job: Job,
    fairshare: dict[int, float] | None = None,
    totals: Scale | None = None,
    owns: Owns | None = None,
) -> int:
    """The priority slurmctld would store for ``job`` now; 0 while it is held
    (``fairshare`` and ``totals`` as for ``factors``; ``owns`` remembers each kind's own
    part, for a caller whose cluster totals stay put)."""
    if job.hold is not Hold.NONE:
        return 0
    if job.priority_set:
        return job.priority
    if state.config.priority_type != "priority/multifactor":
        # FIFO: earlier job ids rank higher; nice still lowers the value.
        return clamp(BASIC_TOP - job.job_id - job.request.nice)
    if owns is None:
        return clamp(math.floor(factors(state, job, fairshare, totals).total))
    fs_table = fairshare if fairshare is not None else fairshare_factors(state)
    sc = totals if totals is not None else scale(state)
    own = own_part(state, job, fs_table, sc, owns)
    req = job.request
    w = state.config.priority_weights
    fs = fs_table.get(sc.assoc_ids.get((req.user, req.account), -1), 0.0)
    # Summed as ``Factors.total`` sums: own, then fair share, then age.
    return clamp(math.floor(own + w.fairshare * fs + w.age * age_factor(state, job)))


def own_part(
    state: ClusterState, job: Job, fairshare: dict[int, float], totals: Scale, owns: Owns
) -> float:
    """``Factors.own`` of ``job``, remembered in ``owns`` by ``static_key``: a stream of
    submissions asks for a few kinds of request, and only age and fair share set their
    jobs apart."""
    key = static_key(job)
    own = owns.get(key) if key is not None else None
    if own is None:
        own = factors(state, job, fairshare, totals).own
        if key is not None:
            owns[key] = own
    return own


def clamp(value: int) -> int:
    """Keep a computed priority within 1..2^32-1 (0 is reserved for held jobs)."""
    # Comparisons, not min(max()): the queue clamps at every pull, and on Python 3.11 each
    # call of the builtins parses its arguments, about ten times a comparison.
    if value < 1:
        return 1
    return value if value < MAX_PRIORITY else MAX_PRIORITY


def age_factor(state: ClusterState, job: Job, now: Instant | None = None) -> float:
    """min(1, time accrued / PriorityMaxAge) at ``now`` (default: the cluster's clock);
    0 when age has no weight or never accrued."""
    if job.accrue_time is None or state.config.priority_weights.age == 0:
        return 0.0
    max_age = state.config.priority_max_age
    if max_age <= 0:
        return 1.0
    at = state.now if now is None else now
    return min(1.0, max(0, at - job.accrue_time) / max_age)


def job_cpus(request: JobRequest) -> int:
    """The CPU count a pending job asks for, as the job-size factor counts it: the CPUs it
    shows while pending (``NumCPUs``, the controller's minimum; the oracle: ``-n 5
    --ntasks-per-node=2 -N 3`` counts 5, ``-c 4 -N 2-4`` 4, ``-c 7 -O`` 1)."""
    return max(request.asked_cpus, 1)


def job_size_factor(state: ClusterState, job: Job, totals: Scale | None = None) -> float:
    """22.05's job size factor: the mean of the node and CPU fractions of the cluster."""
    sc = totals if totals is not None else scale(state)
    nodes = sc.nodes
    cpus = sc.cpus
    if not nodes or not cpus:
        return 0.0
    req = job.request
    want_cpus = job.num_cpus if job.alloc else job_cpus(req)
    want_nodes = len(job.alloc) if job.alloc else req.min_nodes
    if state.config.priority_favor_small:
        return ((nodes - want_nodes) / nodes + (cpus - want_cpus) / cpus) / 2
    return (want_nodes / nodes + want_cpus / cpus) / 2


def _partition_factor(state: ClusterState, name: str, sc: Scale) -> float:
    top = sc.top_partition_factor
    part = state.partitions.get(name)
    if part is None or top <= 0:
        return 0.0
    return part.priority_job_factor / top


def _qos_factor(state: ClusterState, name: str, sc: Scale) -> float:
    top = sc.top_qos
    qos = state.qos.get(name)
    if qos is None or top <= 0:
        return 0.0
    return qos.priority / top


def _tres_factor(job: Job, name: str, sc: Scale) -> float:
    if name.lower() != f"gres/{GPU}":
        return 0.0
    total = sc.gpus.get(job.request.partition)
    if total is None:
        return 0.0
    return job_gpus(job.request) / total if total else 0.0


def job_gpus(request: JobRequest) -> int:
    """The GPUs a job asks for in all (``--gres`` per node, ``--gpus``, ``--gpus-per-task``)."""
    per_node = request.gpus_per_node
    if per_node:
        return per_node * request.min_nodes
    if request.gpus_per_job is not None:
        return request.gpus_per_job.count
    if request.gpus_per_task is not None:
        return request.gpus_per_task.count * max(request.num_tasks, 1)
    return 0
