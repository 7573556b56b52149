"""Submission: validate like slurmctld's submit RPC, then queue the job.

What the real controller does with a bad request decides what we do (golden
023-058): unknown partition, account or QOS, and under EnforcePartLimits=ALL a
node count or time limit over the partition's, are refused before a job record
exists, so no job id is used. A request that no node of the partition could ever
hold ("Requested node configuration is not available") is refused after the
record was made: the id is used up and the record stays, FAILED with reason
BadConstraints and exit code 1, for accounting (golden 085, 158). A
``--constraint`` that cannot be read or names a feature no node has ("Invalid
feature specification"; also ``--prefer`` and ``--batch``) uses up an id too (the
oracle used up ids 10 and 12-13 on those), but leaves no record, in squeue,
scontrol or sacct; so does a reservation that does not exist or that the user may
not use. Under the
default EnforcePartLimits=NO, partition limits are not refused: the job pends
with PartitionNodeLimit or PartitionTimeLimit. QOS and association limits
(engine/limits.py) refuse a submission before the record exists, so no id is used.
"""

from collections.abc import Callable, Iterable
from dataclasses import replace

from slurmsim.engine import reservations
from slurmsim.engine.dependency import DEPENDENCY_PROBLEM, NOT_SUPPORTED, expands
from slurmsim.engine.eligibility import blocker, over_limits, partition_limit
from slurmsim.engine.limits import (
    POLICY_VIOLATION,
    Usage,
    submit_reason,
    submit_refusal,
    take_default_wall,
)
from slurmsim.engine.permissions import is_administrator, is_operator
from slurmsim.engine.priority import Owns, Scale, job_cpus, priority
from slurmsim.engine.resources import (
    GPU,
    Shape,
    fewest_sockets,
    fits_config,
    layout_fields,
    node_counts,
    shape,
)
from slurmsim.engine.select import Free, Pool, can_place
from slurmsim.engine.trigger import trigger
from slurmsim.model import dependency_status
from slurmsim.model.accounting import note_db_priority
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import AccessDenied, SlurmError
from slurmsim.model.features import Constraint, Unreadable, counted, matches, names
from slurmsim.model.jobs import REFUSED, TIME_MIN_UNLIMITED, Hold, Job, JobRequest, JobState
from slurmsim.model.nodes import NodeConfig, usable
from slurmsim.model.partitions import Partition, PartitionState
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres

NODE_CONFIG_UNAVAILABLE = "Requested node configuration is not available"
FEATURE_ERROR = "Invalid feature specification"
PREFER_ERROR = "Invalid preferred feature specification"
BATCH_FEATURE_ERROR = "Job --batch option is invalid or not a subset of --constraints"
MEMORY_UNSATISFIABLE = "Memory specification can not be satisfied"
LAYOUT_UNSATISFIABLE = "Socket, core and/or thread specification can not be satisfied"
TMP_UNSATISFIABLE = "Temporary disk specification can not be satisfied"
CPUS_UNSATISFIABLE = "CPU count per node can not be satisfied"
ARRAY_INVALID = "Invalid job array specification"
NODE_COUNT_INVALID = "Node count specification invalid"
#: ``idle_fit``'s answers by partition and the request fields it reads (``_kept``).
Checked = dict[tuple[object, ...], int | str]
#: Reasons a job-count or wall limit found at submission shows instead of, until the
#: first pass (the oracle: QOSMaxWallDurationPerJobLimit, then BeginTime; without a
#: limit BeginTime shows at once, as a dependency does).
_UNDER_LIMITS = frozenset({"BeginTime"})
_AT_SUBMIT = {"PartitionTimeLimit": "PartitionConfig", "PartitionNodeLimit": "PartitionConfig"}


