"""srun's --multi-prog file: srun's check of the lines, and each task's command line as
slurmstepd reads it. The oracle's own answers are in tests/golden/multiprog."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.multi_prog import MultiProg, MultiProgError, read_records, tasks_named


def argvs(text: str, ntasks: int) -> list[list[str] | None]:
    records, _ = read_records(text, "f.conf", ntasks)
    return [MultiProg(text, records).argv(rank) for rank in range(ntasks)]


@pytest.mark.parametrize(
    ("text", "ntasks", "want"),
    [
        pytest.param(
            "0 a %t\n1-2 b %t %o\n* c %o\n",
            4,
            [["a", "0"], ["b", "1", "0"], ["b", "2", "1"], ["c", "3"]],
            id="ranks, ranges and the rest",
        ),
        pytest.param(
            "3,1 a %o\n0,2 b %o\n",
            4,
            [["b", "0"], ["a", "1"], ["b", "1"], ["a", "0"]],
            id="a list's offsets follow its order",
        ),
        pytest.param(
            "0 p 'x  y' \"u  v\" a\\ b\n",
            1,
            [["p", "x  y", '"u', 'v"', "a b"]],
            id="single quotes and backslashes group; double quotes do not",
        ),
        pytest.param(
            "0 p a%\n1 q\n",
            2,
            [["p", "a1", "q"], ["q"]],
            id="a percent takes the newline and joins the next line on",
        ),
        pytest.param(
            "0 p 'open\n1 q 'x'\n",
            2,
            [None, ["q", "x"]],
            id="a quote left open on its line leaves no program",
        ),
        pytest.param(
            "0 p a \\\n b\n",
            1,
            [["p", "a", "", "b"]],
            id="a continued line; its backslash and newline make an empty word",
        ),
    ],
)
def test_each_task_reads_its_command_line(
    text: str, ntasks: int, want: list[list[str] | None]
) -> None:
    assert argvs(text, ntasks) == want


@pytest.mark.parametrize(
    ("text", "ntasks", "errors"),
    [
        pytest.param(
            "0 a\n",
            2,
            ["Configuration file f.conf invalid, no record for task id 1"],
            id="a rank without a line",
        ),
        pytest.param(
            "0-1 a\n1 b\n",
            2,
            ["Duplicate record for task 1", "Line 2 of configuration file f.conf invalid"],
            id="a rank named twice",
        ),
        pytest.param(
            "#\n\n2 a\n",
            2,
            ["Invalid task id, 2 >= ntasks", "Line 3 of configuration file f.conf invalid"],
            id="line numbers count comments and blank lines",
        ),
        pytest.param(
            "0 \\\nx\nq\n",
            1,
            ["Line 3 of configuration file f.conf invalid"],
            id="a line with ranks alone",
        ),
        pytest.param(
            "2-1 a\n",
            4,
            ["Invalid task range, 2-1", "Line 1 of configuration file f.conf invalid"],
            id="a range backwards",
        ),
    ],
)
def test_srun_refuses_the_file(text: str, ntasks: int, errors: list[str]) -> None:
    with pytest.raises(MultiProgError) as refused:
        read_records(text, "f.conf", ntasks)
    assert refused.value.lines == errors


def test_the_file_gives_the_task_count_when_srun_is_not_told() -> None:
    assert tasks_named("1 a\n3 b\n* c\n") == 4
    assert tasks_named("* c\n") == 1
    assert tasks_named("# nothing\n") == 1


@settings(max_examples=400, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("0123-,*% \t\n\\'\"#ab")), max_size=60), st.integers(1, 6)
)
def test_any_file_is_read_or_refused_with_srun_errors(text: str, ntasks: int) -> None:
    assert tasks_named(text) >= 1
    refused: list[str] = []
    try:
        records, warnings = read_records(text, "f.conf", ntasks)
    except MultiProgError as e:
        refused = e.lines
    if refused:
        assert all(isinstance(line, str) for line in refused)
        return
    assert all(line.endswith("ignored.") for line in warnings)
    given_ = MultiProg(text, records)
    for rank in range(ntasks):
        argv = given_.argv(rank)
        assert argv is None or (argv and all(isinstance(w, str) for w in argv))
