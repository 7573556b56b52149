"""srun in a heterogeneous job's script: which components a step runs in, read as the
oracle's srun reads them (``tests/e2e/data/hetstep.sh`` runs them end to end)."""

import pytest

from cli._het_step import Entry, entries, het_groups, split

JOB = {"SLURM_JOB_ID": "7", "SLURM_HET_SIZE": "2"}


def _groups(argv: list[str], env: dict[str, str] = JOB) -> list[tuple[int, list[str]]] | int:
    chosen = entries(argv, env)
    return chosen if isinstance(chosen, int) else [(e.group, e.operands) for e in chosen]


def test_the_command_line_is_cut_at_each_colon() -> None:
    assert split(["-l", "a", "x", ":", "b", ":", ":"]) == [["-l", "a", "x"], ["b"], [], []]


@pytest.mark.parametrize(
    ("text", "want"),
    [("0", [0]), ("0,2-3", [0, 2, 3]), ("1-1", [1]), ("x", None), ("1-x", None), ("", None)],
)
def test_het_group_reads_a_list_of_offsets(text: str, want: list[int] | None) -> None:
    assert het_groups(text) == want


def test_components_without_het_group_take_the_next_offset_and_sort_by_it() -> None:
    assert _groups(["a", ":", "b"]) == [(0, ["a"]), (1, ["b"])]
    assert _groups(["--het-group=1", "a", ":", "--het-group=0", "b"]) == [(0, ["b"]), (1, ["a"])]
    assert _groups(["--het-group=0-1", "a"]) == [(0, ["a"]), (1, ["a"])]
    assert _groups(["--het-group=0,0", "a"]) == [(0, ["a"])]  # once within one list


def test_a_component_without_a_command_runs_the_next_ones() -> None:
    assert _groups(["--het-group=0", ":", "--het-group=1", "b"]) == [(0, ["b"]), (1, ["b"])]


def test_options_carry_on_to_later_components_only() -> None:
    chosen = entries(["-l", "-n1", "-o", "f", "a", ":", "b"], JOB)
    assert isinstance(chosen, list)
    first, second = chosen
    assert isinstance(first, Entry)
    assert first.values == {"label": None, "ntasks": "1", "output": "f"}
    assert second.values == {"label": None, "output": "f"}  # not -n (the oracle)
    chosen = entries(["a", ":", "-l", "b"], JOB)
    assert isinstance(chosen, list)
    assert "label" not in chosen[0].values


@pytest.mark.parametrize(
    ("argv", "env", "err"),
    [
        pytest.param(
            ["--het-group=0", "a", ":", "--het-group=0", "b"],
            JOB,
            "srun: fatal: Duplicate het groups in single srun not supported\n",
            id="an offset named twice",
        ),
        pytest.param(
            ["--het-group=2", "a"],
            JOB,
            "srun: error: Requested het-group offset exceeds highest hetjob index (2 > 1)\n",
            id="one offset beyond the job",
        ),
        pytest.param(
            ["a", ":", "b", ":", "c"],
            JOB,
            "srun: error: Attempt to run a job step with het group value of 2, but the job "
            "allocation has maximum value of 1\n",
            id="more components than the job has",
        ),
        pytest.param(
            ["--het-group=x", "a"],
            JOB,
            "srun: error: _parse_single_range: Invalid range: `x'\n"
            "srun: error: Invalid --het-group value: x\n",
            id="not an offset",
        ),
        pytest.param(
            ["--het-group=0", "a"],
            {"SLURM_JOB_ID": "7"},
            "srun: error: No directives to start application on any available hetjob components\n",
            id="a job of one component",
        ),
        pytest.param(
            ["--het-group=1", "a"],
            {"SLURM_JOB_ID": "7"},
            "srun: error: Requested het-group offset exceeds highest hetjob index (1 > 0)\n",
            id="beyond a job of one component",
        ),
    ],
)
def test_srun_refuses_what_names_no_components(
    argv: list[str], env: dict[str, str], err: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert entries(argv, env) == 1
    assert capsys.readouterr().err == err
