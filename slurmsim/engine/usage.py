"""Fair-share usage: what a running job is charged, how usage decays, when it resets.

Slurm's priority/multifactor keeps one raw usage number per association, in
billing-seconds. Every PriorityCalcPeriod its decay thread decays all usage by
the half-life, charges each running job for the time since the previous pass,
and recomputes fair share from the result; a job that ends is charged at once
for its last stretch, so RawUsage can move between passes while the fair-share
numbers stay those of the last pass. ``recalc`` is one pass of that thread
(``recalc_every`` a stretch of them) and ``charge_end`` the charge at a job's end.

Usage is charged to the job's user association only: an account's usage is the
sum of everything below it (see ``fairshare``), which is what Slurm's charging
of every ancestor adds up to.
"""

import time
from collections.abc import Iterable, Mapping
from typing import NamedTuple, TypeVar

from slurmsim.engine.resources import GPU
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.time import Instant

_K = TypeVar("_K", int, str)

#: Slurm linearises 2^(-t/half-life) per second with ln 2 rounded to this.
_LN2 = 0.693
#: ``JobState.RUNNING`` read once: each read of an Enum member costs on Python 3.11.
_RUNNING = JobState.RUNNING


def decay_factor(half_life: int) -> float:
    """The per-second usage multiplier for ``half_life`` seconds (1.0: no decay)."""
    if half_life <= 0:
        return 1.0
    return 1.0 - _LN2 / half_life


def job_tres(job: Job) -> dict[str, float]:
    """The TRES a running job holds, by lower-case name (memory in MB)."""
    return {
        "cpu": float(job.num_cpus),
        "mem": float(sum(a.mem for a in job.alloc)),
        "node": float(len(job.alloc)),
        f"gres/{GPU}": float(sum(len(a.gpus) for a in job.alloc)),
    }


def billing(state: ClusterState, job: Job) -> float:
    """The job's billable TRES: its partition's TRESBillingWeights applied to what it holds.

    Without weights a job is billed its CPUs. Weights add up (Slurm's default) or, with
    ``PriorityFlags=MAX_TRES``, the largest weighted TRES counts alone.
    """
    return billing_of(state, job.request.partition, job_tres(job))


def billing_of(state: ClusterState, partition: str, tres: Mapping[str, float]) -> float:
    """The billing of ``tres`` (lower-case names, memory in MB) under ``partition``'s weights."""
    part = state.partitions.get(partition.split(",", maxsplit=1)[0])
    weights = part.tres_billing_weights if part is not None else ()
    if not weights:
        return tres["cpu"]
    # "gres/gpu" and a typed "gres/gpu:h100" both weigh GPUs.
    weighted = [w * tres.get(name.split(":")[0], 0.0) for name, w in weights]
    if "MAX_TRES" in state.config.priority_flags:
        return max(weighted, default=0.0)
    return sum(weighted)


def association_id(state: ClusterState, job: Job) -> int | None:
    """The id of the user association ``job`` runs under (None when it has none)."""
    req = job.request
    for a in state.associations:
        if a.user == req.user and a.account == req.account:
            return a.id
    return None


class Rates:
    """Each running job's association, billing, QOS UsageFactor and what it is charged for
    limits, remembered while its allocation and request stay: the decay thread charges the
    same jobs at every pass."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[object, object, Rate]] = {}

    def of(self, state: ClusterState, job: Job) -> "Rate":
        """What ``job`` is charged, per second it runs."""
        known = self._known.get(job.job_id)
        if known is None or known[0] is not job.alloc or known[1] is not job.request:
            qos = state.qos.get(job.request.qos)
            factor = qos.usage_factor if qos is not None else 1.0
            billed = billing(state, job)
            held = {**job_tres(job), "billing": billed, WALL: 1.0}
            rate = Rate(association_id(state, job), job.request.qos, billed, factor, held)
            known = (job.alloc, job.request, rate)
            self._known[job.job_id] = known
        return known[2]

    def forget(self, job_id: int) -> None:
        """``job_id`` stopped running."""
        self._known.pop(job_id, None)


#: The usage GrpWall counts, kept beside each TRES's (seconds run, whatever the size).
WALL = "wall"


class Rate(NamedTuple):
    """What a running job is charged per second: ``billing`` to its association's fair-share
    usage, and ``held`` (each TRES, and ``WALL`` 1) to the usage GrpTRESMins and GrpWall
    count of its association and its QOS; all scaled by the QOS's UsageFactor."""

    assoc: int | None
    qos: str
    billing: float
    factor: float
    held: Mapping[str, float]


