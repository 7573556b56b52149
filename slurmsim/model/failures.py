"""Hardware failures staged for a simulated instant (``slurmsim fail ... --at``).

They are kept with the cluster as text lines in ``ClusterState.extra`` (one
``<instant> <kind> <node> <count>`` per failure) so that the store needs no table
for what is usually a handful of drill events.
"""

from dataclasses import dataclass
from enum import StrEnum

from slurmsim.model.cluster import ClusterState
from slurmsim.model.time import Instant

_KEY = "scheduled_failures"


class FailureKind(StrEnum):
    NODE = "node"  # the node stops answering: DOWN, its jobs end NODE_FAIL
    GPU = "gpu"  # GPUs fall off the bus: the node drains, its jobs go on


@dataclass(frozen=True, slots=True, order=True)
class Failure:
    at: Instant
    kind: FailureKind
    node: str
    count: int = 1  # GPUs lost (kind GPU)


def scheduled(state: ClusterState) -> list[Failure]:
    """The staged failures, earliest first."""
    out = []
    for line in state.extra.get(_KEY, "").splitlines():
        at, kind, node, count = line.split()
        out.append(Failure(Instant(int(at)), FailureKind(kind), node, int(count)))
    return sorted(out)


def set_scheduled(state: ClusterState, failures: list[Failure]) -> None:
    lines = [f"{f.at} {f.kind.value} {f.node} {f.count}" for f in sorted(failures)]
    if lines:
        state.extra[_KEY] = "\n".join(lines)
    else:
        state.extra.pop(_KEY, None)
