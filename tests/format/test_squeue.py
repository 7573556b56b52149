"""squeue behaviours the golden files do not pin down byte for byte."""

from dataclasses import replace

import pytest

from slurmsim.format.squeue import SqueueOptions, job_spec, render_squeue
from slurmsim.model.jobs import JobState
from tests.format import scenario


def _ids(opts: SqueueOptions) -> list[str]:
    """The JOBID column of the busy cluster's listing under ``opts``."""
    state = scenario.busy()
    got = render_squeue(state, replace(opts, noheader=True, format="%i"), state.now)
    return got.stdout.split()


def test_unknown_long_field_is_reported_and_dropped() -> None:
    """README: `-O TresPerNode` is not a 22.05 field; the column goes, exit stays 0."""
    state = scenario.busy()
    got = render_squeue(state, SqueueOptions(format_long="JobID:10,TresPerNode:16"), state.now)
    assert got.stderr == "squeue: error: Invalid job format specification: TresPerNode\n"
    assert got.exit_code == 0
    assert got.stdout.splitlines()[0] == "JOBID     "


@pytest.mark.parametrize(
    ("opts", "stderr"),
    [
        pytest.param(
            SqueueOptions(states=("bogus",)),
            "squeue: error: Invalid job state specified: bogus\n",
            id="bad state",
        ),
        pytest.param(SqueueOptions(jobs=("x12",)), "squeue: error: Invalid job id: x12\n", id="id"),
        pytest.param(SqueueOptions(jobs=("0",)), "squeue: error: Invalid job id: 0\n", id="zero"),
        pytest.param(
            SqueueOptions(jobs=("2147483648",)),
            "squeue: error: Invalid job id: 2147483648\n",
            id="over INT_MAX",
        ),
        pytest.param(
            SqueueOptions(nodelist=("dgx9",)), "squeue: error: Invalid node name dgx9\n", id="node"
        ),
    ],
)
def test_bad_options_exit_1_with_an_error(opts: SqueueOptions, stderr: str) -> None:
    state = scenario.busy()
    got = render_squeue(state, opts, state.now)
    assert got.stderr.startswith(stderr)
    assert (got.stdout, got.exit_code) == ("", 1)


def test_a_bad_sort_key_is_found_after_the_header() -> None:
    state = scenario.busy()
    got = render_squeue(state, SqueueOptions(sort="Z"), state.now)
    assert got.stderr == "squeue: error: Invalid sort specification: Z\n"
    assert (got.stdout.count("\n"), got.exit_code) == (1, 1)


@pytest.mark.parametrize(
    ("spec", "read"),
    [
        ("233", (233, None)),
        ("233x", (233, None)),
        ("233.0", (233, None)),
        ("234_3", (234, 3)),
        ("234_3x", (234, 3)),
        ("234_x", (234, 0)),
        ("+233", (233, None)),
        ("x", None),
        ("0", None),
        ("2147483647", (2147483647, None)),
        ("2147483648", None),
    ],
)
def test_job_ids_are_read_as_strtol_reads_them(spec: str, read: tuple[int, int | None]) -> None:
    assert job_spec(spec) == read


def test_trailing_text_after_an_id_is_ignored() -> None:
    assert _ids(SqueueOptions(jobs=("233x",))) == ["233"]


def test_unknown_user_is_an_error_but_listing_continues() -> None:
    state = scenario.busy()
    got = render_squeue(state, SqueueOptions(users=("nobody",)), state.now)
    assert got.stderr == "squeue: error: Invalid user: nobody\n\n"
    assert got.exit_code == 0
    assert got.stdout.count("\n") == 1  # the header only


def test_unknown_ids_among_several_are_silently_missing() -> None:
    assert _ids(SqueueOptions(jobs=("233", "999999"))) == ["233"]


@pytest.mark.parametrize(
    ("opts", "want"),
    [
        pytest.param(
            SqueueOptions(users=("1003",)),
            ["238", "234_[2-3%2]", "234_0", "234_1"],
            id="user by uid",
        ),
        pytest.param(SqueueOptions(jobs=("234_3",)), ["234_3"], id="one pending array task"),
        pytest.param(SqueueOptions(jobs=("236",)), ["234_0"], id="a task by its own job id"),
        pytest.param(
            SqueueOptions(states=("all",), users=("bob",)),
            ["230", "240", "232", "235"],
            id="-t all adds finished jobs; CD sorts first",
        ),
        pytest.param(
            SqueueOptions(sort="-A", users=("alice",)),
            ["243", "242", "241", "239", "233"],
            id="-S descending job id",
        ),
    ],
)
def test_filters_and_sorting_pick_the_expected_lines(opts: SqueueOptions, want: list[str]) -> None:
    assert _ids(opts) == want


def test_start_lists_pending_jobs_by_expected_start() -> None:
    state = scenario.busy()
    lines = render_squeue(state, SqueueOptions(start=True), state.now).stdout.splitlines()
    assert lines[0] == (
        "             JOBID PARTITION     NAME     USER ST          START_TIME  NODES"
        " SCHEDNODES           NODELIST(REASON)"
    )
    assert lines[3] == (
        "               238       gpu big-eval    carol PD 2026-11-29T19:35:33      2"
        " dgx[3-4]             (Resources)"
    )
    starts = [line.split()[5] for line in lines[1:]]
    assert starts == sorted(starts[:3]) + ["N/A"] * 4  # no estimate: last (oracle order/)
    assert "R " not in "".join(line[35:40] for line in lines[1:])


def test_reason_text_replaces_the_code_in_percent_r_only() -> None:
    state = scenario.busy()
    small = state.jobs[239]
    small.reason, small.state_desc = "ReqNodeNotAvail", "ReqNodeNotAvail, UnavailableNodes:dgx2"
    got = render_squeue(state, SqueueOptions(jobs=("239",), format="%r|%R"), state.now)
    assert got.stdout.splitlines()[1] == (
        "ReqNodeNotAvail, UnavailableNodes:dgx2|(ReqNodeNotAvail, UnavailableNodes:dgx2)"
    )


def test_failed_job_shows_its_reason_not_its_nodes() -> None:
    state = scenario.final()
    got = render_squeue(
        state, SqueueOptions(jobs=("231",), states=("F",), format="%t %R"), state.now
    )
    assert got.stdout.splitlines()[1] == "F (NonZeroExitCode)"
    assert state.jobs[231].state is JobState.FAILED
