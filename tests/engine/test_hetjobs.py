"""Heterogeneous jobs on the default cluster: components start all at once, by backfill,
on nodes apart, and end with their leader (``engine/hetjobs``)."""

import pytest

from slurmsim.engine import control, hetjobs
from slurmsim.engine.simulate import advance, run_until_idle
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobRequest, JobState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job


def het(s: ClusterState, *requests: JobRequest) -> list[Job]:
    jobs = [submit(s, r) for r in requests]
    hetjobs.bind(jobs)
    return jobs


def test_components_wait_for_each_other_and_start_together_on_nodes_apart() -> None:
    s = cluster()
    blocker = submit(s, job("blocker", nodes=3, gpus_per_node=8, limit=600, runtime=300))
    advance(s, Instant(T0 + 1))
    leader, other = het(
        s,
        job("a", nodes=1, gpus_per_node=1, limit=600, runtime=100),
        job("b", nodes=2, gpus_per_node=1, limit=600, runtime=100),
    )
    advance(s, Instant(T0 + 60))
    # The leader would fit on dgx4 now, but its sibling needs two nodes: both wait,
    # planned for the blocker's end, each on nodes of its own.
    assert (leader.state, other.state) == (JobState.PENDING, JobState.PENDING)
    assert leader.reason == other.reason == "Resources"
    assert leader.start_time == other.start_time == blocker.start_time + 600
    assert set(leader.sched_nodes).isdisjoint(other.sched_nodes)
    run_until_idle(s)
    # Started by the first backfill cycle after the blocker ended (every 30 s here).
    assert leader.start_time == other.start_time
    assert blocker.end_time <= leader.start_time < blocker.end_time + 30
    assert leader.scheduler == other.scheduler == "Backfill"
    assert set(leader.nodes).isdisjoint(other.nodes)
    assert leader.end_time == other.end_time
    assert leader.state == other.state == JobState.COMPLETED


def test_the_other_components_end_with_the_leader() -> None:
    s = cluster()
    leader, other = het(
        s,
        job("a", nodes=1, limit=600, runtime=100),
        job("b", nodes=1, limit=600, runtime=500),
    )
    run_until_idle(s)
    assert other.end_time == leader.end_time == leader.start_time + 100
    assert other.state is JobState.COMPLETED


def test_a_leader_names_every_component_and_a_component_only_itself() -> None:
    s = cluster()
    leader, other = het(s, job("a", nodes=1), job("b", nodes=2))
    with pytest.raises(SlurmError, match=hetjobs.NOT_WHOLE):
        control.cancel(s, other.job_id, None, "alice")
    control.hold(s, leader.job_id, None, "alice")
    assert leader.reason == other.reason == "JobHeldUser"
    control.release(s, other.job_id, None, "alice")
    assert (leader.reason, other.reason) == ("JobHeldUser", "None")
    control.cancel(s, leader.job_id, None, "alice")
    assert leader.state == other.state == JobState.CANCELLED
