"""Read-only intents behind sprio and sshare: priority factors and the fair-share tree.

Both read the cluster as it is (no write lock, the clock does not move) and hand
the formatters plain rows: the formatters may not import the engine.
"""

from collections.abc import Mapping
from dataclasses import replace

from slurmsim.engine.fairshare import fair_tree_enabled, fairshare_factors, share_rows
from slurmsim.engine.priority import Factors, factors, scale
from slurmsim.engine.resources import GPU
from slurmsim.engine.usage import billing, job_tres, running
from slurmsim.format.jobview import record_partitions
from slurmsim.format.sprio import PriorityRow, Weights
from slurmsim.format.sshare import ShareLine
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Hold, Job, JobState
from slurmsim.model.time import Instant
from slurmsim.model.tres import BASE_TRES

__all__ = [
    "add_upwards",
    "fair_tree_enabled",
    "left_to_run",
    "parent_ids",
    "priority_rows",
    "priority_weights",
    "run_seconds",
    "share_lines",
    "spent_seconds",
    "tres_names",
]

#: The TRES slurmdbd always tracks, in its order; GRES come after them.
_BASE_TRES = tuple(t.key for t in BASE_TRES)


def listed(state: ClusterState, job: Job) -> bool:
    """Whether sprio lists ``job``: pending, eligible by now, and not held."""
    return (
        job.state is JobState.PENDING
        and job.hold is Hold.NONE
        and job.eligible_time is not None
        and job.eligible_time <= state.now
    )


def priority_rows(state: ClusterState) -> list[PriorityRow]:
    """One row per listed job and partition (a job sent to ``gpu,debug`` has two).

    Slurm prints the factors of the last priority calculation: the age term is the one
    of the last PriorityCalcPeriod (or of the submission, when that came later).
    """
    fs = fairshare_factors(state)
    totals = scale(state)
    rows: list[PriorityRow] = []
    for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
        if not listed(state, job):
            continue
        for partition in record_partitions(job):
            if job.priority_set:  # slurmctld hands sprio the set value, and no factors
                rows.append(PriorityRow(job.job_id, partition, job.request.user, 0, {}, {},
                                        (), (), float(job.priority), direct=True))  # fmt: skip
                continue
            one = replace(job, request=replace(job.request, partition=partition))
            f = factors(state, one, fs, totals, at=_calculated_at(state, job))
            rows.append(_priority_row(job, partition, f))
    return rows


def _calculated_at(state: ClusterState, job: Job) -> Instant:
    last = state.last_usage_calc
    if last is None:
        return state.now
    return min(state.now, Instant(max(last, job.submit_time)))


def _priority_row(job: Job, partition: str, f: Factors) -> PriorityRow:
    return PriorityRow(
        job_id=job.job_id,
        partition=partition,
        user=job.request.user,
        nice=job.request.nice,
        norm={
            "age": f.age,
            "assoc": f.assoc,
            "fairshare": f.fairshare,
            "job_size": f.job_size,
            "partition": f.partition,
            "qos": f.qos,
        },
        weighted={
            "age": f.weighted_age,
            "assoc": f.weighted_assoc,
            "fairshare": f.weighted_fairshare,
            "job_size": f.weighted_job_size,
            "partition": f.weighted_partition,
            "qos": f.weighted_qos,
        },
        tres_norm=f.tres,
        tres_weighted=f.weighted_tres,
        total=f.total,
        site=f.site,
    )


def priority_weights(state: ClusterState) -> Weights:
    """The cluster's PriorityWeight* values, as sprio's default format and -w use them."""
    w = state.config.priority_weights
    return Weights(
        {
            "age": w.age,
            "assoc": w.assoc,
            "fairshare": w.fairshare,
            "job_size": w.job_size,
            "partition": w.partition,
            "qos": w.qos,
        },
        w.tres,
    )


