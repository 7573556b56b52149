"""sacctmgr's intents: show, add, modify and delete QOS, accounts, users and associations.

Each function takes the words after the entity (``["where", "name=high", "set",
"Priority=5"]``) and returns what sacctmgr prints. A change is one write transaction: its
summary goes to ``confirm``, which prints it and says whether to commit (``-i``, or the
user's answer to sacctmgr's question); nothing is saved unless it says yes. Only root and
users with an AdminLevel may change anything. ``set RawUsage=0`` takes a path of its own
(see "usage resets" below).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, NoReturn

from slurmsim.api import account_settings as settings
from slurmsim.api.session import Session, session
from slurmsim.engine import lifecycle
from slurmsim.engine import limits as limits_engine
from slurmsim.format import sacctmgr as fmt
from slurmsim.format import sacctmgr_changes as say
from slurmsim.format.rendered import Rendered
from slurmsim.model import limits
from slurmsim.model.accounts import (
    Account,
    AdminLevel,
    Association,
    Qos,
    User,
    account_nodes,
    ancestors,
    default_qos,
    nested_lefts,
)
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import NotSupported, SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.keywords import Keywords, keyword
from slurmsim.parse import sacctmgr as p
from slurmsim.parse.errors import ParseError

#: Prints a change's summary, asks the question (unless ``-i``) and says whether to go on.
Confirm = Callable[[str, str], bool]
_COMMIT = "Would you like to commit changes?"

ENTITIES = ("qos", "account", "user", "association")
ROOT = "root"
#: What sacctmgr says after a bad value or an unknown key among an association's settings:
#: the second when adding users, the first otherwise.
_UNKNOWN_MODIFY = " Unknown option: {word}\n Use keyword 'where' to modify condition"
_UNKNOWN_ADD = " Unknown option: {word}"
_NOTHING_TO_SET = " You didn't give me anything to set"
_DENIED = (
    "sacctmgr: error: Your user doesn't have privilege to perform this action\n"
    " Error with request: Access/permission denied\n"
)
_NOT_SUPER_USER = (
    "sacctmgr: error: You must be a super user to modify a users admin level\n"
    " Error with request: Access/permission denied\n"
)
_FIRST_UID = 1001  # a new user gets the next uid from here (the preset's users have 1001-1003)

#: The association conditions sacctmgr reads after an entity's own (``keyword``).
_ASSOC_CONDITIONS: Keywords = (
    ("accounts", 2, "account"), ("acct", 4, "account"), ("ids", 1, "id"),
    ("associations", 2, "id"), ("clusters", 1, "cluster"), ("defaultqos", 8, "defaultqos"),
    ("partitions", 3, "partition"), ("parents", 4, "parent"), ("qoslevel", 1, "qos"),
    ("users", 1, "user"),
)  # fmt: skip
#: The ``key=value`` conditions of each entity, in the order sacctmgr tries them; ``format``
#: is read too (it is not a condition). The entities slurmsim shows only, or holds no
#: records of, take their conditions whole.
_CONDITIONS: dict[str, Keywords] = {
    "qos": (
        ("names", 1, "name"), ("qoslevel", 1, "name"), ("clusters", 1, "cluster"),
        ("descriptions", 1, "description"), ("format", 1, "format"), ("ids", 1, "id"),
        ("preemptmode", 8, "preemptmode"),
    ),
    "account": (
        ("names", 1, "name"), ("accounts", 1, "name"), ("acct", 4, "name"),
        ("descriptions", 1, "description"), ("format", 1, "format"),
        ("organizations", 1, "organization"), *_ASSOC_CONDITIONS,
    ),
    "user": (
        ("names", 1, "name"), ("users", 1, "name"), ("adminlevel", 2, "adminlevel"),
        ("clusters", 1, "cluster"), ("defaultaccount", 8, "defaultaccount"),
        ("defaultwckey", 8, "defaultwckey"), ("format", 1, "format"), ("wckeys", 1, "wckey"),
        *_ASSOC_CONDITIONS,
    ),
    "association": (("ids", 1, "id"), ("associations", 2, "id"), ("format", 1, "format"),
                    *_ASSOC_CONDITIONS),
    "tres": tuple((k, len(k), k) for k in ("name", "type", "id", "format")),
    "problem": tuple((k, len(k), k) for k in ("cluster", "account", "user", "format")),
    "wckey": tuple((k, len(k), k) for k in ("name", "cluster", "user", "id", "format")),
    "resource": tuple((k, len(k), k) for k in ("name", "server", "type", "cluster", "format")),
    "federation": tuple((k, len(k), k) for k in ("name", "cluster", "format")),
    "cluster": (("name", 4, "name"), ("cluster", 7, "name"), ("format", 6, "format")),
}  # fmt: skip
#: The conditions sacctmgr takes that slurmsim does not select by, per entity.
_UNSELECTED = {
    "qos": {"preemptmode"},
    "account": {"id", "defaultqos"},
    "user": {"defaultwckey", "id", "defaultqos", "parent"},
    "association": set(),
}
#: The bare words each entity's ``show`` takes as options, not names, in sacctmgr's order.
_WITH: Keywords = (
    ("withassoc", 5, "withassoc"), ("withcoordinators", 5, "withcoord"),
    ("withdeleted", 5, "withdeleted"), ("withrawqoslevel", 5, "withrawqos"),
    ("woplimits", 4, "woplimits"),
)  # fmt: skip
_SHOW_OPTIONS: dict[str, Keywords] = {
    "user": _WITH,
    "account": _WITH,
    "qos": (("withdeleted", 5, "withdeleted"),),
    "association": (
        ("onlydefaults", 2, "onlydefaults"), ("tree", 4, "tree"),
        ("withdeleted", 5, "withdeleted"), ("withrawqoslevel", 5, "withrawqos"),
        ("withsubaccounts", 5, "withsubaccounts"), ("wopinfo", 4, "wopinfo"),
        ("woplimits", 4, "woplimits"), ("wolimits", 3, "wolimits"),
    ),
}  # fmt: skip

Conditions = dict[str, list[str]]


class _Abort(Exception):
    """Leaves the transaction without saving; ``rendered`` is what sacctmgr printed."""

    def __init__(self, rendered: Rendered) -> None:
        super().__init__(rendered.stderr or rendered.stdout)
        self.rendered = rendered


class _Change(NamedTuple):
    summary: str
    warnings: str = ""


# -- show ----------------------------------------------------------------------------------


#: What sacctmgr asks before it lists users by their associations without ``withassoc``.
ASK_WITHASSOC = (
    "You requested options that are only valid when querying with the withassoc option.\n"
    "Are you sure you want to continue?"
)
#: The conditions on the associations of a user (``cluster`` is one on the user too) and
#: of an account.
_ASSOC_KEYS = {
    "user": ("account", "partition", "qos"),
    "account": ("user", "cluster", "partition", "qos", "parent"),
}


def show(
    entity: str,
    words: Sequence[str],
    layout: fmt.Layout,
    confirm: Callable[[str], bool] = lambda _: True,
) -> Rendered:
    """``sacctmgr show <entity> [name...] [where] [key=value...] [format=...]``;
    ``confirm`` asks the person at the terminal a question (users listed by their
    associations without ``withassoc``)."""
    try:
        request = p.parse_request(words)
        fields = None
        only_defaults = False
        conditions_words = []
        options = _SHOW_OPTIONS.get(entity, ())
        for word in [*request.head, *request.where, *request.set]:
            option = keyword(word.key, options) if word.op is None else None
            if option == "withassoc":
                layout = layout._replace(with_assocs=True)
            elif option == "tree":
                layout = layout._replace(tree=True)
            elif option == "withcoord":
                layout = layout._replace(with_coords=True)
            elif option == "onlydefaults":
                if entity != "association":
                    raise NotSupported
                only_defaults = True
            elif option is not None:
                pass  # slurmsim keeps no deleted records and no raw QOS levels
            elif word.op is not None and keyword(word.key, _CONDITIONS[entity]) == "format":
                fields = [(f.name, f.width) for f in p.parse_fields(word.value)]
            else:
                conditions_words.append(word)
        conditions = _conditions(entity, conditions_words)
    except ParseError as e:
        return Rendered(
            stderr=_unknown_condition(entity, e.message.removeprefix("Unknown option: ")),
            exit_code=1,
        )
    except _Abort as e:
        return e.rendered
    by_assoc = {k: conditions[k] for k in _ASSOC_KEYS.get(entity, ()) if k in conditions}
    with session(write=False) as s:
        if (bad := _bad_qos(s.state, entity, conditions_words)) is not None:
            return bad
        if by_assoc and not layout.with_assocs and not confirm(ASK_WITHASSOC):
            return Rendered(stdout="Aborted\n")
        if entity == "user" and "cluster" in conditions:  # a user's condition, its lines' too
            by_assoc["cluster"] = conditions["cluster"]
        rows = _select(entity, s.state, conditions, listing=True)
        if entity in ("wckey", "problem") and not _operates(s.state, s.user):
            # The format is checked first, by sacctmgr; then slurmdbd refuses the list.
            shown = fmt.show(entity, s.state, rows, fields, layout)
            if shown.exit_code:
                return shown
            said = "Your user doesn't have privilege to perform this action"
            if entity == "problem":
                said = "Access/permission denied"
            return Rendered(
                stderr=f"sacctmgr: error: {said}\n Error with request: Access/permission denied\n",
                exit_code=1,
            )
        if entity == "association":
            filled = _as_shown(s.state, [a for a in rows if isinstance(a, Association)])
            kept = [a for a in filled if _shown_meets(s.state, a, conditions, only_defaults)]
            rows = list(tree_order(kept))  # one whose parent is left out heads a tree
        if entity == "user" and layout.with_assocs:
            paired = _with_assocs(s.state, rows, by_assoc)
            return fmt.show("userassoc", s.state, paired, fields, layout)
        if entity == "account" and layout.with_assocs:
            lines = _account_assocs(s.state, rows, by_assoc)
            return fmt.show("accountassoc", s.state, lines, fields, layout)
        return fmt.show(entity, s.state, rows, fields, layout)


def _problems(state: ClusterState) -> list[fmt.Problem]:
    """What slurmdbd reports amiss, in its order: accounts without an association, account
    associations nothing hangs below, users without an association. (Every simulated user
    has a uid, so none is reported for lacking one.)"""
    cluster = state.config.cluster_name
    nodes = sorted((a for a in state.associations if a.user is None), key=lambda a: a.account)
    below = {a.account for a in state.associations if a.user is not None} | {
        a.parent_account for a in nodes if a.parent_account is not None
    }
    assoc_users = {a.user for a in state.associations if a.user is not None}
    assoc_accounts = {a.account for a in nodes}
    return [
        *(fmt.Problem("", name, "", "Account has no Associations")
          for name in sorted(state.accounts) if name not in assoc_accounts),
        *(fmt.Problem(cluster, a.account, "", "Account has no users")
          for a in nodes if a.account not in below),
        *(fmt.Problem("", "", name, "User has no Associations")
          for name in sorted(state.users) if name not in assoc_users),
    ]  # fmt: skip


def _operates(state: ClusterState, user: str) -> bool:
    from slurmsim.engine.permissions import is_operator

    return is_operator(state, user)


def _with_assocs(
    state: ClusterState, users: Iterable[object], by_assoc: Conditions
) -> list[fmt.UserAssoc]:
    """Each user beside each of its associations that meet ``by_assoc``, by account name
    (the oracle lists root's ``research`` before its ``root``); a user with none beside
    an empty one (``fmt.UserAssoc.assoc`` None), as slurmdbd lists every user."""
    shown = [
        a
        for a in _as_shown(state, [a for a in state.associations if a.user is not None])
        if _assoc_meets(state, a, by_assoc)
    ]
    shown.sort(key=lambda a: a.account)  # stable: one account's partitions keep their order
    lines = []
    for user in users:
        if isinstance(user, User):
            own = [fmt.UserAssoc(user, a) for a in shown if a.user == user.name]
            lines += own or [fmt.UserAssoc(user, None)]
    return lines


def _bad_qos(state: ClusterState, entity: str, words: Iterable[p.Word]) -> Rendered | None:
    """sacctmgr's refusal of a QOS or DefQOS condition naming a QOS there is none of."""
    names = list(state.qos)
    for word in words:
        key = keyword(word.key, _CONDITIONS[entity]) if word.op is not None else None
        if key not in ("qos", "defaultqos"):
            continue
        for name in p.split_list(word.value):
            if name.lower() not in names:
                said = f"sacctmgr: error: You gave a bad qos '{name.lower()}'. Valid QOS's are "
                text = said + ",".join(names) + "\n" + _unknown_condition(entity, str(word))
                return Rendered(stderr=text, exit_code=1)
    return None


def _shown_meets(
    state: ClusterState, assoc: Association, conditions: Conditions, only_defaults: bool
) -> bool:
    """What ``show assoc`` judges of an association as shown, its QOS and DefQOS filled in
    from above: a QOS condition wants one of its QOS, a DefQOS one its DefQOS, and
    ``onlydefaults`` a user's association in its default account (the oracle)."""
    qos, default_qos = conditions.get("qos"), conditions.get("defaultqos")
    if qos is not None and not any(q.lower() in qos for q in assoc.qos):
        return False
    if default_qos is not None and (assoc.default_qos or "").lower() not in default_qos:
        return False
    if only_defaults:
        user = state.users.get(assoc.user or "")
        return user is not None and user.default_account == assoc.account
    return True


def _assoc_meets(state: ClusterState, assoc: Association, by_assoc: Conditions) -> bool:
    """Does ``assoc`` meet the conditions on associations (no association has a partition;
    a QOS condition wants one of its QOS; a user condition, one of its users)?"""
    if "partition" in by_assoc:
        return False
    accounts, qos, users = by_assoc.get("account"), by_assoc.get("qos"), by_assoc.get("user")
    clusters, parents = by_assoc.get("cluster"), by_assoc.get("parent")
    return (
        (accounts is None or assoc.account.lower() in accounts)
        and (parents is None or (assoc.parent_account or "").lower() in parents)
        and (qos is None or any(q.lower() in qos for q in assoc.qos))
        and (users is None or (assoc.user is not None and assoc.user.lower() in users))
        and (clusters is None or state.config.cluster_name.lower() in clusters)
    )


def _account_assocs(
    state: ClusterState, accounts: Iterable[object], by_assoc: Conditions
) -> list[fmt.AccountAssoc]:
    """Each account beside its own association and then its users', the latest added
    first (slurmdbd puts a new association first among its parent's), those that meet
    ``by_assoc``; an account with none beside an empty one, as slurmdbd lists every
    account."""
    shown = [a for a in _as_shown(state, state.associations) if _assoc_meets(state, a, by_assoc)]
    lines = []
    for account in accounts:
        if not isinstance(account, Account):
            continue
        own = [a for a in shown if a.user is None and a.account == account.name]
        users = [a for a in shown if a.user is not None and a.account == account.name]
        pairs = [fmt.AccountAssoc(account, a) for a in [*own, *reversed(users)]]
        lines += pairs or [fmt.AccountAssoc(account, None)]
    return lines


def _as_shown(state: ClusterState, rows: Iterable[Association]) -> Iterator[Association]:
    """Each association with the limits and DefQOS it inherits filled in, as sacctmgr
    shows it."""
    nodes = account_nodes(state.associations)
    for a in rows:
        above = [n.limits for n in ancestors(nodes, a)]
        if not above:
            yield a
            continue
        inherited = limits.with_inherited(a.limits, above)
        yield dataclasses.replace(a, limits=inherited, default_qos=default_qos(nodes, a))


def _unknown_condition(entity: str, word: str) -> str:
    """sacctmgr's words for a condition it does not know, which differ by entity: for
    QOS its text names a C macro where it means "value"; for associations it says
    only the first line."""
    if entity == "association":
        return f" Unknown condition: {word}\n"
    value = "SLURM_PRINT_VALUE" if entity in ("qos", "resource") else "value"
    return f" Unknown condition: {word}\n Use keyword 'set' to modify {value}\n"


def _conditions(entity: str, words: Iterable[p.Word], *, deleting: bool = False) -> Conditions:
    """The conditions of ``words`` by key; a bare word names what is selected (an id
    for associations). ``format=`` is left out: only ``show`` reads it."""
    keys = _CONDITIONS[entity]
    found: Conditions = {}
    for word in words:
        if word.op is None:
            key, values = ("name" if entity != "association" else "id"), p.split_list(word.key)
            if entity == "association":
                _check_ids(values)
        else:
            key = keyword(word.key, keys) or ""
            values = p.split_list(word.value)
        if not key or word.op not in (None, "="):
            text = _unknown_condition(entity, str(word))
            if deleting:
                text += " No conditions given to remove, not executing.\n"
            raise _Abort(Rendered(stderr=text, exit_code=1))
        if key in _UNSELECTED.get(entity, ()):
            raise NotSupported
        if entity == "user" and key == "wckey":
            raise _Abort(Rendered(exit_code=1))  # sacctmgr lists no user by wckey, silently
        if entity == "association" and key == "id":
            _check_ids(values)
        if key == "adminlevel":
            # The level a word names by its first letter alone; one naming none, no condition.
            level = _LEVEL_BY_LETTER.get(p.unquote(word.value)[:1].lower())
            found.pop(key, None)
            if level is not None:
                found[key] = [level.value.lower()]
        elif key != "format":
            found.setdefault(key, []).extend(v.lower() for v in values)
    return found


#: ``AdminLevel=`` conditions by their first letter, as slurmdbd's client reads them.
_LEVEL_BY_LETTER = {
    "n": AdminLevel.NONE,
    "o": AdminLevel.OPERATOR,
    "s": AdminLevel.ADMINISTRATOR,
    "a": AdminLevel.ADMINISTRATOR,
}


def _check_ids(values: Iterable[str]) -> None:
    """Association ids as sacctmgr takes them: one that does not begin with a digit is
    refused; one that only begins with one reaches the database, which fails on it."""
    for value in values:
        if not value[:1].isdigit():
            said = f"sacctmgr: error: Invalid value for AssocId ({value})\n"
            raise _Abort(Rendered(stderr=said, exit_code=1))
        if not value.isdigit():
            said = "sacctmgr: error: Unknown error 1054\n Error with request: Unknown error 1054\n"
            raise _Abort(Rendered(stderr=said, exit_code=1))


def _select(
    entity: str, state: ClusterState, conditions: Conditions, *, listing: bool = False
) -> list[object]:
    """The records of ``entity`` that ``conditions`` pick. A change (``modify``, ``delete``)
    picks users and accounts by their associations too; a listing (``show``) picks every
    one, its associations only (``_assoc_meets``), as slurmdbd lists them (the oracle)."""

    def ok(key: str, *values: str | None) -> bool:
        wanted = conditions.get(key)
        return wanted is None or any(v is not None and v.lower() in wanted for v in values)

    cluster_ok = ok("cluster", state.config.cluster_name)
    if not listing and entity in ("user", "account") and conditions.keys() & {"qos", "partition"}:
        raise NotSupported  # a change picks by them only as a listing does
    if entity in ("wckey", "resource", "federation"):  # none is ever recorded
        return []
    if entity == "problem":
        return [
            p
            for p in _problems(state)
            if ok("cluster", p.cluster or None) and ok("account", p.account or None)
            and ok("user", p.user or None)
        ]  # fmt: skip
    if entity == "tres":
        return [
            t
            for t in fmt.tres_rows(state)
            if ok("name", t.name or None) and ok("type", t.type) and ok("id", str(t.id))
        ]
    if entity == "cluster":
        name = state.config.cluster_name
        return [fmt.Cluster(name)] if ok("name", name) else []
    if entity == "qos":
        return [
            q
            for q in state.qos.values()
            if ok("name", q.name) and ok("id", str(q.id)) and ok("description", q.description)
        ]
    users_of: dict[str, set[str]] = {}
    accounts_of: dict[str, set[str]] = {}
    for assoc in state.associations:
        if assoc.user is not None:
            users_of.setdefault(assoc.account, set()).add(assoc.user)
            accounts_of.setdefault(assoc.user, set()).add(assoc.account)
    if entity == "account":
        return [
            a
            for a in sorted(state.accounts.values(), key=lambda a: a.name)
            if ok("name", a.name)
            and ok("description", a.description)
            and ok("organization", a.organization)
            and (
                listing
                or (cluster_ok and ok("parent", a.parent) and ok("user", *users_of.get(a.name, ())))
            )
        ]
    if entity == "user":
        # As listed, a user's default account is its cluster's: of a cluster not asked for,
        # none; under conditions on associations, of one that meets none of them, none
        # either (the oracle).
        by_assoc = {k: conditions[k] for k in _ASSOC_KEYS["user"] if k in conditions}
        met = {
            (a.user, a.account)
            for a in state.associations
            if a.user is not None and _assoc_meets(state, a, by_assoc)
        }
        users = sorted(state.users.values(), key=lambda u: u.name)
        if listing:  # as shown: a change keeps the records as they are
            users = [
                u
                if cluster_ok and (not by_assoc or (u.name, u.default_account) in met)
                else dataclasses.replace(u, default_account="")
                for u in users
            ]
        return [
            u
            for u in users
            if ok("name", u.name)
            and ok("defaultaccount", u.default_account)
            and ok("adminlevel", u.admin_level.value)
            and (listing or ok("account", *accounts_of.get(u.name, ())))
        ]
    return list(
        tree_order(
            [
                a
                for a in state.associations
                if cluster_ok
                and ok("account", a.account)
                and ok("user", a.user)
                and ok("id", str(a.id))
                and ok("parent", a.parent_account)
                and "partition" not in conditions
            ]
        )
    )


def tree_order(associations: Sequence[Association]) -> list[Association]:
    """Associations as sacctmgr lists them: a tree of the ones given, each account's node
    followed by its users by name, then its sub-accounts by name. One whose parent is not
    among them starts a tree of its own; those go users first, then accounts, by name."""
    nodes = {a.account: a for a in associations if a.user is None}
    below: dict[str | None, list[Association]] = {}
    for a in associations:
        parent = a.account if a.user is not None else a.parent_account
        below.setdefault(parent if parent in nodes else None, []).append(a)

    def order(a: Association) -> tuple[bool, str, str]:
        return (a.user is None, a.user or a.account, a.account)

    def walk(parent: str | None) -> Iterator[Association]:
        for a in sorted(below.get(parent, []), key=order):
            yield a
            if a.user is None and a.account != parent:
                yield from walk(a.account)

    return list(walk(None))


# -- changes -------------------------------------------------------------------------------


def add(entity: str, words: Sequence[str], confirm: Confirm) -> Rendered:
    """``sacctmgr add qos|account|user <names> [key=value...]``."""
    return _change(_ADD[entity], words, confirm)


def modify(entity: str, words: Sequence[str], confirm: Confirm) -> Rendered:
    """``sacctmgr modify qos|account|user [names] [where ...] set key=value...``."""
    try:
        request = p.parse_request(words)
    except ParseError:
        request = p.Request()  # _change answers it
    if any(_is_raw_usage(word) for word in request.set):
        return _reset_usage(entity, request, confirm)
    return _change(_MODIFY[entity], words, confirm)


def delete(entity: str, words: Sequence[str], confirm: Confirm) -> Rendered:
    """``sacctmgr delete qos|account|user [names] [where ...]``."""
    return _change(_DELETE[entity], words, confirm)


def _change(
    body: Callable[[Session, p.Request], _Change], words: Sequence[str], confirm: Confirm
) -> Rendered:
    try:
        request = p.parse_request(words)
    except ParseError as e:
        return Rendered(
            stdout=_unknown_option(e.message.removeprefix("Unknown option: ")), exit_code=1
        )
    try:
        with session(write=True) as s:
            change = body(s, request)
            if not confirm(change.summary, _COMMIT):
                raise _Abort(Rendered(stdout=" Changes Discarded\n", stderr=change.warnings))
            return Rendered(stderr=change.warnings)
    except _Abort as e:
        return e.rendered
    except settings.Refused as e:
        return Rendered(stdout=e.stdout, stderr=e.stderr, exit_code=1)


def _unknown_option(word: str) -> str:
    return f" Unknown option: {word}\n Use keyword 'where' to modify condition\n"


def stats_refused() -> Rendered | None:
    """``sacctmgr show stats``: slurmdbd's refusal of anyone but an administrator (the
    oracle refused an operator too); None for an administrator, whom slurmsim cannot
    answer yet."""
    from slurmsim.engine.permissions import is_administrator

    with session(write=False) as s:
        if is_administrator(s.state, s.user):
            return None
    return Rendered(
        stderr="sacctmgr: accounting_storage/slurmdbd: acct_storage_p_get_stats: RC:2002 Your "
        "user doesn't have privilege to perform this action\n",
        exit_code=1,
    )


def _is_admin(s: Session, entity: str) -> bool:
    from slurmsim.engine.permissions import may_change_accounting

    return may_change_accounting(s.state, s.user, entity)


def _require_admin(s: Session, entity: str) -> None:
    if not _is_admin(s, entity):
        raise _Abort(Rendered(stderr=_DENIED, exit_code=1))


def _nothing(text: str, warnings: str = "") -> _Abort:
    return _Abort(Rendered(stdout=f" {text}\n", stderr=warnings, exit_code=1))


def _split_add(request: p.Request, name_keys: Sequence[str]) -> tuple[list[str], list[p.Word]]:
    """The names (bare words or ``Name=``) and the settings of an add request."""
    names: list[str] = []
    rest: list[p.Word] = []
    for word in [*request.head, *request.where, *request.set]:
        if word.op is None:
            names.extend(n.lower() for n in p.split_list(word.key))
        elif word.key.lower() in name_keys:
            names.extend(n.lower() for n in p.split_list(word.value))
        else:
            rest.append(word)
    return list(dict.fromkeys(names)), rest


def _shown(
    changes: Iterable[settings.Change], order: Sequence[settings.Setting]
) -> list[tuple[str, str]]:
    by_label = settings.shown_together(changes)
    return [(s.label, by_label[s.label]) for s in order if s.label in by_label]


# -- QOS -------------------------------------------------------------------------------------


def _add_qos(s: Session, request: p.Request) -> _Change:
    names, words = _split_add(request, ("name", "names"))
    if not names:
        raise _Abort(Rendered(stderr=" Need name of qos to add.\n", exit_code=1))
    warnings: list[str] = []
    changes = settings.read_settings(settings.QOS_SETTINGS, words, list(s.state.qos), warnings)
    new = [n for n in names if n not in s.state.qos]
    if not new:
        raise _nothing("Nothing new added.")
    description = next((str(c.value) for c in changes if c.setting.label == "Description"), None)
    shown = [
        (label, v) for label, v in _shown(changes, settings.QOS_SETTINGS) if label != "Description"
    ]
    # Without a Description, sacctmgr shows the last new QOS's own name as every one's.
    summary = say.adding_qos(new, description or new[-1], shown)
    if not _is_admin(s, "qos"):
        raise _Abort(
            Rendered(summary, " Problem adding QOS: Access/permission denied\n", exit_code=1)
        )
    next_id = max((q.id for q in s.state.qos.values()), default=0) + 1
    for number, name in enumerate(new, start=next_id):
        qos = settings.apply(Qos(name, number, description=name), changes)
        s.state.qos[name] = qos
    return _Change(summary, _lines(warnings))


def _modify_qos(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("qos", [*request.head, *request.where])
    if not request.set:
        raise _Abort(Rendered(stderr=f"{_NOTHING_TO_SET}\n", exit_code=1))
    warnings: list[str] = []
    changes = _qos_set(s, request.set, warnings)
    if not changes:  # every value was refused
        text = _lines([*warnings, _NOTHING_TO_SET])
        raise _Abort(Rendered(stderr=text, exit_code=1))
    _require_admin(s, "qos")
    chosen = [q for q in _select("qos", s.state, conditions) if isinstance(q, Qos)]
    if not chosen:
        raise _nothing("Nothing modified", _lines(warnings))
    for qos in chosen:
        s.state.qos[qos.name] = settings.apply(qos, changes)
    _recut_running(s.state, changes)
    if _limit_keys(changes) & limits_engine.REJUDGED_ON_CHANGE:
        names = {q.name for q in chosen}
        limits_engine.rejudge(s.state, (j for j in s.state.jobs.values() if j.request.qos in names))
    return _Change(say.names_block("Modified qos...", [q.name for q in chosen]), _lines(warnings))


def _qos_set(s: Session, words: Iterable[p.Word], warnings: list[str]) -> list[settings.Change]:
    """The settings ``words`` set; a word without ``=`` is passed over, as sacctmgr does."""
    words = [word for word in words if word.op is not None]
    return settings.read_settings(settings.QOS_SETTINGS, words, list(s.state.qos), warnings)


def _delete_qos(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("qos", [*request.head, *request.where], deleting=True)
    _require_admin(s, "qos")
    chosen = [q.name for q in _select("qos", s.state, conditions) if isinstance(q, Qos)]
    if not chosen:
        raise _nothing("Nothing deleted")
    gone = set(chosen)
    for name in chosen:
        del s.state.qos[name]
    for name, qos in s.state.qos.items():
        s.state.qos[name] = dataclasses.replace(
            qos, preempt=tuple(q for q in qos.preempt if q not in gone)
        )
    s.state.associations = [
        dataclasses.replace(
            a,
            qos=tuple(q for q in a.qos if q not in gone),
            default_qos=None if a.default_qos in gone else a.default_qos,
        )
        for a in s.state.associations
    ]
    return _Change(say.names_block("Deleting QOS(s)...", chosen))


# -- accounts --------------------------------------------------------------------------------

#: An account's own settings, in the order sacctmgr tries them before an association's;
#: "" for one slurmsim does not keep.
_ACCOUNT_FIELDS: Keywords = (
    ("accounts", 1, ""), ("names", 1, ""), ("acct", 4, ""), ("clusters", 1, "cluster"),
    ("description", 1, "description"), ("organization", 1, "organization"),
    ("rawusage", 7, ""),
)  # fmt: skip


_PARENT: Keywords = (("parent", 2, "parent"),)
#: The keys that name an account, which ``modify account ... set`` refuses.
_ACCOUNT_NAMES: Keywords = (("accounts", 1, "name"), ("names", 1, "name"), ("acct", 4, "name"))


def _account_field(key: str) -> str | None:
    field = keyword(key, _ACCOUNT_FIELDS)
    if field == "":
        raise NotSupported
    return field


def _add_account(s: Session, request: p.Request) -> _Change:
    names, words = _split_add(request, ("name", "names", "account", "accounts"))
    if not names:
        raise _Abort(Rendered(stderr=" Need name of account to add.\n", exit_code=1))
    fields: dict[str, str] = {}
    parent = None
    assoc_words = []
    for word in words:
        field = _account_field(word.key)
        if field == "cluster":
            continue  # slurmsim has the one cluster
        if field is not None and word.op == "=":
            fields[field] = p.unquote(word.value)
        elif keyword(word.key, _PARENT) and word.op == "=":
            parent = p.unquote(word.value).lower()
        else:
            assoc_words.append(word)
    warnings: list[str] = []
    changes = settings.read_settings(
        settings.ASSOC_SETTINGS, assoc_words, list(s.state.qos), warnings, _UNKNOWN_MODIFY
    )
    cluster = s.state.config.cluster_name
    if parent is not None and parent not in s.state.accounts:
        raise _Abort(
            Rendered(
                stderr=f" Parent account '{parent}' doesn't exist on cluster {cluster}\n"
                "        Contact your admin to add this account.\n"
                " No associations created.\n",
                exit_code=1,
            )
        )
    new = [n for n in names if n not in s.state.accounts]
    if not new:
        raise _nothing("Nothing new added.")
    assoc_shown = None
    if words:
        assoc_shown = _shown(changes, settings.ASSOC_SETTINGS)
        after = ("Priority", "QOS", "DefQOS")  # sacctmgr shows Parent before these
        at = next(
            (i for i, (label, _) in enumerate(assoc_shown) if label in after), len(assoc_shown)
        )
        assoc_shown.insert(at, ("Parent", parent or ROOT))
    summary = say.adding_accounts(
        new, fields.get("description"), fields.get("organization"), cluster, assoc_shown
    )
    if not _is_admin(s, "account"):
        raise _Abort(
            Rendered(summary, " Problem adding accounts: Access/permission denied\n", exit_code=1)
        )
    above = parent or ROOT
    parent_node = next(a for a in s.state.associations if a.account == above and a.user is None)
    batch = _assoc_id_due(s.state) if len(new) > 1 else 0
    for name in new:
        organization = fields.get("organization") or (name if above == ROOT else above)
        s.state.accounts[name] = Account(
            name, above, fields.get("description") or name, organization
        )
        node = Association(
            _next_assoc_id(s.state),
            name,
            None,
            qos=parent_node.qos,
            parent_account=above,
            batch=batch,
        )
        s.state.associations.append(settings.apply(node, changes))
    return _Change(summary, _lines(warnings))


def _modify_account(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("account", [*request.head, *request.where])
    if not request.set:
        raise _Abort(Rendered(stderr=f"{_NOTHING_TO_SET}\n", exit_code=1))
    warnings: list[str] = []
    fields, changes = _account_set(s, request.set, warnings)
    _require_admin(s, "account")
    chosen = [a for a in _select("account", s.state, conditions) if isinstance(a, Account)]
    if not chosen:
        raise _nothing("Nothing modified")
    summary = ""
    if fields:
        for account in chosen:
            s.state.accounts[account.name] = dataclasses.replace(account, **fields)
        summary += say.names_block("Modified accounts...", [a.name for a in chosen])
    if changes:
        wanted = {a.name for a in chosen}
        keys = _limit_keys(changes) & set(limits.INHERITED)
        blocks = []
        for i, assoc in enumerate(s.state.associations):
            if assoc.user is None and assoc.account in wanted:
                s.state.associations[i] = settings.apply(assoc, changes)
                heirs = list(_heirs(s.state, assoc.account, keys))
                blocks.append((assoc.account, assoc.parent_account or "", heirs))
                _rejudge(s.state, [(a.account, a.user) for a, inherited in heirs if inherited])
        _recut_running(s.state, changes)
        summary += say.account_associations(
            s.state.config.cluster_name,
            [(a, p, [(h.account, h.user or "") for h, _ in heirs]) for a, p, heirs in blocks],
        )
    return _Change(summary, _lines(warnings))


def _account_set(
    s: Session, words: Iterable[p.Word], warnings: list[str]
) -> tuple[dict[str, str], list[settings.Change]]:
    """The account fields and the association settings ``words`` set; a word without
    ``=``, or a name, stops sacctmgr there."""
    fields: dict[str, str] = {}
    assoc_words: list[p.Word] = []
    for word in words:
        if word.op is None or keyword(word.key, _ACCOUNT_NAMES):
            _stop(s, assoc_words, warnings, " Can't modify the name of an account")
        field = _account_field(word.key)
        if field == "cluster":
            raise NotSupported
        if field is not None and word.op == "=":
            fields[field] = p.unquote(word.value)
        else:
            assoc_words.append(word)
    return fields, _assoc_settings(s, assoc_words, warnings)


def _assoc_settings(
    s: Session, words: Sequence[p.Word], warnings: list[str]
) -> list[settings.Change]:
    return settings.read_settings(
        settings.ASSOC_SETTINGS, words, list(s.state.qos), warnings, _UNKNOWN_MODIFY
    )


def _stop(s: Session, read: Sequence[p.Word], warnings: list[str], line: str) -> NoReturn:
    """sacctmgr stops at a word it cannot take at all (``line``), having reported what it
    refused of the association settings ``read`` before it."""
    with contextlib.suppress(settings.Refused):  # what it refused is in warnings
        _assoc_settings(s, read, warnings)
    raise _Abort(Rendered(stderr=_lines([*warnings, line]), exit_code=1))


def _limit_keys(changes: Iterable[settings.Change]) -> set[str]:
    """The limits (``limits`` keys) that ``changes`` set or clear."""
    targets = (c.setting.target for c in changes)
    return {t.removeprefix("limits:") for t in targets if t.startswith("limits:")}


def _heirs(state: ClusterState, account: str, keys: set[str]) -> Iterator[tuple[Association, bool]]:
    """The user associations below ``account`` that inherit one of the Max* limits
    ``keys`` just changed on it (they set it neither themselves nor on an account in
    between), as sacctmgr lists them; with whether a limit that makes slurmctld judge
    their pending jobs again is among those they inherit."""
    if not keys:
        return
    below = [a for a in state.associations if a.account == account and a.user is not None]
    below += [a for a in state.associations if a.user is None and a.parent_account == account]
    lft = nested_lefts(state.associations)
    for a in sorted(below, key=lambda a: lft[a.id]):
        unset = {k for k in keys if k not in a.limits}
        if not unset or (a.user is None and a.account == account):
            continue
        if a.user is not None:
            yield a, bool(unset & limits_engine.REJUDGED_ON_CHANGE)
        else:
            yield from _heirs(state, a.account, unset)


def _rejudge(state: ClusterState, pairs: Iterable[tuple[str, str | None]]) -> None:
    """Let slurmctld judge again the pending jobs of these (account, user) associations."""
    wanted = set(pairs)
    limits_engine.rejudge(
        state, (j for j in state.jobs.values() if (j.request.account, j.request.user) in wanted)
    )


def _recut_running(state: ClusterState, changes: Iterable[settings.Change]) -> None:
    """After a MaxTRESMinsPerJob changed: when slurmctld's time-limit check will end each
    running job for it (engine/lifecycle.py ``cut_at_tres_minutes``)."""
    if "MaxTRESMins" not in _limit_keys(changes):
        return
    running = [j for j in state.jobs.values() if j.state in (JobState.RUNNING, JobState.SUSPENDED)]
    allowed = limits_engine.tres_minutes_allowed(state, running)
    for job in running:
        lifecycle.cut_at_tres_minutes(job, allowed[job.job_id], state.now)


def _delete_account(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("account", [*request.head, *request.where], deleting=True)
    _require_admin(s, "account")
    chosen = [a.name for a in _select("account", s.state, conditions) if isinstance(a, Account)]
    chosen = [name for name in chosen if name != ROOT]
    if not chosen:
        raise _nothing("Nothing deleted")
    gone = _with_subaccounts(s.state, chosen)
    refused = sorted(
        (u.default_account, u.name) for u in s.state.users.values() if u.default_account in gone
    )
    if refused:
        text = say.default_account_refusal(s.state.config.cluster_name, refused)
        raise _Abort(Rendered(stderr=text, exit_code=1))
    for name in gone:
        del s.state.accounts[name]
    s.state.associations = [a for a in s.state.associations if a.account not in gone]
    return _Change(say.names_block("Deleting accounts...", chosen))


def _with_subaccounts(state: ClusterState, names: Sequence[str]) -> set[str]:
    gone = set(names)
    grew = True
    while grew:
        more = {a.name for a in state.accounts.values() if a.parent in gone} - gone
        gone |= more
        grew = bool(more)
    return gone


# -- users -----------------------------------------------------------------------------------


def _admin_level(value: str) -> AdminLevel | None:
    word = p.unquote(value).lower()
    if word in ("admin", "administrator"):
        return AdminLevel.ADMINISTRATOR
    if word in ("operator", "oper"):
        return AdminLevel.OPERATOR
    if word == "none":
        return AdminLevel.NONE
    return None


#: A user's own settings, in the order sacctmgr tries them before an association's; ""
#: for one slurmsim does not keep.
_USER_FIELDS: Keywords = (
    ("adminlevel", 2, "admin_level"), ("defaultaccount", 8, "default_account"),
    ("defaultwckey", 8, ""), ("newname", 1, ""), ("rawusage", 7, ""),
)  # fmt: skip


def _user_fields(
    words: Iterable[p.Word], warnings: list[str]
) -> tuple[dict[str, object], list[p.Word]]:
    fields: dict[str, object] = {}
    rest = []
    for word in words:
        key = keyword(word.key, _USER_FIELDS)
        if key == "":
            raise NotSupported
        if key == "default_account" and word.op == "=":
            fields["default_account"] = p.unquote(word.value).lower()
        elif key == "admin_level" and word.op == "=":
            level = _admin_level(word.value)
            if level is None:
                warnings.append(f"sacctmgr: error: Unknown admin level '{word.value}'")
            else:
                fields["admin_level"] = level
        else:
            rest.append(word)
    return fields, rest


def _add_user(s: Session, request: p.Request) -> _Change:
    names, words = _split_add(request, ("name", "names", "user", "users"))
    warnings: list[str] = []
    fields, words = _user_fields(words, warnings)
    accounts: list[str] = []
    assoc_words = []
    for word in words:
        if word.key.lower() in ("account", "accounts") and word.op == "=":
            accounts.extend(a.lower() for a in p.split_list(word.value))
        elif word.key.lower() not in ("cluster", "clusters"):
            assoc_words.append(word)
    if not names:
        raise _Abort(Rendered(stderr=" Need name of user to add.\n", exit_code=1))
    changes = settings.read_settings(
        settings.ASSOC_SETTINGS, assoc_words, list(s.state.qos), warnings, _UNKNOWN_ADD
    )
    default = fields.get("default_account")
    if not accounts and isinstance(default, str):
        accounts = [default]
    if not accounts:
        raise _Abort(Rendered(stderr=" Need name of account to add user to.\n", exit_code=1))
    for account in accounts:
        if account not in s.state.accounts:
            raise _Abort(
                Rendered(
                    stderr=f" This account '{account}' doesn't exist.\n"
                    "        Contact your admin to add this account.\n"
                    " No associations or wckeys created.\n",
                    exit_code=1,
                )
            )
    existing = {(a.user, a.account) for a in s.state.associations if a.user is not None}
    pairs = [(u, a) for u in names for a in accounts if (u, a) not in existing]
    new_users = [u for u in names if u not in s.state.users]
    if not pairs and not new_users:
        raise _nothing("Nothing new added.")
    user_shown = []
    if isinstance(default, str):
        user_shown.append(("Default Account", default))
    level = fields.get("admin_level")
    if isinstance(level, AdminLevel) and level is not AdminLevel.NONE:
        user_shown.append(("Admin Level", level.value))
    cluster = s.state.config.cluster_name
    summary = say.adding_users(
        new_users, user_shown, pairs, cluster, _shown(changes, settings.ASSOC_SETTINGS)
    )
    if not _is_admin(s, "user"):
        raise _Abort(
            Rendered(summary, " Problem adding users: Access/permission denied\n", exit_code=1)
        )
    for name in new_users:
        uid = _next_uid(s.state)
        s.state.users[name] = User(
            name,
            uid,
            uid,
            default if isinstance(default, str) else accounts[0],
            level if isinstance(level, AdminLevel) else AdminLevel.NONE,
        )
    nodes = {a.account: a for a in s.state.associations if a.user is None}
    batch = _assoc_id_due(s.state) if len(pairs) > 1 else 0
    for user, account in pairs:
        assoc = Association(
            _next_assoc_id(s.state), account, user, qos=nodes[account].qos, batch=batch
        )
        s.state.associations.append(settings.apply(assoc, changes))
    return _Change(summary, _lines(warnings))


def _modify_user(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("user", [*request.head, *request.where])
    if not request.set:
        raise _Abort(Rendered(stderr=f"{_NOTHING_TO_SET}\n", exit_code=1))
    warnings: list[str] = []
    fields, changes = _user_set(s, request.set, warnings)
    if not _is_admin(s, "user") and conditions.get("name") == [s.user]:
        _own_changes_allowed(fields, changes)
    else:
        _require_admin(s, "user")
    if "admin_level" in fields and not _is_admin(s, "adminlevel"):
        raise _Abort(Rendered(stderr=_NOT_SUPER_USER, exit_code=1))
    chosen = [u for u in _select("user", s.state, conditions) if isinstance(u, User)]
    if not chosen:
        raise _nothing("Nothing modified")
    default = fields.get("default_account")
    if isinstance(default, str):
        _default_account_held(s.state, chosen, default)
    summary = ""
    if fields:
        for user in chosen:
            s.state.users[user.name] = dataclasses.replace(user, **fields)  # type: ignore[arg-type]  # typed by _user_fields
        summary += say.names_block("Modified users...", [u.name for u in chosen])
    if changes:
        names = {u.name for u in chosen}
        accounts = conditions.get("account")
        pairs = []
        for i, assoc in enumerate(s.state.associations):
            if assoc.user in names and (accounts is None or assoc.account in accounts):
                s.state.associations[i] = settings.apply(assoc, changes)
                pairs.append((assoc.account, assoc.user or ""))
        if _limit_keys(changes) & limits_engine.REJUDGED_ON_CHANGE:
            _rejudge(s.state, pairs)
        _recut_running(s.state, changes)
        cluster = s.state.config.cluster_name
        summary += say.user_associations(
            "Modified user associations...",
            cluster,
            sorted(pairs, key=lambda p: (p[1], p[0])),
            wide=True,
        )
    return _Change(summary, _lines(warnings))


#: slurmdbd's answer to a user who changes settings of their own associations.
_OWN_ASSOCIATIONS = (
    "sacctmgr: accounting_storage/slurmdbd: acct_storage_p_modify_assocs: Request didn't "
    "affect anything or your user doesn't have privilege to perform this action\n"
)
_OWN_DEFAULTS_ONLY = (
    "sacctmgr: error: You can only change your own default account, default wckey nothing "
    "else\n Error with request: Access/permission denied\n"
)


def _own_changes_allowed(fields: dict[str, object], changes: list[settings.Change]) -> None:
    """A user who is no operator may change their own default account and nothing else of
    their own (the oracle: another field is refused by name, an association setting
    changes nothing, exit 1 each)."""
    if set(fields) - {"default_account"}:
        raise _Abort(Rendered(stderr=_OWN_DEFAULTS_ONLY, exit_code=1))
    if changes:
        raise _Abort(Rendered(stdout=" Nothing modified\n", stderr=_OWN_ASSOCIATIONS, exit_code=1))


def _default_account_held(state: ClusterState, users: Sequence[User], account: str) -> None:
    """A default account must be one of each user's associations: slurmdbd names the users
    that have none with it, and changes nothing (the oracle: exit 1)."""
    lacking = [
        u.name
        for u in users
        if not any(a.user == u.name and a.account == account for a in state.associations)
    ]
    if lacking:
        cluster = state.config.cluster_name
        text = (
            f" Can't modify because these users aren't associated with new default account "
            f"'{account}'...\n" + "".join(f"  U = {name} C = {cluster}\n" for name in lacking)
        )
        raise _Abort(Rendered(stdout=text, exit_code=1))


def _user_set(
    s: Session, words: Iterable[p.Word], warnings: list[str]
) -> tuple[dict[str, object], list[settings.Change]]:
    """The user fields and the association settings ``words`` set; a word without ``=``
    stops sacctmgr there, and an unknown admin level is told only when nothing else was
    refused."""
    fields: dict[str, object] = {}
    assoc_words: list[p.Word] = []
    levels: list[str] = []
    for word in words:
        if word.op is None:
            _stop(
                s,
                assoc_words,
                warnings,
                f" Bad format on {word.key}: End your option with an '=' sign",
            )
        more, rest = _user_fields([word], levels)
        fields |= more
        assoc_words += rest
    changes = _assoc_settings(s, assoc_words, warnings)
    warnings += levels
    return fields, changes


def _delete_user(s: Session, request: p.Request) -> _Change:
    conditions = _conditions("user", [*request.head, *request.where], deleting=True)
    _require_admin(s, "user")
    chosen = [u.name for u in _select("user", s.state, conditions) if isinstance(u, User)]
    if not chosen:
        raise _nothing("Nothing deleted")
    accounts = conditions.get("account")
    if accounts is None:
        for name in chosen:
            del s.state.users[name]
        s.state.associations = [a for a in s.state.associations if a.user not in chosen]
        return _Change(say.names_block("Deleting users...", chosen))
    pairs = [
        (a.account, a.user or "")
        for a in tree_order(s.state.associations)
        if a.user in chosen and a.account in accounts
    ]
    if not pairs:
        raise _nothing("Nothing deleted")
    s.state.associations = [
        a for a in s.state.associations if (a.account, a.user or "") not in set(pairs)
    ]
    cluster = s.state.config.cluster_name
    return _Change(
        say.user_associations("Deleting user associations...", cluster, pairs, wide=False)
    )


# -- usage resets ----------------------------------------------------------------------------
#
# ``set RawUsage=0`` is not a change to slurmdbd's records: sacctmgr asks each cluster's
# controller to forget the usage of the associations named (an account's whole subtree)
# or of QOS. The other settings given with it are read, and refused as a modify refuses
# them, but not applied. Its order, from the oracle (golden ``rawusage/``): the checks of
# what is named, "No cluster specified, ..." when no cluster is, the question, then
# cluster by cluster the cluster, the associations or QOS named, the caller's right (a
# refusal is silent, exit 1) and the reset, so a cluster after ours that is no cluster
# fails after ours was reset.

_RAW_USAGE: Keywords = (("rawusage", 7, "rawusage"),)
_RESET = "Would you like to reset usage?"


def _is_raw_usage(word: p.Word) -> bool:
    return word.op is not None and keyword(word.key, _RAW_USAGE) is not None


def _reset_usage(entity: str, request: p.Request, confirm: Confirm) -> Rendered:
    said: list[str] = []  # errors printed on the way, on standard error
    try:
        with session(write=True) as s:
            conditions = _conditions(entity, [*request.head, *request.where])
            usage = _read_reset(s, entity, request.set, said)
            _check_reset(entity, conditions, usage, said)
            ours = s.state.config.cluster_name
            clusters = conditions.get("cluster")
            summary = ""
            if not clusters:
                clusters = [ours]
                summary = f"No cluster specified, resetting on local cluster {ours}\n"
            if not confirm(summary, _RESET):
                return Rendered(stdout=" Changes Discarded\n", stderr=_lines(said))
            for cluster in clusters:
                if cluster != ours.lower():
                    failed = f"sacctmgr: error: Failed to find cluster {cluster} in database"
                    return Rendered(stderr=_lines([*said, failed]), exit_code=1)
                missing = _missing(s.state, entity, conditions)
                if missing is not None:
                    return Rendered(stderr=_lines([*said, missing]), exit_code=1)
                if not _is_admin(s, entity):  # slurmctld refuses, and sacctmgr says nothing
                    return Rendered(stderr=_lines(said), exit_code=1)
                _forget_usage(s.state, entity, conditions)
            return Rendered(stderr=_lines(said))
    except _Abort as e:
        return e.rendered
    except settings.Refused as e:
        return Rendered(stdout=e.stdout, stderr=e.stderr, exit_code=1)


def _read_reset(s: Session, entity: str, words: Sequence[p.Word], said: list[str]) -> int:
    """The RawUsage ``words`` ask for (the last one given counts; one sacctmgr cannot
    read counts as 0 once something else is set), the others read in turn as a modify
    reads them, ``said`` taking what goes to standard error."""
    usage, anything, refused, shown = 0, False, False, ""
    for word in words:
        try:
            if _is_raw_usage(word):
                value = p.parse_uint(word.value)
                if value is None:
                    meat = p.strip_quotes(word.value)
                    said.append(f"sacctmgr: error: Invalid value for RawUsage ({meat})")
                usage, anything = value or 0, anything or value is not None
            elif entity == "qos":
                anything |= bool(_qos_set(s, [word], said))
            else:
                read = _account_set if entity == "account" else _user_set
                fields, changes = read(s, [word], said)
                anything |= bool(fields or changes)
        except settings.Refused as e:
            refused, shown = True, shown + e.stdout
    if refused:
        raise settings.Refused(shown, _lines(said))
    if not anything:
        raise _Abort(Rendered(stderr=_lines([*said, _NOTHING_TO_SET]), exit_code=1))
    return usage


def _check_reset(entity: str, conditions: Conditions, usage: int, said: list[str]) -> None:
    """sacctmgr's refusals before it asks, in its order, which differs by entity."""

    def refuse(text: str) -> _Abort:
        return _Abort(Rendered(stderr=_lines([*said, f"sacctmgr: error: {text}"]), exit_code=1))

    if entity == "user" and not conditions.get("account"):
        raise refuse("An account must be specified")
    if usage != 0:
        raise refuse("Raw usage can only be set to 0 (zero)")
    if entity == "account" and not conditions.get("name"):
        raise refuse("An association name is required to remove usage")
    if entity == "qos" and not conditions.get("name"):
        raise NotSupported  # sacctmgr 22.05 crashes (SIGSEGV) here


def _missing(state: ClusterState, entity: str, conditions: Conditions) -> str | None:
    """sacctmgr's error for the first association or QOS named that is not there."""
    names = conditions.get("name", [])
    if entity == "qos":
        gone = next((n for n in names if n not in state.qos), None)
        return None if gone is None else f"sacctmgr: error: Failed to find QOS {gone}"
    where = f"sacctmgr: error: Failed to find cluster {state.config.cluster_name}"
    if entity == "account":
        parents = conditions.get("parent")
        for name in names:
            assoc = next(
                (a for a in state.associations if (a.account, a.user) == (name, None)), None
            )
            if assoc is None or (parents is not None and assoc.parent_account not in parents):
                return f"{where} account {name} association in database"
        return None
    accounts = conditions["account"]
    if not names:  # sacctmgr looks for users' associations under no user, and finds none
        return f"{where} account {accounts[0]} association in database"
    there = {(a.account, a.user) for a in state.associations}
    for user in names:  # user by user, each under every account named
        for account in accounts:
            if (account, user) not in there:
                return f"{where} account {account} user {user} association in database"
    return None


def _forget_usage(state: ClusterState, entity: str, conditions: Conditions) -> None:
    """Every user association named, or below an account named, starts again from no
    usage (an account's is the sum below it). The fair-share numbers stay those of the
    last PriorityCalcPeriod until the next (sshare's RawUsage alone shows the reset at
    once, as on the oracle). The usage GrpTRESMins and GrpWall count goes with it, and a
    QOS named forgets its own."""
    if entity == "qos":
        for name in conditions.get("name", []):
            state.qos_usage.pop(name, None)
        return
    names = conditions.get("name", [])
    if entity == "account":
        below = _with_subaccounts(state, names)
        chosen = [a for a in state.associations if a.user is not None and a.account in below]
    else:
        accounts = conditions["account"]
        chosen = [a for a in state.associations if a.user in names and a.account in accounts]
    for assoc in chosen:
        if assoc.id in state.usage:
            state.usage[assoc.id] = 0.0
        state.tres_usage.pop(assoc.id, None)


def _next_assoc_id(state: ClusterState) -> int:
    """The id of a new association; the one after it is the next's (slurmdbd's counter)."""
    given = _assoc_id_due(state)
    state.next_assoc_id = given + 1
    return given


def _assoc_id_due(state: ClusterState) -> int:
    """The id the next association will get: slurmdbd never gives one twice."""
    return max(state.next_assoc_id, max((a.id for a in state.associations), default=0) + 1)


def _next_uid(state: ClusterState) -> int:
    return max((u.uid for u in state.users.values()), default=_FIRST_UID - 1) + 1


def _lines(lines: Sequence[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


def _not_for_associations(s: Session, request: p.Request) -> _Change:
    raise SlurmError("associations are changed through their user or account")


_ADD: dict[str, Callable[[Session, p.Request], _Change]] = {
    "qos": _add_qos, "account": _add_account, "user": _add_user,
}  # fmt: skip
_MODIFY: dict[str, Callable[[Session, p.Request], _Change]] = {
    "qos": _modify_qos, "account": _modify_account, "user": _modify_user,
}  # fmt: skip
_DELETE: dict[str, Callable[[Session, p.Request], _Change]] = {
    "qos": _delete_qos, "account": _delete_account, "user": _delete_user,
}  # fmt: skip
