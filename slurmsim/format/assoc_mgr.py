"""``scontrol show assoc_mgr``: the users, associations and QOS the controller holds.

Each record is a list of lines of ``Key=value`` items: indented under its first line by
default, all on one line with ``-o``. A limit that counts something shows as
``limit(used)``, ``N`` for no limit (``GrpJobs=N(2)``, ``GrpTRES=cpu=N(4),...,gres/gpu=16(2)``);
the per-job limits, which count nothing, show only what is set.
"""

from collections.abc import Sequence
from dataclasses import dataclass

#: The uid slurmctld shows for a user the system does not know.
NO_UID = 4294967294
#: A limit and what counts against it: (the limit or None, the count).
Counted = tuple[int | None, int]
#: A TRES limit: (TRES name, its limit or None, what counts against it), in TRES order.
TresCounted = tuple[tuple[str, int | None, int], ...]


@dataclass(frozen=True, slots=True)
class UserRecord:
    name: str
    uid: int | None
    default_account: str
    admin_level: str


@dataclass(frozen=True, slots=True)
class AssocRecord:
    cluster: str
    account: str
    user: str | None  # None: the account's own association
    uid: int | None
    priority: int
    id: int
    shares: tuple[int, float, int, float]  # raw, normalised, level's raw, fair-share factor
    usage: tuple[float, float, float]  # raw, normalised, effective
    parent: tuple[str, int] | None  # an account's parent account and its association id
    lft: int
    default: bool  # the user's default account
    grp_jobs: Counted
    grp_jobs_accrue: Counted
    grp_submit: Counted
    grp_wall: tuple[int | None, float]  # minutes
    grp_tres: TresCounted
    grp_tres_mins: TresCounted
    grp_tres_run_mins: TresCounted
    max_jobs: Counted | None  # None: no limit (then no count either)
    max_jobs_accrue: Counted | None
    max_submit: Counted | None
    max_wall: int | None  # minutes
    max_tres: str  # the TRES limits set, as ``cpu=64,gres/gpu=8``
    max_tres_per_node: str
    max_tres_mins: str
    min_prio_thresh: int | None


@dataclass(frozen=True, slots=True)
class QosUsed:
    """What one account or user of a QOS counts against its per-account or per-user
    limits: ``who`` is the account's name or the user's uid."""

    who: str
    jobs: Counted
    accrue: Counted
    submit: Counted
    tres: TresCounted


@dataclass(frozen=True, slots=True)
class QosRecord:
    name: str
    id: int
    usage_raw: float
    grp_jobs: Counted
    grp_jobs_accrue: Counted
    grp_submit: Counted
    grp_wall: tuple[int | None, float]
    grp_tres: TresCounted
    grp_tres_mins: TresCounted
    grp_tres_run_mins: TresCounted
    max_wall: int | None
    max_tres: str
    max_tres_per_node: str
    max_tres_mins: str
    min_prio_thresh: int | None
    min_tres: str
    preempt_mode: str
    priority: int
    accounts: tuple[QosUsed, ...]
    users: tuple[QosUsed, ...]


@dataclass(frozen=True, slots=True)
class AssocMgrRequest:
    """What ``scontrol show assoc_mgr`` asked for: names to keep (empty: all) and the
    record kinds (``users``, ``assoc``, ``qos``; empty: all)."""

    users: tuple[str, ...] = ()
    accounts: tuple[str, ...] = ()
    qos: tuple[str, ...] = ()
    kinds: frozenset[str] = frozenset()


def render_assoc_mgr(
    users: Sequence[UserRecord],
    assocs: Sequence[AssocRecord],
    qos: Sequence[QosRecord],
    request: AssocMgrRequest,
    *,
    oneliner: bool = False,
) -> str:
    """The report for ``request``: users, associations and QOS, each kind asked for."""
    kinds = request.kinds or frozenset({"users", "assoc", "qos"})
    wanted_users = {u.lower() for u in request.users}
    wanted_accounts = {a.lower() for a in request.accounts}
    parts = ["Current Association Manager state\n"]
    if "users" in kinds:
        chosen_users = [u for u in users if not wanted_users or u.name in wanted_users]
        parts.append(
            _section("User Records", "No users", [_user(u) for u in chosen_users], oneliner)
        )
    if "assoc" in kinds:
        chosen = [
            a
            for a in assocs
            if (not wanted_accounts or a.account in wanted_accounts)
            and (not wanted_users or a.user is None or a.user in wanted_users)
        ]
        lines = [_record(_assoc(a), oneliner) for a in chosen]
        parts.append(_section("Association Records", "No associations", lines, oneliner))
    if "qos" in kinds:
        # Named QOS come in the order first named; all of them, in id order.
        by_name = {q.name: q for q in qos}
        named = (by_name.get(n) for n in dict.fromkeys(n.lower() for n in request.qos))
        chosen_qos = [q for q in named if q is not None] if request.qos else list(qos)
        lines = [_record(_qos(q, oneliner), oneliner) for q in chosen_qos]
        parts.append(_section("QOS Records", "No QOS", lines, oneliner))
    return "".join(parts)


def _section(title: str, none: str, records: list[str], oneliner: bool) -> str:
    if not records:
        said = f"{none} currently cached in Slurm.\n"
        return said if oneliner else f"\n{said}\n"
    head = f"{title}\n" if oneliner else f"\n{title}\n\n"
    return head + "".join(records)


def _record(lines: list[list[str]], oneliner: bool) -> str:
    if oneliner:
        return " ".join(item for line in lines for item in line) + "\n"
    return "\n    ".join(" ".join(line) for line in lines) + "\n"


