"""What the event loop can handle (``simulate``), in the order things at one instant are
handled: jobs end first (freeing nodes), then finished records are purged, priorities
recalculated, and only then do the main scheduler and backfill look."""

from typing import Final


class Kind:
    """What can happen, in the order things at the same instant are handled.

    Plain ints rather than an ``IntEnum``: the loop looks kinds up and compares them at
    every step, and on Python 3.11 each lookup of an enum member goes through
    ``EnumType.__getattr__``, five times the cost of a class attribute.
    """

    RESERVATION: Final = -1  # an advance reservation starts or ends
    JOB_END: Final = 0
    PURGE: Final = 1
    PRIORITY: Final = 2
    MAIN_TRIGGERED: Final = 3
    MAIN_PERIODIC: Final = 4
    BACKFILL: Final = 5