class FreeNow:
    """Whether requests alike could run on a caller's nodes as they are held now
    (``pool``, and the jobs holding them, ``running``), remembered while the pool stays
    as it was (a stream of submissions asks for a few kinds of layout between two
    changes); their layouts are kept for good."""

    def __init__(self, pool: Pool, running: Callable[[], Iterable[Job]]) -> None:
        self.pool = pool
        self._running = running
        self._seen = pool.changes
        self._fits: dict[tuple[object, ...], bool] = {}
        self._shapes: dict[tuple[object, ...], Shape | None] = {}
        self._held: set[str] | None = None  # nodes an --exclusive job holds, as of _seen

    def fits(self, state: ClusterState, request: JobRequest, part: Partition) -> bool:
        """Could ``request`` run on its partition's nodes as they are held now? slurmctld
        tests a submission so and says ``Resources`` at once when it could not. Its test
        counts none of the CPUs, memory and GPUs jobs hold, only whole nodes out of reach:
        those an ``--exclusive`` job holds, and for an ``--exclusive`` request those with
        any job (the oracle: a job behind GPU jobs on every node shows no reason, one
        behind a whole-cluster exclusive job ``Resources``)."""
        if self._seen != self.pool.changes:
            self._fits.clear()
            self._held = None
            self._seen = self.pool.changes
        r = request
        key = (
            part.name, r.min_nodes, r.max_nodes, r.req_nodes, r.exc_nodes, r.feature_nodes,
            *layout_fields(r),
        )  # fmt: skip
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = self._test(state, request, part, key)
        return found

    def _test(
        self, state: ClusterState, request: JobRequest, part: Partition, key: tuple[object, ...]
    ) -> bool:
        allowed = part.nodes if request.feature_nodes is None else request.feature_nodes
        nodes = state.nodes
        candidates = [
            name
            for name in allowed
            if name in nodes and name not in request.exc_nodes and usable(nodes[name])
        ]
        shapes = self._shapes
        sockets = fewest_sockets(nodes[name].config for name in candidates)

        def layout(n: int) -> Shape | None:
            if (key, n) not in shapes:
                shapes[key, n] = shape(request, n, state.config, part, sockets)
            return shapes[key, n]

        counts = node_counts(request, len(part.nodes))
        return can_place(self._as_held(candidates), layout, counts, candidates, request.req_nodes)

    def _as_held(self, names: list[str]) -> Pool:
        """The nodes ``names`` as the submission test sees them: each whole, with its
        jobs, but empty where an ``--exclusive`` job holds it."""
        if self._held is None:
            self._held = {n for job in self._running() if job.request.exclusive for n in job.nodes}
        pool = self.pool
        free = {}
        for name in names:
            cfg, jobs = pool.configs[name], pool.free[name].jobs
            if name in self._held:
                free[name] = Free(0, 0, [], jobs)
            else:
                free[name] = Free(cfg.cpus, cfg.real_memory, list(range(cfg.gres_count(GPU))), jobs)
        return Pool({n: pool.configs[n] for n in names}, free, pool.index)