def _user(u: UserRecord) -> str:
    return (
        f"UserName={_named(u.name, u.uid)} DefAccount={u.default_account} DefWckey= "
        f"AdminLevel={u.admin_level}\n"
    )


def _named(name: str, uid: int | None) -> str:
    return f"{name}({uid if uid is not None else NO_UID})"


def _assoc(a: AssocRecord) -> list[list[str]]:
    raw, norm, level, factor = a.shares
    used, used_norm, efctv = a.usage
    parent = f"{a.parent[0]}({a.parent[1]})" if a.parent is not None else ""
    user = _named(a.user, a.uid) if a.user is not None else ""
    return [
        [f"ClusterName={a.cluster}", f"Account={a.account}", f"UserName={user}", "Partition=",
         f"Priority={a.priority}", f"ID={a.id}"],
        [f"SharesRaw/Norm/Level/Factor={raw}/{norm:.2f}/{level}/{factor:.2f}"],
        [f"UsageRaw/Norm/Efctv={used:.2f}/{used_norm:.2f}/{efctv:.2f}"],
        [f"ParentAccount={parent}", f"Lft={a.lft}", f"DefAssoc={'Yes' if a.default else 'No'}"],
        [f"GrpJobs={_counted(a.grp_jobs)}", f"GrpJobsAccrue={_counted(a.grp_jobs_accrue)}"],
        [f"GrpSubmitJobs={_counted(a.grp_submit)}", f"GrpWall={_wall(a.grp_wall)}"],
        [f"GrpTRES={_tres(a.grp_tres)}"],
        [f"GrpTRESMins={_tres(a.grp_tres_mins)}"],
        [f"GrpTRESRunMins={_tres(a.grp_tres_run_mins)}"],
        [f"MaxJobs={_maybe(a.max_jobs)}", f"MaxJobsAccrue={_maybe(a.max_jobs_accrue)}",
         f"MaxSubmitJobs={_maybe(a.max_submit)}", f"MaxWallPJ={_number(a.max_wall)}"],
        [f"MaxTRESPJ={a.max_tres}"],
        [f"MaxTRESPN={a.max_tres_per_node}"],
        [f"MaxTRESMinsPJ={a.max_tres_mins}"],
        [f"MinPrioThresh={_number(a.min_prio_thresh)}"],
    ]  # fmt: skip


def _qos(q: QosRecord, oneliner: bool) -> list[list[str]]:
    lines = [
        [f"QOS={q.name}({q.id})"],
        [f"UsageRaw={q.usage_raw:f}"],
        [f"GrpJobs={_counted(q.grp_jobs)}", f"GrpJobsAccrue={_counted(q.grp_jobs_accrue)}",
         f"GrpSubmitJobs={_counted(q.grp_submit)}", f"GrpWall={_wall(q.grp_wall)}"],
        [f"GrpTRES={_tres(q.grp_tres)}"],
        [f"GrpTRESMins={_tres(q.grp_tres_mins)}"],
        [f"GrpTRESRunMins={_tres(q.grp_tres_run_mins)}"],
        [f"MaxWallPJ={_number(q.max_wall)}"],
        [f"MaxTRESPJ={q.max_tres}"],
        [f"MaxTRESPN={q.max_tres_per_node}"],
        [f"MaxTRESMinsPJ={q.max_tres_mins}"],
        [f"MinPrioThresh={_number(q.min_prio_thresh)} "],  # slurmctld's own trailing space
        [f"MinTRESPJ={q.min_tres}"],
        [f"PreemptMode={q.preempt_mode}"],
        [f"Priority={q.priority}"],
    ]  # fmt: skip
    for title, none, used, suffix in (
        ("Account Limits", "No Accounts", q.accounts, "PA"),
        ("User Limits", "No Users", q.users, "PU"),
    ):
        lines.extend(_used_lines(title, none, used, suffix, oneliner))
    return lines


def _used_lines(
    title: str, none: str, used: Sequence[QosUsed], suffix: str, oneliner: bool
) -> list[list[str]]:
    """A QOS's per-account or per-user counts: a block under ``title`` by default, ``title=
    who={...} ...`` with -o."""
    if oneliner:
        if not used:
            return [[f"{title}={none}"]]
        return [[f"{title}=", *(f"{u.who}={{{' '.join(_used_items(u, suffix))}}}" for u in used)]]
    if not used:
        return [[title], [f"    {none}"]]
    lines = [[title]]
    for u in used:
        items = _used_items(u, suffix)
        lines += [[f"  {u.who}"], [f"    {' '.join(items[:3])}"], [f"    {items[3]}"]]
    return lines


def _used_items(u: QosUsed, suffix: str) -> list[str]:
    return [
        f"MaxJobs{suffix}={_counted(u.jobs)}",
        f"MaxJobsAccrue{suffix}={_counted(u.accrue)}",
        f"MaxSubmitJobs{suffix}={_counted(u.submit)}",
        f"MaxTRES{suffix}={_tres(u.tres)}",
    ]


def _counted(c: Counted) -> str:
    limit, used = c
    return f"{'N' if limit is None else limit}({used})"


def _maybe(c: Counted | None) -> str:
    return "" if c is None else _counted(c)


def _number(n: int | None) -> str:
    return "" if n is None else str(n)


def _wall(w: tuple[int | None, float]) -> str:
    limit, used = w
    return f"{'N' if limit is None else limit}({used:.2f})"


def _tres(t: TresCounted) -> str:
    return ",".join(f"{name}={'N' if limit is None else limit}({used})" for name, limit, used in t)
