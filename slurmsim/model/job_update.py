"""``scontrol update JobId=...`` as the controller receives it: values already read.

The command line reads the text (``TimeLimit=+30``, ``StartTime=now+1hour``,
``Dependency=afterok:12``); the engine applies these typed values and judges who may.
"""

from dataclasses import dataclass

from slurmsim.model.dependency import Dependency, Unreadable
from slurmsim.model.time import Instant, Seconds


@dataclass(frozen=True, slots=True)
class LimitChange:
    """``TimeLimit=``: a new limit (None: UNLIMITED), or ``+``/``-`` a duration (``sign``)."""

    seconds: Seconds | None
    sign: int = 0  # +1 add, -1 subtract, 0 set


@dataclass(frozen=True, slots=True)
class JobUpdate:
    """The fields a ``scontrol update`` changes; a field left None is not changed."""

    time_limit: LimitChange | None = None
    time_min: Seconds | None = None
    name: str | None = None
    comment: str | None = None
    nice: int | None = None
    priority: int | None = None
    partition: str | None = None
    qos: str | None = None
    account: str | None = None
    nodes: tuple[int, int] | None = None
    dependency: Dependency | Unreadable | None = None  # an empty Dependency clears it
    begin_time: Instant | None = None
    req_nodes: tuple[str, ...] | None = None
    exc_nodes: tuple[str, ...] | None = None
    array_throttle: int | None = None  # 0: no limit

    @property
    def pending_only(self) -> bool:
        """Whether it changes something only a pending job may change."""
        return any(
            v is not None
            for v in (
                self.partition,
                self.qos,
                self.account,
                self.nodes,
                self.dependency,
                self.begin_time,
                self.req_nodes,
                self.exc_nodes,
                self.time_min,
            )
        )