def submit(
    state: ClusterState,
    request: JobRequest,
    *,
    array: tuple[int, ...] | None = None,
    throttle: int | None = None,
    hold: Hold = Hold.NONE,
    constraint: Constraint | Unreadable | None = None,
    prefer: Constraint | Unreadable | None = None,
    usage: Usage | None = None,
    fairshare: dict[int, float] | None = None,
    totals: Scale | None = None,
    checked: Checked | None = None,
    owns: Owns | None = None,
    free: FreeNow | None = None,
    unreadable_dependency: bool = False,
) -> Job:
    """Validate like slurmctld's submit RPC and add the job (PENDING, then ``trigger()``).

    ``constraint`` is ``request.features`` read (``UNREADABLE`` when it could not be),
    ``prefer`` the ``--prefer`` features read, ``unreadable_dependency`` whether the
    ``--dependency`` given could not be read (``request.dependency`` is then None);
    ``usage`` (what running jobs count against limits), ``fairshare`` (the factor of
    each association) and ``totals`` (the cluster totals priorities are measured
    against) spare working them out again when the caller keeps them current;
    ``checked`` keeps whether requests alike could ever run on the partition's nodes,
    and ``owns`` what they add to their priority (``priority.own_part``), for a caller
    whose nodes and partitions stay put; ``free`` what the nodes have free, when the caller
    keeps it.

    Raises ``SlurmError`` with Slurm's string when the controller refuses; see the
    module docstring for which refusals still use up a job id.
    Example: ``submit(state, JobRequest("train", "alice", "research", "gpu", "normal"))``.
    """
    check_alone(state, request.user, request.nice, array, request.reboot)
    if request.max_nodes == 0 and not request.batch:
        raise SlurmError(NODE_COUNT_INVALID)  # zero nodes and no script: refused at once
    part = _validate(state, request, reservation=False)
    late_refusal = _dependency_refusal(request, unreadable_dependency) or _batch_features_error(
        state, request, constraint, prefer
    )
    if constraint is not None:
        allowed = feature_nodes(state, part, constraint)
        if allowed is None:
            late_refusal = late_refusal or FEATURE_ERROR
        request = replace(request, feature_nodes=allowed or ())
    if prefer is not None and feature_nodes(state, part, prefer) is None:
        late_refusal = late_refusal or PREFER_ERROR
    if not late_refusal:  # slurmctld judges the features first (the oracle: script 32)
        try:
            reservations.check_access(state, request)
        except SlurmError as e:  # a reservation refused uses up an id too (the oracle)
            late_refusal = e.message
    job = Job(
        job_id=state.next_job_id,
        request=request,
        submit_time=state.now,
        hold=hold,
        time_limit=_time_limit(request, part),
        last_sched_eval=state.now,
    )
    take_default_wall(state, job)
    if array:
        job.array_job_id = job.job_id
        job.array_tasks = tuple(sorted(set(array)))
        job.array_throttle = throttle or None
    refusal = submit_refusal(state, job)
    if refusal is not None:
        raise SlurmError(POLICY_VIOLATION, detail=refusal)
    state.next_job_id += 1
    if late_refusal:
        raise SlurmError(late_refusal)
    state.jobs[job.job_id] = job
    if hold is not Hold.NONE:
        dependency_status.hold(state, job)
    # A held job is not tested against the nodes until it is released (the oracle took
    # --gres=gpu:9, -n 113 and --mem=3T under -H); the test of any other gives the
    # controller its guess at the node count.
    if hold is Hold.NONE and request.max_nodes == 0:  # -N 0: the test placement fails
        reject(state, job)
        raise SlurmError(NODE_COUNT_INVALID)
    fit = None if hold is not Hold.NONE else _kept(state, request, part, checked)
    if isinstance(fit, str):
        reject(state, job)
        raise SlurmError(NODE_CONFIG_UNAVAILABLE, detail=fit or None)
    job.node_guess = fit
    job.priority = priority(state, job, fairshare, totals, owns)
    why = blocker(state, job, state.now)
    if why is not None and why.reason not in _UNDER_LIMITS:
        # Over its partition's time or node limit, the submission's own test names only
        # the configuration; the first pass names the limit (the oracle).
        job.reason = _AT_SUBMIT.get(why.reason, why.reason)
    else:  # a job-count or wall limit shows at once; the first pass may replace it
        limit = submit_reason(state, job, usage)
        job.reason = limit or (why.reason if why is not None else job.reason)
    begin = request.begin_time
    if begin is not None and begin > state.now:
        # Until then the controller shows the begin time as the expected start.
        job.eligible_time = job.start_time = begin
    elif hold is Hold.NONE and (why is None or partition_limit(state, job)):
        # Eligible now (an array's tasks become so as they start); it accrues age from now
        # too, once the scheduler first looks at it (AccrueTime is Unknown until then:
        # eligibility.mark_eligible), or at once if never admitted, over its partition's
        # limits. The submission's own test gives an array a reason as any job.
        if not array:
            job.eligible_time = state.now
            if why is not None:
                job.accrue_time = state.now
        if why is None and job.reason == "None":
            if not _free_now(state, free).fits(state, request, part) and not _could_preempt(
                state, job, part
            ):
                # The submission's own test placement (the oracle), which counts what the
                # job could preempt as free: a preemptor shows no reason.
                job.reason = "Resources"
            elif not _top_priority(state, job):
                job.reason = "Priority"  # slurmctld's _top_priority at submission (the oracle)
    note_db_priority(job, state.last_main)
    trigger(state)
    return job


