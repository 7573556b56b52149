import pytest

from slurmsim.parse.arrays import ARRAY_ERROR, ArraySpec, parse_array, parse_array_step
from slurmsim.parse.errors import ParseError


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("0-15", ArraySpec(tuple(range(16)), None)),
        ("1,3,5", ArraySpec((1, 3, 5), None)),
        ("0-15:4", ArraySpec((0, 4, 8, 12), None)),
        ("0-3%2", ArraySpec((0, 1, 2, 3), 2)),
        ("0-15%4", ArraySpec(tuple(range(16)), 4)),
        ("1,3,5-9:2%2", ArraySpec((1, 3, 5, 7, 9), 2)),
        ("[0-7]", ArraySpec(tuple(range(8)), None)),
        ("5,1,5", ArraySpec((1, 5), None)),
        ("7", ArraySpec((7,), None)),
        ("1000", ArraySpec((1000,), None)),
        pytest.param("0-3%", ArraySpec((0, 1, 2, 3), 0), id="bare % is no limit (oracle 014)"),
        pytest.param("1-9:2%2", ArraySpec((1, 3, 5, 7, 9), 2), id="step and throttle"),
        # What the oracle's controller took (2026-12-02): empty items are skipped, an
        # item is read by strtol, and a "%" item after a comma is index 0.
        ("1,,2", ArraySpec((1, 2), None)),
        (",,3", ArraySpec((3,), None)),
        ("[1,,2]", ArraySpec((1, 2), None)),
        ("1-2,", ArraySpec((1, 2), None)),
        ("1,,2%1", ArraySpec((1, 2), 1)),
        ("1,2,%1", ArraySpec((0, 1, 2), 1)),
        (",", ArraySpec((), None)),
        ("0-3%x", ArraySpec((0, 1, 2, 3), 0)),
        (" 4", ArraySpec((4,), None)),
    ],
)
def test_parse_array_reads_slurm_forms(text, want):
    assert parse_array(text) == want


@pytest.mark.parametrize(
    "text", ["", "x", "3-1", "0-4:0", "-1", "1001", "0-1001", "1-2-3", "1-", "1-3:", "1:2", "2x"]
)
def test_parse_array_rejects_bad_specs_with_controller_message(text):
    with pytest.raises(ParseError) as err:
        parse_array(text)
    assert err.value.message == ARRAY_ERROR == "Invalid job array specification"


def test_parse_array_honours_max_array_size():
    assert parse_array("0-4", max_array_size=5).indices == (0, 1, 2, 3, 4)
    with pytest.raises(ParseError):
        parse_array("5", max_array_size=5)
    with pytest.raises(ParseError):
        parse_array("0", max_array_size=0)


@pytest.mark.parametrize(
    ("text", "want"), [("0-15", 1), ("0-15:4", 4), ("1,3,5-9:2%2", 2), ("1:x", 0)]
)
def test_parse_array_step_is_first_written_step(text, want):
    assert parse_array_step(text) == want
