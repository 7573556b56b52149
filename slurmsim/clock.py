"""The simulated clock: the only place that may read wall time.

In ``manual`` mode (the default) simulated time moves only when someone runs
``slurmsim clock advance``; the instant lives in the store as ``ClusterState.now``.
The ``scaled`` and ``realtime`` modes (a later release) map wall time onto
simulated time here, so that every other module stays deterministic.
"""

from typing import Final

from slurmsim.model.time import Instant

MANUAL: Final = "manual"
MODES: Final = (MANUAL,)


def target(mode: str, now: Instant) -> Instant:
    """The instant the engine must catch up to before a command acts.

    Under the manual clock that is simply the stored instant: only
    ``slurmsim clock advance`` moves it.
    """
    if mode != MANUAL:
        raise ValueError(f"clock mode {mode!r} is not supported yet")
    return now
