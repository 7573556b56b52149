"""The association manager's state, as ``scontrol show assoc_mgr`` reports it.

A read-only intent: the users, every association with its shares, usage, limits and what
counts against them, and every QOS with the accounts and users it has counted. The
figures are sshare's and the limit checks' own (``api.priorities``, ``engine.limits``).
"""

from collections.abc import Mapping

from slurmsim.api.priorities import (
    left_to_run,
    parent_ids,
    run_seconds,
    spent_seconds,
    tres_names,
)
from slurmsim.api.session import session
from slurmsim.engine.fairshare import ShareRow, share_rows
from slurmsim.engine.limits import Scope, Standing, counted_by_qos, standing
from slurmsim.engine.usage import WALL
from slurmsim.format.assoc_mgr import (
    NO_UID,
    AssocMgrRequest,
    AssocRecord,
    Counted,
    QosRecord,
    QosUsed,
    TresCounted,
    UserRecord,
    render_assoc_mgr,
)
from slurmsim.model import limits
from slurmsim.model.accounts import Qos, nested_lefts, uid_of
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job


def assoc_mgr_report(request: AssocMgrRequest, *, oneliner: bool) -> str:
    """What ``scontrol show assoc_mgr`` prints for ``request``."""
    kinds = request.kinds or frozenset({"users", "assoc", "qos"})
    with session(write=False) as s:
        state = s.state
        # A QOS lists every account and user it has counted since the controller started.
        history = [*s.tx.load_history(), *state.purged] if "qos" in kinds else []
    now = standing(state)
    return render_assoc_mgr(
        _users(state),
        _assocs(state, now) if "assoc" in kinds else [],
        _qos_records(state, now, [*history, *state.jobs.values()]) if "qos" in kinds else [],
        request,
        oneliner=oneliner,
    )


def _users(state: ClusterState) -> list[UserRecord]:
    return [
        UserRecord(u.name, u.uid, u.default_account, u.admin_level.value)
        for u in sorted(state.users.values(), key=lambda u: u.name)
    ]


