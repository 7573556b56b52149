import datetime as dt

import pytest

from slurmsim.parse.datetimes import parse_begin
from slurmsim.parse.errors import ParseError

# The oracle's clock in golden 028: 2026-11-29T19:05:09 (UTC in slurmsim).
NOW = int(dt.datetime(2026, 11, 29, 19, 5, 9, tzinfo=dt.UTC).timestamp())


def at(text: str) -> str:
    return dt.datetime.fromtimestamp(parse_begin(text, NOW), dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("now", "2026-11-29T19:05:09"),
        ("now+60", "2026-11-29T19:06:09"),
        ("now+1hour", "2026-11-29T20:05:09"),
        ("now+2hours", "2026-11-29T21:05:09"),
        ("NOW+1day", "2026-11-30T19:05:09"),
        ("now+1week", "2026-12-06T19:05:09"),
        ("now-5minutes", "2026-11-29T19:00:09"),
        ("20:00", "2026-11-29T20:00:00"),
        ("16:00", "2026-11-30T16:00:00"),
        ("19:05:09", "2026-11-30T19:05:09"),  # this minute is past: only later ones are today
        ("4:30pm", "2026-11-30T16:30:00"),
        ("8:30 PM", "2026-11-29T20:30:00"),
        ("12:00am", "2026-11-30T00:00:00"),
        ("midnight", "2026-11-30T00:00:00"),
        ("noon", "2026-11-30T12:00:00"),
        ("fika", "2026-11-30T15:00:00"),
        ("teatime", "2026-11-30T16:00:00"),
        ("today", "2026-11-29T00:00:00"),
        ("tomorrow", "2026-11-30T00:00:00"),
        ("tomorrow 16:00", "2026-11-30T16:00:00"),
        ("today teatime", "2026-11-29T16:00:00"),
        ("2026-11-29T19:05", "2026-11-29T19:05:00"),
        ("2026-11-29T19:05:30", "2026-11-29T19:05:30"),
        ("2026-12-01", "2026-12-01T00:00:00"),
        ("2026-12-01 08:00", "2026-12-01T08:00:00"),
        ("12/25", "2026-12-25T00:00:00"),
        ("11/28", "2027-11-28T00:00:00"),
        ("11/29", "2027-11-29T00:00:00"),  # today's date at 00:00 is past (the oracle)
        ("12/25/27", "2027-12-25T00:00:00"),
        ("12.25.27", "2027-12-25T00:00:00"),
        ("122527", "2027-12-25T00:00:00"),
        ("12/25-10:00", "2026-12-25T10:00:00"),
        ("uts1700000000", "2023-11-14T22:13:20"),
        ("  16:00 ", "2026-11-30T16:00:00"),
    ],
)
def test_parse_begin_reads_slurm_time_specs(text, want):
    assert at(text) == want


@pytest.mark.parametrize(
    ("text", "pos"),
    [
        ("now+5min", 4),  # at the offset's number (tests/golden/arrays 074)
        ("x", 0),
        ("25:00", 0),
        ("13/01", 0),
        ("13:00pm", 5),
        # What the oracle's sbatch and sacct said (2026-12-02):
        ("12.25.2027", 8),  # only a two-digit year follows the day: "27" is a month
        ("12/25/2026", 8),
        ("7pm", 1),
        ("11am", 2),
        ("2026-11-29T10", 13),
        ("23:60", 3),
        ("10:5", 4),
        ("1:2:3", 3),
        ("12/32", 3),
        ("now+", 3),
        ("uts", 0),
        ("uts123", 0),
        ("uts1764000000x", 0),
        ("0", -1),
        ("9", 1),
        ("1234567", 2),
        ("2026-1-2", 0),
        ("nowish", 3),
    ],
)
def test_parse_begin_rejects_bad_specs_like_sbatch(text, pos):
    with pytest.raises(ParseError) as err:
        parse_begin(text, NOW)
    assert err.value.message == "Invalid --begin specification"
    assert err.value.context == f"Invalid time specification (pos={pos}): {text}"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # Slurm's scan skips blanks, "-" and "T" anywhere, and a later piece overrides an
        # earlier one (the oracle's sbatch --test-only and sacct took all of these).
        ("T10:00", "2026-11-30T10:00:00"),
        ("--10:00", "2026-11-30T10:00:00"),
        ("12:00-", "2026-11-30T12:00:00"),
        ("16:00 17:00", "2026-11-30T17:00:00"),
        ("today tomorrow", "2026-11-30T00:00:00"),
        ("noon fika", "2026-11-30T15:00:00"),
        ("12/25 11/30", "2026-11-30T00:00:00"),
        ("now + 1 hour", "2026-11-29T20:05:09"),
        ("now+1 hours", "2026-11-29T20:05:09"),
        ("1225", "2026-12-25T00:00:00"),
        ("123", "2026-12-03T00:00:00"),
        ("2026-01-02T", "2026-01-02T00:00:00"),
        ("10:00 2026-11-29", "2026-11-29T10:00:00"),
        # Days past the month's end roll over, as mktime rolls them.
        ("02/29/27", "2027-03-01T00:00:00"),
        ("2027-02-29", "2027-03-01T00:00:00"),
        ("12/25/00", "2026-12-25T00:00:00"),  # a year of 00 is none
    ],
)
def test_parse_begin_scans_as_slurm_scans(text, want):
    assert at(text) == want


@pytest.mark.parametrize("text", ["", "   ", "T", "-"])
def test_text_naming_no_instant_is_refused_without_a_position(text):
    with pytest.raises(ParseError) as err:
        parse_begin(text, NOW)
    assert (err.value.message, err.value.context) == ("Invalid --begin specification", None)


def test_past_times_read_as_sacct_reads_them():
    def past(text: str) -> str:
        when = parse_begin(text, NOW, past=True)
        return dt.datetime.fromtimestamp(when, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")

    assert past("20:00") == "2026-11-29T20:00:00"  # today's, even still to come
    assert past("16:00") == "2026-11-29T16:00:00"
    assert past("11/30") == "2026-11-30T00:00:00"  # this year: its month is not later
    assert past("12/25") == "2025-12-25T00:00:00"  # a later month: last year's


def test_parse_begin_names_the_option_in_its_error():
    with pytest.raises(ParseError, match=r"^Invalid --deadline specification$"):
        parse_begin("junk", NOW, option="--deadline")


def test_parse_begin_reads_wall_clock_in_given_zone():
    plus_two = dt.timezone(dt.timedelta(hours=2))
    assert parse_begin("2026-12-01T02:00", NOW, plus_two) == int(
        dt.datetime(2026, 12, 1, 0, 0, tzinfo=dt.UTC).timestamp()
    )
