"""srun's --cpu-bind words, checked as srun checks them where no task is bound."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.binding import NO_BINDING, check_cpu_bind

NOTED = [("info", NO_BINDING)]


def refused(message: str) -> list[tuple[str, str]]:
    return [*NOTED, ("error", message)]


@pytest.mark.parametrize(
    ("value", "lines", "outcome"),
    [
        ("cores", NOTED, "ok"),
        ("VERBOSE,Sockets", NOTED, "ok"),
        ("help", [], "help"),
        ("none,HELP,bogus", NOTED, "help"),
        ("bogus,cores", refused('unrecognized --cpu-bind argument "bogus"'), "invalid"),
        # A comma before a number (hex included) is inside a list; before a word it splits.
        ("map_cpu:1,2,cores", NOTED, "ok"),
        ("map_cpu:1,2,x", refused('unrecognized --cpu-bind argument "x"'), "invalid"),
        (
            "map_cpu:1,a",
            refused("Failed to validate number: a, the offending character is a"),
            "invalid",
        ),
        ("mask_cpu:0x3,c,0xf", NOTED, "ok"),
        ("cores,", refused('unrecognized --cpu-bind argument "cores,"'), "invalid"),
        ("mapcpu=4*2", NOTED, "ok"),
        ("map_ldom", refused('missing list for "--cpu-bind=map_ldom:<list>"'), "invalid"),
        ("map_cpu:1*", refused("Invalid map_cpu multiplier: "), "invalid"),
        (
            "map_cpu:1*2*3",
            refused("Failed to validate number: *2*3, the offending character is *"),
            "invalid",
        ),
        (
            "mask_cpu:0x1*99999999999999999999",
            refused("Invalid mask_cpu multiplier: 99999999999999999999"),
            "invalid",
        ),
    ],
)
def test_words_are_checked_in_order_until_the_first_bad_one(value, lines, outcome):
    check = check_cpu_bind(value)
    assert (list(check.lines), check.outcome) == (lines, outcome)


@settings(deadline=None)
@given(st.text(max_size=30) | st.text(alphabet="map_ckuorsvhel,:=*0x1f9 ", max_size=30))
def test_any_value_is_an_outcome_never_an_exception(value):
    check = check_cpu_bind(value)
    assert check.outcome in ("ok", "help", "invalid")
    assert all(level in ("info", "error") for level, _ in check.lines)
