"""QOS and association limits, enforced as Slurm 22.05 does with AccountingStorageEnforce=limits.

A job is bound by its QOS (and its partition's QOS, which comes first unless the job's
QOS has ``OverPartQOS``: for each limit, the first QOS that sets it wins) and by its
association chain: the user's association, then every account above it. Grp* limits
count every job below the association that sets them; a user association's Max* limits
(MaxJobs, MaxSubmit, MaxWall, MaxTRES, TRES by TRES) are inherited from the nearest
account that sets them when the user sets none (``slurmsim.model.limits.with_inherited``).

Two moments, each with its own order of checks (all recorded from the real Slurm:
tests/golden/limits/ and tests/golden/limitkinds/):

* **Submission** (``submit_refusal``). A submission that would take its scope past a
  submission count (the QOS's GrpSubmitJobs, MaxSubmitJobsPerAccount or
  MaxSubmitJobsPerUser, an association's GrpSubmitJobs or MaxSubmitJobs) is refused; an
  array counts each task. With ``Flags=DenyOnLimit`` on the QOS, so is a job that breaks
  a limit on its own (more than a TRES limit allows even on an idle cluster, less than
  MinTRESPerJob, a time limit over MaxWall). sbatch prints the limit's reason, then the
  policy error; no job id is used up. The order is ``_Judge.refusal``'s.
* **Scheduling** (``pending_reason``). Before a pending job is placed, the limits
  it would exceed given the jobs that hold resources: job counts and wall limits
  first (per QOS: GrpJobs, MaxJobsPerAccount, MaxJobsPerUser, MaxWall; per
  association: GrpJobs, then for the user MaxJobs, MaxWall), then TRES (``_tres``),
  each TRES list in Slurm's TRES order (cpu, mem, node, billing, gres/gpu). The first
  one exceeded is the reason. The count and wall part is also looked at when the job
  is submitted (``submit_reason``): squeue shows that reason before the first pass.

Usage (``Usage``) counts RUNNING and SUSPENDED jobs: Slurm releases a job's share of a
limit when it ends, before it has finished COMPLETING.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from slurmsim.engine.priority import job_cpus, job_gpus
from slurmsim.engine.resources import GPU
from slurmsim.engine.usage import WALL, billing_of
from slurmsim.model import limits
from slurmsim.model.accounts import Association, Qos
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job, JobRequest, JobState
from slurmsim.model.partitions import Partition
from slurmsim.model.time import Instant, Seconds

#: The controller's error for a refused submission (sbatch prints the reason first).
POLICY_VIOLATION = (
    "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"
)

#: Jobs whose resources count against limits.
CHARGED = frozenset({JobState.RUNNING, JobState.SUSPENDED})
_SUBMITTED = frozenset({JobState.PENDING, JobState.RUNNING, JobState.SUSPENDED})

#: Where a count or a TRES sum is kept: ("qos", name), ("acct", qos, account),
#: ("user", qos, user) or ("assoc", id) for an association and everything below it.
Scope = tuple[str, ...]

# Reason names by limit and TRES word (Slurm's own, irregular spellings included).
_GRES = "gres"


def _names(*names: str) -> dict[str, str]:
    """A reason table in the order cpu, mem, node, billing, gres."""
    return dict(zip(("cpu", "mem", "node", "billing", _GRES), names, strict=True))


_REASONS: dict[str, dict[str, str]] = {
    "QOS GrpTRES": _names(
        "QOSGrpCpuLimit", "QOSGrpMemLimit", "QOSGrpNodeLimit", "QOSGrpBilling", "QOSGrpGRES"
    ),
    "QOS GrpTRESMins": _names(
        "QOSGrpCPUMinutesLimit",
        "QOSGrpMemoryMinutes",
        "QOSGrpNodeMinutes",
        "QOSGrpBillingMinutes",
        "QOSGrpGRESMinutes",
    ),
    "QOS GrpTRESRunMins": _names(
        "QOSGrpCPURunMinutesLimit",
        "QOSGrpMemoryRunMinutes",
        "QOSGrpNodeRunMinutes",
        "QOSGrpBillingRunMinutes",
        "QOSGrpGRESRunMinutes",
    ),
    "QOS MaxTRESMins": _names(
        "QOSMaxCpuMinutesPerJobLimit",
        "QOSMaxMemoryMinutesPerJob",
        "QOSMaxNodeMinutesPerJob",
        "QOSMaxBillingMinutesPerJob",
        "QOSMaxGRESMinutesPerJob",
    ),
    "QOS MaxTRES": _names(
        "QOSMaxCpuPerJobLimit",
        "QOSMaxMemoryPerJob",
        "QOSMaxNodePerJobLimit",
        "QOSMaxBillingPerJob",
        "QOSMaxGRESPerJob",
    ),
    "QOS MaxTRESPerNode": _names(
        "QOSMaxCpuPerNode",
        "QOSMaxMemoryPerNode",
        "QOSMaxUnknownPerNode",
        "QOSMaxBillingPerNode",
        "QOSMaxGRESPerNode",
    ),
    "QOS MinTRES": _names(
        "QOSMinCpuNotSatisfied", "QOSMinMemory", "QOSMinNode", "QOSMinBilling", "QOSMinGRES"
    ),
    "QOS MaxTRESPA": _names(
        "MaxCpuPerAccount",
        "MaxMemoryPerAccount",
        "MaxNodePerAccount",
        "MaxBillingPerAccount",
        "MaxGRESPerAccount",
    ),
    "QOS MaxTRESPU": _names(
        "QOSMaxCpuPerUserLimit",
        "QOSMaxMemoryPerUser",
        "QOSMaxNodePerUserLimit",
        "QOSMaxBillingPerUser",
        "QOSMaxGRESPerUser",
    ),
    "Assoc GrpTRES": _names(
        "AssocGrpCpuLimit",
        "AssocGrpMemLimit",
        "AssocGrpNodeLimit",
        "AssocGrpBilling",
        "AssocGrpGRES",
    ),
    "Assoc GrpTRESMins": _names(
        "AssocGrpCPUMinutesLimit",
        "AssocGrpMemMinutes",
        "AssocGrpNodeMinutes",
        "AssocGrpBillingMinutes",
        "AssocGrpGRESMinutes",
    ),
    "Assoc GrpTRESRunMins": _names(
        "AssocGrpCPURunMinutesLimit",
        "AssocGrpMemRunMinutes",
        "AssocGrpNodeRunMinutes",
        "AssocGrpBillingRunMinutes",
        "AssocGrpGRESRunMinutes",
    ),
    "Assoc MaxTRESMins": _names(
        "AssocMaxCpuMinutesPerJobLimit",
        "AssocMaxMemMinutesPerJob",
        "AssocMaxNodeMinutesPerJob",
        "AssocMaxBillingMinutesPerJob",
        "AssocMaxGRESMinutesPerJob",
    ),
    "Assoc MaxTRES": _names(
        "AssocMaxCpuPerJobLimit",
        "AssocMaxMemPerJob",
        "AssocMaxNodePerJobLimit",
        "AssocMaxBillingPerJob",
        "AssocMaxGRESPerJob",
    ),
    "Assoc MaxTRESPerNode": _names(
        "AssocMaxCpuPerNode",
        "AssocMaxMemPerNode",
        "AssocMaxUnknownPerNode",
        "AssocMaxBillingPerNode",
        "AssocMaxGRESPerNode",
    ),
}
_TRES_RANK = {name: i for i, name in enumerate(limits.TRES_ORDER)}

# -- what binds a job -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QosLimits:
    name: str
    limits: Mapping[str, str]  # only those not already set by a QOS before it


@dataclass(frozen=True, slots=True)
class AssocLimits:
    id: int
    user_level: bool
    limits: Mapping[str, str]  # a user's include what it inherits


@dataclass(frozen=True, slots=True)
class Binding:
    """The QOS and associations whose limits bind one job, in the order they are checked."""

    qos: tuple[QosLimits, ...]
    assocs: tuple[AssocLimits, ...]
    deny_on_limit: bool


class _Index:
    """Associations by (account, user) and accounts' own, and each job kind's ``Binding``."""

    def __init__(self, state: ClusterState) -> None:
        self.state = state
        self.by_user: dict[tuple[str, str], Association] = {}
        self.by_account: dict[str, Association] = {}
        self._bindings: dict[tuple[str, str, str, str], Binding] = {}
        self._below: defaultdict[int, list[int]] | None = None
        for a in state.associations:
            if a.user is None:
                self.by_account.setdefault(a.account, a)
            else:
                self.by_user.setdefault((a.account, a.user), a)

    def users_below(self, assoc_id: int) -> list[int]:
        """The user associations at or below association ``assoc_id``."""
        if self._below is None:
            self._below = defaultdict(list)
            for (account, user), a in self.by_user.items():
                for above in self.chain(account, user):
                    self._below[above.id].append(a.id)
        return self._below.get(assoc_id, [])

    def chain(self, account: str, user: str) -> list[Association]:
        """The user's association, then each account association up to root."""
        first = self.by_user.get((account, user))
        if first is None:
            return []
        chain = [first]
        node = self.by_account.get(account)
        while node is not None and node not in chain:
            chain.append(node)
            parent = node.parent_account
            node = self.by_account.get(parent) if parent is not None else None
        return chain

    def binding(self, job: Job) -> "Binding":
        """What binds ``job``; jobs of one partition, QOS, account and user share it."""
        return self.binding_of(job.request)

    def binding_of(self, req: JobRequest) -> "Binding":
        """What binds a job of ``req``."""
        key = (req.partition, req.qos, req.account, req.user)
        found = self._bindings.get(key)
        if found is None:
            found = self._bindings[key] = _binding(self.state, req, self)
        return found


