"""What ``scontrol update NodeName=...`` sets besides a node's state and reason."""

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class GresChange:
    """``Gres=TEXT``: the text as typed and the GPU count slurmctld reads from it (None
    for a text it refuses; ``parse.node_update.node_gres_gpus``)."""

    text: str
    gpus: int | None


@dataclass(frozen=True, slots=True)
class NodeSettings:
    """The node fields an update sets: None leaves one as it is, an empty text clears it.

    ``features`` are the available ones (``Features=``, ``AvailableFeatures=``) and
    ``active_features`` the active ones, as comma-separated text.
    """

    weight: int | None = None
    features: str | None = None
    active_features: str | None = None
    comment: str | None = None
    extra: str | None = None
    cpu_bind: str | None = None  # as scontrol shows it; "" clears (``CpuBind=off``)
    node_addr: tuple[str, ...] | None = None  # one for all the nodes, or one for each
    node_hostname: tuple[str, ...] | None = None
    gres: GresChange | None = None

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self))


#: An update that sets none of them.
UNCHANGED = NodeSettings()