def charge(
    state: ClusterState, job: Job, start: Instant, end: Instant, rates: Rates | None = None
) -> float:
    """Add what ``job`` used from ``start`` to ``end`` to its association (and, for limits,
    to its QOS); the fair-share amount added.

    Slurm decays the new usage over the interval itself (billing x seconds x d^seconds)
    and scales it by the QOS UsageFactor; intervals under a second charge nothing.
    """
    seconds = end - start
    if rates is None:
        rates = Rates()
    rate = rates.of(state, job)
    if seconds < 1 or rate.assoc is None:
        return 0.0
    d = decay_factor(state.config.priority_decay_half_life)
    weight = seconds * d**seconds * rate.factor
    amount = rate.billing * weight
    state.usage[rate.assoc] = state.usage.get(rate.assoc, 0.0) + amount
    for bucket in _buckets(state, rate.assoc, rate.qos):
        for name, n in rate.held.items():
            bucket[name] = bucket.get(name, 0.0) + n * weight
    return amount


def _buckets(state: ClusterState, assoc: int, qos: str) -> tuple[dict[str, float], ...]:
    return (state.tres_usage.setdefault(assoc, {}), state.qos_usage.setdefault(qos, {}))


def decay(state: ClusterState, since: Instant, until: Instant) -> None:
    """Decay every association's usage over ``since``..``until`` by the half-life, and
    every QOS's but those flagged NoDecay."""
    d = decay_factor(state.config.priority_decay_half_life)
    if d == 1.0 or until <= since:
        return
    scale = d ** (until - since)
    for assoc in state.usage:
        state.usage[assoc] *= scale
    for used in state.tres_usage.values():
        for name in used:
            used[name] *= scale
    for qos, used in state.qos_usage.items():
        if not _no_decay(state, qos):
            for name in used:
                used[name] *= scale


def _no_decay(state: ClusterState, qos: str) -> bool:
    found = state.qos.get(qos)
    return found is not None and "NoDecay" in found.flags


def reset(state: ClusterState) -> None:
    """PriorityUsageResetPeriod's reset: all usage forgotten, but a NoDecay QOS's."""
    state.usage.clear()
    state.tres_usage.clear()
    for qos in [q for q in state.qos_usage if not _no_decay(state, q)]:
        del state.qos_usage[qos]


def reset_due(period: str, last: Instant, now: Instant) -> bool:
    """Whether a PriorityUsageResetPeriod boundary (UTC) falls in ``(last, now]``."""
    if period in _NEVER:
        return False  # asked at every pass: spare the calendar for the usual setting
    boundary = _last_boundary(period, now)
    return boundary is not None and last < boundary <= now


#: Periods without a boundary in a running slurmctld (NOW resets only when it starts).
_NEVER = frozenset({"NONE", "NOW"})


def _last_boundary(period: str, now: Instant) -> int | None:
    """The latest reset instant at or before ``now`` (None: the period never resets)."""
    import calendar  # here: it imports locale (~5 ms), and only a reset period needs it

    t = time.gmtime(now)
    year, month = t.tm_year, t.tm_mon
    if period == "DAILY":
        return calendar.timegm((year, month, t.tm_mday, 0, 0, 0))
    if period == "WEEKLY":  # Sunday 00:00; tm_wday counts from Monday
        midnight = calendar.timegm((year, month, t.tm_mday, 0, 0, 0))
        return midnight - ((t.tm_wday + 1) % 7) * 86400
    if period == "MONTHLY":
        return calendar.timegm((year, month, 1, 0, 0, 0))
    if period == "QUARTERLY":
        return calendar.timegm((year, month - (month - 1) % 3, 1, 0, 0, 0))
    if period == "YEARLY":
        return calendar.timegm((year, 1, 1, 0, 0, 0))
    return None  # NONE; NOW resets only when slurmctld starts


def running(jobs: Iterable[Job]) -> list[Job]:
    """The jobs that accrue usage (suspended jobs do not)."""
    return [j for j in jobs if j.state is _RUNNING and j.start_time is not None]


def recalc(
    state: ClusterState,
    now: Instant,
    running_jobs: Iterable[Job] | None = None,
    rates: Rates | None = None,
) -> None:
    """One pass of the decay thread at ``now``: reset when a boundary passed, decay, charge
    running jobs since the previous pass, and keep the usage fair share is computed from.

    The first pass (no previous one) only takes the snapshot, as slurmctld's does.
    ``running_jobs`` may narrow the look at every job to those holding resources;
    ``rates`` kept from pass to pass spares working out what each is charged.
    """
    last = state.last_usage_calc
    if last is not None and now > last:
        jobs = state.jobs.values() if running_jobs is None else running_jobs
        _pass(state, last, now, _charged(state, jobs, rates or Rates()))
    take_snapshot(state)
    state.last_usage_calc = now


def recalc_every(
    state: ClusterState, times: Iterable[int], running_jobs: Iterable[Job], rates: Rates
) -> None:
    """``recalc`` at each of ``times`` that comes after the last pass, with the same jobs
    running throughout (a stretch of periods in which nothing started or ended): what
    each job is charged is looked up once, and the snapshot fair share reads is taken
    after the last pass only, since nothing reads the ones in between."""
    charged = None
    made = False
    for t in times:
        now, last = Instant(t), state.last_usage_calc
        if last is not None:
            if now <= last:
                continue  # a pass already made at this instant stays
            if charged is None:
                charged = _charged(state, running_jobs, rates)
            _pass(state, last, now, charged)
        state.last_usage_calc = now
        made = True
    if made:
        take_snapshot(state)