def share_lines(state: ClusterState) -> list[ShareLine]:
    """Every association's sshare numbers, in tree order."""
    run_secs = run_seconds(state)
    spent = spent_seconds(state)
    names = tres_names(state)
    lines = []
    for r in share_rows(state):
        a = r.assoc
        secs = run_secs.get(a.id, {})
        used = spent.get(a.id, {})
        lines.append(
            ShareLine(
                account=a.account,
                user=a.user,
                depth=r.depth,
                raw_shares=None if r.is_root else a.shares,
                norm_shares=r.norm_shares,
                raw_usage=r.raw_usage,
                norm_usage=None if r.is_root else r.norm_usage,
                effective_usage=r.effective_usage,
                fairshare=r.fairshare,
                level_fs=None if r.is_root else r.level_fs,
                tres_run_mins=",".join(f"{n}={int(secs.get(n, 0.0)) // 60}" for n in names),
                # Billing's is RawUsage's; the others' the usage GrpTRESMins counts.
                grp_tres_raw=",".join(
                    f"{n}={int(r.raw_usage if n == 'billing' else used.get(n, 0.0)) // 60}"
                    for n in names
                ),
                grp_tres_mins=a.limits.get("GrpTRESMins", ""),
                cluster=state.config.cluster_name,
                assoc_id=a.id,
            )
        )
    return lines


def tres_names(state: ClusterState) -> tuple[str, ...]:
    gres = tuple(f"gres/{g}" for g in state.config.gres_types if g == GPU)
    return _BASE_TRES + gres


def spent_seconds(state: ClusterState) -> dict[int, dict[str, float]]:
    """TRES x seconds run (decayed), per association and its ancestors (GrpTRESRaw)."""
    parents = parent_ids(state)
    out: dict[int, dict[str, float]] = {}
    for assoc, used in state.tres_usage.items():
        add_upwards(out, parents, assoc, used, 1.0)
    return out


def run_seconds(state: ClusterState) -> dict[int, dict[str, float]]:
    """TRES x seconds still to run, per association and its ancestors (TRESRunMins)."""
    parents = parent_ids(state)
    out: dict[int, dict[str, float]] = {}
    for job, tres, left in left_to_run(state):
        assoc = next(
            (a.id for a in state.associations
             if a.user == job.request.user and a.account == job.request.account),
            None,
        )  # fmt: skip
        add_upwards(out, parents, assoc, tres, left)
    return out


def left_to_run(state: ClusterState) -> list[tuple[Job, dict[str, float], int]]:
    """Each running job with a time limit, the TRES it holds (billing too) and the seconds
    it has left as slurmctld counts them for GrpTRESRunMins and TRESRunMins.

    slurmctld adds a job's whole time limit when it starts and takes off what ran at
    each PriorityCalcPeriod, so between two passes the figure does not move.
    """
    last = state.last_usage_calc
    rows = []
    for job in running(state.jobs.values()):
        assert job.start_time is not None
        if job.time_limit is None:
            continue
        ran = max(0, last - job.start_time) if last is not None else 0
        tres = job_tres(job)
        tres["billing"] = billing(state, job)
        rows.append((job, tres, max(0, job.time_limit - ran)))
    return rows


def add_upwards(
    out: dict[int, dict[str, float]],
    parents: Mapping[int, int],
    assoc: int | None,
    amounts: Mapping[str, float],
    times: float,
) -> None:
    """Add ``amounts`` x ``times`` to association ``assoc`` and to every one above it."""
    while assoc is not None:
        acc = out.setdefault(assoc, {})
        for name, n in amounts.items():
            acc[name] = acc.get(name, 0.0) + n * times
        assoc = parents.get(assoc)


def parent_ids(state: ClusterState) -> dict[int, int]:
    """Each association's parent association id (root has none)."""
    accounts = {a.account: a.id for a in state.associations if a.user is None}
    parents: dict[int, int] = {}
    for a in state.associations:
        parent = a.account if a.user is not None else a.parent_account
        if parent is not None and parent in accounts and accounts[parent] != a.id:
            parents[a.id] = accounts[parent]
    return parents
