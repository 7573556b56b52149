"""``slurmsim fail`` and ``slurmsim repair``: break and fix simulated hardware."""

from slurmsim.api.session import session
from slurmsim.model.events import Event
from slurmsim.model.failures import Failure, FailureKind
from slurmsim.model.time import Instant


def fail(kind: FailureKind, node: str, *, count: int = 1, at: Instant | None = None) -> list[Event]:
    """Fail ``node`` (or ``count`` of its GPUs) now, or stage it for ``at``.

    Raises ``SlurmError`` for an unknown node.
    """
    from slurmsim.engine import failures

    with session(write=True) as s:
        failure = Failure(at if at is not None else s.state.now, kind, node, count)
        if failure.at > s.state.now:
            failures.stage(s.state, failure)
            return []
        events = failures.fail(s.state, failure)
        s.events.extend(events)
        return events


def repair(node: str) -> list[Event]:
    """Put ``node`` back in service with all its GPUs."""
    from slurmsim.engine import failures

    with session(write=True) as s:
        events = failures.repair(s.state, node)
        s.events.extend(events)
        return events
