"""slurm.conf options -> ``ClusterConfig``, ``Node``s and ``Partition``s, with Slurm's defaults.

Only the options that shape scheduling are interpreted; the ones that matter to daemons
alone (ports, paths, auth, logging, plugins) are accepted as they are and kept, with all
others, in ``ClusterConfig.raw`` for ``scontrol show config``. A value that does not read
as its option's type is a ``ConfigError`` naming the file, the line and the key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from slurmsim.config.accounts import AccountsSpec
from slurmsim.config.errors import ConfigError
from slurmsim.model.cluster import (
    ClusterConfig,
    ClusterState,
    PriorityWeights,
    SchedulerParameters,
)
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.partitions import Partition, PartitionState
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.durations import parse_duration
from slurmsim.parse.errors import ParseError
from slurmsim.parse.gres import GresSpec, parse_node_gres
from slurmsim.parse.hostlist import compress, expand
from slurmsim.parse.slurmconf import ConfLine, SlurmConf

T = TypeVar("T")

#: Slurm's INFINITE16, what OverTimeLimit=UNLIMITED stores.
OVER_TIME_UNLIMITED = 0xFFFF

# Priority weights by the option that sets them.
_WEIGHTS = {
    "PriorityWeightAge": "age",
    "PriorityWeightAssoc": "assoc",
    "PriorityWeightFairshare": "fairshare",
    "PriorityWeightJobSize": "job_size",
    "PriorityWeightPartition": "partition",
    "PriorityWeightQOS": "qos",
}

#: Where global options came from: ``(source, text)`` of every file read, to find a line.
Sources = tuple[tuple[str, str], ...]


def cluster_from_conf(
    conf: SlurmConf, accounts: AccountsSpec, now: Instant, sources: Sources = ()
) -> ClusterState:
    """The cluster a slurm.conf describes, with ``accounts`` in it, its clock at ``now``.

    ``sources`` (the texts read) only serves error messages about global options, which
    ``SlurmConf`` keeps without line numbers.
    """
    config = cluster_config(conf, sources)
    nodes: dict[str, Node] = {}
    for line in conf.nodes:
        for node in _nodes(line, now):
            if node.name in nodes:
                raise _Line(line).error("NodeName", f"{node.name} is declared twice", line.name)
            nodes[node.name] = node
    partitions: dict[str, Partition] = {}
    for line in conf.partitions:
        if line.name in partitions:
            raise _Line(line).error("PartitionName", "declared twice", line.name)
        partitions[line.name] = _partition(line, nodes)
    return ClusterState(
        config=config,
        nodes=nodes,
        partitions=partitions,
        qos={q.name: q for q in accounts.qos},
        accounts={a.name: a for a in accounts.accounts},
        users={u.name: u for u in accounts.users},
        associations=list(accounts.associations),
        jobs={},
        now=now,
        next_job_id=config.first_job_id,
    )


def cluster_config(conf: SlurmConf, sources: Sources = ()) -> ClusterConfig:
    """The global options of ``conf`` that shape scheduling, with Slurm's defaults."""
    g = _Globals(conf, sources)
    defaults = ClusterConfig()
    weights = PriorityWeights(
        **{field: g.value(key, int, 0) for key, field in _WEIGHTS.items()},
        tres=g.value("PriorityWeightTRES", _tres_weights, ()),
    )
    return ClusterConfig(
        # Slurm keeps cluster names in lower case.
        cluster_name=g.value("ClusterName", str, defaults.cluster_name).lower(),
        scheduler_type=g.value("SchedulerType", str, defaults.scheduler_type),
        scheduler_parameters=g.value(
            "SchedulerParameters", _scheduler_parameters, SchedulerParameters()
        ),
        select_type=g.value("SelectType", str, defaults.select_type),
        select_type_parameters=g.value(
            "SelectTypeParameters", str, defaults.select_type_parameters
        ),
        def_mem_per_cpu=g.value("DefMemPerCPU", int, None),
        def_mem_per_gpu=g.value("DefMemPerGPU", int, None),
        max_job_count=g.value("MaxJobCount", int, defaults.max_job_count),
        first_job_id=g.value("FirstJobId", int, defaults.first_job_id),
        max_array_size=g.value("MaxArraySize", int, defaults.max_array_size),
        min_job_age=Seconds(g.value("MinJobAge", int, int(defaults.min_job_age))),
        priority_type=g.value("PriorityType", str, defaults.priority_type),
        priority_weights=weights,
        priority_max_age=g.value("PriorityMaxAge", _duration, defaults.priority_max_age),
        priority_decay_half_life=g.value(
            "PriorityDecayHalfLife", _duration, defaults.priority_decay_half_life
        ),
        priority_calc_period=g.value(
            "PriorityCalcPeriod", _duration, defaults.priority_calc_period
        ),
        priority_usage_reset_period=g.value(
            "PriorityUsageResetPeriod", _reset_period, defaults.priority_usage_reset_period
        ),
        fairshare_dampening_factor=g.value(
            "FairShareDampeningFactor", int, defaults.fairshare_dampening_factor
        ),
        priority_favor_small=g.value("PriorityFavorSmall", _yes_no, False),
        priority_flags=g.value("PriorityFlags", _words, ()),
        preempt_type=g.value("PreemptType", str, defaults.preempt_type),
        preempt_mode=g.value("PreemptMode", _upper, defaults.preempt_mode),
        preempt_exempt_time=g.value("PreemptExemptTime", _duration, defaults.preempt_exempt_time),
        job_requeue=g.value("JobRequeue", _zero_one, True),
        enforce_part_limits=g.value("EnforcePartLimits", _enforce, defaults.enforce_part_limits),
        kill_wait=Seconds(g.value("KillWait", int, int(defaults.kill_wait))),
        over_time_limit=g.value("OverTimeLimit", _over_time, 0),
        gres_types=g.value("GresTypes", _words, ()),
        raw=conf.options,
    )


