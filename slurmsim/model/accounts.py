"""Accounting objects: accounts, users, associations and QOS (sacctmgr's world)."""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from slurmsim.model.time import Seconds


class AdminLevel(StrEnum):
    NONE = "None"
    OPERATOR = "Operator"
    ADMINISTRATOR = "Administrator"


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    parent: str | None  # None only for "root"
    description: str = ""
    organization: str = ""


@dataclass(frozen=True, slots=True)
class User:
    name: str
    uid: int
    gid: int
    default_account: str
    admin_level: AdminLevel = AdminLevel.NONE


#: System users Slurm names with their uid (SlurmUser, SlurmdUser); Debian's slurm uid.
SYSTEM_UIDS = {"root": 0, "slurm": 64030}


def uid_of(users: Mapping[str, User], name: str) -> int | None:
    """The uid of user ``name``: a cluster user's, a system user's, else None."""
    user = users.get(name)
    return user.uid if user is not None else SYSTEM_UIDS.get(name)


@dataclass(frozen=True, slots=True)
class Association:
    """A (account, user) pair, or an account's own node when ``user`` is None."""

    id: int
    account: str
    user: str | None
    shares: int = 1
    qos: tuple[str, ...] = ("normal",)
    default_qos: str | None = None
    parent_account: str | None = None  # the account above an account's own node
    #: Grp/Max limits and Priority by ``sacctmgr show assoc`` column name (``GrpTRES``,
    #: ``MaxJobs``, ...), in the stored form that ``slurmsim.model.limits`` reads.
    limits: dict[str, str] = field(default_factory=dict)


def account_nodes(associations: Iterable[Association]) -> dict[str, Association]:
    """Each account's own association, by account name."""
    return {a.account: a for a in associations if a.user is None}


def ancestors(nodes: Mapping[str, Association], assoc: Association) -> Iterator[Association]:
    """The account associations above ``assoc``, nearest first, up to root."""
    name = assoc.account if assoc.user is not None else assoc.parent_account
    seen = set()
    while name is not None and name in nodes and name not in seen:
        seen.add(name)
        yield nodes[name]
        name = nodes[name].parent_account


def default_qos(nodes: Mapping[str, Association], assoc: Association) -> str | None:
    """``assoc``'s DefQOS, else that of the nearest account above that sets one: slurmdbd
    fills an unset one in from above (golden ``accruelimits/``)."""
    if assoc.default_qos is not None:
        return assoc.default_qos
    return next((a.default_qos for a in ancestors(nodes, assoc) if a.default_qos), None)


@dataclass(frozen=True, slots=True)
class Qos:
    name: str
    id: int
    priority: int = 0
    preempt: tuple[str, ...] = ()
    preempt_mode: str = "cluster"
    grace_time: Seconds = Seconds(0)
    usage_factor: float = 1.0
    flags: tuple[str, ...] = ()
    description: str = ""
    #: Limits by ``sacctmgr show qos`` column name (``MaxWall``, ``MaxTRESPU``, ``GrpTRES``,
    #: ...), in the stored form that ``slurmsim.model.limits`` reads.
    limits: dict[str, str] = field(default_factory=dict)
