"""What a backfill cycle plans behind running jobs, as slurmctld's does (golden
``arrayplans/``): a retry at the map's next free point however far it lies, one plan per
pending array task up to ``bf_max_job_array_resv``, and jobs it starts running on, until
their limits, in the plans made after them."""

from dataclasses import replace

from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job
from slurmsim.model.time import EPOCH, Instant
from tests.engine.builders import T0, cluster, job

H = 3600


def _planned(s: ClusterState, j: Job) -> tuple[int | None, tuple[str, ...]]:
    """The job's planned start (seconds from the epoch, a whole minute, one before T0)
    and nodes."""
    return (None if j.start_time is None else j.start_time - EPOCH), j.sched_nodes


def _whole_cluster(s: ClusterState, limit: str = "1:00:00") -> Job:
    """A job on all four nodes, started at T0 + 2 (the first main pass): it ends at 3 + H
    from the epoch."""
    big = submit(s, job("big", nodes=4, gpus_per_node=8, limit=limit))
    advance(s, Instant(T0 + 3))
    return big


def test_a_job_behind_a_reservation_of_every_node_is_planned_at_its_end() -> None:
    s = cluster(bf_interval=5)
    big = _whole_cluster(s)
    everything = submit(s, job("all", nodes=4, gpus_per_node=8, limit="1:00:00"))
    one = submit(s, job("one", nodes=1, gpus_per_node=1, limit="1:00:00"))
    advance(s, Instant(T0 + 10))
    assert big.start_time == T0 + 2
    assert _planned(s, everything)[0] == 3 + H  # when the running job ends
    # Its trial from now meets the reservation [H, 2H) on every node (the map rounds its
    # bounds down to the minute): it tries again where that reservation ends.
    assert _planned(s, one) == (2 * H, ("dgx1",))


def test_an_array_plans_each_pending_task_and_shows_the_last() -> None:
    s = cluster(bf_interval=5)
    _whole_cluster(s)
    arr = submit(s, job("arr", gpus_per_node=1, limit="0:10:00"), array=tuple(range(4)))
    advance(s, Instant(T0 + 10))
    # Four tasks, each reserving a whole node of the map from the hour on: all four start
    # then, and the last one's plan shows.
    assert _planned(s, arr)[0] == 3 + H
    arr25 = submit(s, job("arr25", gpus_per_node=1, limit="0:10:00"), array=tuple(range(25)))
    advance(s, Instant(T0 + 20))
    # 25 more tasks after the first four: 20 are planned, four nodes at a time, each
    # round 10 minutes after the one before; the twentieth starts in the fifth round.
    assert _planned(s, arr25)[0] == H + 5 * 600


def test_the_cap_on_array_plans_follows_the_scheduler_parameter() -> None:
    s = cluster(bf_interval=5)
    params = replace(s.config.scheduler_parameters, bf_max_job_array_resv=8)
    s.config = replace(s.config, scheduler_parameters=params)
    _whole_cluster(s)
    arr = submit(s, job("arr", gpus_per_node=1, limit="0:10:00"), array=tuple(range(25)))
    advance(s, Instant(T0 + 10))
    assert _planned(s, arr)[0] == H + 600  # eight plans: two rounds (twenty: five)


def test_a_plan_after_a_start_in_the_cycle_sees_the_started_job_end() -> None:
    s = cluster(bf_interval=5)
    advance(s, Instant(EPOCH + 4))  # a backfill cycle (every 5 s) comes before the main pass
    big = submit(s, job("big", nodes=4, gpus_per_node=8, limit="1:00:00"))
    mid = submit(s, job("mid", nodes=2, gpus_per_node=8, limit="0:30:00"))
    advance(s, Instant(EPOCH + 12))
    assert (big.scheduler, big.start_time) == ("Backfill", EPOCH + 5)
    # Planned in the same cycle, after big started: for big's end (its limit), not left
    # without a plan as if big held its nodes for good.
    assert _planned(s, mid) == (5 + H, ("dgx1", "dgx2"))
