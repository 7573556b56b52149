"""scontrol records and errors beyond the golden files."""

import pytest

from slurmsim.format.scontrol import (
    show_hostlist,
    show_hostnames,
    show_jobs,
    show_nodes,
    show_partition,
)
from tests.format import scenario
from tests.format.builders import add, at, cluster, job, run


@pytest.mark.parametrize(
    ("selector", "stdout", "stderr"),
    [
        pytest.param(
            "999999", "", "slurm_load_jobs error: Invalid job id specified\n", id="unknown id"
        ),
        pytest.param(
            "23x", "", "scontrol_print_job error: Invalid job id specified\n", id="not an id"
        ),
        pytest.param("234_9", "Job 234_9 not found\n", "", id="array task not in the array"),
    ],
)
def test_show_job_errors_exit_1(selector: str, stdout: str, stderr: str) -> None:
    state = scenario.busy()
    got = show_jobs(state, selector, now=state.now)
    assert (got.stdout, got.stderr, got.exit_code) == (stdout, stderr, 1)


def test_show_job_without_jobs_says_so() -> None:
    state = cluster()
    assert show_jobs(state, None, now=state.now).stdout == "No jobs in the system\n"


def test_oneliner_joins_the_record_with_a_trailing_space() -> None:
    state = scenario.busy()
    text = show_jobs(state, "233", now=state.now, oneliner=True).stdout
    assert text.count("\n") == 1
    assert text.startswith("JobId=233 JobName=train-llm UserId=alice(1001) GroupId=alice(1001)")
    assert text.endswith(" Power= TresPerNode=gres:gpu:8 \n")


def test_dependency_lists_what_is_still_unmet() -> None:
    state = scenario.busy()
    text = show_jobs(state, "241", now=state.now).stdout
    assert " Dependency=afterok:233(unfulfilled)\n" in text


def test_show_all_jobs_prints_every_record_in_id_order() -> None:
    state = scenario.busy()
    text = show_jobs(state, None, now=state.now).stdout
    ids = [line.split()[0] for line in text.splitlines() if line.startswith("JobId=")]
    assert ids == [f"JobId={i}" for i in sorted(state.jobs)]


def test_unknown_partition_is_reported_on_stdout() -> None:
    got = show_partition(cluster(), "nosuch")
    assert (got.stdout, got.exit_code) == ("Partition nosuch not found\n", 1)


def test_hostnames_and_hostlist() -> None:
    assert show_hostnames(["dgx1", "dgx2"]) == "dgx1\ndgx2\n"
    assert show_hostlist(["dgx3", "dgx1", "dgx2"]) == "dgx[3,1-2]\n"  # neighbours merge, order kept


@pytest.mark.parametrize(
    ("main", "flag"),
    [
        pytest.param(None, "Backfill:*", id="no main pass yet"),
        pytest.param("19:05:50", "Backfill:*", id="main pass first in the cycle's second"),
        pytest.param("19:05:52", "Main", id="main pass since the cycle"),
    ],
)
def test_a_main_pass_clears_the_backfill_flag_but_not_the_plan(main: str | None, flag: str) -> None:
    """Every main pass's queue build clears the backfill flag of each pending job, and
    only the flag: the planned start stays until a backfill cycle plans it again."""
    state = scenario.busy()  # job 238 planned by the cycle at 19:05:50
    state.last_main = None if main is None else at(main)
    text = show_jobs(state, "238", now=state.now).stdout
    assert f"Scheduler={flag}\n" in text
    assert "StartTime=2026-11-29T19:35:33 " in text
    assert "SchedNodeList=dgx[3-4]\n" in text


@pytest.mark.parametrize(
    ("gpus", "used"),
    [
        pytest.param((), "gpu:h100:0(IDX:N/A)", id="idle"),
        pytest.param((2, 3, 4), "gpu:h100:3(IDX:2-4)", id="a run of indices (oracle)"),
        pytest.param((0, 3, 5, 6), "gpu:h100:4(IDX:0,3,5-6)", id="scattered"),
    ],
)
def test_detailed_node_record_shows_the_gpus_in_use(gpus: tuple[int, ...], used: str) -> None:
    state = cluster()
    if gpus:
        add(state, run(job(301, "w", nodes=1, gpus=len(gpus)), ("dgx2",), start="19:00:05",
                       gpus=gpus))  # fmt: skip
    text = show_nodes(state, ["dgx2"], detail=True).stdout
    assert f"   Gres=gpu:h100:8\n   GresDrain=N/A\n   GresUsed={used}\n   NodeAddr=" in text
    assert "GresUsed" not in show_nodes(state, ["dgx2"]).stdout