#: Reasons of a pending job that slurmctld's top-priority test passes over: waiting for
#: a dependency or begin time, or held back by a limit (the policy families' prefixes).
_PASSED_OVER = frozenset({"Dependency", "BeginTime", "DependencyNeverSatisfied"})
_LIMIT_PREFIXES = ("Assoc", "QOS", "Partition")


def _top_priority(state: ClusterState, job: Job) -> bool:
    """No other pending job that could run, in the same reservation (or none, as this
    one), has a higher priority (slurmctld compares them across partitions then)."""
    mine = job.priority
    # Most jobs rank no higher: a generator passes over them at half a loop's cost per
    # job, and a scan that meets a higher job early still stops there.
    for other in (o for o in state.jobs.values() if o.priority > mine):
        if other.state is not JobState.PENDING:
            continue
        if other.request.reservation != job.request.reservation:
            continue
        reason = other.reason
        if reason in _PASSED_OVER or reason.startswith(_LIMIT_PREFIXES):
            continue
        return False
    return True


def _free_now(state: ClusterState, free: FreeNow | None) -> FreeNow:
    if free is not None:
        return free
    jobs = state.jobs.values()
    return FreeNow(
        Pool.of(state.nodes, jobs), lambda: (j for j in jobs if j.state in HOLDS_RESOURCES)
    )


def check_alone(
    state: ClusterState,
    user: str,
    nice: int,
    array: tuple[int, ...] | None,
    reboot: bool = False,
) -> None:
    """What slurmctld checks of a request before its partition, account and QOS (the
    oracle: ``--nice=-5 -q nosuch`` is refused for its nice, ``-A nosuch --array=0-1001``
    for its array), in this order: only an operator may ask for a negative nice, only an
    administrator for ``--reboot`` (the client names it), and the array's indexes must
    be within bounds."""
    if nice < 0 and not is_operator(state, user):
        raise SlurmError("Invalid --nice value")
    if reboot and not is_administrator(state, user):
        raise AccessDenied(detail="rebooting of nodes is only allowed for admins")
    if array is not None:
        _check_array(state, array)


def _check_array(state: ClusterState, indexes: tuple[int, ...]) -> None:
    """MaxArraySize bounds every index and ``max_array_tasks`` the task count."""
    most = state.config.scheduler_parameters.max_array_tasks
    if (
        not indexes
        or max(indexes) >= state.config.max_array_size
        or (most is not None and len(indexes) > most)
    ):
        raise SlurmError(ARRAY_INVALID)


