"""A batch script's commands laid out flat, as its shell would run them (script_flow)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.parse.script_flow import MAX_COMMANDS, OWN_STATUS, script_commands


def _lines(script: str, args: tuple[str, ...] = ()) -> list[str]:
    return [" ".join(c.words) for c in script_commands(script, args)]


@pytest.mark.parametrize(
    ("script", "commands"),
    [
        pytest.param("if [ -n x ]; then echo hi; fi\nsrun hostname\n",
                     ["[ -n x ]", "echo hi", "srun hostname"], id="if on one line"),
        pytest.param("if [ -f a ]\nthen\n  echo a\nelif true\nthen echo b\nelse\n  echo c\nfi\n",
                     ["[ -f a ]", "echo a", "true", "echo b", "echo c"], id="every branch"),
        pytest.param("while read l; do echo $l; done < f\n", ["read l", "echo $l"],
                     id="while: once, redirections after done"),
        pytest.param('case "$1" in\n  -h|--help) echo help ;;\n  *) sleep 4 ;;\nesac\n',
                     ["echo help", "sleep 4"], id="case arms and their patterns"),
        pytest.param("{ echo a; echo b; } > log\n", ["echo a", "echo b"], id="a group"),
        pytest.param("(cd /tmp && ls)\n", ["cd /tmp", "ls"], id="a subshell"),
        pytest.param("[[ -f x ]] && echo y\n((n++))\n", ["[[ -f x ]]", "echo y", "((?))"],
                     id="tests and arithmetic"),
    ],
)  # fmt: skip
def test_compound_commands_are_structure_not_commands(script: str, commands: list[str]) -> None:
    assert _lines(script) == commands


@pytest.mark.parametrize(
    ("header", "values"),
    [
        ("for seed in 1 2 3", ["1", "2", "3"]),
        ("for i in {1..4}", ["1", "2", "3", "4"]),
        ("for i in {3..1}", ["3", "2", "1"]),
        ("for i in {0..8..4}", ["0", "4", "8"]),
        ("for i in $(seq 3)", ["1", "2", "3"]),
        ("for i in $(seq 2 2 8)", ["2", "4", "6", "8"]),
        ("for i in `seq 5`", ["$i"]),  # only $(seq ...) is read: the body runs once
        ("for ((i=0; i<3; i++))", ["0", "1", "2"]),
        ("for ((i = 1; i <= 2; ++i))", ["1", "2"]),
        ("for ((;;))", ["$i"]),
        ("for i in $(seq 0)", []),
        ("for f in *.txt", ["$f"]),
        ("for x in $LIST", ["$x"]),
    ],
)
def test_a_for_loop_runs_its_body_once_per_value_it_spells_out(
    header: str, values: list[str]
) -> None:
    var = "f" if "*.txt" in header else "x" if "LIST" in header else "i"
    if "seed" in header:
        var = "seed"
    got = _lines(f"{header}; do\n  srun -J s${var} sleep 1\ndone\n")
    assert got == [f"srun -J s{v} sleep 1" for v in values]


def test_for_over_the_scripts_arguments_and_nested_loops() -> None:
    assert _lines("for x; do echo $x; done\n", ("a", "b")) == ["echo a", "echo b"]
    assert _lines('for x in "$@"; do echo ${x}!; done\n', ("a",)) == ["echo a!"]
    nested = "for i in 1 2; do for j in a b; do echo $i$j; done; done\n"
    assert _lines(nested) == ["echo 1a", "echo 1b", "echo 2a", "echo 2b"]


def test_a_loop_too_long_to_lay_out_is_cut_and_marked() -> None:
    commands = script_commands("for i in $(seq 100000); do srun true; done\n")
    assert len(commands) == MAX_COMMANDS + 1
    assert commands[-1].words == ["..."]  # of a length nobody can tell


def test_a_function_runs_where_it_is_called() -> None:
    script = "f() {\n  echo in f\n}\nfunction g { sleep 1; }\ng\nf\nf\n"
    assert _lines(script) == ["sleep 1", "echo in f", "echo in f"]


@pytest.mark.parametrize(
    ("script", "or_exit"),
    [
        ("cd /x || exit 1\n", 1),
        ("srun a || exit\n", OWN_STATUS),
        ("srun a || { echo failed >&2; exit 7; }\n", 7),
        ("die() { echo $1; exit 3; }\nsrun a || die bad\n", 3),
        ("srun a || echo failed\n", None),
    ],
)
def test_what_follows_an_or_does_not_run_but_its_exit_is_kept(
    script: str, or_exit: int | None
) -> None:
    (command,) = script_commands(script)  # nothing after ``||`` runs
    assert command.or_exit == or_exit


def test_an_exit_under_a_condition_is_guarded() -> None:
    guarded = {
        " ".join(c.words): c.guarded
        for c in script_commands(
            "[ -z x ] && { echo usage; exit 1; }\nif [ ! -f a ]; then exit 2; fi\nexit 3\n"
        )
    }
    assert guarded == {
        "[ -z x ]": False, "echo usage": True, "exit 1": True, "[ ! -f a ]": True,
        "exit 2": True, "exit 3": False,
    }  # fmt: skip


def test_conditions_are_marked_for_set_e() -> None:
    commands = script_commands("if ! srun a; then echo no; fi\nwhile srun b; do :; done\nsrun c\n")
    assert [(c.words[-1], c.condition) for c in commands] == [
        ("a", True), ("no", False), ("b", True), (":", False), ("c", False),
    ]  # fmt: skip


def test_a_compound_in_the_background_runs_there() -> None:
    commands = script_commands("while true; do nvidia-smi; sleep 60; done &\nsrun x\n")
    assert [(c.words[0], c.background) for c in commands] == [
        ("true", True), ("nvidia-smi", True), ("sleep", True), ("srun", False),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("script", "commands"),
    [
        pytest.param("cat > c.yaml <<EOF\nkey: value\nEOF\nsleep 1\n",
                     ["cat > c.yaml << EOF", "sleep 1"], id="a here-document is data"),
        pytest.param("python - <<-'PY'\n\timport os\n\tPY\nsleep 1\n",
                     ["python - << -PY", "sleep 1"], id="quoted, tabs stripped"),
        pytest.param("grep x <<< \"$y\"\nsleep 1\n", ["grep x <<< $y", "sleep 1"],
                     id="a here-string is not"),
        pytest.param("export M=$(scontrol show hostnames | head -n 1)\n", ["export M=$(...)"],
                     id="a substitution is one quick word"),
        pytest.param("sleep $((60 * 5))\nsleep $((x+1))\n", ["sleep 300", "sleep $(...)"],
                     id="arithmetic of numbers"),
        pytest.param("srun \\\n  -n 4 \\\n  sleep 3\n", ["srun -n 4 sleep 3"],
                     id="backslash-newline"),
        pytest.param('python -c "\nprint(1)\n"\nsleep 2\n', ["python -c \nprint(1)\n", "sleep 2"],
                     id="a line inside quotes"),
    ],
)  # fmt: skip
def test_lines_are_read_as_the_shell_reads_them(script: str, commands: list[str]) -> None:
    assert _lines(script) == commands


@given(
    st.lists(
        st.sampled_from(
            ["if", "then", "fi", "else", "for", "i", "in", "do", "done", "while", "case", "esac",
             "{", "}", "(", ")", "((", "))", "$(", "`", "||", "&&", ";", "&", "|", "\n", "'",
             '"', "\\", "<<", "EOF", "exit", "1", "srun", "sleep", "f()", "function", "!",
             "$i", "{1..3}", "$(seq 4)", "a)", ";;", "#"]
        ),
        max_size=30,
    )
)  # fmt: skip
def test_any_script_is_laid_out_without_a_traceback(words: list[str]) -> None:
    commands = script_commands(" ".join(words))
    assert len(commands) <= MAX_COMMANDS + 1
    assert all(c.words for c in commands)
