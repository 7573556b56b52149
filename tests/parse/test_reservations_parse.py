"""parse/reservations.py: scontrol's reservation arguments, and only its errors escape."""

import contextlib

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from slurmsim.model.errors import NotSupported
from slurmsim.model.reservations import UNLIMITED_DURATION
from slurmsim.parse.errors import ParseError
from slurmsim.parse.reservations import parse_reservation

NOW = 1_795_978_800


@pytest.mark.parametrize(
    ("pairs", "field", "want"),
    [
        pytest.param([("StartTime", "now+1hour")], "start_time", NOW + 3600, id="relative start"),
        pytest.param([("starttime", "2027-01-05T10:00")], "start_time", 1_799_143_200,
                     id="keys in any case, ISO time without seconds"),
        pytest.param([("Duration", "90")], "duration", 5400, id="minutes"),
        pytest.param([("Duration", "1-00:00:00")], "duration", 86400, id="days"),
        pytest.param([("Duration", "UNLIMITED")], "duration", UNLIMITED_DURATION, id="a year"),
        pytest.param([("Nodes", "dgx[1-2]")], "nodes", ("dgx1", "dgx2"), id="hostlist"),
        pytest.param([("Nodes", "ALL")], "nodes", ("ALL",), id="all nodes"),
        pytest.param([("Flags", "maint,ignore_jobs")], "flags", ("MAINT", "IGNORE_JOBS"),
                     id="flags in any case"),
        pytest.param([("Users", "alice,bob")], "users", ("alice", "bob"), id="user list"),
        pytest.param([("st", "now+1hour")], "start_time", NOW + 3600,
                     id="a key cut to its fewest letters"),
        pytest.param([("d", "90")], "duration", 5400, id="one letter for Duration"),
        pytest.param([("u", "alice")], "users", ("alice",), id="one letter for Users"),
        pytest.param([("nodecount", "2")], "node_count", 2, id="NodeCount for NodeCnt"),
        pytest.param([("resv", "x"), ("Duration", "5")], "duration", 300,
                     id="a word beginning res is passed over"),
    ],
)  # fmt: skip
def test_parse_reservation_reads_values(
    pairs: list[tuple[str, str]], field: str, want: object
) -> None:
    assert getattr(parse_reservation(pairs, NOW, create=True), field) == want


@pytest.mark.parametrize(
    ("pair", "create", "message"),
    [
        pytest.param(("Bogus", "1"), True,
                     "Unknown parameter Bogus=1.  No reservation created.", id="unknown key"),
        pytest.param(("Bogus", "1"), False,
                     "Unknown parameter Bogus=1.  No reservation update.", id="on update"),
        pytest.param(("Flags", "bogus"), True,
                     "Error parsing flags bogus.  No reservation created.", id="unknown flag"),
        pytest.param(("Duration", "garbage"), True,
                     "Invalid duration Duration=garbage.  No reservation created.",
                     id="bad duration"),
        pytest.param(("StartTime", "garbage"), True,
                     "Invalid start time StartTime=garbage.  No reservation created.",
                     id="bad start"),
        pytest.param(("NodeCnt", "abc"), True, "Invalid node count abc", id="bad count"),
        pytest.param(("starttime", "garbage"), False,
                     "Invalid start time starttime=garbage.  No reservation update.",
                     id="the key as typed"),
        pytest.param(("s", "now"), True, "Unknown parameter s=now.  No reservation created.",
                     id="too few letters for StartTime"),
        pytest.param(("nodes2", "x"), True,
                     "Unknown parameter nodes2=x.  No reservation created.",
                     id="longer than the key"),
    ],
)  # fmt: skip
def test_parse_reservation_refuses_with_scontrol_text(
    pair: tuple[str, str], create: bool, message: str
) -> None:
    with pytest.raises(ParseError) as e:
        parse_reservation([pair], NOW, create=create)
    assert e.value.message == message


_KEYS = st.sampled_from(
    ["StartTime", "EndTime", "Duration", "Nodes", "NodeCnt", "Users", "Accounts", "Flags",
     "ReservationName", "PartitionName", "Flags-", "Bogus", "st", "d", "e", "fl", "resv",
     "Groups", "Watts", "Users+", ""]
)  # fmt: skip


@given(st.lists(st.tuples(_KEYS, st.text(max_size=20)), max_size=5), st.booleans())
@example([("NodeCnt", "¹")], False)  # isdigit() takes it, int() did not
def test_parse_reservation_raises_only_parse_errors(
    pairs: list[tuple[str, str]], create: bool
) -> None:
    with contextlib.suppress(ParseError, NotSupported):
        parse_reservation(pairs, NOW, create=create)


@pytest.mark.parametrize("key", ["Groups", "g", "CoreCnt", "cpucount", "Watts", "TRES", "lic"])
def test_parse_reservation_says_what_slurmsim_lacks(key: str) -> None:
    with pytest.raises(NotSupported):
        parse_reservation([(key, "1")], NOW, create=True)