def _assocs(state: ClusterState, now: Standing) -> list[AssocRecord]:
    rows = share_rows(state)
    if not rows:
        return []
    parents = parent_ids(state)
    by_id = {a.id: a for a in state.associations}
    spent = spent_seconds(state)
    running = run_seconds(state)
    lft = nested_lefts(state.associations)
    level = _level_shares(rows, parents)
    names = tres_names(state)
    out = []
    for row in rows:
        a = row.assoc
        above = []
        up = parents.get(a.id)
        while up is not None:
            above.append(by_id[up].limits)
            up = parents.get(up)
        own = limits.with_inherited(a.limits, above)
        scope: Scope = ("assoc", str(a.id))
        used = spent.get(a.id, {})
        mins = {n: int(used.get(n, 0.0)) // 60 for n in names}
        mins["billing"] = int(row.raw_usage) // 60  # billing's minutes are RawUsage's
        parent = by_id.get(parents[a.id]) if a.user is None and a.id in parents else None
        user = state.users.get(a.user) if a.user is not None else None
        out.append(
            AssocRecord(
                cluster=state.config.cluster_name,
                account=a.account,
                user=a.user,
                uid=uid_of(state.users, a.user) if a.user is not None else None,
                priority=int(own.get("Priority", "0")),
                id=a.id,
                shares=(
                    a.shares,
                    0.0 if row.is_root else row.norm_shares,
                    level[a.id],
                    0.0 if a.user is None else row.fairshare or 0.0,
                ),
                # The root's are 1 by definition; an association added since the decay
                # thread's last pass has no normalised usage yet, which shows as 1.
                usage=(
                    row.raw_usage,
                    1.0 if row.is_root or row.norm_usage is None else row.norm_usage,
                    1.0 if row.is_root else row.effective_usage,
                ),
                parent=(parent.account, parent.id) if parent is not None else None,
                lft=lft[a.id],
                default=user is not None and user.default_account == a.account,
                grp_jobs=_count(a.limits, "GrpJobs", now.running, scope),
                grp_jobs_accrue=_count(a.limits, "GrpJobsAccrue", now.accruing, scope),
                grp_submit=_count(a.limits, "GrpSubmit", now.submitted, scope),
                grp_wall=(_minutes(a.limits, "GrpWall"), used.get(WALL, 0.0) / 60),
                grp_tres=_tres(a.limits, "GrpTRES", names, now.held.get(scope, {})),
                grp_tres_mins=_tres(a.limits, "GrpTRESMins", names, mins),
                grp_tres_run_mins=_tres(
                    a.limits, "GrpTRESRunMins", names, _per_minute(running.get(a.id, {}))
                ),
                max_jobs=_count_if_set(own, "MaxJobs", now.running, scope),
                max_jobs_accrue=_count_if_set(own, "MaxJobsAccrue", now.accruing, scope),
                max_submit=_count_if_set(own, "MaxSubmit", now.submitted, scope),
                max_wall=_minutes(own, "MaxWall"),
                max_tres=own.get("MaxTRES", ""),
                max_tres_per_node=own.get("MaxTRESPerNode", ""),
                max_tres_mins=own.get("MaxTRESMins", ""),
                min_prio_thresh=limits.count(own, "MinPrioThresh"),
            )
        )
    return out


def _level_shares(rows: list[ShareRow], parents: Mapping[int, int]) -> dict[int, int]:
    """The raw shares of each association and its siblings together (root: its own)."""
    total: dict[int | None, int] = {}
    for row in rows:
        key = parents.get(row.assoc.id)
        total[key] = total.get(key, 0) + row.assoc.shares
    return {
        row.assoc.id: total[parents.get(row.assoc.id)] if not row.is_root else row.assoc.shares
        for row in rows
    }


def _qos_records(state: ClusterState, now: Standing, jobs: list[Job]) -> list[QosRecord]:
    seen = counted_by_qos(state, sorted(jobs, key=lambda j: j.job_id))
    names = tres_names(state)
    run = _run_by_qos(state)
    out = []
    for q in sorted(state.qos.values(), key=lambda q: q.id):
        scope: Scope = ("qos", q.name)
        used = state.qos_usage.get(q.name, {})
        accounts, users = seen.get(q.name, ([], []))
        out.append(
            QosRecord(
                name=q.name,
                id=q.id,
                usage_raw=used.get("billing", 0.0),
                grp_jobs=_count(q.limits, "GrpJobs", now.running, scope),
                grp_jobs_accrue=_count(q.limits, "GrpJobsAccrue", now.accruing, scope),
                grp_submit=_count(q.limits, "GrpSubmit", now.submitted, scope),
                grp_wall=(_minutes(q.limits, "GrpWall"), used.get(WALL, 0.0) / 60),
                grp_tres=_tres(q.limits, "GrpTRES", names, now.held.get(scope, {})),
                grp_tres_mins=_tres(
                    q.limits, "GrpTRESMins", names, {n: int(used.get(n, 0.0)) // 60 for n in names}
                ),
                grp_tres_run_mins=_tres(
                    q.limits, "GrpTRESRunMins", names, _per_minute(run.get(q.name, {}))
                ),
                max_wall=_minutes(q.limits, "MaxWall"),
                max_tres=q.limits.get("MaxTRES", ""),
                max_tres_per_node=q.limits.get("MaxTRESPerNode", ""),
                max_tres_mins=q.limits.get("MaxTRESMins", ""),
                min_prio_thresh=limits.count(q.limits, "MinPrioThresh"),
                min_tres=q.limits.get("MinTRES", ""),
                preempt_mode=_preempt_mode(q),
                priority=q.priority,
                accounts=tuple(_used(q, ("acct", q.name, a), a, now, names) for a in accounts),
                users=tuple(
                    _used(q, ("user", q.name, u), _uid_text(state, u), now, names) for u in users
                ),
            )
        )
    return out


def _used(q: Qos, scope: Scope, who: str, now: Standing, names: tuple[str, ...]) -> QosUsed:
    """What one account (``scope`` ("acct", QOS, account)) or user (("user", QOS, user))
    of ``q`` counts against its per-account or per-user limits."""
    suffix = "PA" if scope[0] == "acct" else "PU"
    return QosUsed(
        who=who,
        jobs=_count(q.limits, f"MaxJobs{suffix}", now.running, scope),
        accrue=_count(q.limits, f"MaxJobsAccrue{suffix}", now.accruing, scope),
        submit=_count(q.limits, f"MaxSubmit{suffix}", now.submitted, scope),
        tres=_tres(q.limits, f"MaxTRES{suffix}", names, now.held.get(scope, {})),
    )


def _run_by_qos(state: ClusterState) -> dict[str, dict[str, float]]:
    """TRES x seconds left to run per QOS: the job's own, and its partition's if it has one."""
    out: dict[str, dict[str, float]] = {}
    for job, tres, left in left_to_run(state):
        part = state.partitions.get(job.request.partition)
        named = {job.request.qos, *((part.qos,) if part is not None and part.qos else ())}
        for qos in named:
            acc = out.setdefault(qos, {})
            for name, n in tres.items():
                acc[name] = acc.get(name, 0.0) + n * left
    return out


def _uid_text(state: ClusterState, user: str) -> str:
    uid = uid_of(state.users, user)
    return str(uid if uid is not None else NO_UID)


def _preempt_mode(q: Qos) -> str:
    """A QOS's PreemptMode as the controller names it (``cluster``, the default, is OFF)."""
    return "OFF" if q.preempt_mode == "cluster" else q.preempt_mode.upper()


def _count(own: Mapping[str, str], key: str, counts: Mapping[Scope, int], scope: Scope) -> Counted:
    return limits.count(own, key), counts.get(scope, 0)


def _count_if_set(
    own: Mapping[str, str], key: str, counts: Mapping[Scope, int], scope: Scope
) -> Counted | None:
    return None if key not in own else _count(own, key, counts, scope)


def _minutes(own: Mapping[str, str], key: str) -> int | None:
    found = limits.seconds(own, key)
    return None if found is None else found // 60


def _per_minute(seconds: Mapping[str, float]) -> dict[str, int]:
    return {name: int(secs) // 60 for name, secs in seconds.items()}


def _tres(
    own: Mapping[str, str], key: str, names: tuple[str, ...], used: Mapping[str, int]
) -> TresCounted:
    set_ = limits.tres(own, key)
    return tuple((n, set_.get(n), int(used.get(n, 0))) for n in names)
