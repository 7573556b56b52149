"""Preemption: SUSPEND under gang scheduling, preemption from backfill, PreemptExemptTime."""

from dataclasses import replace

import pytest

from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant, Seconds
from tests.engine.builders import T0, cluster, job


def _suspending(nodes: int = 1) -> ClusterState:
    """PreemptMode=SUSPEND,GANG and gpu above debug, as the oracle was recorded."""
    s = cluster(nodes=nodes)
    s.config = replace(s.config, preempt_type="preempt/qos", preempt_mode="SUSPEND,GANG")
    s.partitions["gpu"] = replace(s.partitions["gpu"], priority_tier=2)
    return s


def _victim(s: ClusterState, **more: object):  # type: ignore[no-untyped-def]
    low = submit(s, job("low", partition="debug", limit="0:10:00", runtime=600, **more))
    advance(s, Instant(T0 + 10))
    assert low.state is JobState.RUNNING
    return low


def test_suspended_victim_keeps_its_times_and_resumes_when_the_preemptor_ends():
    s = _suspending()
    low = _victim(s, num_tasks=112, mem_per_node=100_000)
    high = submit(
        s,
        job(
            "high",
            user="bob",
            qos="high",
            tasks=112,
            mem_per_node=100_000,
            limit="0:02:00",
            runtime=30,
        ),
    )
    advance(s, Instant(T0 + 20))
    assert (low.state, high.state) == (JobState.SUSPENDED, JobState.RUNNING)
    assert low.suspend_time == high.start_time
    assert low.secs_pre_suspend == high.start_time - low.start_time
    assert low.preempt_time is None
    advance(s, Instant(T0 + 3000))  # never timed out while suspended
    assert low.state is JobState.COMPLETED
    resumed = high.end_time
    assert low.end_time == resumed + 600 - low.secs_pre_suspend


def test_resumed_victim_times_out_its_limit_after_the_suspended_time():
    s = _suspending()
    low = submit(s, job("low", partition="debug", tasks=112, mem_per_node=100_000, limit="10:00"))
    advance(s, Instant(T0 + 10))
    submit(
        s,
        job(
            "high",
            user="bob",
            qos="high",
            tasks=112,
            mem_per_node=100_000,
            limit="0:02:00",
            runtime=60,
        ),
    )
    advance(s, Instant(T0 + 5000))
    assert low.state is JobState.TIMEOUT
    assert low.end_time - low.start_time >= 600 + 60


@pytest.mark.parametrize(
    ("victim", "preemptor", "suspended"),
    [
        pytest.param(
            {"num_tasks": 112, "mem_per_node": 100_000},
            {"tasks": 112, "mem_per_node": 100_000},
            True,
            id="cores alone: suspended",
        ),
        pytest.param(
            {"num_tasks": 8},
            {"tasks": 112},
            True,
            id="a job on some of the cores: suspended",
        ),
        pytest.param(
            {"num_tasks": 8, "mem_per_node": 1_900_000},
            {"tasks": 1, "mem_per_node": 200_000},
            False,
            id="memory the victim keeps: the preemptor waits",
        ),
    ],
)
def test_suspension_frees_cores_only(victim, preemptor, suspended):
    s = _suspending()
    low = _victim(s, **victim)
    high = submit(s, job("high", user="bob", qos="high", limit="0:02:00", **preemptor))
    advance(s, Instant(T0 + 20))
    want = (
        (JobState.SUSPENDED, JobState.RUNNING)
        if suspended
        else (JobState.RUNNING, JobState.PENDING)
    )
    assert (low.state, high.state) == want
    if not suspended:
        assert high.reason == "Resources"


def test_gpu_preemptor_waits_for_gpus_a_suspended_job_would_keep():
    s = _suspending()
    low = _victim(s, gres_per_node=job(gpus_per_node=8).gres_per_node, num_tasks=8)
    high = submit(s, job("high", user="bob", qos="high", gpus_per_node=1, limit="0:02:00"))
    advance(s, Instant(T0 + 40))
    assert (low.state, high.state, high.reason) == (
        JobState.RUNNING,
        JobState.PENDING,
        "Resources",
    )
    assert high.start_time is None  # backfill leaves it no estimate


def test_victims_in_the_same_tier_are_not_suspended():
    s = _suspending()
    s.partitions["gpu"] = replace(s.partitions["gpu"], priority_tier=1)
    low = _victim(s, num_tasks=112, mem_per_node=100_000)
    high = submit(
        s, job("high", user="bob", qos="high", tasks=112, mem_per_node=100_000, limit="0:02:00")
    )
    advance(s, Instant(T0 + 40))
    assert (low.state, high.state) == (JobState.RUNNING, JobState.PENDING)


def test_cancelling_the_preemptor_resumes_its_victim():
    from slurmsim.engine.control import cancel

    s = _suspending()
    low = _victim(s, num_tasks=112, mem_per_node=100_000)
    high = submit(
        s, job("high", user="bob", qos="high", tasks=112, mem_per_node=100_000, limit="0:02:00")
    )
    advance(s, Instant(T0 + 20))
    cancel(s, high.job_id, None, "root")
    assert (low.state, low.suspend_time) == (JobState.RUNNING, s.now)


def test_backfill_preempts_for_a_job_the_main_pass_gave_priority():
    """A higher job of the same partition that cannot start blocks it in the main pass."""
    s = cluster(nodes=2)
    s.config = replace(s.config, preempt_type="preempt/qos", preempt_mode="REQUEUE")
    a = submit(s, job("a", gpus_per_node=8, limit="1:00:00"))
    b = submit(s, job("b", user="carol", qos="high", gpus_per_node=8, limit="1:00:00"))
    advance(s, Instant(T0 + 10))
    assert (a.state, b.state) == (JobState.RUNNING, JobState.RUNNING)
    # A job no victim can make room for (b may not be preempted) heads the queue and
    # blocks the partition in the main pass; the next one could preempt a.
    submit(s, job("big", user="carol", qos="high", nodes=2, gpus_per_node=8, limit="1:00"))
    high = submit(s, job("high", user="bob", qos="high", gpus_per_node=8, limit="0:10:00"))
    advance(s, Instant(T0 + 40))
    assert (high.state, high.reason) == (JobState.PENDING, "Priority")
    advance(s, Instant(T0 + 100))
    assert high.state is JobState.RUNNING
    assert a.restarts == 1


@pytest.mark.parametrize(
    ("qos_exempt", "waits"),
    [
        pytest.param(None, True, id="the global PreemptExemptTime applies"),
        pytest.param("0", False, id="a QOS PreemptExemptTime of 0 wins over it"),
    ],
)
def test_global_preempt_exempt_time(qos_exempt, waits):
    s = cluster(nodes=1)
    s.config = replace(
        s.config,
        preempt_type="preempt/qos",
        preempt_mode="REQUEUE",
        preempt_exempt_time=Seconds(600),
    )
    if qos_exempt is not None:
        s.qos["normal"] = replace(s.qos["normal"], limits={"PreemptExemptTime": qos_exempt})
    submit(s, job("low", gpus_per_node=8, limit="2:00:00", runtime=7000))
    advance(s, Instant(T0 + 10))
    high = submit(s, job("high", user="carol", qos="high", gpus_per_node=8, limit="0:10:00"))
    advance(s, Instant(T0 + 300))
    assert (high.state is JobState.PENDING) == waits
