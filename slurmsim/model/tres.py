"""Generic resources (GRES) as nodes offer them and jobs ask for them."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Gres:
    """``gpu:h100:8``: ``count`` units of resource ``name`` of model ``type``."""

    name: str
    type: str | None
    count: int

    def __str__(self) -> str:
        parts = [self.name] if self.type is None else [self.name, self.type]
        return ":".join([*parts, str(self.count)])
