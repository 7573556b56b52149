"""The oracle's phase-3 scenario (record-golden.sh) replayed at the recorded instants.

Expected values are read off golden 068, 073, 085, 088-096, 105, 130, 175.
"""

import pytest

from slurmsim.engine import control
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Hold, JobState
from tests.engine.builders import GOLDEN_USAGE, at, cluster, job


@pytest.fixture
def busy() -> ClusterState:
    """The cluster at 19:05:52, as the oracle's phase 4 saw it."""
    s = cluster(bf_interval=5, usage=GOLDEN_USAGE)
    s.next_job_id = 230
    advance(s, at("19:05:31"))
    submit(s, job("quick-ok", user="bob", tasks=1, limit="00:05:00", runtime=0))
    submit(s, job("fails", user="carol", limit="00:05:00", runtime=0, exit_code=3))
    submit(s, job("will-timeout", user="bob", tasks=1, limit="00:01:00", runtime=300))
    submit(s, job("train-llm", nodes=2, gpus_per_node=8, limit="00:30:00", runtime=900))
    sweep = job("sweep", user="carol", nodes=1, gpus_per_node=4, limit="00:05:00", runtime=60)
    submit(s, sweep, array=(0, 1, 2, 3), throttle=2)
    advance(s, at("19:05:33"))
    submit(s, job("finetune", user="bob", nodes=1, gpus_per_node=8, limit="01:00:00", runtime=900))
    advance(s, at("19:05:36"))
    submit(s, job("big-eval", user="carol", nodes=2, gpus_per_node=8, limit="00:20:00"))
    submit(s, job("small", nodes=1, gpus_per_node=8, limit="00:10:00", runtime=600))
    held = job("held-job", user="bob", nodes=1, gpus_per_node=4, limit="00:10:00")
    submit(s, held, hold=Hold.USER)
    submit(
        s, job("after-train", nodes=1, gpus_per_node=8, limit="00:10:00", dependency="afterok:233")
    )
    submit(s, job("too-long", partition="debug", limit="03:00:00"))
    advance(s, at("19:05:37"))
    submit(s, job("train", nodes=1, gpus_per_node=8, limit="00:30:00", runtime=300))
    advance(s, at("19:05:52"))
    return s


@pytest.mark.parametrize(
    ("job_id", "state", "reason", "nodes"),
    [
        pytest.param(230, JobState.COMPLETED, "None", ("dgx1",), id="quick job completed on dgx1"),
        pytest.param(231, JobState.FAILED, "NonZeroExitCode", ("dgx1",), id="exit 3 is FAILED"),
        pytest.param(232, JobState.RUNNING, "None", ("dgx1",), id="1-CPU job packs onto dgx1"),
        pytest.param(
            233, JobState.RUNNING, "None", ("dgx3", "dgx4"), id="2-node job gets dgx[3-4]"
        ),
        pytest.param(235, JobState.RUNNING, "None", ("dgx2",), id="8-GPU job gets dgx2"),
        pytest.param(236, JobState.RUNNING, "None", ("dgx1",), id="array task 0 split off as 236"),
        pytest.param(237, JobState.RUNNING, "None", ("dgx1",), id="array task 1 split off as 237"),
        pytest.param(234, JobState.PENDING, "JobArrayTaskLimit", (), id="meta record throttled"),
        pytest.param(238, JobState.PENDING, "Resources", (), id="head job waits for Resources"),
        pytest.param(
            239, JobState.PENDING, "Priority", (), id="job behind the head waits Priority"
        ),
        pytest.param(240, JobState.PENDING, "JobHeldUser", (), id="sbatch -H is a user hold"),
        pytest.param(241, JobState.PENDING, "Dependency", (), id="afterok on a running job waits"),
        pytest.param(242, JobState.PENDING, "PartitionTimeLimit", (), id="over MaxTime pends"),
        pytest.param(243, JobState.PENDING, "Priority", (), id="later job also Priority"),
    ],
)
def test_state_matches_golden_when_busy(busy, job_id, state, reason, nodes):
    j = busy.jobs[job_id]
    assert (j.state, j.reason, j.nodes) == (state, reason, nodes)


@pytest.mark.parametrize(
    ("job_id", "start", "sched_nodes"),
    [
        pytest.param(238, "19:35:33", ("dgx3", "dgx4"), id="head planned at train-llm's limit"),
        pytest.param(239, "19:10:33", ("dgx1",), id="planned when the array tasks' limits end"),
        pytest.param(243, "19:20:00", ("dgx1",), id="planned at a map slot boundary: rounded"),
    ],
)
def test_backfill_plan_matches_golden(busy, job_id, start, sched_nodes):
    j = busy.jobs[job_id]
    assert (j.start_time, j.sched_nodes, j.scheduler) == (at(start), sched_nodes, "Backfill")
    assert j.last_sched_eval == at("19:05:50")


@pytest.mark.parametrize(
    ("job_id", "priority"),
    [
        pytest.param(233, 4752, id="alice 2 nodes: 4000 + 252 + 500"),
        pytest.param(238, 10752, id="carol 2 nodes: 10000 + 252 + 500"),
        pytest.param(239, 4626, id="alice 1 node: 4000 + 126 + 500"),
        pytest.param(242, 5126, id="debug partition factor 2/2"),
        pytest.param(235, 6626, id="bob fair share 0.6"),
        pytest.param(240, 0, id="held job has priority 0"),
    ],
)
def test_priority_matches_golden(busy, job_id, priority):
    assert busy.jobs[job_id].priority == priority


def test_golden_times_of_started_jobs(busy):
    train = busy.jobs[233]
    assert (train.submit_time, train.start_time, train.end_time) == (
        at("19:05:31"),
        at("19:05:33"),
        at("19:35:33"),
    )
    assert [a.gpus for a in train.alloc] == [tuple(range(8))] * 2
    meta = busy.jobs[234]
    assert (meta.eligible_time, meta.accrue_time, meta.last_sched_eval) == (
        None,
        at("19:05:33"),
        at("19:05:33"),
    )


def test_timeout_ends_at_periodic_check(busy):
    """golden 175: limit 1:00 from 19:05:33, killed at the 19:06:40 check."""
    advance(busy, at("19:07:00"))
    j = busy.jobs[232]
    assert (j.state, j.reason, j.end_time) == (JobState.TIMEOUT, "TimeLimit", at("19:06:40"))


def test_release_then_cancel_sequence_matches_golden(busy):
    """golden 113-130: admin hold, release (None until the next pass), cancel of the head."""
    advance(busy, at("19:05:56"))
    control.hold(busy, 239, None, "root")
    assert (busy.jobs[239].reason, busy.jobs[239].priority) == ("JobHeldAdmin", 0)
    control.release(busy, 239, None, "root")
    control.release(busy, 240, None, "bob")
    assert (busy.jobs[239].reason, busy.jobs[240].reason) == ("None", "None")
    advance(busy, at("19:05:57"))
    control.cancel(busy, 238, None, "carol")
    control.cancel(busy, 234, 3, "carol")
    assert busy.jobs[234].array_tasks == (2,)
    advance(busy, at("19:06:03"))
    reasons = {i: busy.jobs[i].reason for i in (239, 240, 243)}
    assert reasons == {240: "Resources", 239: "Priority", 243: "Priority"}
