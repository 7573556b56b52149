"""The simulated clock: the only place that may read wall time.

In ``manual`` mode (the default) simulated time moves only when someone runs
``slurmsim clock advance``; the instant lives in the store as ``ClusterState.now``.
Under ``scaled`` and ``realtime`` simulated time follows wall time from an anchor
taken when the mode was set: ``anchor + factor x (wall now - wall anchor)``
(``realtime`` is factor 1). Every other module stays deterministic: they are given
the instant this module works out.
"""

import time
from dataclasses import dataclass
from typing import Final

from slurmsim.model.time import Instant

MANUAL: Final = "manual"
SCALED: Final = "scaled"
REALTIME: Final = "realtime"
MODES: Final = (MANUAL, SCALED, REALTIME)


@dataclass(frozen=True, slots=True)
class Clock:
    """How simulated time moves: the mode, and for scaled/realtime the anchor.

    ``anchor`` is the simulated instant and ``wall_anchor`` the wall time (seconds
    since the Unix epoch) at which the mode was set; ``factor`` is how many simulated
    seconds pass per wall second.
    """

    mode: str = MANUAL
    factor: float = 1.0
    anchor: Instant = Instant(0)
    wall_anchor: float = 0.0

    @property
    def follows_wall_time(self) -> bool:
        return self.mode != MANUAL

    def describe(self) -> str:
        """``manual``, ``realtime`` or ``scaled x60`` (for ``slurmsim clock``)."""
        if self.mode == SCALED:
            return f"scaled x{self.factor:g}"
        return self.mode


def wall_now() -> float:
    """Wall time in seconds since the Unix epoch."""
    return time.time()


def anchored(mode: str, factor: float, now: Instant) -> Clock:
    """A clock in ``mode`` anchored at this wall instant.

    ``scaled`` reads ``now`` there: the simulation carries on from where it is.
    ``realtime`` reads the wall clock itself (simulated time *is* wall time, so job
    times line up with ``date`` and with the timestamps of the files jobs write),
    unless the simulation is already ahead of it; the first command after the switch
    plays the simulation forward to the present, as ``clock advance`` would.
    """
    if mode not in MODES:
        raise ValueError(f"unknown clock mode {mode!r}")
    if mode == MANUAL:
        return Clock()
    wall = wall_now()
    if mode == REALTIME:
        return Clock(mode, 1.0, Instant(max(now, int(wall))), wall)
    return Clock(mode, factor, now, wall)


def target(clock: Clock, now: Instant) -> Instant:
    """The instant the engine must catch up to before a command acts.

    Under the manual clock that is simply the stored instant: only
    ``slurmsim clock advance`` moves it. Otherwise it is the anchor plus the wall
    time since, times the factor (never earlier than ``now``: advancing the clock by
    hand under a wall clock moves the simulation ahead, and it stays ahead).
    """
    if not clock.follows_wall_time:
        return now
    elapsed = int(clock.factor * (wall_now() - clock.wall_anchor))
    return Instant(max(now, clock.anchor + elapsed))


def wall_until(clock: Clock, instant: Instant) -> float:
    """Wall seconds from now until a catch-up reaches ``instant`` (the engine acts on the
    instants before its target, so one second past it); 0 when it already does."""
    due = clock.wall_anchor + (instant + 1 - clock.anchor) / clock.factor
    return max(0.0, due - wall_now())


def wall_seconds(clock: Clock, simulated: float) -> float:
    """How long ``simulated`` seconds take in wall time under ``clock`` (manual: as long)."""
    return simulated / clock.factor if clock.follows_wall_time else simulated
