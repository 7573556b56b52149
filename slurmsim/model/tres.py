"""Generic resources (GRES) as nodes offer them and jobs ask for them, and the trackable
resources (TRES) accounting counts."""

from dataclasses import dataclass
from typing import NamedTuple


class Tracked(NamedTuple):
    """A trackable resource as slurmdbd numbers it: ``Tracked("gres", "gpu", 1001)``."""

    type: str
    name: str
    id: int

    @property
    def key(self) -> str:
        """``gres/gpu``, ``fs/disk``, ``cpu``: how slurm.conf and TRES strings name it."""
        return f"{self.type}/{self.name}" if self.name else self.type


#: What accounting always tracks, with slurmdbd's ids; others are numbered from 1001.
BASE_TRES = (
    Tracked("cpu", "", 1), Tracked("mem", "", 2), Tracked("energy", "", 3),
    Tracked("node", "", 4), Tracked("billing", "", 5), Tracked("fs", "disk", 6),
    Tracked("vmem", "", 7), Tracked("pages", "", 8),
)  # fmt: skip


def tracked_tres(accounting_storage_tres: str | None) -> list[Tracked]:
    """The base TRES, then each other one AccountingStorageTRES names (``gres/gpu``)."""
    base = {t.key for t in BASE_TRES}
    extra = [t for t in (accounting_storage_tres or "").split(",") if t and t not in base]
    return [*BASE_TRES, *(Tracked(*t.partition("/")[::2], 1001 + i) for i, t in enumerate(extra))]


@dataclass(frozen=True, slots=True)
class Gres:
    """``gpu:h100:8``: ``count`` units of resource ``name`` of model ``type``."""

    name: str
    type: str | None
    count: int

    def __str__(self) -> str:
        parts = [self.name] if self.type is None else [self.name, self.type]
        return ":".join([*parts, str(self.count)])
