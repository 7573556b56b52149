"""Accounts, users and QOS (sacctmgr's world), read from a small TOML file.

The file, e.g. ``presets/dgx-h100-4.accounts.toml``::

    newcomer_account = "research"     # where `slurmsim init` adds the person at the shell

    [[qos]]                           # id: position + 1 unless given
    name = "high"
    priority = 100
    preempt = ["normal"]

    [[account]]                       # parent: "root" unless given; "root" itself has none
    name = "research"
    fairshare = 60
    description = "research"
    organization = "dgx"

    [[user]]                          # gid: the uid unless given
    name = "alice"
    uid = 1001
    default_account = "research"      # default: the first of `accounts`
    accounts = ["research"]
    qos = ["high", "normal"]          # for each of the user's associations
    default_qos = "normal"

    [[association]]                   # optional: override one user's association
    account = "research"
    user = "alice"
    qos = ["normal"]

Association ids follow the order in which sacctmgr creates them on a new cluster: the
``root`` account (1) and the users' associations in ``root`` come with the cluster, then
each other account in file order, then the users' other associations in file order. With
the preset file that gives alice id 5, as real Slurm did (golden 085).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from slurmsim.config.errors import ConfigError
from slurmsim.model.accounts import Account, AdminLevel, Association, Qos, User
from slurmsim.model.time import Seconds

T = TypeVar("T")

ROOT = "root"
#: The first uid given to a newcomer (the preset's users have 1001-1003).
FIRST_NEWCOMER_UID = 1004


@dataclass(frozen=True)
class AccountsSpec:
    """Everything sacctmgr would hold for a new cluster, as model objects."""

    qos: tuple[Qos, ...]
    accounts: tuple[Account, ...]
    users: tuple[User, ...]
    associations: tuple[Association, ...]
    #: The account a newcomer joins (see ``with_newcomer``).
    newcomer_account: str


def load_accounts(path: Path) -> AccountsSpec:
    """Read an accounts TOML file."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise ConfigError(f"{path}: {exc.strerror}") from None
    return parse_accounts(text, str(path))


def parse_accounts(text: str, source: str = "accounts.toml") -> AccountsSpec:
    """Parse the text of an accounts TOML file (see the module docstring for its shape)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return _Reader(source).spec(doc)


def default_accounts() -> AccountsSpec:
    """What a slurm.conf without an accounts file gets: ``root``, and ``default`` for people."""
    return parse_accounts(_DEFAULT, "default accounts")


def with_newcomer(spec: AccountsSpec, name: str) -> AccountsSpec:
    """``spec`` plus user ``name`` in ``newcomer_account``, unless such a user exists.

    The newcomer gets the next free uid from 1004 (gid the same), and the QOS of the first
    user already in that account, so that they can submit at once.
    """
    if any(u.name == name for u in spec.users):
        return spec
    taken = {u.uid for u in spec.users}
    uid = next(
        n for n in range(FIRST_NEWCOMER_UID, FIRST_NEWCOMER_UID + len(taken) + 1) if n not in taken
    )
    account = spec.newcomer_account
    peer = next(
        (a for a in spec.associations if a.account == account and a.user is not None),
        Association(0, account, name),
    )
    association = dataclasses.replace(
        peer, id=max((a.id for a in spec.associations), default=0) + 1, user=name
    )
    return dataclasses.replace(
        spec,
        users=(*spec.users, User(name, uid, uid, account)),
        associations=(*spec.associations, association),
    )


_DEFAULT = """
newcomer_account = "default"

[[qos]]
name = "normal"

[[account]]
name = "root"
description = "default root account"
organization = "root"

[[account]]
name = "default"
description = "default"
organization = "default"