# -- nodes ---------------------------------------------------------------------------


def _nodes(line: ConfLine, now: Instant) -> list[Node]:
    """One ``NodeName=`` line: its hostlist expanded, the topology derived as Slurm does."""
    v = _Line(line)
    names: list[str] = v.value("NodeName", expand, [], text=line.name)
    boards = v.value("Boards", _positive, 1)
    per_board = v.value("SocketsPerBoard", _positive, None)
    cores = v.value("CoresPerSocket", _positive, 1)
    threads = v.value("ThreadsPerCore", _positive, 1)
    cpus = v.value("CPUs", _positive, None)
    if cpus is None:
        cpus = v.value("Procs", _positive, None)  # the old name of CPUs
    # SocketsPerBoard wins over Sockets (Slurm warns when both are given); without either,
    # the sockets follow from CPUs.
    if per_board is not None:
        sockets = boards * per_board
    else:
        sockets = v.value("Sockets", _positive, None) or max(1, (cpus or 1) // (cores * threads))
    if cpus is None or cpus not in (sockets, sockets * cores, sockets * cores * threads):
        # A CPU count that matches neither sockets, cores nor threads is reset (Slurm logs it).
        cpus = sockets * cores * threads
    specs: tuple[GresSpec, ...] = v.value("Gres", parse_node_gres, ())
    gres = tuple(Gres(g.name, g.type, g.count) for g in specs)
    # "Feature" is the older spelling of "Features".
    features: tuple[str, ...] = v.value(
        "Features" if line.get("Features") is not None else "Feature", _words, ()
    )
    state = v.value("State", _upper, "UNKNOWN")
    template = NodeConfig(
        name="",
        cpus=cpus,
        boards=boards,
        sockets=sockets,
        cores_per_socket=cores,
        threads_per_core=threads,
        real_memory=v.value("RealMemory", _positive, 1),
        tmp_disk=v.value("TmpDisk", int, 0),
        gres=gres,
        features=features,
        weight=v.value("Weight", _positive, 1),
    )
    addrs = v.per_node("NodeAddr", len(names))
    hosts = v.per_node("NodeHostname", len(names))
    ports = v.per_node("Port", len(names))
    nodes = []
    for i, name in enumerate(names):
        config = replace(
            template,
            name=name,
            node_addr=addrs[i],
            node_hostname=hosts[i],
            port=None if ports[i] is None else v.value("Port", int, None, text=ports[i]),
        )
        down = state in ("DOWN", "FUTURE")
        nodes.append(
            Node(
                config,
                down=down,
                drain=state == "DRAIN",
                reason=line.get("Reason") if down or state == "DRAIN" else None,
                boot_time=now,
                last_busy_time=now,
            )
        )
    return nodes


# -- partitions ----------------------------------------------------------------------


def _partition(line: ConfLine, nodes: dict[str, Node]) -> Partition:
    v = _Line(line)
    expr = line.get("Nodes") or ""
    if expr.upper() == "ALL":
        members, expr = list(nodes), compress(nodes)
    else:
        members = v.value("Nodes", expand, [])
        unknown = [n for n in members if n not in nodes]
        if unknown:
            raise v.error("Nodes", f"no node named {unknown[0]}")
    tier = v.value("PriorityTier", int, None)
    factor = v.value("PriorityJobFactor", int, None)
    legacy = v.value("Priority", int, None)  # before 16.05 it set both
    return Partition(
        name=line.name,
        nodes=tuple(members),
        nodes_expr=expr,
        default=v.value("Default", _yes_no, False),
        state=v.value("State", _partition_state, PartitionState.UP),
        default_time=v.value("DefaultTime", _duration_or_none, None),
        max_time=v.value("MaxTime", _duration_or_none, None),
        max_nodes=v.value("MaxNodes", _count_or_unlimited, None),
        min_nodes=v.value("MinNodes", int, 0),
        priority_job_factor=factor if factor is not None else (legacy or 1),
        priority_tier=tier if tier is not None else (legacy or 1),
        allow_accounts=v.value("AllowAccounts", _names_or_all, ()),
        allow_qos=v.value("AllowQos", _names_or_all, ()),
        allow_groups=v.value("AllowGroups", _names_or_all, ()),
        qos=line.get("QOS"),
        oversubscribe=v.value("OverSubscribe", _upper, None)
        or v.value("Shared", _upper, "NO"),  # Shared: the old name
        grace_time=Seconds(v.value("GraceTime", int, 0)),
        preempt_mode=v.value("PreemptMode", _upper, None),
        hidden=v.value("Hidden", _yes_no, False),
        exclusive_user=v.value("ExclusiveUser", _yes_no, False),
        def_mem_per_cpu=v.value("DefMemPerCPU", int, None),
        max_mem_per_node=v.value("MaxMemPerNode", _count_or_unlimited, None),
        tres_billing_weights=v.value("TRESBillingWeights", _billing_weights, ()),
    )


# -- reading values ------------------------------------------------------------------


class _Line:
    """Typed access to one node or partition line; errors name its file and line."""

    def __init__(self, line: ConfLine) -> None:
        self.line = line

    def value(
        self,
        key: str,
        read: Callable[[str], T],
        default: T,
        *,
        text: str | None = None,
    ) -> T:
        """The value of ``key`` (or ``text``, a piece of it) as ``read`` reads it."""
        if text is None:
            text = self.line.get(key)
        if text is None:
            return default
        try:
            return read(text)
        except (ValueError, ParseError) as exc:
            raise self.error(key, _why(exc), text) from None

    def per_node(self, key: str, count: int) -> list[str | None]:
        """A per-node option (NodeAddr, Port...): one value for all or a hostlist of ``count``."""
        values: list[str] = self.value(key, expand, [])
        if not values:
            return [None] * count
        if len(values) == 1:
            return [values[0]] * count
        if len(values) != count:
            raise self.error(key, f"{len(values)} values for {count} nodes")
        return list(values)

    def error(self, key: str, why: str, text: str | None = None) -> ConfigError:
        shown = self.line.get(key) if text is None else text
        return ConfigError(f"{self.line.source}:{self.line.line}: {key}={shown}: {why}")


class _Globals:
    """Typed access to the global options; errors name the file and line found for the key."""

    def __init__(self, conf: SlurmConf, sources: Sources) -> None:
        self.conf = conf
        self.sources = sources

    def value(self, key: str, read: Callable[[str], T], default: T) -> T:
        text = self.conf.get(key)
        if text is None:
            return default
        try:
            return read(text)
        except (ValueError, ParseError) as exc:
            raise ConfigError(f"{self._where(key)}: {key}={text}: {_why(exc)}") from None

    def _where(self, key: str) -> str:
        # The last line that sets the key wins, as in Slurm, so report that one.
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=", re.IGNORECASE | re.MULTILINE)
        found = "slurm.conf"
        for source, text in self.sources:
            found = source
            lines = [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]
            if lines:
                return f"{source}:{lines[-1]}"
        return found


def _why(exc: Exception) -> str:
    if isinstance(exc, ParseError):
        return exc.message
    text = str(exc)
    return "not a number" if text.startswith("invalid literal for int()") else text


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise ValueError("must be at least 1")
    return number


def _yes_no(text: str) -> bool:
    folded = text.upper()
    if folded not in ("YES", "NO"):
        raise ValueError("must be YES or NO")
    return folded == "YES"


def _zero_one(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError("must be 0 or 1")
    return text == "1"


def _upper(text: str) -> str:
    return text.upper()


def _partition_state(text: str) -> PartitionState:
    try:
        return PartitionState(text.upper())
    except ValueError:
        raise ValueError("must be UP, DOWN, DRAIN or INACTIVE") from None


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in text.split(",") if w)


def _names_or_all(text: str) -> tuple[str, ...]:
    return () if text.upper() == "ALL" else _words(text)


def _duration(text: str) -> Seconds:
    seconds = parse_duration(text, option="time")
    if seconds is None:
        raise ValueError("must be a finite time")
    return Seconds(seconds)


def _duration_or_none(text: str) -> Seconds | None:
    seconds = parse_duration(text, option="time")
    return None if seconds is None else Seconds(seconds)


def _count_or_unlimited(text: str) -> int | None:
    return None if text.upper() in ("UNLIMITED", "INFINITE") else int(text)


def _over_time(text: str) -> int:
    return OVER_TIME_UNLIMITED if text.upper() in ("UNLIMITED", "INFINITE") else int(text)


def _enforce(text: str) -> str:
    folded = text.upper()
    if folded == "YES":  # an old spelling of ANY
        return "ANY"
    if folded not in ("ALL", "ANY", "NO"):
        raise ValueError("must be ALL, ANY or NO")
    return folded


def _tres_weights(text: str) -> tuple[tuple[str, int], ...]:
    pairs = []
    for item in _words(text):
        name, sep, weight = item.partition("=")
        if not sep:
            raise ValueError(f"expected TRES=weight, not {item}")
        pairs.append((name, int(weight)))
    return tuple(pairs)


_RESET_PERIODS = ("NONE", "NOW", "DAILY", "WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY")


def _reset_period(text: str) -> str:
    folded = text.upper()
    if folded not in _RESET_PERIODS:
        raise ValueError("must be one of " + ", ".join(_RESET_PERIODS))
    return folded


#: A memory weight's unit suffix, in MB (a weight is per MB unless it says otherwise).
_MEM_UNITS = {"K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0 * 1024}


def _billing_weights(text: str) -> tuple[tuple[str, float], ...]:
    """``CPU=1.0,Mem=0.25G,GRES/gpu=2.0`` -> ``(("cpu", 1.0), ("mem", 0.25 / 1024), ...)``."""
    pairs = []
    for item in _words(text):
        name, sep, weight = item.partition("=")
        if not sep:
            raise ValueError(f"expected TRES=weight, not {item}")
        unit = weight[-1:].upper()
        per_mb = float(weight[:-1]) / _MEM_UNITS[unit] if unit in _MEM_UNITS else float(weight)
        pairs.append((name.lower(), per_mb))
    return tuple(pairs)


def _scheduler_parameters(text: str) -> SchedulerParameters:
    """The SchedulerParameters the engine uses; unknown ones stay only in ``raw``."""
    known: dict[str, Callable[[str], object]] = {
        "bf_interval": int,
        "bf_window": int,
        "bf_resolution": int,
        "bf_max_job_test": int,
        # slurmctld logs an error and keeps its default outside 2..2,000,000.
        "bf_node_space_size": lambda v: int(v) if 2 <= int(v) <= 2_000_000 else None,
        # slurmctld keeps its default for a value outside 0..1000.
        "bf_max_job_array_resv": lambda v: int(v) if 0 <= int(v) <= 1000 else 20,
        "default_queue_depth": int,
        "sched_interval": int,
        "sched_min_interval": int,
        "batch_sched_delay": int,
        "max_array_tasks": int,
        # slurmctld logs an error and keeps its default for fewer than 10.
        "correspond_after_task_cnt": lambda v: max(int(v), 10),
    }
    values: dict[str, object] = {}
    for item in _words(text):
        name, sep, value = item.partition("=")
        name = name.strip().lower()
        if name in ("bf_continue", "kill_invalid_depend", "enable_user_top"):
            values[name] = True
        elif name in known:
            if not sep:
                raise ValueError(f"{name} needs a value")
            try:
                values[name] = known[name](value)
            except ValueError:
                raise ValueError(f"{name}={value} is not a number") from None
    return SchedulerParameters(**values)  # type: ignore[arg-type]  # ints and a bool, as declared
