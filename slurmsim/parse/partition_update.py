"""The values of ``scontrol update PartitionName=... Key=Value ...``, read as scontrol reads
them into a ``PartitionUpdate``.

Keys are matched as scontrol matches them: case-insensitively, cut short to no fewer
letters than each allows, tried in scontrol's order (``pri`` is ``Priority``, which sets
the tier and the job factor both). What scontrol itself refuses raises ``ParseError``
whose message holds its ``error:`` lines, one per line, without the ``scontrol: error: ``
prefix; the command then sends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from slurmsim.model.partition_update import PartitionUpdate
from slurmsim.model.partitions import PartitionState
from slurmsim.model.time import Seconds
from slurmsim.parse.durations import parse_duration
from slurmsim.parse.errors import ParseError

_UINT16 = 0xFFFF
_UINT32 = 0xFFFFFFFF

#: State= words, each taken from its first letter, in scontrol's order.
_STATES = (
    ("INACTIVE", PartitionState.INACTIVE),
    ("DOWN", PartitionState.DOWN),
    ("UP", PartitionState.UP),
    ("DRAIN", PartitionState.DRAIN),
)


def parse_partition_update(
    pairs: Sequence[tuple[str, str | None]],
) -> tuple[PartitionUpdate, list[str]]:
    """``Key=Value`` pairs (a value None: a word without ``=``) read into an update, and the
    ``error:`` lines scontrol prints and goes on after (a ``MaxNodes=`` it cannot read)."""
    update = PartitionUpdate()
    warnings: list[str] = []
    for key, value in pairs:
        word = key if value is None else f"{key}={value}"
        if value is None:
            raise ParseError(f"Invalid input: {word}  Request aborted")
        name = _key(key)
        if name is None:
            raise ParseError(
                f"Update of this parameter is not supported: {word}\n\nRequest aborted"
            )
        update = _READERS[name](update, value, word, warnings)
    return update, warnings


#: scontrol's keys in the order it tries them, each with the fewest letters it takes.
_KEYS = (
    ("PartitionName", 2), ("MaxTime", 4), ("CpuBind", 7), ("DefaultTime", 8),
    ("MaxCPUsPerNode", 4), ("MaxNodes", 4), ("MinNodes", 2), ("Default", 7),
    ("DisableRootJobs", 1), ("ExclusiveUser", 1), ("Hidden", 1), ("LLN", 1),
    ("RootOnly", 3), ("ReqResv", 3), ("OverSubscribe", 5), ("Shared", 2),
    ("OverTimeLimit", 5), ("PreemptMode", 3), ("Priority", 3), ("PriorityJobFactor", 3),
    ("PriorityTier", 3), ("State", 2), ("Nodes", 1), ("AllowGroups", 6),
    ("AllowAccounts", 6), ("AllowQos", 6), ("DenyAccounts", 5), ("DenyQos", 5),
    ("AllocNodes", 6), ("Alternate", 3), ("GraceTime", 5), ("DefMemPerCPU", 10),
    ("DefMemPerNode", 10), ("MaxMemPerCPU", 10), ("MaxMemPerNode", 10), ("QoS", 3),
    ("JobDefaults", 4), ("TresBillingWeights", 1),
)  # fmt: skip


def _key(typed: str) -> str | None:
    folded = typed.casefold()
    for name, fewest in _KEYS:
        if name.casefold().startswith(folded) and (
            len(folded) >= fewest or folded == name.casefold()
        ):
            return name
    return None


def _prefix_of(value: str, word: str) -> bool:
    """Is ``value`` ``word`` cut short (at least one letter), in any case?"""
    return bool(value) and word.startswith(value.upper())


def _set(update: PartitionUpdate, **fields: object) -> PartitionUpdate:
    return replace(update, **fields)  # type: ignore[arg-type]  # fields the readers name


_Reader = Callable[[PartitionUpdate, str, str, list[str]], PartitionUpdate]


def _time(field: str) -> _Reader:
    def read(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
        try:
            seconds = parse_duration(value, option="time")
        except ParseError:
            raise ParseError(f"Invalid input {word}") from None
        limit = Seconds(seconds) if seconds is not None else None  # None: UNLIMITED
        return _set(update, **{field: limit, f"{field}_set": True})

    return read


def _yes_no(field: str, label: str) -> _Reader:
    def read(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
        if _prefix_of(value, "NO"):
            return _set(update, **{field: False})
        if _prefix_of(value, "YES"):
            return _set(update, **{field: True})
        raise ParseError(f"Invalid input: {word}\nAcceptable {label} values are YES and NO")

    return read


def _number(field: str, label: str, most: int, *, also: str | None = None) -> _Reader:
    def read(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
        if not value.isdigit() or int(value) > most:
            raise ParseError(f"Invalid {label} value: {value}")
        more = {also: int(value)} if also else {}
        return _set(update, **{field: int(value)}, **more)

    return read


def _text(field: str) -> _Reader:
    def read(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
        return _set(update, **{field: value})

    return read


def _taken(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    """A key slurmsim's partitions do not model: taken, changing nothing."""
    return _set(update, sent=True)