def will_run(
    state: ClusterState,
    request: JobRequest,
    *,
    constraint: Constraint | Unreadable | None = None,
    prefer: Constraint | Unreadable | None = None,
    unreadable_dependency: bool = False,
) -> tuple[Instant, tuple[str, ...], int, str]:
    """``--test-only``: (expected start, nodes, processors, partition), no job created.

    It still uses up the would-be job id, as Slurm does (golden 020/021: ids 215, 216),
    unless a limit refuses it as it would refuse the submission (golden ``testonly/``).
    The features are judged as ``submit`` judges them (``constraint``, ``prefer``): the
    will-run test creates the job as a submission does before it places it. It then
    places the job on the nodes with the features, but ignores ``--prefer`` and, under a
    constraint that counts nodes (``a*2``), the features altogether (the oracle: nodes
    ``dgx[1-2]`` for ``-N 2 -C a*2`` with ``a`` on dgx3 alone, which a submission refuses).
    """
    check_alone(state, request.user, request.nice, None, request.reboot)
    part = _validate(state, request)
    refusal = _dependency_refusal(request, unreadable_dependency) or _batch_features_error(
        state, request, constraint, prefer
    )
    if constraint is not None:
        allowed = feature_nodes(state, part, constraint)
        if allowed is None:
            refusal = refusal or FEATURE_ERROR
        elif not isinstance(constraint, Unreadable) and not counted(constraint):
            request = replace(request, feature_nodes=allowed or ())
    if prefer is not None and feature_nodes(state, part, prefer) is None:
        refusal = refusal or PREFER_ERROR
    probe = Job(state.next_job_id, request, state.now, time_limit=_time_limit(request, part))
    take_default_wall(state, probe)
    if not refusal:
        # The limits a submission is refused for refuse the test too, without using up an
        # id (the oracle: the submission counts, and the rest under DenyOnLimit).
        over = submit_refusal(state, probe)
        if over is not None:
            raise SlurmError(POLICY_VIOLATION, detail=over)
    state.next_job_id += 1
    if refusal:
        raise SlurmError(refusal)
    if request.max_nodes == 0:  # -N 0: nothing to place, so it could start now, nowhere
        return state.now, (), 0, part.name
    if isinstance(idle_fit(state, request, part), str):
        raise SlurmError(NODE_CONFIG_UNAVAILABLE)
    # The scheduler's machinery, only for --test-only: a plain submit does not need it.
    from slurmsim.engine.backfill import earliest_start, running_by_end
    from slurmsim.engine.context import Context
    from slurmsim.engine.passes import candidate_nodes

    ctx = Context(state)
    running = running_by_end(ctx, state.now)
    # Nodes reservations keep from a run starting now are not offered (slurmctld's will-run
    # tests reservations first); a job that cannot start around them is estimated on the
    # partition as a whole, without planning around later reservation windows.
    found = None
    for at in (state.now, None):
        cand = candidate_nodes(ctx, probe, part, set(), at=at)
        found = earliest_start(ctx, probe, part, cand, state.now, running)
        if found is not None or not (state.reservations or request.reservation):
            break
    if found is None:
        raise SlurmError(NODE_CONFIG_UNAVAILABLE)
    start, alloc = found
    cpus = sum(a.cpus for a in alloc) or job_cpus(request)
    return start, tuple(a.node for a in alloc), cpus, part.name


def _dependency_refusal(request: JobRequest, unreadable: bool) -> str | None:
    """What the controller answers a ``--dependency`` it will not take, once it has judged
    the partition, account, QOS and node names and before the features (the oracle; the
    job id is used up): one it cannot read, or ``expand:`` (it needs
    ``SchedulerParameters=permit_job_expansion``, which slurmsim's clusters never set)."""
    if unreadable:
        return DEPENDENCY_PROBLEM
    if request.dependency is not None and expands(request.dependency):
        return NOT_SUPPORTED
    return None


def _validate(state: ClusterState, request: JobRequest, *, reservation: bool = True) -> Partition:
    """The partition ``request`` asks for, after slurmctld's checks of names, limits and
    (unless ``reservation`` is off, for the caller to check later) the reservation."""
    part = state.partitions.get(request.partition)
    if part is None:
        raise SlurmError("Invalid partition name specified")
    if not _takes_jobs(part):
        raise SlurmError(PARTITION_NOT_AVAILABLE)
    assoc = next(
        (a for a in state.associations if a.account == request.account and a.user == request.user),
        None,
    )
    # A partition's AllowAccounts and AllowQos refuse a job only under EnforcePartLimits;
    # otherwise it pends, saying why (eligibility.not_permitted; the oracle).
    enforced = state.config.enforce_part_limits.upper() in ("ALL", "ANY", "YES")
    allowed_account = not part.allow_accounts or request.account in part.allow_accounts
    if assoc is None or request.account not in state.accounts or (enforced and not allowed_account):
        raise SlurmError("Invalid account or account/partition combination specified")
    qos_ok = request.qos in state.qos and request.qos in assoc.qos
    if not qos_ok or (enforced and part.allow_qos and request.qos not in part.allow_qos):
        raise SlurmError("Invalid qos specification")
    if any(n not in state.nodes for n in (*request.req_nodes, *request.exc_nodes)) or (
        set(request.req_nodes) & set(request.exc_nodes)  # a node both required and excluded
    ):
        raise SlurmError("Invalid node name specified")
    if reservation:
        reservations.check_access(state, request)
    if _time_min_over(request, _time_limit(request, part), part) and not _over_part_time(
        state, request
    ):
        from slurmsim.engine.control import TIME_MIN_INVALID  # the message scontrol gives too

        raise SlurmError(TIME_MIN_INVALID)
    if state.config.enforce_part_limits.upper() in ("ALL", "ANY", "YES"):
        biggest = part.max_nodes if part.max_nodes is not None else len(part.nodes)
        if request.min_nodes > min(biggest, len(part.nodes)):
            raise SlurmError(NODE_COUNT_INVALID)
        limit = _time_limit(request, part)
        if part.max_time is not None and limit is not None and limit > part.max_time:
            raise SlurmError("Requested time limit is invalid (missing or exceeds some limit)")
    return part


