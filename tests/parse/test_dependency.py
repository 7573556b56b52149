import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.dependency import (
    DEPENDENCY_ERROR,
    Dependency,
    DepTerm,
    format_dependency,
    format_dependency_spec,
    parse_dependency,
)
from slurmsim.parse.errors import ParseError


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("afterok:233", Dependency((DepTerm("afterok", ("233",)),))),
        ("afterok:12:13_2", Dependency((DepTerm("afterok", ("12", "13_2")),))),
        ("AfterOK:1", Dependency((DepTerm("afterok", ("1",)),))),
        ("afterok:101_*", Dependency((DepTerm("afterok", ("101_*",)),))),
        (
            "afterok:101,afterany:102",
            Dependency((DepTerm("afterok", ("101",)), DepTerm("afterany", ("102",)))),
        ),
        (
            "afterok:1?afternotok:2",
            Dependency((DepTerm("afterok", ("1",)), DepTerm("afternotok", ("2",))), any_of=True),
        ),
        ("after:12+5", Dependency((DepTerm("after", ("12",), 5),))),
        (
            "after:1+5:2",
            Dependency((DepTerm("after", ("1",), 5), DepTerm("after", ("2",), None))),
        ),
        ("aftercorr:7", Dependency((DepTerm("aftercorr", ("7",)),))),
        ("afterburstbuffer:7", Dependency((DepTerm("afterburstbuffer", ("7",)),))),
        ("singleton", Dependency((DepTerm("singleton", ()),))),
        ("123", Dependency((DepTerm("afterany", ("123",)),))),
        ("123,124", Dependency((DepTerm("afterany", ("123",)), DepTerm("afterany", ("124",))))),
        ("", Dependency(())),
    ],
)
def test_parse_dependency_reads_slurm_forms(text, want):
    assert parse_dependency(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "afterok:1,afterok:2?afterok:3",
        "afterok:0",
        "afterany:1+5",
        "afterfoo:1",
        "afterok:",
        "afterok",
        "singleton:1",
        "afterok:1x",
        "afterok:1,",
    ],
)
def test_parse_dependency_rejects_problems_with_controller_message(text):
    with pytest.raises(ParseError) as err:
        parse_dependency(text)
    assert err.value.message == DEPENDENCY_ERROR == "Job dependency problem"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("afterok:101,afterany:102", "afterok:101(unfulfilled),afterany:102(unfulfilled)"),
        ("after:101+5", "after:101+5(unfulfilled)"),
        ("singleton", "singleton(unfulfilled)"),
        (
            "afterok:1:2?afterany:3",
            "afterok:1(unfulfilled)?afterok:2(unfulfilled)?afterany:3(unfulfilled)",
        ),
        ("", "(null)"),
    ],
)
def test_format_dependency_shows_one_entry_per_job(text, want):
    assert format_dependency(parse_dependency(text)) == want


def test_format_dependency_uses_given_states():
    dep = parse_dependency("afterok:101_*")
    assert format_dependency(dep, {"101_*": "failed"}) == "afterok:101_*(failed)"


_job = st.builds(
    lambda a, b: f"{a}" if b is None else f"{a}_{b}",
    st.integers(1, 10**6),
    st.none() | st.integers(0, 100).map(str) | st.just("*"),
)
_term = st.builds(
    lambda kind, jobs: DepTerm(kind, tuple(jobs)),
    st.sampled_from(["afterany", "afterok", "afternotok", "aftercorr"]),
    st.lists(_job, min_size=1, max_size=3),
) | st.builds(lambda job, delay: DepTerm("after", (job,), delay), _job, st.integers(0, 999))


@settings(deadline=None)
@given(st.lists(_term, min_size=1, max_size=4), st.booleans())
def test_format_dependency_spec_round_trips(terms, any_of):
    """``?`` vs ``,`` only shows when there are two or more terms."""
    dep = Dependency(tuple(terms), any_of and len(terms) > 1)
    assert parse_dependency(format_dependency_spec(dep)) == dep
