"""Nodes: what slurm.conf declares (``NodeConfig``) and what happens to them (``Node``).

A node's displayed state (IDLE, MIXED, ALLOCATED, DRAINING, DRAINED, ...) is not
stored: it follows from ``Node.down``/``Node.drain`` and the jobs running on it.
"""

from dataclasses import dataclass, field

from slurmsim.model.time import Instant
from slurmsim.model.tres import Gres


@dataclass(frozen=True, slots=True)
class NodeConfig:
    """One ``NodeName=`` entry of slurm.conf, expanded to a single node."""

    name: str
    cpus: int
    boards: int = 1
    sockets: int = 1  # sockets per node (Boards x SocketsPerBoard)
    cores_per_socket: int = 1
    threads_per_core: int = 1
    real_memory: int = 1  # MB
    tmp_disk: int = 0  # MB
    gres: tuple[Gres, ...] = ()
    features: tuple[str, ...] = ()
    weight: int = 1
    node_addr: str | None = None  # defaults to the name, as in Slurm
    node_hostname: str | None = None
    port: int | None = None

    def gres_count(self, name: str = "gpu") -> int:
        return sum(g.count for g in self.gres if g.name == name)

    def gres_type(self, name: str = "gpu") -> str | None:
        return next((g.type for g in self.gres if g.name == name), None)


#: Key in ``Node.extra``: the node is FAIL rather than DRAIN (``scontrol update
#: State=FAIL``). It is kept from new jobs as a drained node is, so ``drain`` is set too.
FAILED = "failed"
#: Keys in ``Node.extra`` for what ``scontrol update NodeName=`` sets as text: the active
#: features once set apart from the available ones (``ActiveFeatures=``; an empty text
#: is kept: Slurm shows it as nothing, not ``(null)``), and the node's comment and extra
#: string (``Comment=``, ``Extra=``).
ACTIVE_FEATURES = "active_features"
#: Key in ``Node.extra``: the node is FUTURE (``scontrol update State=FUTURE``): out of the
#: cluster's view and out of service, ``down`` set too, until ``State=RESUME``.
FUTURE = "future"
COMMENT = "comment"
EXTRA = "extra"
#: Keys in ``Node.extra``: a node's address, host name and CPU binding once an update set
#: them (``NodeAddr=``, ``NodeHostname=``, ``CpuBind=``; the binding as scontrol shows it).
NODE_ADDR = "node_addr"
NODE_HOSTNAME = "node_hostname"
CPU_BIND = "cpu_bind"
#: Keys in ``Node.extra`` once ``scontrol update Gres=`` took a node's GPUs away: the text
#: the update gave, shown as the node's Gres, and the GRES slurm.conf gives it, which
#: CfgTRES, the partitions' TRES and GresUsed go on showing; ``NodeConfig.gres`` is then
#: what the scheduler may hand out (no GPU).
GRES = "gres"
CONFIGURED_GRES = "configured_gres"
#: Key in ``Node.extra``: the node is kept off new jobs until it answers the controller's
#: ping (``scontrol update State=NoResp``; ``engine.liveness``).
KEPT_OFF = "kept_off"


@dataclass(slots=True)
class Node:
    """The runtime part of a node: the flags an operator or a failure sets."""

    config: NodeConfig
    down: bool = False
    drain: bool = False
    reason: str | None = None
    reason_user: str | None = None
    reason_time: Instant | None = None
    boot_time: Instant | None = None
    last_busy_time: Instant | None = None
    #: slurmctld has not heard from the node lately (sinfo ``mix*``, scontrol NOT_RESPONDING),
    #: as for a few seconds after ``scontrol update state=resume``.
    not_responding: bool = False
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def future(self) -> bool:
        return FUTURE in self.extra

    @property
    def active_features(self) -> tuple[str, ...]:
        """The features ``--constraint`` is matched against: the available ones
        (``config.features``) unless an update set them apart."""
        text = self.extra.get(ACTIVE_FEATURES)
        return self.config.features if text is None else tuple(f for f in text.split(",") if f)

    @property
    def active_features_text(self) -> str | None:
        """The active features as Slurm shows them (None: ``(null)``)."""
        text = self.extra.get(ACTIVE_FEATURES)
        return (",".join(self.config.features) or None) if text is None else text

    @property
    def address(self) -> str:
        """``NodeAddr``: as last set, else as slurm.conf says, else the node's name."""
        return self.extra.get(NODE_ADDR) or self.config.node_addr or self.config.name

    @property
    def hostname(self) -> str:
        """``NodeHostName``: as last set, else as slurm.conf says, else the node's name."""
        return self.extra.get(NODE_HOSTNAME) or self.config.node_hostname or self.config.name

    @property
    def cpu_bind(self) -> str | None:
        """The node's default task binding (``CpuBind=``), None when it has none."""
        return self.extra.get(CPU_BIND)

    @property
    def gres_text(self) -> str:
        """``Gres=`` as scontrol and sinfo show it: slurm.conf's, or as an update typed it."""
        text = self.extra.get(GRES)
        if text is None:
            text = ",".join(str(g) for g in self.config.gres)
        return text or "(null)"

    @property
    def configured_gres(self) -> tuple[Gres, ...]:
        """The GRES slurm.conf gives the node, whatever an update took away since."""
        kept = self.extra.get(CONFIGURED_GRES)
        return self.config.gres if kept is None else gres_from_text(kept)

    def configured_count(self, name: str = "gpu") -> int:
        return sum(g.count for g in self.configured_gres if g.name == name)

    @property
    def comment(self) -> str | None:
        return self.extra.get(COMMENT)

    @property
    def extra_text(self) -> str | None:
        """``Extra=``: an arbitrary string an administrator keeps on the node."""
        return self.extra.get(EXTRA)


def gres_from_text(text: str) -> tuple[Gres, ...]:
    """``gpu:h100:8,shard:2`` (as ``str(Gres)`` writes each) back into GRES."""
    found = []
    for item in filter(None, text.split(",")):
        name, *kind, count = item.split(":")
        found.append(Gres(name, kind[0] if kind else None, int(count)))
    return tuple(found)


def usable(node: Node) -> bool:
    """Up, not drained and not kept off until it answers the controller (``KEPT_OFF``): a
    node new work may land on."""
    return not node.down and not node.drain and not (node.not_responding and KEPT_OFF in node.extra)
