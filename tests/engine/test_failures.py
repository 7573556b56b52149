"""Hardware failures and repairs, now or staged for a simulated instant."""

import pytest

from slurmsim.engine import failures
from slurmsim.engine.submit import submit
from slurmsim.model.errors import SlurmError
from slurmsim.model.failures import Failure, FailureKind, scheduled
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job


def _running_job(s, requeue=True):
    a = submit(s, job("a", gpus_per_node=8, limit="1:00:00", runtime=3000, requeue=requeue))
    failures.advance(s, Instant(T0 + 10))
    assert a.state is JobState.RUNNING
    return a


@pytest.mark.parametrize(
    ("requeue", "state"),
    [
        pytest.param(True, JobState.PENDING, id="a requeueable batch job goes back to the queue"),
        pytest.param(False, JobState.NODE_FAIL, id="any other job ends NODE_FAIL"),
    ],
)
def test_failed_node_goes_down_not_responding_and_kills_its_jobs(requeue, state):
    s = cluster()
    a = _running_job(s, requeue)
    name = a.nodes[0]
    failures.fail(s, Failure(s.now, FailureKind.NODE, name))
    node = s.nodes[name]
    assert (node.down, node.not_responding) == (True, True)
    assert (node.reason, node.reason_user) == ("Not responding", "slurm")
    assert a.state is state


def test_lost_gpu_drains_the_node_and_running_jobs_go_on():
    s = cluster(nodes=1)
    a = _running_job(s)
    failures.fail(s, Failure(s.now, FailureKind.GPU, "dgx1"))
    node = s.nodes["dgx1"]
    assert node.drain
    assert node.reason == "gres/gpu count reported lower than configured (7 < 8)"
    assert failures.gpus_lost(s, "dgx1") == 1
    failures.advance(s, Instant(T0 + 4000))
    assert a.state is JobState.COMPLETED
    b = submit(s, job("b", limit="0:10:00"))
    failures.advance(s, Instant(T0 + 4100))
    assert b.state is JobState.PENDING


def test_lost_gpus_add_up_in_the_reason():
    s = cluster(nodes=1)
    failures.fail(s, Failure(s.now, FailureKind.GPU, "dgx1", 2))
    failures.fail(s, Failure(s.now, FailureKind.GPU, "dgx1", 1))
    assert s.nodes["dgx1"].reason == "gres/gpu count reported lower than configured (5 < 8)"


def test_repair_returns_the_node_to_service():
    s = cluster(nodes=1)
    failures.fail(s, Failure(s.now, FailureKind.NODE, "dgx1"))
    b = submit(s, job("b", limit="0:10:00"))
    failures.advance(s, Instant(T0 + 100))
    assert b.state is JobState.PENDING
    failures.repair(s, "dgx1")
    node = s.nodes["dgx1"]
    assert (node.down, node.drain, node.reason) == (False, False, None)
    failures.advance(s, Instant(T0 + 110))
    assert b.state is JobState.RUNNING


def test_staged_failure_strikes_at_its_instant_during_an_advance():
    s = cluster(nodes=1)
    a = _running_job(s, requeue=False)
    failures.stage(s, Failure(Instant(T0 + 500), FailureKind.NODE, "dgx1"))
    failures.advance(s, Instant(T0 + 499))
    assert a.state is JobState.RUNNING
    failures.advance(s, Instant(T0 + 600))
    assert (a.state, a.end_time) == (JobState.NODE_FAIL, T0 + 500)
    assert scheduled(s) == []


def test_staged_failure_is_applied_by_run_until_idle_while_jobs_run():
    s = cluster(nodes=1)
    a = _running_job(s, requeue=False)
    failures.stage(s, Failure(Instant(T0 + 500), FailureKind.NODE, "dgx1"))
    failures.run_until_idle(s)
    assert (a.state, a.end_time) == (JobState.NODE_FAIL, T0 + 500)


def test_unknown_node_is_refused():
    s = cluster()
    with pytest.raises(SlurmError, match="Invalid node name specified"):
        failures.stage(s, Failure(Instant(T0 + 5), FailureKind.NODE, "nope"))


@pytest.mark.parametrize(
    ("checkpoint", "lost_gpu_seconds", "second_run"),
    [
        pytest.param(None, 8 * 1000, 3000, id="no checkpoint: all work is lost"),
        pytest.param(300, 8 * 100, 2100, id="resumes from the checkpoint at 900 s"),
    ],
)
def test_interrupted_job_resumes_from_its_last_checkpoint(checkpoint, lost_gpu_seconds, second_run):
    s = cluster(nodes=1)
    a = submit(
        s,
        job("a", gpus_per_node=8, limit="2:00:00", runtime=3000, checkpoint_every=checkpoint),
    )
    failures.advance(s, Instant(T0 + 3))
    failures.advance(s, Instant(a.start_time + 1000))
    failures.fail(s, Failure(s.now, FailureKind.NODE, "dgx1"))
    assert (a.state, a.gpu_seconds_lost) == (JobState.PENDING, lost_gpu_seconds)
    failures.repair(s, "dgx1")
    failures.run_until_idle(s)
    assert a.state is JobState.COMPLETED
    assert a.end_time - a.start_time == second_run


def test_preempt_exempt_time_protects_a_young_victim():
    from dataclasses import replace as _replace

    from slurmsim.engine.simulate import advance

    s = cluster(nodes=1)
    s.qos["normal"] = _replace(s.qos["normal"], limits={"PreemptExemptTime": "600"})
    s.config = _replace(s.config, preempt_type="preempt/qos", preempt_mode="REQUEUE")
    low = submit(s, job("low", gpus_per_node=8, limit="2:00:00", runtime=7000))
    advance(s, Instant(T0 + 10))
    high = submit(s, job("high", user="carol", qos="high", gpus_per_node=8, limit="0:10:00"))
    advance(s, Instant(T0 + 300))
    assert (low.state, high.state) == (JobState.RUNNING, JobState.PENDING)
    advance(s, Instant(low.start_time + 700))
    assert (low.state, high.state) == (JobState.PENDING, JobState.RUNNING)


def test_grace_time_lets_the_victim_run_on_before_it_lets_go():
    from dataclasses import replace as _replace

    from slurmsim.engine.simulate import advance

    s = cluster(nodes=1)
    s.qos["normal"] = _replace(s.qos["normal"], grace_time=120)
    s.config = _replace(s.config, preempt_type="preempt/qos", preempt_mode="REQUEUE")
    low = submit(s, job("low", gpus_per_node=8, limit="2:00:00", runtime=7000))
    advance(s, Instant(T0 + 10))
    high = submit(s, job("high", user="carol", qos="high", gpus_per_node=8, limit="0:10:00"))
    advance(s, Instant(T0 + 100))
    assert (low.state, low.preempt_time) == (JobState.RUNNING, T0 + 12)
    advance(s, Instant(T0 + 12 + 121))
    assert (low.state, low.restarts) == (JobState.PENDING, 1)
    assert (high.state, high.start_time) == (JobState.RUNNING, T0 + 12 + 120)