def _name(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    return _set(update, name=value)


def _max_nodes(
    update: PartitionUpdate, value: str, word: str, warnings: list[str]
) -> PartitionUpdate:
    if value.upper() in ("UNLIMITED", "INFINITE"):
        return _set(update, max_nodes=None, max_nodes_set=True)
    count = _count(value)
    if count is None:  # scontrol says so and sends the rest (its exit code is 1)
        warnings.append(f'Invalid numeric value "{value}" for MaxNodes.')
        return _set(update, sent=True)
    return _set(update, max_nodes=count, max_nodes_set=True)


def _min_nodes(
    update: PartitionUpdate, value: str, word: str, warnings: list[str]
) -> PartitionUpdate:
    count = _count(value)
    return _set(update, min_nodes=count if count is not None else 1)


def _count(value: str) -> int | None:
    """A node count as scontrol reads one (a k or m suffix; the low end of a range)."""
    low = value.partition("-")[0]
    scale = {"k": 1024, "m": 1048576}.get(low[-1:].lower(), 1)
    digits = low[:-1] if scale > 1 else low
    return int(digits) * scale if digits.isdigit() else None


def _nodes(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    """A hostlist expanded (one that cannot be read names no node: the controller refuses
    it); ``ALL`` is every node, given as none."""
    from slurmsim.parse.hostlist import expand

    if value.upper() == "ALL":
        return _set(update, nodes=())
    try:
        return _set(update, nodes=tuple(expand(value)) if value else (value,))
    except ParseError:
        return _set(update, nodes=(value,))


def _state(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    for name, state in _STATES:
        if _prefix_of(value, name):
            return _set(update, state=state)
    raise ParseError(
        f"Invalid input: {word}\nAcceptable State values are UP, DOWN, DRAIN and INACTIVE"
    )


def _oversubscribe(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    head, count = value.partition(":")[::2]
    for name in ("NO", "EXCLUSIVE", "YES", "FORCE"):
        if _prefix_of(head, name):
            if name in ("YES", "FORCE"):
                shown = f"{name}:{int(count) if count.isdigit() else 4}"
                return _set(update, oversubscribe=shown)
            return _set(update, oversubscribe=name)
    raise ParseError(
        f"Invalid input: {word}\n"
        "Acceptable OverSubscribe values are NO, EXCLUSIVE, YES:#, and FORCE:#"
    )


def _preempt_mode(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
    modes = value.upper().split(",")
    if not all(m in ("OFF", "CANCEL", "REQUEUE", "SUSPEND", "GANG", "WITHIN") for m in modes):
        raise ParseError(f"Invalid input: {word}")
    return _set(update, preempt_mode=",".join(modes))


def _memory(field: str, label: str) -> _Reader:
    def read(update: PartitionUpdate, value: str, word: str, _: list[str]) -> PartitionUpdate:
        if not value.isdigit():
            raise ParseError(f"Invalid {label} value: {value}")
        return _set(update, **{field: int(value)})

    return read


_READERS: dict[str, _Reader] = {
    "PartitionName": _name,
    "MaxTime": _time("max_time"),
    "CpuBind": _taken,
    "DefaultTime": _time("default_time"),
    "MaxCPUsPerNode": _taken,
    "MaxNodes": _max_nodes,
    "MinNodes": _min_nodes,
    "Default": _yes_no("default", "Default"),
    "DisableRootJobs": _taken,
    "ExclusiveUser": _yes_no("exclusive_user", "ExclusiveUser"),
    "Hidden": _yes_no("hidden", "Hidden"),
    "LLN": _taken,
    "RootOnly": _taken,
    "ReqResv": _taken,
    "OverSubscribe": _oversubscribe,
    "Shared": _oversubscribe,
    "OverTimeLimit": _taken,
    "PreemptMode": _preempt_mode,
    "Priority": _number("priority_tier", "Priority", _UINT16, also="priority_job_factor"),
    "PriorityJobFactor": _number("priority_job_factor", "PriorityJobFactor", _UINT16),
    "PriorityTier": _number("priority_tier", "PriorityTier", _UINT16),
    "State": _state,
    "Nodes": _nodes,
    "AllowGroups": _text("allow_groups"),
    "AllowAccounts": _text("allow_accounts"),
    "AllowQos": _text("allow_qos"),
    "DenyAccounts": _taken,
    "DenyQos": _taken,
    "AllocNodes": _taken,
    "Alternate": _taken,
    "GraceTime": _number("grace_time", "GraceTime", _UINT32),
    "DefMemPerCPU": _memory("def_mem_per_cpu", "DefMemPerCPU"),
    "DefMemPerNode": _taken,
    "MaxMemPerCPU": _taken,
    "MaxMemPerNode": _memory("max_mem_per_node", "MaxMemPerNode"),
    "QoS": _text("qos"),
    "JobDefaults": _taken,
    "TresBillingWeights": _taken,
}
