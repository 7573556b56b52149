import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.keyvalue import parse_assignment, parse_assignments


def test_parse_assignments_reads_scontrol_update_node():
    args = ["NodeName=dgx2", "State=DRAIN", "Reason=gpu fell off bus"]
    assert parse_assignments(args) == [
        ("NodeName", "dgx2"),
        ("State", "DRAIN"),
        ("Reason", "gpu fell off bus"),
    ]


@pytest.mark.parametrize(
    ("arg", "want"),
    [
        ("jobid=12", ("jobid", "12")),
        ('Reason="gpu fell off bus"', ("Reason", "gpu fell off bus")),
        ("Features=a=b", ("Features", "a=b")),
        ("Dependency=", ("Dependency", "")),
        ("TimeLimit=+30", ("TimeLimit", "+30")),
        ('Comment="', ("Comment", '"')),
    ],
)
def test_parse_assignment_keeps_key_and_whole_value(arg, want):
    assert parse_assignment(arg) == want


@pytest.mark.parametrize("arg", ["foo", "=x", ""])
def test_parse_assignment_rejects_words_without_key(arg):
    with pytest.raises(ParseError) as err:
        parse_assignment(arg)
    assert err.value.message == f"Invalid input: {arg}"
