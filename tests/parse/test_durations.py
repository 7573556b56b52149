import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.durations import (
    INFINITE,
    format_duration,
    format_hms,
    parse_duration,
    parse_interval,
    parse_time_limit,
)
from slurmsim.parse.errors import ParseError


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("10", 600, id="M is minutes"),
        pytest.param("90", 5400, id="minutes are not range checked"),
        pytest.param("5:00", 300, id="M:S"),
        pytest.param("0:30", 60, id="seconds round up to a whole minute"),
        pytest.param("0:600", 600, id="seconds are not range checked"),
        pytest.param("00:10:00", 600, id="H:M:S"),
        pytest.param("1:00:01", 3660, id="H:M:S rounds up to 61 minutes"),
        pytest.param("7-0", 7 * 86400, id="D-H"),
        pytest.param("7-00:00:00", 7 * 86400, id="D-H:M:S golden MaxTime"),
        pytest.param("1-2:30", 86400 + 2 * 3600 + 1800, id="D-H:M"),
        pytest.param("2-", 2 * 86400, id="D- alone is days"),
        pytest.param("0", 0, id="zero stays zero at the syntax level"),
        pytest.param("UNLIMITED", INFINITE, id="UNLIMITED"),
        pytest.param("infinite", INFINITE, id="infinite any case"),
        pytest.param("-1", INFINITE, id="minus one"),
    ],
)
def test_parse_duration_accepts_slurm_shapes(text, want):
    assert parse_duration(text) == want


@pytest.mark.parametrize(
    "text", ["", "abc", "1-2:", "1:2:3:4", "1-2-3", "1:2-3", ":5", "5:", "1.5", " 5", "-5", "٣"]
)
def test_parse_duration_rejects_bad_shapes_with_sbatch_message(text):
    with pytest.raises(ParseError, match=r"^Invalid --time specification$"):
        parse_duration(text)


def test_parse_duration_names_the_option_in_its_error():
    with pytest.raises(ParseError, match=r"^Invalid --time-min specification$"):
        parse_duration("x", option="--time-min")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("30s", 30),
        ("15m", 900),
        ("2h", 7200),
        ("1d", 86400),
        ("1w", 604800),
        ("1h30m", 5400),
        ("1h 30m", 5400),
        ("2H", 7200),
        ("15", 900),
        ("0:30", 30),
        ("1:00:01", 3601),
        ("1-0", 86400),
    ],
)
def test_parse_interval_accepts_units_and_slurm_shapes(text, want):
    assert parse_interval(text) == want


@pytest.mark.parametrize("text", ["", "h", "1x", "unlimited", "-1", "1h-", "m30"])
def test_parse_interval_rejects_garbage_and_infinity(text):
    with pytest.raises(ParseError):
        parse_interval(text)


@pytest.mark.parametrize(
    ("seconds", "want"),
    [
        (0, "0:00"),
        (300, "5:00"),
        (307, "5:07"),
        (16, "0:16"),
        (3584, "59:44"),
        (1200, "20:00"),
        (3600, "1:00:00"),
        (3 * 3600, "3:00:00"),
        (2 * 86400, "2-00:00:00"),
        (86400 + 2 * 3600 + 3 * 60 + 4, "1-02:03:04"),
        (None, "UNLIMITED"),
        (-5, "INVALID"),
    ],
)
def test_format_duration_matches_squeue(seconds, want):
    assert format_duration(seconds) == want


def test_format_duration_prints_sinfo_infinite_when_asked():
    assert format_duration(None, infinite="infinite") == "infinite"


@pytest.mark.parametrize(
    ("seconds", "want"),
    [
        (0, "00:00:00"),
        (5, "00:00:05"),
        (1800, "00:30:00"),
        (3600, "01:00:00"),
        (7200, "02:00:00"),
        (86400, "1-00:00:00"),
        (7 * 86400, "7-00:00:00"),
        (None, "UNLIMITED"),
    ],
)
def test_format_hms_matches_scontrol(seconds, want):
    assert format_hms(seconds) == want


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=10**6).map(lambda m: m * 60))
def test_format_hms_round_trips_through_parse_duration(seconds):
    assert parse_duration(format_hms(seconds)) == seconds


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=10**8))
def test_format_duration_round_trips_through_parse_interval(seconds):
    assert parse_interval(format_duration(seconds)) == seconds


def test_parse_duration_is_cheap_and_lark_free():
    """The hot path must not import Lark (checked in a fresh interpreter elsewhere)."""
    assert parse_duration("1-00:00:00") == 86400


@pytest.mark.parametrize(
    ("text", "want"), [("0", INFINITE), ("00:00:00", INFINITE), ("30", 1800), ("-1", INFINITE)]
)
def test_parse_time_limit_treats_zero_as_no_limit(text, want):
    assert parse_time_limit(text) == want
