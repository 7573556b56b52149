"""``scontrol update PartitionName=...`` read as scontrol reads it (golden partupdate/)."""

import pytest

from slurmsim.model.partitions import PartitionState
from slurmsim.parse.errors import ParseError
from slurmsim.parse.partition_update import parse_partition_update


def read(*words: str):
    pairs = [(w.partition("=")[0], w.partition("=")[2] if "=" in w else None) for w in words]
    return parse_partition_update(pairs)


@pytest.mark.parametrize(
    ("words", "field", "value"),
    [
        (("maxt=1:30:00",), "max_time", 5400),
        (("MaxTime=UNLIMITED",), "max_time", None),
        (("defaultt=10",), "default_time", 600),
        (("state=d",), "state", PartitionState.DOWN),
        (("State=i",), "state", PartitionState.INACTIVE),
        (("State=DRAIN",), "state", PartitionState.DRAIN),
        (("Default=y",), "default", True),
        (("Hidden=NO",), "hidden", False),
        (("MaxNodes=2k",), "max_nodes", 2048),
        (("pri=5",), "priority_job_factor", 5),
        (("OverSubscribe=YES",), "oversubscribe", "YES:4"),
        (("Shared=FORCE:2",), "oversubscribe", "FORCE:2"),
        (("Nodes=dgx[1-2]",), "nodes", ("dgx1", "dgx2")),
        (("Nodes=ALL",), "nodes", ()),
    ],
)
def test_keys_are_read_as_scontrol_reads_them(words, field, value):
    update, warnings = read("PartitionName=debug", *words)
    assert (getattr(update, field), warnings) == (value, [])


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("MaxTime=abc", "Invalid input MaxTime=abc"),
        ("MaxTime", "Invalid input: MaxTime  Request aborted"),
        ("Foo=bar", "Update of this parameter is not supported: Foo=bar\n\nRequest aborted"),
        (
            "State=BOGUS",
            "Invalid input: State=BOGUS\nAcceptable State values are UP, DOWN, DRAIN and INACTIVE",
        ),
        ("PriorityTier=abc", "Invalid PriorityTier value: abc"),
        ("Default=maybe", "Invalid input: Default=maybe\nAcceptable Default values are YES and NO"),
    ],
)
def test_what_scontrol_refuses_it_names(word, message):
    with pytest.raises(ParseError) as err:
        read("PartitionName=debug", word)
    assert err.value.message == message


def test_an_unreadable_max_nodes_is_said_and_the_rest_is_sent():
    update, warnings = read("PartitionName=debug", "MaxNodes=abc", "MaxTime=5")
    assert warnings == ['Invalid numeric value "abc" for MaxNodes.']
    assert (update.max_nodes_set, update.max_time) == (False, 300)


def test_the_partition_alone_changes_nothing():
    update, _ = read("PartitionName=debug")
    assert update.changes_nothing
    assert not read("PartitionName=debug", "LLN=yes")[0].changes_nothing