[[user]]
name = "root"
uid = 0
admin_level = "Administrator"
accounts = ["root"]
"""


class _Reader:
    """Turns the TOML document into model objects, naming the entry at fault on error."""

    def __init__(self, source: str) -> None:
        self.source = source

    def spec(self, doc: dict[str, Any]) -> AccountsSpec:
        qos = tuple(self._qos(i, e) for i, e in enumerate(self._tables(doc, "qos")))
        accounts = tuple(self._account(e) for e in self._tables(doc, "account"))
        if not any(a.name == ROOT for a in accounts):
            accounts = (Account(ROOT, None, "default root account", ROOT), *accounts)
        names = {a.name for a in accounts}
        for a in accounts:
            if a.parent is not None and a.parent not in names:
                raise self._error(f"account {a.name}", f"unknown parent account {a.parent!r}")
        users, memberships = self._users(doc, names)
        associations = self._associations(doc, accounts, memberships)
        known_qos = {q.name for q in qos}
        for assoc in associations:
            for name in assoc.qos:
                if name not in known_qos:
                    raise self._error(
                        f"association {assoc.account}/{assoc.user}", f"unknown QOS {name!r}"
                    )
        first = next((a.name for a in accounts if a.name != ROOT), ROOT)
        newcomer = self._get(doc, "newcomer_account", str, "top level", first)
        if newcomer not in names:
            raise self._error("newcomer_account", f"unknown account {newcomer!r}")
        return AccountsSpec(qos, accounts, users, associations, newcomer)

    def _qos(self, index: int, entry: dict[str, Any]) -> Qos:
        name = self._get(entry, "name", str, "a qos entry")
        what = f"qos {name}"
        return Qos(
            name=name,
            id=self._get(entry, "id", int, what, index + 1),
            priority=self._get(entry, "priority", int, what, 0),
            preempt=self._strings(entry, "preempt", what, ()),
            preempt_mode=self._get(entry, "preempt_mode", str, what, "cluster"),
            grace_time=Seconds(self._get(entry, "grace_time", int, what, 0)),
            usage_factor=float(self._get(entry, "usage_factor", (int, float), what, 1.0)),
            flags=self._strings(entry, "flags", what, ()),
            description=self._get(entry, "description", str, what, name),
            limits={k: str(v) for k, v in self._get(entry, "limits", dict, what, {}).items()},
        )

    def _account(self, entry: dict[str, Any]) -> Account:
        name = self._get(entry, "name", str, "an account entry")
        what = f"account {name}"
        parent = None if name == ROOT else self._get(entry, "parent", str, what, ROOT)
        return Account(
            name=name,
            parent=parent,
            description=self._get(entry, "description", str, what, name),
            organization=self._get(entry, "organization", str, what, name),
        )

    def _users(
        self, doc: dict[str, Any], accounts: set[str]
    ) -> tuple[tuple[User, ...], list[tuple[str, dict[str, Any]]]]:
        users: list[User] = []
        memberships: list[tuple[str, dict[str, Any]]] = []  # (user, entry), in file order
        for entry in self._tables(doc, "user"):
            name = self._get(entry, "name", str, "a user entry")
            what = f"user {name}"
            member_of = self._strings(entry, "accounts", what, ())
            if not member_of:
                raise self._error(what, "needs at least one account in `accounts`")
            for account in member_of:
                if account not in accounts:
                    raise self._error(what, f"unknown account {account!r}")
            uid = self._get(entry, "uid", int, what)
            level = self._get(entry, "admin_level", str, what, AdminLevel.NONE.value)
            try:
                admin = AdminLevel(level)
            except ValueError:
                choices = ", ".join(a.value for a in AdminLevel)
                raise self._error(what, f"admin_level must be one of {choices}") from None
            default = self._get(entry, "default_account", str, what, member_of[0])
            if default not in member_of:
                raise self._error(what, f"default_account {default!r} is not in its accounts")
            users.append(User(name, uid, self._get(entry, "gid", int, what, uid), default, admin))
            memberships.append((name, entry))
        return tuple(users), memberships

    def _associations(
        self,
        doc: dict[str, Any],
        accounts: Sequence[Account],
        memberships: list[tuple[str, dict[str, Any]]],
    ) -> tuple[Association, ...]:
        account_entries = {e["name"]: e for e in self._tables(doc, "account") if "name" in e}
        overrides = {
            (
                self._get(e, "account", str, "an association entry"),
                self._get(e, "user", str, "an association entry"),
            ): e
            for e in self._tables(doc, "association")
        }
        user_pairs = [
            (user, account)
            for user, entry in memberships
            for account in self._strings(entry, "accounts", f"user {user}", ())
        ]
        for account, user in overrides:
            if (user, account) not in user_pairs:
                raise self._error(
                    f"association {account}/{user}", "the user is not in that account"
                )
        # sacctmgr's creation order (see the module docstring) decides the ids.
        order: list[tuple[str, str | None]] = [(ROOT, None)]
        order += [(ROOT, u) for u, a in user_pairs if a == ROOT]
        order += [(a.name, None) for a in accounts if a.name != ROOT]
        order += [(a, u) for u, a in user_pairs if a != ROOT]
        parents = {a.name: a.parent for a in accounts}
        users = dict(memberships)
        out = []
        for number, (name, member) in enumerate(order, start=1):
            if member is None:  # the account's own node in the tree
                entry = account_entries.get(name, {})
                what = f"account {name}"
            else:
                entry = {**users[member], **overrides.get((name, member), {})}
                what = f"user {member}"
            out.append(
                Association(
                    id=number,
                    account=name,
                    user=member,
                    shares=self._get(entry, "fairshare", int, what, 1),
                    qos=self._strings(entry, "qos", what, ("normal",)),
                    default_qos=self._get(entry, "default_qos", str, what, None),
                    parent_account=parents[name] if member is None else None,
                )
            )
        return tuple(out)

    # -- typed access with messages that name the entry ------------------------------

    _MISSING: Any = object()

    def _get(
        self,
        entry: dict[str, Any],
        key: str,
        kind: type[T] | tuple[type, ...],
        what: str,
        default: Any = _MISSING,
    ) -> T:
        if key not in entry:
            if default is self._MISSING:
                raise self._error(what, f"`{key}` is missing")
            return default  # type: ignore[no-any-return]  # the caller's default type
        value = entry[key]
        # bool is an int to Python; a TOML `true` is never a valid number here.
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self._error(what, f"`{key}` has the wrong type ({value!r})")
        return value  # type: ignore[return-value]  # checked just above

    def _strings(
        self, entry: dict[str, Any], key: str, what: str, default: tuple[str, ...]
    ) -> tuple[str, ...]:
        value = self._get(entry, key, list, what, list(default))
        if not all(isinstance(v, str) for v in value):
            raise self._error(what, f"`{key}` must be a list of strings")
        return tuple(value)

    def _tables(self, doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
        value = doc.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self._error(key, f"write it as [[{key}]] tables")
        return value

    def _error(self, what: str, why: str) -> ConfigError:
        return ConfigError(f"{self.source}: {what}: {why}")
