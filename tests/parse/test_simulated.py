"""How long a simulated script runs, read through what launches its commands."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.parse.simulated import simulated


@pytest.mark.parametrize(
    ("line", "runtime"),
    [
        ("srun sleep 5", 5),
        ("srun -n 4 --gpus-per-task=1 -l sleep 30", 30),
        ("srun -N 2 -n 2 hostname; srun sleep 100", 100),
        ("srun --mpi pmix -J step sleep 9", 9),  # a long option's argument as a word
        ("time -p sleep 7", 7),
        ("OMP_NUM_THREADS=4 srun sleep 9", 9),
        ("env -u HOME A=1 sleep 3", 3),
        ("exec sleep 4", 4),
        ("nice -n 5 nohup sleep 2", 2),
        ("srun hostname", 0),
        ("env", 0),  # alone it prints the environment
        ("A=1", 0),
        # A real program runs until the time limit.
        ("srun python train.py", None),
        ("srun --no-such-option sleep 3", 0),  # srun exits 255 at once (golden errexit/)
        ("srun", 0),  # srun: fatal: No command given to execute.
    ],
)
def test_a_launched_command_takes_its_own_time(line: str, runtime: int | None) -> None:
    assert simulated(f"#!/bin/bash\n{line}\n").runtime == runtime


def test_an_exit_after_a_launched_step_is_the_scripts_code() -> None:
    got = simulated("#!/bin/bash\nsrun -n2 sleep 4\nexit 3\n")
    assert (got.runtime, got.exit_code) == (4, 3)


@given(
    st.lists(
        st.sampled_from(
            [
                "srun",
                "-n",
                "4",
                "--mpi",
                "=",
                "env",
                "A=1",
                "time",
                "-p",
                "sleep",
                "3",
                "exec",
                "'",
                '"',
                ";",
                "&&",
                "-",
                "--",
                "x",
            ]
        ),
        max_size=12,
    )
)
def test_any_command_line_is_read_without_a_traceback(words: list[str]) -> None:
    # Only ``#SLURMSIM`` directives can be refused; commands are guessed at, never refused.
    got = simulated("#!/bin/bash\n" + " ".join(words) + "\n")
    assert got.runtime is None or got.runtime >= 0


@pytest.mark.parametrize(
    ("line", "steps"),
    [
        ("srun hostname; srun -n 1 sleep 2; srun -N 1 sleep 300",
         [(0, 0, "hostname"), (0, 2, "sleep"), (2, 300, "sleep")]),
        ("sleep 5; srun -J train python train.py", [(5, 0, "train")]),  # beside a sleep
        ("srun python train.py", [(0, None, "python")]),  # alone: until the job ends
        ("srun sleep 9 & srun sleep 4 & wait; srun true",
         [(0, 9, "sleep"), (0, 4, "sleep"), (9, 0, "true")]),  # side by side, then after both
        ("sleep 3; hostname", []),  # no srun, no step
    ],
)  # fmt: skip
def test_a_scripts_srun_lines_are_its_steps(line: str, steps: list[tuple]) -> None:
    got = simulated(f"#!/bin/bash\n{line}\n").steps
    assert [(s.at, s.runs, s.name) for s in got] == steps


@pytest.mark.parametrize(
    ("body", "steps"),
    [
        ("srun python train.py", [(0, 600, "python")]),  # the whole declared time
        ("srun python prep.py\nsleep 60\nsrun python train.py",
         [(0, 270, "python"), (330, 270, "python")]),  # what the sleep leaves, shared
        ("srun -n1 python a.py &\nsrun -n1 python b.py &\nsleep 30 &\nwait\necho done",
         [(0, 600, "python"), (0, 600, "python")]),  # the wait for them takes the time
        ("srun hostname\nsrun python train.py\nsleep 1000",
         [(0, 0, "hostname"), (0, 0, "python")]),  # the sleeps take more than declared
    ],
)  # fmt: skip
def test_a_declared_runtime_is_the_time_of_the_commands_nobody_can_time(
    body: str, steps: list[tuple]
) -> None:
    got = simulated(f"#!/bin/bash\n#SLURMSIM --runtime=10m\n{body}\n")
    assert got.runtime == 600
    assert [(s.at, s.runs, s.name) for s in got.steps] == steps


def test_a_step_keeps_sruns_options() -> None:
    (step,) = simulated("#!/bin/bash\nsrun -n 4 --exact --mem=1G sleep 3\n").steps
    assert step.options == (("ntasks", "4"), ("exact", None), ("mem", "1G"))


def test_a_command_in_the_background_does_not_hold_the_script_up() -> None:
    assert simulated("#!/bin/bash\nsleep 100 &\n").runtime == 0
    assert simulated("#!/bin/bash\nsleep 100 &\nsleep 5\nwait\n").runtime == 100


@pytest.mark.parametrize(
    ("script", "errexit"),
    [
        pytest.param("set -e\nsrun true\n", [True], id="set -e"),
        pytest.param("set -euo pipefail\nsrun true\n", [True], id="a bundle"),
        pytest.param("set -o errexit\nsrun true\n", [True], id="set -o errexit"),
        pytest.param("#!/bin/bash -e\nsrun true\n", [True], id="on the interpreter line"),
        pytest.param("set -e\nset +e\nsrun true\n", [False], id="turned off"),
        pytest.param("set -o pipefail -u\nsrun true\n", [False], id="other options"),
        pytest.param("set -E\nsrun true\n", [False], id="errtrace is not errexit"),
        pytest.param("set -e\nsrun true || echo no\n", [False], id="an || handles it"),
        pytest.param("set -e\nsrun true && echo yes\n", [False], id="first of an && list"),
        pytest.param("set -e\ncd /tmp && srun true\n", [True], id="last of an && list"),
        pytest.param("set -e\nsrun sleep 9 &\nwait\n", [False], id="in the background"),
        pytest.param("srun true\nset -e\nsrun true\n", [False, True], id="from where it is set"),
    ],
)
def test_errexit_is_read_where_bash_applies_it(script: str, errexit: list[bool]) -> None:
    assert [s.errexit for s in simulated(script).steps] == errexit


def test_the_and_list_after_a_step_is_what_its_failure_skips() -> None:
    steps = simulated("srun a && sleep 5 && srun -n1 sleep 3 || sleep 7; sleep 2\n").steps
    assert [(s.at, s.chain_seconds, s.chain_steps) for s in steps] == [(0, 8, 1), (5, 0, 0)]


def test_a_background_step_knows_the_wait_that_waits_for_it() -> None:
    steps = simulated("srun sleep 30 &\nsrun sleep 10 &\nsleep 2\nwait\nsrun sleep 5 &\n").steps
    waits = [(s.wait_until, s.wait_others) for s in steps]
    assert waits == [(30, 10), (30, 30), (-1, -1)]  # the last is waited for by no wait


@pytest.mark.parametrize(
    ("script", "runtime", "exit_code"),
    [
        pytest.param('if [ -n "$X" ]; then echo hi; fi\nsrun hostname\n', 0, 0,
                     id="an if is no program"),
        pytest.param("cd $HOME/x || exit 1\nsrun sleep 5\n", 5, 0, id="|| exit: not taken"),
        pytest.param("[ -z $X ] && { echo usage; exit 2; }\nsleep 3\n", 3, 0,
                     id="a guard's exit: not taken"),
        pytest.param("if [ ! -f a ]; then exit 4; fi\nsleep 3\nexit 6\n", 3, 6,
                     id="an exit in a branch: not taken; at the top: taken"),
        pytest.param("for i in 1 2 3; do srun sleep 10; done\n", 30, 0, id="a literal loop"),
        pytest.param("for i in $(seq 4); do sleep $((15 * 2)); done\n", 120, 0,
                     id="seq and arithmetic"),
        pytest.param("export N=$(scontrol show hostnames | head -n 1)\nsrun hostname\n", 0, 0,
                     id="a substitution is quick"),
        pytest.param("cat > c.yaml <<EOF\nkey: value\nEOF\nsleep 2\n", 2, 0,
                     id="a here-document is data"),
        pytest.param("while true; do nvidia-smi; sleep 60; done &\nsrun sleep 30\n", 30, 0,
                     id="a loop in the background"),
        pytest.param("for i in $(seq 100000); do srun true; done\n", None, 0,
                     id="too long to lay out: unknown"),
    ],
)  # fmt: skip
def test_shell_structure_is_read_as_the_shell_runs_it(
    script: str, runtime: int | None, exit_code: int
) -> None:
    got = simulated(f"#!/bin/bash\n{script}")
    assert (got.runtime, got.exit_code) == (runtime, exit_code)


def test_a_step_keeps_the_exit_after_its_or() -> None:
    steps = simulated("srun a || exit 3\nsrun b || exit\nsrun c || echo no\n").steps
    assert [s.or_exit for s in steps] == [3, -1, None]


def test_an_exit_of_a_variable_ends_the_script_as_commands_succeed() -> None:
    got = simulated("#!/bin/bash\nsleep 2\nexit $rc\nsleep 9\n")
    assert (got.runtime, got.exit_code) == (2, 0)