def _binding(state: ClusterState, req: JobRequest, index: _Index) -> Binding:
    part = state.partitions.get(req.partition)
    job_qos = state.qos.get(req.qos)
    part_qos = state.qos.get(part.qos) if part is not None and part.qos else None
    ordered: list[Qos] = [q for q in (part_qos, job_qos) if q is not None]
    if job_qos is not None and "OverPartQOS" in job_qos.flags:
        ordered.reverse()
    qos: list[QosLimits] = []
    seen: set[str] = set()
    for q in ordered:
        if q.name not in seen:
            seen.add(q.name)
            qos.append(QosLimits(q.name, _unset_before(q.limits, [x.limits for x in qos])))
    chain = index.chain(req.account, req.user)
    factor = job_qos.limits.get("LimitFactor") if job_qos is not None else None
    assocs = []
    for i, a in enumerate(chain):
        own = limits.with_inherited(a.limits, (p.limits for p in chain[1:])) if i == 0 else a.limits
        if factor is not None:
            own = _factored(own, float(factor))
        assocs.append(AssocLimits(a.id, i == 0, own))
    deny = any("DenyOnLimit" in q.flags for q in ordered)
    return Binding(tuple(qos), tuple(assocs), deny)


#: The association limits that the LimitFactor of a job's QOS scales for it (golden
#: ``limitfactor/``: not MaxTRESPerNode, MaxTRESMins or GrpTRESRunMins).
_FACTORED = ("GrpTRES", "MaxTRES")


