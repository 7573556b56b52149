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
    #: The id of the first association the sacctmgr command that added this one added,
    #: when it added several (0: added alone): slurmdbd places them as one block.
    batch: int = 0


def nested_lefts(associations: Iterable[Association]) -> dict[int, int]:
    """Each association's left number in slurmdbd's nested sets (``Lft``).

    Each sacctmgr command's new associations went in, in the order of their ids, as a
    block of first children of their parent, moving every number right of it on: the
    newest come first among their siblings. sacctmgr lists what a change reaches in
    this order."""
    assocs = sorted(associations, key=lambda a: a.id)
    nodes = {a.account: a.id for a in assocs if a.user is None}
    commands: dict[int, list[Association]] = {}
    for a in assocs:
        commands.setdefault(a.batch or a.id, []).append(a)
    lft: dict[int, int] = {}
    rgt: dict[int, int] = {}
    for command in sorted(commands):
        blocks: dict[int | None, list[Association]] = {}
        for a in commands[command]:
            parent = nodes.get(a.account if a.user is not None else a.parent_account or "")
            blocks.setdefault(parent if parent in lft else None, []).append(a)
        for parent, block in blocks.items():
            at = lft[parent] if parent is not None else 0  # the root: a tree of its own
            width = 2 * len(block)
            for k, left in lft.items():
                if rgt[k] > at:
                    rgt[k] += width
                if left > at:
                    lft[k] = left + width
            for i, a in enumerate(block):
                lft[a.id], rgt[a.id] = at + 1 + 2 * i, at + 2 + 2 * i
    return lft


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