def _batch_features_error(
    state: ClusterState,
    request: JobRequest,
    constraint: Constraint | Unreadable | None,
    prefer: Constraint | Unreadable | None,
) -> str | None:
    """``--batch``: each feature it names must be among the job's ``--constraint`` ones (its
    ``--prefer`` ones without) and some node's; of ``a|b`` one is enough. Judged before
    the constraint itself (the oracle: ``-C nvlink --batch=nvlink`` is a batch error)."""
    batch = request.shown_value("batch")
    if not batch:
        return None
    wanted = constraint if constraint is not None else prefer
    if wanted is None or isinstance(wanted, Unreadable):
        return BATCH_FEATURE_ERROR
    listed = names(wanted)
    known = {f for node in state.nodes.values() for f in node.config.features}
    words = [w for w in batch.replace("|", "&").split("&") if w]
    if any(w not in listed for w in words):
        return BATCH_FEATURE_ERROR
    good = [w in known for w in words]
    return None if (all(good) or ("|" in batch and any(good))) else BATCH_FEATURE_ERROR


def feature_nodes(
    state: ClusterState, part: Partition, constraint: Constraint | Unreadable
) -> tuple[str, ...] | None:
    """The partition's nodes whose active features satisfy ``constraint``; None when the
    controller refuses it (unreadable, or naming a feature no node has available)."""
    if isinstance(constraint, Unreadable):
        return None
    known = {f for node in state.nodes.values() for f in node.config.features}
    if not names(constraint) <= known:
        return None
    return tuple(
        n
        for n in part.nodes
        if n in state.nodes and matches(constraint, state.nodes[n].active_features)
    )


def queued_in_list(state: ClusterState, request: JobRequest, names: list[str]) -> JobRequest:
    """``request`` for a job that lists partitions (``-p gpu,debug``), queued in one of them.

    Slurm keeps a queue record per listed partition and tries them in its queue's order:
    PriorityTier, then the job's priority there (the partition's PriorityJobFactor),
    then as listed; a record over its partition's limits never runs. slurmsim queues
    the job in the first record it would try that fits (else the first listed), so it
    runs where Slurm runs it when that partition can take it (docs/differences.md).
    Without ``--time`` the job takes the first listed partition's DefaultTime, as
    slurmctld gives it before choosing (golden partitions/: ``-p gpu,debug`` runs an hour
    in debug).
    """
    parts = state.partitions
    if request.time_limit is None and not request.time_limit_set:
        request = replace(request, time_limit=parts[names[0]].default_time)
    # A DRAIN or INACTIVE partition takes no new job: the others are tried (the oracle ran
    # -p debug,gpu in gpu with debug drained); with none left the first one refuses it.
    names = [n for n in names if _takes_jobs(parts[n])] or names
    ranked = sorted(names, key=lambda n: (-parts[n].priority_tier, -parts[n].priority_job_factor))
    for name in ranked:
        part = parts[name]
        if over_limits(part, request, _time_limit(request, part)) is None:
            return replace(request, partition=name)
    return replace(request, partition=names[0])


