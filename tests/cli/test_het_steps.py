"""srun in a heterogeneous job's script: which components a step runs in, read as the
oracle's srun reads them (``tests/e2e/data/hetstep.sh`` runs them end to end)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli._het_step import Entry, entries, het_groups, split
from slurmsim.api import steps
from slurmsim.api.session import session
from slurmsim.model.jobs import JobState
from slurmsim.model.steps import StepRequest, steps_of
from slurmsim.parse.step_options import step_request
from tests.cli.conftest import advance, slurm

JOB = {"SLURM_JOB_ID": "7", "SLURM_HET_SIZE": "2"}


def _groups(argv: list[str], env: dict[str, str] = JOB) -> list[tuple[int, list[str]]] | int:
    chosen = entries(argv, env)
    return chosen if isinstance(chosen, int) else [(e.group, e.operands) for e in chosen]


def test_the_command_line_is_cut_at_each_colon() -> None:
    assert split(["-l", "a", "x", ":", "b", ":", ":"]) == [["-l", "a", "x"], ["b"], [], []]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("0", [0], id="one"),
        pytest.param("0,2-3", [0, 2, 3], id="a list of ranges"),
        pytest.param("[0-1]", [0, 1], id="in brackets"),
        pytest.param("127", [127], id="the highest offset"),
        pytest.param("x", "x", id="not a number: the item"),
        pytest.param("0,1-x", "1-x", id="a bad range: that range"),
        pytest.param("1-0", "1-0", id="a range backwards"),
        pytest.param("0-1-2", "0-1-2", id="a range of three"),
        pytest.param("0,1,", "", id="an empty item"),
        pytest.param("128", None, id="an offset beyond any job"),
        pytest.param("0-5000000000", None, id="a range beyond any job, not counted out"),
    ],
)
def test_het_group_reads_a_list_of_offsets(text: str, want: list[int] | str | None) -> None:
    """The oracle's srun: a bad item is named (``_parse_single_range``), an offset from 128
    on refused without it."""
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
            ["--het-group=0-500", "a"],
            JOB,
            "srun: error: Invalid --het-group value: 0-500\n",
            id="offsets beyond any job",
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


@pytest.fixture
def het_job(cluster: object, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """alice's heterogeneous job 1 (one node) + 2 (two nodes) runs, its steps her own."""
    assert slurm("sbatch", "-N1", ":", "-N2", "--wrap=sleep 300", user="alice").exit == 0
    advance(60)  # a backfill cycle starts it
    monkeypatch.setenv("SLURMSIM_USER", "alice")
    return 1, 2


def _requests(jobs: tuple[int, ...]) -> list[tuple[int, StepRequest]]:
    return [(job, step_request({}, {}, "sleep", user="alice")[0]) for job in jobs]


def test_a_step_over_two_components_takes_one_id_in_both(het_job: tuple[int, int]) -> None:
    first = steps.create_het(_requests(het_job))
    assert [(c.job.job_id, c.step and c.step.step_id) for c in first] == [(1, 0), (2, 0)]
    (alone,) = steps.create_het(_requests(het_job[1:]))  # the next id counts the pair once
    assert alone.step is not None
    assert alone.step.step_id == 1


def test_a_later_components_refusal_keeps_the_shares_before_it_ended(
    het_job: tuple[int, int],
) -> None:
    """The oracle: the leader's share COMPLETED, its id used, when component 1 refused."""
    leader, second = _requests(het_job)
    too_many = (second[0], step_request({"ntasks": "9"}, {}, "sleep", user="alice")[0])
    with pytest.raises(steps.ComponentRefused) as refused:
        steps.create_het([leader, too_many])
    assert refused.value.job_id == 2
    assert refused.value.error.message == "More processors requested than permitted"
    (next_one,) = steps.create_het([leader])
    assert next_one.step is not None
    assert next_one.step.step_id == 1
    shown = slurm("sacct", "-n", "-P", "-o", "jobid,state", "-j", "1+0.0", user="alice")
    assert shown.out == f"1+0.0|{JobState.COMPLETED.value}\n"


def test_cancelling_a_step_over_two_components_cancels_both_shares(
    het_job: tuple[int, int],
) -> None:
    steps.create_het(_requests(het_job))
    steps.cancel(1, 0, None)
    with session(write=False) as s:
        shares = [steps_of(s.state.jobs[j])[0] for j in het_job]
    assert [(x.state, x.cancelled_by) for x in shares] == [(JobState.CANCELLED, "alice")] * 2