#: A job the decay thread charges: (start, association, QOS, billing, UsageFactor, TRES).
_Charged = tuple[Instant, int, str, float, float, Mapping[str, float]]


class _Charges(NamedTuple):
    """What the decay thread charges the jobs of a stretch of passes: each job, and the
    sums of their TRES (times UsageFactor) per association and per QOS, so that a pass
    charges the jobs that ran all through it at once."""

    jobs: list[_Charged]
    by_assoc: dict[int, dict[str, float]]
    by_qos: dict[str, dict[str, float]]


def _charged(state: ClusterState, jobs: Iterable[Job], rates: Rates) -> _Charges:
    """What the decay thread charges each of ``jobs`` that accrues usage under an
    association."""
    rows: list[_Charged] = []
    by_assoc: dict[int, dict[str, float]] = {}
    by_qos: dict[str, dict[str, float]] = {}
    for job in running(jobs):
        rate = rates.of(state, job)
        if rate.assoc is not None and job.start_time is not None:  # ``running`` has a start
            rows.append(
                (job.start_time, rate.assoc, rate.qos, rate.billing, rate.factor, rate.held)
            )
            for sums in (by_assoc.setdefault(rate.assoc, {}), by_qos.setdefault(rate.qos, {})):
                for name, n in rate.held.items():
                    sums[name] = sums.get(name, 0.0) + n * rate.factor
    return _Charges(rows, by_assoc, by_qos)


def _pass(state: ClusterState, last: Instant, now: Instant, charged: _Charges) -> None:
    """The decay thread's pass at ``now`` after one at ``last``: reset when a boundary
    passed, decay, and charge each job from ``last`` (or its start) to ``now``, with what
    every job shares worked out once."""
    cfg = state.config
    if reset_due(cfg.priority_usage_reset_period, last, now):
        reset(state)
    decay(state, last, now)
    d = decay_factor(cfg.priority_decay_half_life)
    used = state.usage
    full = now - last  # the seconds of every job that ran through the whole period
    full_decay = d**full
    whole = full * full_decay  # what a second of TRES that ran all through is charged
    for start, assoc, qos, billed, factor, held in charged.jobs:
        seconds = full if start <= last else now - start
        scale = full_decay if seconds == full else d**seconds
        if seconds >= 1:
            used[assoc] = used.get(assoc, 0.0) + billed * seconds * scale * factor
        if seconds != full:  # started since: charged ``whole`` below, take the difference
            part = (seconds * scale if seconds >= 1 else 0.0) - whole
            for bucket in _buckets(state, assoc, qos):
                for name, n in held.items():
                    bucket[name] = bucket.get(name, 0.0) + n * factor * part
    _add(state.tres_usage, charged.by_assoc, whole)
    _add(state.qos_usage, charged.by_qos, whole)


def _add(
    owners: dict[_K, dict[str, float]], sums: Mapping[_K, Mapping[str, float]], weight: float
) -> None:
    """Add ``weight`` times each owner's ``sums`` to its usage."""
    for owner, rates in sums.items():
        bucket = owners.setdefault(owner, {})
        for name, n in rates.items():
            bucket[name] = bucket.get(name, 0.0) + n * weight


def charge_end(state: ClusterState, job: Job, end: Instant, rates: Rates | None = None) -> float:
    """Charge a job that stops running at ``end`` for the time since the last pass
    (``rates``: what the decay thread has been charging it, when the caller keeps them)."""
    if job.start_time is None:
        return 0.0
    last = state.last_usage_calc
    start = job.start_time if last is None else max(job.start_time, last)
    return charge(state, job, start, end, rates)


def take_snapshot(state: ClusterState) -> None:
    """Keep the usage a pass saw, for fair share to read until the next one: every
    association's, none left out, so that one added since shows as new (``new_since_calc``)."""
    state.calc_usage = {a.id: 0.0 for a in state.associations}
    state.calc_usage.update(state.usage)


def new_since_calc(state: ClusterState, assoc: int) -> bool:
    """Was association ``assoc`` added since the decay thread's last pass? Its fair
    share and normalised usage are not worked out until the next one."""
    return state.last_usage_calc is not None and assoc not in state.calc_usage


def next_calc(state: ClusterState) -> Instant:
    """When the next pass of the decay thread is due (now, if none ran yet)."""
    last = state.last_usage_calc
    if last is None:
        return state.now
    return Instant(last + max(state.config.priority_calc_period, 1))


def usage_seen(state: ClusterState) -> dict[int, float]:
    """The usage fair share reads: the last pass's, or the live usage before any pass."""
    return state.calc_usage if state.last_usage_calc is not None else state.usage