def _could_preempt(state: ClusterState, job: Job, part: Partition) -> bool:
    """Does a running job on ``part``'s nodes let ``job`` preempt it? (The preemption
    module, and what it imports, only where preemption is configured.)"""
    if state.config.preempt_type not in ("preempt/qos", "preempt/partition_prio"):
        return False
    from slurmsim.engine import preempt

    nodes = set(part.nodes)
    return preempt.may_try(state, job) and any(
        preempt.may_preempt(state, job, other)
        for other in state.jobs.values()
        if other.state is JobState.RUNNING and nodes.intersection(other.nodes)
    )


#: slurmctld's refusal of a job for a partition that takes none.
PARTITION_NOT_AVAILABLE = "Required partition not available (inactive or drain)"


def _takes_jobs(part: Partition) -> bool:
    """Does ``part`` accept new jobs (UP or DOWN; not DRAIN or INACTIVE)?"""
    return part.state in (PartitionState.UP, PartitionState.DOWN)


def _time_min_over(request: JobRequest, limit: Seconds | None, part: Partition) -> bool:
    """Is the job's --time-min over the partition's MaxTime or the job's time limit? An
    unlimited one is over every limit but a --time=UNLIMITED (the controller compares it
    with the limit it has, and none given is a value just below INFINITE)."""
    time_min = request.time_min
    if time_min is None:
        return False
    if part.max_time is not None and time_min > part.max_time:
        return True
    if limit is None:
        return time_min == TIME_MIN_UNLIMITED and not request.time_limit_set
    return time_min > limit


def _over_part_time(state: ClusterState, request: JobRequest) -> bool:
    """Does the job's QOS lift the partition's time limits (flag PartitionTimeLimit)?"""
    qos = state.qos.get(request.qos or "")
    return qos is not None and "PartitionTimeLimit" in qos.flags


def _time_limit(request: JobRequest, part: Partition) -> Seconds | None:
    """The limit the job carries: its own (None for ``--time=UNLIMITED``), else the
    partition's DefaultTime, else none yet."""
    if request.time_limit is not None or request.time_limit_set:
        return request.time_limit
    return part.default_time


def _kept(
    state: ClusterState, request: JobRequest, part: Partition, checked: Checked | None
) -> int | str:
    """``idle_fit``, remembered in ``checked`` by everything it reads of the request
    (a stream of submissions asks for a few kinds of layout, and each answer walks the
    partition's nodes)."""
    if checked is None:
        return idle_fit(state, request, part)
    r = request
    key = (
        part.name, r.feature_nodes, r.reservation, r.min_nodes, r.max_nodes, r.node_layout(),
        r.tmp_disk, *layout_fields(r),
    )  # fmt: skip
    if key not in checked:
        checked[key] = idle_fit(state, request, part)
    return checked[key]


def never_runs(state: ClusterState, request: JobRequest) -> bool:
    """Could no node of the request's partition ever hold it (what a submission that is
    not held is refused for)?"""
    part = state.partitions.get(request.partition)
    return part is not None and isinstance(idle_fit(state, request, part), str)


