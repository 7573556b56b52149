"""The clock: manual stays put; scaled and realtime follow wall time from their anchor."""

import pytest

from slurmsim import clock
from slurmsim.model.time import Instant


@pytest.mark.parametrize(
    ("how", "now", "wall", "want"),
    [
        pytest.param(clock.Clock(), 500, 9999.0, 500, id="manual never moves by itself"),
        pytest.param(
            clock.Clock(clock.REALTIME, 1.0, Instant(100), 1000.0),
            100,
            1010.5,
            110,
            id="realtime adds the whole wall seconds since the anchor",
        ),
        pytest.param(
            clock.Clock(clock.SCALED, 60.0, Instant(100), 1000.0),
            100,
            1002.0,
            220,
            id="scaled multiplies them by the factor",
        ),
        pytest.param(
            clock.Clock(clock.REALTIME, 1.0, Instant(100), 1000.0),
            500,
            1010.0,
            500,
            id="a clock already ahead of the wall clock stays where it is",
        ),
    ],
)
def test_target_follows_the_mode(
    monkeypatch: pytest.MonkeyPatch, how: clock.Clock, now: int, wall: float, want: int
) -> None:
    monkeypatch.setattr(clock, "wall_now", lambda: wall)
    assert clock.target(how, Instant(now)) == want


@pytest.mark.parametrize(
    ("mode", "factor", "want"),
    [
        pytest.param("manual", 5.0, "manual", id="manual ignores a factor"),
        pytest.param("realtime", 5.0, "realtime", id="realtime is always factor 1"),
        pytest.param("scaled", 60.0, "scaled x60", id="scaled shows its factor"),
    ],
)
def test_anchored_describes_its_mode(mode: str, factor: float, want: str) -> None:
    assert clock.anchored(mode, factor, Instant(0)).describe() == want


@pytest.mark.parametrize(
    ("mode", "now", "wall", "want"),
    [
        pytest.param("realtime", 100, 5000.0, 5000, id="realtime reads the wall clock"),
        pytest.param(
            "realtime", 9000, 5000.0, 9000, id="realtime keeps a simulation that is ahead"
        ),
        pytest.param("scaled", 100, 5000.0, 100, id="scaled carries on from the simulation"),
    ],
)
def test_anchored_starts_where_its_mode_says(
    monkeypatch: pytest.MonkeyPatch, mode: str, now: int, wall: float, want: int
) -> None:
    monkeypatch.setattr(clock, "wall_now", lambda: wall)
    assert clock.anchored(mode, 2.0, Instant(now)).anchor == want