def _factored(own: Mapping[str, str], factor: float) -> dict[str, str]:
    """``own`` with each TRES of ``_FACTORED`` times ``factor`` (rounded down)."""
    scaled = dict(own)
    for key in _FACTORED:
        if key in own:
            caps = limits.decode_tres(own[key])
            scaled[key] = limits.encode_tres({n: int(v * factor) for n, v in caps.items()})
    return scaled


def _unset_before(own: Mapping[str, str], before: list[Mapping[str, str]]) -> dict[str, str]:
    """``own`` without what an earlier QOS already limits (TRES limits count per TRES)."""
    kept: dict[str, str] = {}
    for key, text in own.items():
        earlier = [b[key] for b in before if key in b]
        if not earlier:
            kept[key] = text
        elif "TRES" in key:
            taken = {name for e in earlier for name in limits.decode_tres(e)}
            rest = {n: v for n, v in limits.decode_tres(text).items() if n not in taken}
            if rest:
                kept[key] = limits.encode_tres(rest)
    return kept


def _scopes(job: Job, index: _Index) -> Iterator[Scope]:
    bound = index.binding(job)
    for q in bound.qos:
        yield ("qos", q.name)
        yield ("acct", q.name, job.request.account)
        yield ("user", q.name, job.request.user)
    for a in bound.assocs:
        yield ("assoc", str(a.id))


# -- what a job counts for -------------------------------------------------------------


def requested_tres(state: ClusterState, job: Job) -> dict[str, int]:
    """What a pending job asks for, as limits count it (memory in MB)."""
    req = job.request
    part = state.partitions.get(req.partition)
    nodes = max(req.min_nodes, 1)
    cpus = job_cpus(req)
    gpus = job_gpus(req)
    tres = {"cpu": cpus, "mem": _requested_mem(state, job, part, cpus, gpus), "node": nodes}
    tres[f"gres/{GPU}"] = gpus
    tres["billing"] = int(billing_of(state, req.partition, {k: float(v) for k, v in tres.items()}))
    return tres


def _requested_mem(
    state: ClusterState, job: Job, part: Partition | None, cpus: int, gpus: int
) -> int:
    req = job.request
    nodes = max(req.min_nodes, 1)
    if req.mem_per_node is None:
        per_cpu = req.mem_per_cpu
        per_gpu = req.mem_per_gpu_in_force
        if per_cpu is None and per_gpu is None:  # slurm.conf's defaults, the partition's first
            per_cpu = (part.def_mem_per_cpu if part else None) or state.config.def_mem_per_cpu
            per_gpu = state.config.def_mem_per_gpu if gpus else None
        if per_cpu is not None:
            return per_cpu * cpus
        if per_gpu is not None:
            return per_gpu * gpus
    elif req.mem_per_node:
        return req.mem_per_node * nodes
    # --mem=0, or no memory asked for and no default: all of each node's memory.
    first = state.nodes.get(part.nodes[0]) if part and part.nodes else None
    return (first.config.real_memory if first else 0) * nodes


def held_tres(state: ClusterState, job: Job) -> dict[str, int]:
    """What a running job holds, as limits count it (memory in MB); its nodes are counted
    with the other jobs' of each limit (``Usage``)."""
    tres = {
        "cpu": job.num_cpus,
        "mem": sum(a.mem for a in job.alloc),
        f"gres/{GPU}": sum(len(a.gpus) for a in job.alloc),
    }
    as_float = {k: float(v) for k, v in tres.items()}
    tres["billing"] = int(billing_of(state, job.request.partition, as_float))
    return tres


def _weight(job: Job) -> int:
    """How many submissions a job stands for: an array's pending tasks each count."""
    return len(job.array_tasks) if job.array_tasks else 1