def idle_fit(state: ClusterState, request: JobRequest, part: Partition) -> int | str:
    """How many of the partition's nodes the request takes when they are all idle (the
    count the controller's test placement gives it, ``node_cnt_wag``); or, when no layout
    fits them, the client-side detail of the refusal ("" if none).

    A node count above the partition's is a partition limit, not this: then only
    the per-node share has to fit somewhere. A job in a reservation is placed on the
    reservation's nodes, and more nodes than it has are refused (the oracle: ``-N 2``
    in a reservation of one node).
    """
    allowed = part.nodes if request.feature_nodes is None else request.feature_nodes
    resv = state.reservations.get(request.reservation or "")
    if resv is not None:
        allowed = tuple(n for n in allowed if n in resv.nodes)
        if request.min_nodes > len(allowed):
            return ""
    nodes = state.nodes
    configs = [nodes[n].config for n in allowed if n in nodes]
    if request.tmp_disk:  # judged first (the oracle: --tmp=10G --threads-per-core=2)
        configs = [cfg for cfg in configs if cfg.tmp_disk >= request.tmp_disk]
        if not configs:
            return TMP_UNSATISFIABLE
    layout = request.node_layout()
    if any(layout):
        configs = [cfg for cfg in configs if _holds_layout(cfg, layout)]
        if not configs:
            return LAYOUT_UNSATISFIABLE
    most = max((cfg.cpus for cfg in configs), default=0)
    if configs and _cpus_a_node(request) > most:
        # One task's CPUs (-c 200), --mincpus or --ntasks-per-node's tasks fit on no node.
        return CPUS_UNSATISFIABLE
    per_node, per_socket = request.ntasks_per_node or 0, request.shown_value("ntasks-per-socket")
    if configs and request.overcommit and per_node > most:
        return ""  # one CPU a task need not be given, but no more tasks than CPUs (the oracle)
    if per_socket and per_socket.isdigit():
        configs = [cfg for cfg in configs if cfg.cores_per_socket >= int(per_socket)]
        if not configs:
            return ""  # more tasks a socket than any node's sockets have cores
    gpu_tasks = request.gpu_tasks
    if configs and gpu_tasks and -(-gpu_tasks // request.min_nodes) * request.cpus_per_task > most:
        return ""  # --ntasks-per-gpu: a node's GPUs' tasks need more CPUs than it has
    kinds = _node_kinds(configs)
    size = sum(count for _, count in kinds)
    if not size:
        return ""
    if request.max_nodes is None and request.implied_nodes > size:
        return ""  # the nodes its tasks need (-n at so many a node): more than there are
    memory_only = False
    sockets = fewest_sockets(configs)
    required = _node_kinds([nodes[n].config for n in request.req_nodes if n in nodes])
    for n in node_counts(request, size):
        s = shape(request, n, state.config, part, sockets)
        if s is None:
            continue
        fitting = 0
        for cfg, count in kinds:
            ok, mem = fits_config(s, cfg)
            fitting += count if ok else 0
            memory_only = memory_only or mem
        # -w: each node named must hold its share too (one whose GPUs an update took away)
        if fitting >= min(n, size) > 0 and all(fits_config(s, cfg)[0] for cfg, _ in required):
            return n
    return MEMORY_UNSATISFIABLE if memory_only else ""


def _cpus_a_node(request: JobRequest) -> int:
    """The fewest CPUs a node of the job must have, as the controller checks them at
    submission: a task's, ``--mincpus``, or ``--ntasks-per-node``'s tasks' (not under
    ``--overcommit``, nor beyond ``-n``'s tasks: the oracle refused ``-n 1
    --ntasks-per-node=113`` without naming the CPU count)."""
    per_node = request.ntasks_per_node or 0
    if request.overcommit or (request.ntasks_set and request.num_tasks < per_node):
        per_node = 0
    return max(request.cpus_per_task, request.mincpus, per_node * request.cpus_per_task)


def _holds_layout(cfg: NodeConfig, layout: tuple[int, int, int]) -> bool:
    """Has ``cfg`` at least the sockets, cores per socket and threads per core asked for?"""
    sockets, cores, threads = layout
    return (
        cfg.sockets >= sockets
        and cfg.cores_per_socket >= cores
        and (cfg.threads_per_core >= threads)
    )


def _node_kinds(configs: list[NodeConfig]) -> list[tuple[NodeConfig, int]]:
    """One config of each kind ``fits_config`` tells apart, with how many nodes are of it
    (a partition is mostly nodes alike: each kind is tried once, not once a node)."""
    kinds: dict[tuple[int, int, tuple[Gres, ...]], tuple[NodeConfig, int]] = {}
    for cfg in configs:
        key = (cfg.cpus, cfg.real_memory, cfg.gres)
        first, count = kinds.get(key, (cfg, 0))
        kinds[key] = (first, count + 1)
    return list(kinds.values())


def reject(state: ClusterState, job: Job) -> None:
    """Keep the refused job's record as slurmctld does: FAILED, BadConstraints, exit 1
    (also a request that had to start at once and could not: ``--immediate``)."""
    now = state.now
    job.priority = priority(state, job)
    job.state = JobState.FAILED
    job.reason = "BadConstraints"
    job.exit_code = 1
    job.extra[REFUSED] = "1"
    job.eligible_time = job.start_time = job.end_time = now