@pytest.fixture
def plain_job(cluster: object, monkeypatch: pytest.MonkeyPatch) -> int:
    """alice's job 1 of one component, on three nodes with 3, 1 and 1 CPUs, runs."""
    assert slurm("sbatch", "-N3", "-n5", "--wrap=sleep 300", user="alice").exit == 0
    advance(60)
    monkeypatch.setenv("SLURMSIM_USER", "alice")
    return 1


def _parts(*ntasks: int) -> list[StepRequest]:
    return [step_request({"ntasks": str(n)}, {}, "sleep", user="alice")[0] for n in ntasks]


def test_parts_of_a_job_take_its_first_nodes_their_tasks_need(plain_job: int) -> None:
    """The oracle: ``-n4 : -n1`` on 3, 1 and 1 CPUs runs on dgx1-2 and dgx3 as step 0+0
    and 0+1; the next step takes the next id."""
    made = steps.create_parts(plain_job, _parts(4, 1))
    assert [(c.step and (c.step.label, c.step.nodes)) for c in made] == [
        ("0+0", ("dgx1", "dgx2")),
        ("0+1", ("dgx3",)),
    ]
    steps.finish(plain_job, 0, 0, 0, component=0)
    steps.finish(plain_job, 0, 3, 0, component=1)  # each part ends as its own tasks did
    (after,) = steps.create_parts(plain_job, _parts(1))
    assert after.step is not None
    assert after.step.label == "1+0"
    with session(write=False) as s:
        ended = [(x.label, x.state, x.exit_code) for x in steps_of(s.state.jobs[plain_job])]
    assert ended[:2] == [("0+0", JobState.COMPLETED, 0), ("0+1", JobState.FAILED, 3)]


def test_srun_refuses_a_part_the_nodes_left_cannot_hold(plain_job: int) -> None:
    """The oracle: ``-n5 : -n1`` leaves the second no node; the first stays, COMPLETED."""
    with pytest.raises(steps.ComponentRefused) as refused:
        steps.create_parts(plain_job, _parts(5, 1))
    assert refused.value.error.message == (
        "Allocation failure of 1 nodes: job size of 3, already allocated 3 nodes to "
        "previous components."
    )
    shown = slurm("sacct", "-n", "-P", "-o", "jobid,state,nnodes", "-j", "1", user="alice")
    assert shown.out.splitlines()[-1] == f"1.0+0|{JobState.COMPLETED.value}|3"


def test_a_part_gets_only_the_nodes_its_cpus_count(plain_job: int) -> None:
    """The oracle: the second part of ``-n2 : -n2`` gets one node of one CPU, not two."""
    with pytest.raises(steps.ComponentRefused) as refused:
        steps.create_parts(plain_job, _parts(2, 2))
    assert refused.value.error.message == "More processors requested than permitted"


@given(st.text(alphabet="0123456789,-x[] ", max_size=12))
def test_het_group_never_raises(text: str) -> None:
    groups = het_groups(text)
    assert not isinstance(groups, list) or all(0 <= g < 128 for g in groups)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    argv=st.lists(
        st.sampled_from(
            [
                ":",
                "-l",
                "-n1",
                "--het-group=1",
                "--het-group=0-1",
                "--het-group=x",
                "--het-group=5",
                "true",
                "-o",
                "f",
            ]
        ),
        max_size=8,
    )
)
def test_any_command_line_names_components_or_is_refused_as_srun_refuses_it(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Never a traceback: the components in the order of their offsets, each named once
    and within the job, each with a command; or exit 1 (255 from getopt) and srun's words."""
    try:
        chosen: list[Entry] | int = entries(argv, JOB)
    except SystemExit as stopped:
        chosen = -1 if stopped.code == 255 else 0  # getopt's refusal
    said = capsys.readouterr().err
    if isinstance(chosen, int):
        assert chosen in (1, -1)
        assert said.startswith("srun: ")
        return
    groups = [entry.group for entry in chosen]
    assert groups == sorted(set(groups))
    assert all(0 <= entry.group <= 1 and entry.operands for entry in chosen)


def test_het_group_from_outside_the_job_goes_to_the_job_named(het_job: tuple[int, int]) -> None:
    """An srun attached with ``--jobid`` has no component variables to read offsets in:
    its step goes to the job it names, as before offsets were read."""
    got = slurm("srun", "--jobid=1", "--het-group=0", "-n1", "true", user="alice")
    assert (got.exit, got.err) == (0, "")