class Usage:
    """What the jobs holding resources count against limits: jobs and TRES per scope.

    Build it once per pass with ``Usage.of(state, running)`` and ``add`` each job the
    pass starts, so that the next job is judged with it. When no QOS or association
    sets a limit it stays empty and every check is skipped.

    Nodes count once per scope however many of its jobs share them, as slurmctld counts
    them (a bitmap of the nodes and a job count on each): ``nodes`` keeps, per scope, how
    many of its jobs run on each node, and its ``node`` TRES is how many nodes that is.
    When a GrpTRESRunMins is set anywhere, ``runs`` keeps each scope's jobs too, for what
    they have left to run (``run_minutes``).
    """

    __slots__ = ("_index", "_left", "_state", "active", "jobs", "nodes", "runs", "spends", "tres")

    def __init__(self, state: ClusterState) -> None:
        self._state = state
        self._index = _Index(state)
        self.active = _any_limits(state)
        self.jobs: Counter[Scope] = Counter()
        self.tres: defaultdict[Scope, Counter[str]] = defaultdict(Counter)
        self.nodes: defaultdict[Scope, Counter[str]] = defaultdict(Counter)
        self.runs: defaultdict[Scope, dict[int, Job]] | None = (
            defaultdict(dict) if _any_limits(state, "GrpTRESRunMins") else None
        )
        #: Whether a GrpTRESMins or GrpWall is set anywhere (``spent``, ``spent_out``).
        self.spends = _any_limits(state, "GrpTRESMins") or _any_limits(state, "GrpWall")
        # ``run_minutes`` per scope, as of the decay pass it was worked out for.
        self._left: dict[Scope, tuple[Instant | None, dict[str, int]]] = {}

    @classmethod
    def of(cls, state: ClusterState, running: Iterable[Job]) -> "Usage":
        """The usage of the RUNNING and SUSPENDED jobs among ``running``."""
        usage = cls(state)
        if not usage.active:
            return usage  # nothing to count: spare the look at every job
        for job in running:
            if job.state in CHARGED:
                usage.add(job)
        return usage

    def add(self, job: Job) -> None:
        """Count ``job`` (just started) against every limit that binds it."""
        self._charge(job, +1)

    def remove(self, job: Job) -> None:
        """Stop counting ``job`` (it ended)."""
        self._charge(job, -1)

    def binding(self, job: Job) -> Binding:
        """The QOS and associations whose limits bind ``job``."""
        return self._index.binding(job)

    def run_minutes(self, scope: Scope) -> dict[str, int]:
        """The TRES-minutes that the running jobs of ``scope`` have left of their time
        limits, as slurmctld counts them for GrpTRESRunMins: a job's whole limit from its
        start, charged down only by the decay thread (every PriorityCalcPeriod), so a job
        counts in full until the decay thread's first pass after its start."""
        if self.runs is None:
            return {}
        calc = self._state.last_usage_calc
        known = self._left.get(scope)
        if known is not None and known[0] == calc:
            return known[1]
        left: Counter[str] = Counter()
        for job in self.runs.get(scope, {}).values():
            started = job.start_time
            ran = (
                job.run_seconds(calc)
                if calc is not None and started is not None and calc > started
                else 0
            )
            rest = max(_limit_seconds(job, self._state) - ran, 0)
            for name, n in {"node": len(job.alloc), **held_tres(self._state, job)}.items():
                left[name] += n * rest
        minutes = {name: secs // 60 for name, secs in left.items()}
        self._left[scope] = (calc, minutes)
        return minutes

    def spent(self, scope: Scope) -> dict[str, int]:
        """The usage GrpTRESMins and GrpWall count for ``scope`` (a QOS's own, or an
        association's and everything below it), in minutes: each TRES's, and ``wall``'s.
        It moves at the decay thread's passes and when a job ends (engine/usage.py)."""
        state = self._state
        seconds: Counter[str] = Counter()
        if scope[0] == "qos":
            seconds.update(state.qos_usage.get(scope[1], {}))
        else:
            for user in self._index.users_below(int(scope[1])):
                seconds.update(state.tres_usage.get(user, {}))
        return {name: int(secs // 60) for name, secs in seconds.items()}

    def _charge(self, job: Job, sign: int) -> None:
        if not self.active:
            return
        held = held_tres(self._state, job)
        names = [a.node for a in job.alloc]
        for scope in _scopes(job, self._index):
            self.jobs[scope] += sign
            bucket = self.tres[scope]
            for name, n in held.items():
                bucket[name] += sign * n
            on = self.nodes[scope]
            for node in names:
                on[node] += sign
                if not on[node]:
                    del on[node]  # no job of the scope left there
            bucket["node"] = len(on)
            if self.runs is not None:
                self._left.pop(scope, None)
                if sign > 0:
                    self.runs[scope][job.job_id] = job
                else:
                    self.runs[scope].pop(job.job_id, None)


# -- the checks ---------------------------------------------------------------------------


def _word(tres_name: str) -> str:
    return _GRES if tres_name.startswith("gres/") else tres_name


def _tres_over(
    kind: str, limit_text: str | None, req: Mapping[str, int], used: Mapping[str, int] | None
) -> str | None:
    """The reason for the first TRES (Slurm's order) that ``req`` (plus ``used``) exceeds."""
    return _first(kind, limit_text, lambda name, cap: req.get(name, 0) + _get(used, name) > cap)


def _tres_under(kind: str, limit_text: str | None, req: Mapping[str, int]) -> str | None:
    """The reason for the first TRES of a minimum (MinTRESPerJob) that ``req`` falls short of."""
    return _first(kind, limit_text, lambda name, floor: req.get(name, 0) < floor)


def _first(kind: str, limit_text: str | None, broken: Callable[[str, int], bool]) -> str | None:
    if not limit_text:
        return None
    table = _REASONS[kind]
    caps = limits.decode_tres(limit_text)
    for name in sorted(caps, key=lambda n: (_TRES_RANK.get(n, len(_TRES_RANK)), n)):
        if _word(name) in table and broken(name, caps[name]):
            return table[_word(name)]
    return None


def _get(used: Mapping[str, int] | None, name: str) -> int:
    return used.get(name, 0) if used is not None else 0


def _count_reached(text: str | None, count: int) -> bool:
    return text is not None and count >= int(text)


#: A time limit of UNLIMITED as limits count it (slurmctld's INFINITE minutes).
_INFINITE = 0xFFFFFFFF * 60


def _limit_seconds(job: Job, state: ClusterState) -> int:
    """The job's time limit; with none of its own yet, its partition's MaxTime."""
    limit = job.time_limit
    if limit is None:
        part = state.partitions.get(job.request.partition)
        limit = part.max_time if part is not None else None
    return _INFINITE if limit is None else int(limit)


def _wall_over(text: str | None, job: Job, state: ClusterState) -> bool:
    return text is not None and _limit_seconds(job, state) > int(text)


def _per_node(req: Mapping[str, int]) -> dict[str, int]:
    """What a job asks of each node for MaxTRESPerNode: its whole request over its
    fewest nodes, rounded down (``-N 2 --gpus=9`` asks 4 of a node)."""
    nodes = max(req.get("node", 1), 1)
    return {name: n // nodes for name, n in req.items()}


def _minutes(job: Job, state: ClusterState, req: Mapping[str, int]) -> dict[str, int]:
    """The TRES-minutes a job asks for: each TRES times its time limit in minutes."""
    limit = _limit_seconds(job, state) // 60
    return {name: n * limit for name, n in req.items()}


def _counts_and_wall(state: ClusterState, job: Job, bound: Binding, usage: Usage) -> str | None:
    """Slurm's checks before node selection: running-job counts, then wall time."""
    user, account = job.request.user, job.request.account
    for q in bound.qos:
        if _count_reached(q.limits.get("GrpJobs"), usage.jobs[("qos", q.name)]):
            return "QOSGrpJobsLimit"
        if _wall_spent(q.limits.get("GrpWall"), usage, ("qos", q.name)):
            return "QOSGrpWallLimit"
        if _count_reached(q.limits.get("MaxJobsPA"), usage.jobs[("acct", q.name, account)]):
            return "MaxJobsPerAccount"
        if _count_reached(q.limits.get("MaxJobsPU"), usage.jobs[("user", q.name, user)]):
            return "QOSMaxJobsPerUserLimit"
        if _wall_over(q.limits.get("MaxWall"), job, state):
            return "QOSMaxWallDurationPerJobLimit"
    for a in bound.assocs:
        if _count_reached(a.limits.get("GrpJobs"), usage.jobs[("assoc", str(a.id))]):
            return "AssocGrpJobsLimit"
        if _wall_spent(a.limits.get("GrpWall"), usage, ("assoc", str(a.id))):
            return "AssocGrpWallLimit"
        if not a.user_level:
            continue
        if _count_reached(a.limits.get("MaxJobs"), usage.jobs[("assoc", str(a.id))]):
            return "AssocMaxJobsLimit"
        if _wall_over(a.limits.get("MaxWall"), job, state):
            return "AssocMaxWallDurationPerJobLimit"
    return None


def _tres(state: ClusterState, job: Job, bound: Binding, usage: Usage) -> str | None:
    """Slurm's checks once the job's TRES are known, in its order: per QOS the group's
    TRES-minutes spent, TRES and running TRES-minutes, the job's own TRES-minutes, TRES,
    TRES per node and minimum, then the account's and the user's TRES; per association
    the group's, then for the user the job's own. Limits on what jobs hold together leave nodes to
    ``after_selection``: which are new to them depends on the nodes chosen."""
    req = requested_tres(state, job)
    shared = {name: n for name, n in req.items() if name != "node"}
    mins = _minutes(job, state, req)
    user, account = job.request.user, job.request.account
    for q in bound.qos:
        limit = q.limits.get
        found = (
            _spent_over("QOS GrpTRESMins", limit("GrpTRESMins"), req, usage, ("qos", q.name))
            or _tres_over("QOS GrpTRES", limit("GrpTRES"), shared, usage.tres[("qos", q.name)])
            or _run_minutes_over(
                "QOS GrpTRESRunMins", limit("GrpTRESRunMins"), mins, usage, ("qos", q.name)
            )
            or _tres_over("QOS MaxTRESMins", limit("MaxTRESMins"), mins, None)
            or _tres_over("QOS MaxTRES", limit("MaxTRES"), req, None)
            or _tres_over("QOS MaxTRESPerNode", limit("MaxTRESPerNode"), _per_node(req), None)
            or _tres_under("QOS MinTRES", limit("MinTRES"), req)
            or _tres_over(
                "QOS MaxTRESPA", limit("MaxTRESPA"), shared, usage.tres[("acct", q.name, account)]
            )
            or _tres_over(
                "QOS MaxTRESPU", limit("MaxTRESPU"), shared, usage.tres[("user", q.name, user)]
            )
        )
        if found:
            return found
    for a in bound.assocs:
        scope = ("assoc", str(a.id))
        limit = a.limits.get
        found = (
            _spent_over("Assoc GrpTRESMins", limit("GrpTRESMins"), req, usage, scope)
            or _tres_over("Assoc GrpTRES", limit("GrpTRES"), shared, usage.tres[scope])
            or _run_minutes_over(
                "Assoc GrpTRESRunMins", limit("GrpTRESRunMins"), mins, usage, scope
            )
        )
        if not found and a.user_level:
            found = (
                _tres_over("Assoc MaxTRESMins", limit("MaxTRESMins"), mins, None)
                or _tres_over("Assoc MaxTRES", limit("MaxTRES"), req, None)
                or _tres_over("Assoc MaxTRESPerNode", limit("MaxTRESPerNode"), _per_node(req), None)
            )
        if found:
            return found
    return None


def _spent_over(
    kind: str, text: str | None, req: Mapping[str, int], usage: Usage, scope: Scope
) -> str | None:
    """GrpTRESMins: the scope's usage of a TRES the job asks for has reached the limit.
    A job that would take it over on its own is not held for it, and one that asks for
    none of that TRES is not bound by it (golden ``usagelimits/``)."""
    if not text:
        return None
    spent = usage.spent(scope)
    return _first(kind, text, lambda name, cap: req.get(name, 0) > 0 and spent.get(name, 0) >= cap)


def _wall_spent(text: str | None, usage: Usage, scope: Scope) -> bool:
    """GrpWall: the minutes the scope's jobs have run (decayed) have reached the limit."""
    return text is not None and usage.spent(scope).get(WALL, 0) >= int(text) // 60


def _run_minutes_over(
    kind: str, text: str | None, mins: Mapping[str, int], usage: Usage, scope: Scope
) -> str | None:
    """GrpTRESRunMins: the job's TRES-minutes on top of what the scope's running jobs
    have left of theirs."""
    return _tres_over(kind, text, mins, usage.run_minutes(scope)) if text else None


def after_selection(
    state: ClusterState, job: Job, nodes: Iterable[str], usage: Usage
) -> str | None:
    """The node limit ``job`` must wait for once its nodes are chosen, if one holds it:
    slurmctld's second test, which counts only the chosen nodes that the jobs a limit
    binds do not already run on (golden ``nodelimits/``). Per QOS, the group's limit,
    the account's, then the user's; then the associations' group limits."""
    if not usage.active:
        return None
    bound = usage.binding(job)
    chosen = list(nodes)
    user, account = job.request.user, job.request.account
    tests = [
        (kind, q.limits.get(key), scope)
        for q in bound.qos
        for kind, key, scope in (
            ("QOS GrpTRES", "GrpTRES", ("qos", q.name)),
            ("QOS MaxTRESPA", "MaxTRESPA", ("acct", q.name, account)),
            ("QOS MaxTRESPU", "MaxTRESPU", ("user", q.name, user)),
        )
    ] + [("Assoc GrpTRES", a.limits.get("GrpTRES"), ("assoc", str(a.id))) for a in bound.assocs]
    for kind, text, scope in tests:
        cap = limits.decode_tres(text).get("node") if text else None
        if cap is None:
            continue
        held: Mapping[str, int] = usage.nodes.get(scope, {})
        if len(held) + sum(1 for name in chosen if name not in held) > cap:
            return _REASONS[kind]["node"]
    return None


def spent_out(state: ClusterState, usage: Usage, jobs: Iterable[Job]) -> list[Job]:
    """The running jobs among ``jobs`` bound by a GrpTRESMins or GrpWall that their
    group's usage has reached: slurmctld's time-limit check ends them (golden
    ``usagelimits/``). A GrpTRESMins binds only the jobs that hold its TRES."""
    if not usage.spends:
        return []
    out = []
    for job in jobs:
        if job.state is JobState.RUNNING and _spent(state, usage, job):
            out.append(job)
    return out


def default_wall(state: ClusterState, request: JobRequest) -> Seconds | None:
    """The time limit a job without one takes in a partition without DefaultTime: the
    MaxWall of its QOS (in the order they bind it), else of its association, own or
    inherited; None when none sets one (golden ``walldefault/``)."""
    walls = _job_limits(_Index(state).binding_of(request), "MaxWall")
    return next((Seconds(int(text)) for text in walls if text is not None), None)


def tres_minutes_allowed(state: ClusterState, jobs: Iterable[Job]) -> dict[int, int | None]:
    """By job id, the whole minutes each running job may run before its TRES times them
    reach the lowest MaxTRESMinsPerJob that binds it (its QOS's, its association's); None
    when none does. slurmctld's time-limit check counts whole minutes run (golden
    ``tresminskill/``: 2 GPUs under gres/gpu=2 end at the first check a minute after their
    start)."""
    index = _Index(state)
    return {job.job_id: _tres_minutes_allowed(state, job, index.binding(job)) for job in jobs}


def _job_limits(bound: Binding, key: str) -> list[str | None]:
    """A per-job limit ``key`` as each QOS binding a job sets it, then its association."""
    texts = [q.limits.get(key) for q in bound.qos]
    return texts + [a.limits.get(key) for a in bound.assocs if a.user_level]


def _tres_minutes_allowed(state: ClusterState, job: Job, bound: Binding) -> int | None:
    held = held_tres(state, job)
    allowed: int | None = None
    for text in _job_limits(bound, "MaxTRESMins"):
        for name, cap in limits.decode_tres(text or "").items():
            n = held.get(name, 0)
            if n > 0:
                minutes = -(-cap // n)  # the first whole minute at which n x minutes >= cap
                allowed = minutes if allowed is None else min(allowed, minutes)
    return allowed


def _spent(state: ClusterState, usage: Usage, job: Job) -> bool:
    bound = usage.binding(job)
    req = held_tres(state, job)
    scopes = [("QOS", q.limits, ("qos", q.name)) for q in bound.qos]
    scopes += [("Assoc", a.limits, ("assoc", str(a.id))) for a in bound.assocs]
    return any(
        _spent_over(f"{kind} GrpTRESMins", own.get("GrpTRESMins"), req, usage, scope) is not None
        or _wall_spent(own.get("GrpWall"), usage, scope)
        for kind, own, scope in scopes
    )


def pending_reason(state: ClusterState, job: Job, running: Iterable[Job] | Usage) -> str | None:
    """The limit reason ``job`` must wait for, or None when no limit holds it back.

    ``running`` is the jobs that hold resources now (only RUNNING and SUSPENDED ones
    count), or a ``Usage`` kept up to date by the caller, which is much cheaper in a
    loop. A job that breaks a limit on its own (more GPUs than MaxTRESPerJob, a time
    limit over MaxWall) gets the same reason and waits until the limit changes.

    The scheduler calls it for each job it considers, before placing it; a job held
    by a limit keeps this reason, is not placed, gets no backfill reservation and
    blocks nobody behind it. Example::

        usage = Usage.of(state, running_jobs)
        pending_reason(state, job, usage)  # -> "QOSMaxGRESPerUser"
    """
    usage = running if isinstance(running, Usage) else Usage.of(state, running)
    if not usage.active:
        return None
    bound = usage.binding(job)
    return _counts_and_wall(state, job, bound, usage) or _tres(state, job, bound, usage)


def submit_reason(state: ClusterState, job: Job, usage: Usage | None = None) -> str | None:
    """The reason squeue shows for ``job`` right after it was accepted, before any pass.

    Slurm checks the running-job counts and wall limits while it accepts the job (the
    TRES limits only when it schedules it), so ``QOSMaxWallDurationPerJobLimit`` or
    ``QOSMaxJobsPerUserLimit`` show at once and ``QOSMaxGRESPerUser`` only later.
    ``usage``, when the caller keeps one current, spares counting every job again.
    """
    if usage is None:
        usage = Usage.of(state, (j for j in state.jobs.values() if j.job_id != job.job_id))
    if not usage.active:
        return None
    return _counts_and_wall(state, job, usage.binding(job), usage)


def submit_refusal(state: ClusterState, job: Job) -> str | None:
    """The reason a submission of ``job`` is refused, or None when it is accepted.

    The refusal's error is ``POLICY_VIOLATION``, after a line with this reason
    (``sbatch: error: QOSMaxSubmitJobPerUserLimit``); the refused job uses up no id.
    Submission counts (pending, running and suspended jobs, each array task apart)
    always refuse; the other limits only under the QOS flag ``DenyOnLimit``, and only
    what the job breaks on its own, whatever else is running. ``job`` is the would-be
    record: its array tasks count.
    """
    if not _any_limits(state):
        return None
    return _Judge(state).refusal(job)


#: The limits whose change makes slurmctld judge again the pending jobs they bind.
REJUDGED_ON_CHANGE = frozenset({"MaxWall", "MaxTRES", "MaxTRESPerNode"})


def rejudge(state: ClusterState, jobs: Iterable[Job]) -> None:
    """Judge pending ``jobs`` again as new submissions, after a limit of
    ``REJUDGED_ON_CHANGE`` changed on their QOS or association (its own or inherited).

    slurmctld does this when sacctmgr changes such a limit, counting each job once
    more than it should: a job among as many as MaxSubmitJobs allows fails, and shows
    ``AssocMaxSubmitJobLimit`` until the next pass judges it as usual (golden
    limits/065). A job that passes keeps its reason. A job whose time limit came from a
    MaxWall (``default_wall``) takes the one that binds it now (golden ``walldefault/``).
    """
    pending = [job for job in jobs if job.state is JobState.PENDING]
    for job in pending:
        take_default_wall(state, job)
    if not _any_limits(state):
        return
    judge = _Judge(state)
    for job in pending:
        found = judge.refusal(job)
        if found is not None:
            job.reason = found


#: Key in Job.extra: the job's time limit is the MaxWall it took for want of one
#: (``take_default_wall``; slurmctld's ``limit_set.time``).
WALL_FROM_LIMIT = "wall_from_limit"


def take_default_wall(state: ClusterState, job: Job) -> None:
    """Without ``--time``, in a partition without DefaultTime, a job takes the MaxWall of
    its QOS, else of its association, whatever the partition's MaxTime; when that limit
    changes while it waits it takes the new one (golden ``walldefault/``). A time limit
    the user gave, or a listed partition's DefaultTime (``submit.queued_in_list``), stays."""
    req = job.request
    part = state.partitions.get(req.partition)
    if req.time_limit_set or part is None or part.default_time is not None:
        return
    if req.time_limit is not None and WALL_FROM_LIMIT not in job.extra:
        return
    wall = default_wall(state, req)
    job.request = replace(req, time_limit=wall)
    job.time_limit = wall
    if wall is None:
        job.extra.pop(WALL_FROM_LIMIT, None)
    else:
        job.extra[WALL_FROM_LIMIT] = "1"


class _Judge:
    """``submit_refusal`` for one job after another on one state (counts made once)."""

    def __init__(self, state: ClusterState) -> None:
        self.state = state
        self.index = _Index(state)
        self._submitted: Counter[Scope] | None = None

    def submitted(self) -> Counter[Scope]:
        if self._submitted is None:
            self._submitted = _submitted(self.state, self.index)
        return self._submitted

    def refusal(self, job: Job) -> str | None:
        """Slurm's order (recorded, golden ``limitkinds/``): per QOS the account's and
        user's TRES, the group's TRES, submissions, the job's TRES-minutes, the group's
        TRES-minutes and running TRES-minutes, wall and the group's wall, the job's own
        TRES and TRES per node, the account's and user's submissions, the minimum TRES;
        then per association, user first, the group's TRES, submissions, TRES-minutes,
        running TRES-minutes and wall, then for the user the job's own TRES and TRES per
        node, submissions, TRES-minutes and wall. The groups' usage is not looked at; only
        the submission counts refuse without DenyOnLimit."""
        state = self.state
        bound = self.index.binding(job)
        deny = bound.deny_on_limit
        req = requested_tres(state, job) if deny else {}
        mins = _minutes(job, state, req) if deny else {}
        submitted = self.submitted() if _counts_submissions(bound) else Counter()
        new = _weight(job)
        user, account = job.request.user, job.request.account

        def over(text: str | None, scope: Scope) -> bool:
            return text is not None and submitted[scope] + new > int(text)

        for q in bound.qos:
            own = q.limits.get
            found = (
                _tres_over("QOS MaxTRESPA", own("MaxTRESPA"), req, None)
                or _tres_over("QOS MaxTRESPU", own("MaxTRESPU"), req, None)
                or _tres_over("QOS GrpTRES", own("GrpTRES"), req, None)
                or ("QOSGrpSubmitJobsLimit" if over(own("GrpSubmit"), ("qos", q.name)) else None)
                or _tres_over("QOS MaxTRESMins", own("MaxTRESMins"), mins, None)
                or _tres_over("QOS GrpTRESMins", own("GrpTRESMins"), mins, None)
                or _tres_over("QOS GrpTRESRunMins", own("GrpTRESRunMins"), mins, None)
                or (
                    "QOSMaxWallDurationPerJobLimit"
                    if deny and _wall_over(own("MaxWall"), job, state)
                    else None
                )
                or ("QOSGrpWallLimit" if deny and _wall_over(own("GrpWall"), job, state) else None)
                or _tres_over("QOS MaxTRES", own("MaxTRES"), req, None)
                or _tres_over("QOS MaxTRESPerNode", own("MaxTRESPerNode"), _per_node(req), None)
                or (
                    "MaxSubmitJobsPerAccount"
                    if over(own("MaxSubmitPA"), ("acct", q.name, account))
                    else None
                )
                or (
                    "QOSMaxSubmitJobPerUserLimit"
                    if over(own("MaxSubmitPU"), ("user", q.name, user))
                    else None
                )
                or (_tres_under("QOS MinTRES", own("MinTRES"), req) if deny else None)
            )
            if found:
                return found
        for a in bound.assocs:
            own = a.limits.get
            scope = ("assoc", str(a.id))
            found = (
                _tres_over("Assoc GrpTRES", own("GrpTRES"), req, None)
                or ("AssocGrpSubmitJobsLimit" if over(own("GrpSubmit"), scope) else None)
                or _tres_over("Assoc GrpTRESMins", own("GrpTRESMins"), mins, None)
                or _tres_over("Assoc GrpTRESRunMins", own("GrpTRESRunMins"), mins, None)
                or (
                    "AssocGrpWallLimit" if deny and _wall_over(own("GrpWall"), job, state) else None
                )
            )
            if not found and a.user_level:
                found = (
                    _tres_over("Assoc MaxTRES", own("MaxTRES"), req, None)
                    or _tres_over(
                        "Assoc MaxTRESPerNode", own("MaxTRESPerNode"), _per_node(req), None
                    )
                    or ("AssocMaxSubmitJobLimit" if over(own("MaxSubmit"), scope) else None)
                    or _tres_over("Assoc MaxTRESMins", own("MaxTRESMins"), mins, None)
                    or (
                        "AssocMaxWallDurationPerJobLimit"
                        if deny and _wall_over(own("MaxWall"), job, state)
                        else None
                    )
                )
            if found:
                return found
        return None


def _any_limits(state: ClusterState, key: str | None = None) -> bool:
    """Whether any QOS or association sets a limit (``key``, when given)."""
    if key is None:
        return any(q.limits for q in state.qos.values()) or any(
            a.limits for a in state.associations
        )
    return any(key in q.limits for q in state.qos.values()) or any(
        key in a.limits for a in state.associations
    )


#: The limits on how many jobs may be submitted, which count pending jobs too.
_SUBMIT_KEYS = ("GrpSubmit", "MaxSubmitPA", "MaxSubmitPU", "MaxSubmit")


def _counts_submissions(bound: Binding) -> bool:
    held: list[Mapping[str, str]] = [q.limits for q in bound.qos] + [a.limits for a in bound.assocs]
    return any(key in own for own in held for key in _SUBMIT_KEYS)


def _submitted(state: ClusterState, index: _Index) -> Counter[Scope]:
    """Jobs submitted and not yet ended, per scope (an array's pending tasks each count)."""
    counts: Counter[Scope] = Counter()
    for job in state.jobs.values():
        if job.state in _SUBMITTED:
            weight = _weight(job)
            for scope in _scopes(job, index):
                counts[scope] += weight
    return counts


# -- what counts against each limit, for the association manager's report ----------------


@dataclass(frozen=True, slots=True)
class Standing:
    """What counts against the limits of each scope now, whether or not one is set
    (``scontrol show assoc_mgr``): jobs running, accruing age and submitted (an array's
    pending tasks each count), and the TRES the running jobs hold (``node``: how many
    nodes they run on)."""

    running: Mapping[Scope, int]
    accruing: Mapping[Scope, int]
    submitted: Mapping[Scope, int]
    held: Mapping[Scope, Mapping[str, int]]


def standing(state: ClusterState) -> Standing:
    """What counts against every scope's limits now (see ``Standing``)."""
    index = _Index(state)
    usage = Usage(state)
    usage.active = True  # counted whatever limits are set: the report shows them all
    accruing: Counter[Scope] = Counter()
    for job in state.jobs.values():
        if job.state in CHARGED:
            usage.add(job)
        elif job.state is JobState.PENDING and job.accrue_time is not None:
            for scope in _scopes(job, index):
                accruing[scope] += _weight(job)
    return Standing(usage.jobs, accruing, _submitted(state, index), usage.tres)


def counted_by_qos(
    state: ClusterState, jobs: Iterable[Job]
) -> dict[str, tuple[list[str], list[str]]]:
    """The accounts and the users each QOS has counted jobs of, each in the order of its
    first job among ``jobs`` (given in submission order): slurmctld keeps an entry from a
    job's submission until it restarts, which a simulated controller never does."""
    index = _Index(state)
    seen: dict[str, tuple[dict[str, None], dict[str, None]]] = {}
    for job in jobs:
        for scope in _scopes(job, index):
            if scope[0] in ("acct", "user"):
                accounts, users = seen.setdefault(scope[1], ({}, {}))
                (accounts if scope[0] == "acct" else users)[scope[2]] = None
    return {qos: (list(a), list(u)) for qos, (a, u) in seen.items()}
