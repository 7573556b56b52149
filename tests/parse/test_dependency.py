import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.model.dependency import Dependency, DepJob, DepKind, DepTerm
from slurmsim.parse.dependency import DEPENDENCY_ERROR, parse_dependency
from slurmsim.parse.errors import ParseError

OK, ANY, AFTER = DepKind.AFTEROK, DepKind.AFTERANY, DepKind.AFTER


def dep(*terms: DepTerm, any_of: bool = False) -> Dependency:
    return Dependency(terms, any_of)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("afterok:233", dep(DepTerm(OK, DepJob(233))), id="one job"),
        pytest.param(
            "afterok:12:13_2",
            dep(DepTerm(OK, DepJob(12)), DepTerm(OK, DepJob(13, 2))),
            id="several jobs, one a task",
        ),
        pytest.param("AfterOK:1", dep(DepTerm(OK, DepJob(1))), id="type in any case"),
        pytest.param(
            "afterok:101_*", dep(DepTerm(OK, DepJob(101, every_task=True))), id="every task"
        ),
        pytest.param(
            "afterok:1?afternotok:2",
            dep(DepTerm(OK, DepJob(1)), DepTerm(DepKind.AFTERNOTOK, DepJob(2)), any_of=True),
            id="question mark is OR",
        ),
        pytest.param(
            "afterok:1,afterany:1?afterok:1",
            dep(DepTerm(OK, DepJob(1)), DepTerm(ANY, DepJob(1)), any_of=True),
            id="mixed separators: one ? makes an OR, repeats dropped (oracle 044)",
        ),
        pytest.param("after:12+5", dep(DepTerm(AFTER, DepJob(12), 5)), id="after with delay"),
        pytest.param(
            "afterok:12+5", dep(DepTerm(OK, DepJob(12), 5)), id="delay accepted on afterok"
        ),
        pytest.param(
            "after:1+5:2",
            dep(DepTerm(AFTER, DepJob(1), 5), DepTerm(AFTER, DepJob(2))),
            id="delay belongs to one job",
        ),
        pytest.param("singleton", dep(DepTerm(DepKind.SINGLETON)), id="singleton"),
        pytest.param("123", dep(DepTerm(ANY, DepJob(123))), id="bare id is afterany"),
        pytest.param(
            "123,124", dep(DepTerm(ANY, DepJob(123)), DepTerm(ANY, DepJob(124))), id="bare ids"
        ),
        pytest.param("", dep(), id="empty clears"),
    ],
)
def test_parse_dependency_reads_slurm_forms(text: str, want: Dependency) -> None:
    assert parse_dependency(text) == want


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("afterok:0", id="job id 0"),
        pytest.param("afterfoo:1", id="unknown type"),
        pytest.param("bogus:1", id="unknown word"),
        pytest.param("afterok:", id="no job"),
        pytest.param("afterok", id="type alone"),
        pytest.param("singleton:1", id="singleton with a job"),
        pytest.param("afterok:1x", id="trailing garbage"),
        pytest.param("afterok:1,", id="trailing comma"),
        pytest.param("1:2", id="bare ids joined by colon (oracle 046)"),
    ],
)
def test_parse_dependency_rejects_problems_with_controller_message(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_dependency(text)
    assert err.value.message == DEPENDENCY_ERROR == "Job dependency problem"


_job = st.builds(DepJob, st.integers(1, 10**6), st.none() | st.integers(0, 100)) | st.builds(
    lambda j: DepJob(j, every_task=True), st.integers(1, 10**6)
)
_term = st.builds(
    DepTerm,
    st.sampled_from([ANY, OK, DepKind.AFTERNOTOK, DepKind.AFTERCORR, AFTER]),
    _job,
    st.none() | st.integers(0, 999),
)


@settings(deadline=None)
@given(st.lists(_term, min_size=1, max_size=4, unique_by=lambda t: (t.kind, t.job)), st.booleans())
def test_dependency_text_round_trips(terms: list[DepTerm], any_of: bool) -> None:
    """``?`` vs ``,`` only shows when there are two or more terms."""
    want = Dependency(tuple(terms), any_of and len(terms) > 1)
    assert parse_dependency(str(want)) == want
