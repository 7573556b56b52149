"""What the event loop can handle (``simulate``), in the order things at one instant are
handled: jobs end first (freeing nodes), then finished records are purged, priorities
recalculated, and only then do the main scheduler and backfill look."""

from enum import IntEnum


class Kind(IntEnum):
    """What can happen, in the order things at the same instant are handled."""

    RESERVATION = -1  # an advance reservation starts or ends
    JOB_END = 0
    PURGE = 1
    PRIORITY = 2
    MAIN_TRIGGERED = 3
    MAIN_PERIODIC = 4
    BACKFILL = 5
