"""Scheduling scenarios on the default 4 x 8-GPU cluster: jobs in, start times out.

Submissions happen at ``submit`` seconds after the epoch; the engine then runs
until idle (or a fixed horizon) and each job's start, relative to the epoch, is
compared. A job that never starts has start ``None``.
"""

import pytest

from slurmsim.engine import control
from slurmsim.engine.simulate import advance, run_until_idle, run_until_job_ends
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job

H = 3600
#: B1/B2 of the scheduling reference: A holds three nodes for up to 2 h (really
#: 7000 s); B wants all four; then a one-node job arrives.
A = (0, job("a", nodes=3, gpus_per_node=8, limit="2:00:00", runtime=7000))
B = (10, job("b", nodes=4, gpus_per_node=8, limit="1:00:00", runtime=3000))


def play(
    s: ClusterState, jobs: list[tuple[int, JobRequest]], horizon: int | None = None, **kw: object
) -> dict[str, int | None]:
    """Submit ``(offset, request)`` pairs in order, run, and return start offsets by name."""
    submitted = []
    for offset, request in jobs:
        advance(s, Instant(T0 + offset))
        submitted.append(submit(s, request, **kw))  # type: ignore[arg-type]
    if horizon is None:
        run_until_idle(s)
    else:
        advance(s, Instant(T0 + horizon))
    return {
        j.request.name: None if j.state is JobState.PENDING else j.start_time - T0
        for j in submitted
    }


@pytest.mark.parametrize(
    ("scheduler", "jobs", "want"),
    [
        pytest.param(
            "sched/backfill",
            [(0, job("pretrain", nodes=4, gpus_per_node=8, limit="4:00:00"))],
            {"pretrain": 2},
            id="the 32-GPU pretrain starts at once on all four nodes",
        ),
        pytest.param(
            "sched/backfill",
            [
                (0, job("a", nodes=2, gpus_per_node=8, limit="1:00:00", runtime=3000)),
                (0, job("b", nodes=2, gpus_per_node=8, limit="1:00:00", runtime=3000)),
                (0, job("c", nodes=2, gpus_per_node=8, limit="1:00:00", runtime=3000)),
            ],
            {"a": 2, "b": 2, "c": 3002},
            id="two 16-GPU jobs run side by side and a third waits for one to end",
        ),
        pytest.param(
            "sched/builtin",
            [A, B, (20, job("c", nodes=1, gpus_per_node=8, limit="0:30:00", runtime=1000))],
            {"a": 2, "b": 7002, "c": 10002},
            id="builtin: the blocked head job keeps a fitting small job waiting",
        ),
        pytest.param(
            "sched/backfill",
            [A, B, (20, job("c", nodes=1, gpus_per_node=8, limit="0:30:00", runtime=1000))],
            {"a": 2, "b": 7002, "c": 29},
            id="backfill: a short job starts in the hole and the head starts on time",
        ),
        pytest.param(
            "sched/backfill",
            [A, B, (20, job("d", nodes=1, gpus_per_node=8, limit="3:00:00", runtime=10000))],
            {"a": 2, "b": 7002, "d": 10002},
            id="backfill: a long job would delay the head, so it waits",
        ),
    ],
)
def test_start_times_by_scheduler(scheduler, jobs, want):
    assert play(cluster(scheduler=scheduler), jobs) == want


def test_reasons_resources_and_priority_when_head_blocks():
    s = cluster(scheduler="sched/builtin")
    play(s, [A, B, (20, job("c", nodes=1, gpus_per_node=8, limit="0:30:00"))], horizon=60)
    assert [s.jobs[i].reason for i in (2, 3)] == ["Resources", "Priority"]


def test_backfilled_job_shows_backfill_scheduler():
    s = cluster()
    play(s, [A, B, (20, job("c", nodes=1, gpus_per_node=8, limit="0:30:00"))], horizon=60)
    assert (s.jobs[3].scheduler, s.jobs[3].state) == ("Backfill", JobState.RUNNING)
    planned = (s.jobs[2].start_time, s.jobs[2].sched_nodes)
    assert planned == (T0 + 2 + 2 * H, ("dgx1", "dgx2", "dgx3", "dgx4"))


@pytest.mark.parametrize(
    ("request_", "final", "end"),
    [
        pytest.param(
            job(limit="1:00:00", runtime=600), JobState.COMPLETED, 602, id="runtime ends it"
        ),
        pytest.param(
            job(limit="1:00:00", runtime=60, exit_code=2),
            JobState.FAILED,
            62,
            id="non-zero exit fails",
        ),
        pytest.param(
            job(limit="0:10:00"),
            JobState.TIMEOUT,
            609,
            id="no runtime runs into the limit: next 30-s check",
        ),
    ],
)
def test_job_ends(request_, final, end):
    s = cluster()
    j = submit(s, request_)
    run_until_job_ends(s, j.job_id)
    assert (j.state, j.end_time - T0) == (final, end)
    assert s.now == j.end_time + 1


def test_finished_jobs_are_purged_after_min_job_age():
    s = cluster()
    j = submit(s, job(limit="1:00:00", runtime=100))
    advance(s, Instant(T0 + 102 + 300))
    assert j.job_id in s.jobs
    advance(s, Instant(T0 + 102 + 301))
    assert j.job_id not in s.jobs


def test_array_throttle_runs_two_tasks_at_a_time():
    s = cluster()
    meta = submit(
        s,
        job("sweep", gpus_per_node=1, limit="0:10:00", runtime=300),
        array=(0, 1, 2, 3),
        throttle=2,
    )
    advance(s, Instant(T0 + 10))
    running = sorted(j.array_task_id for j in s.jobs.values() if j.state is JobState.RUNNING)
    assert running == [0, 1]
    assert (meta.reason, meta.array_tasks) == ("JobArrayTaskLimit", (2, 3))
    advance(s, Instant(T0 + 400))
    tasks = {j.array_task_id: (j.job_id, j.start_time - T0) for j in s.jobs.values()}
    assert tasks == {0: (2, 2), 1: (3, 2), 2: (4, 302), 3: (1, 302)}


@pytest.mark.parametrize(
    ("first", "kind", "want_reason", "want_start"),
    [
        pytest.param(
            job("a", runtime=60, limit="0:10:00"),
            "afterok",
            None,
            62,
            id="afterok after success starts in the pass its end runs",
        ),
        pytest.param(
            job("a", runtime=60, limit="0:10:00", exit_code=1),
            "afterok",
            "DependencyNeverSatisfied",
            None,
            id="afterok after failure never runs",
        ),
        pytest.param(
            job("a", runtime=60, limit="0:10:00", exit_code=1),
            "afternotok",
            None,
            62,
            id="afternotok after failure runs",
        ),
        pytest.param(
            job("a", runtime=60, limit="0:10:00"),
            "afterany",
            None,
            62,
            id="afterany after success runs",
        ),
    ],
)
def test_dependencies(first, kind, want_reason, want_start):
    s = cluster()
    a = submit(s, first)
    b = submit(s, job("b", limit="0:10:00", runtime=10, dependency=f"{kind}:{a.job_id}"))
    assert b.reason == "Dependency"
    advance(s, Instant(T0 + 200))
    started = None if b.start_time is None else b.start_time - T0
    assert started == want_start
    if want_reason:
        assert b.reason == want_reason


def test_dependency_on_missing_job_is_satisfied():
    s = cluster()
    b = submit(s, job("b", limit="0:10:00", dependency="afterok:999999"))
    advance(s, Instant(T0 + 5))
    assert b.state is JobState.RUNNING


def test_begin_time_waits_then_runs():
    s = cluster()
    b = submit(s, job("later", limit="0:10:00", begin_time=Instant(T0 + 600)))
    advance(s, Instant(T0 + 10))
    assert (b.reason, b.eligible_time) == ("BeginTime", T0 + 600)
    advance(s, Instant(T0 + 700))
    assert b.state is JobState.RUNNING
    assert b.start_time >= T0 + 600


def test_held_job_waits_until_released():
    s = cluster()
    h = submit(s, job("h", limit="0:10:00"), hold=Hold.USER)
    advance(s, Instant(T0 + 100))
    assert (h.state, h.reason, h.priority, h.eligible_time) == (
        JobState.PENDING,
        "JobHeldUser",
        0,
        None,
    )
    control.release(s, h.job_id, None, "alice")
    assert h.reason == "None"
    advance(s, Instant(T0 + 103))
    assert (h.state, h.start_time) == (JobState.RUNNING, T0 + 102)


def test_drain_lets_the_running_job_finish_and_nothing_new_lands():
    s = cluster(nodes=1)
    a = submit(s, job("a", gpus_per_node=8, limit="1:00:00", runtime=600))
    advance(s, Instant(T0 + 100))
    control.update_node(s, ["dgx1"], "root", "DRAIN", "fan swap")
    b = submit(s, job("b", limit="0:10:00"))
    advance(s, Instant(T0 + 1000))
    node = s.nodes["dgx1"]
    assert (a.state, a.end_time - T0) == (JobState.COMPLETED, 602)
    assert b.state is JobState.PENDING
    assert b.reason.startswith("Nodes required for job are DOWN, DRAINED")
    assert (node.drain, node.reason, node.reason_user) == (True, "fan swap", "root")
    control.update_node(s, ["dgx1"], "root", "RESUME", None)
    advance(s, Instant(T0 + 1010))
    assert (b.state, node.reason) == (JobState.RUNNING, None)


@pytest.mark.parametrize(
    ("requeue", "state", "reason"),
    [
        pytest.param(False, JobState.NODE_FAIL, "NodeDown", id="no-requeue job ends NODE_FAIL"),
        pytest.param(True, JobState.PENDING, "BeginTime", id="requeueable batch job pends again"),
    ],
)
def test_down_node_ends_or_requeues_its_job(requeue, state, reason):
    s = cluster()
    a = submit(s, job("a", gpus_per_node=8, limit="1:00:00", requeue=requeue))
    advance(s, Instant(T0 + 100))
    control.update_node(s, [a.nodes[0]], "root", "DOWN", "PSU")
    assert (a.state, a.reason) == (state, reason)
    if requeue:
        assert (a.restarts, a.eligible_time) == (1, T0 + 100 + 121)


def test_drain_without_reason_is_refused():
    s = cluster()
    with pytest.raises(Exception, match="You must specify a reason"):
        control.update_node(s, ["dgx1"], "root", "DRAIN", None)


def test_required_down_node_gives_req_node_not_avail():
    s = cluster()
    control.update_node(s, ["dgx2"], "root", "DOWN", "PSU")
    j = submit(s, job("w", limit="0:10:00", req_nodes=("dgx2",)))
    advance(s, Instant(T0 + 5))
    assert j.reason == "ReqNodeNotAvail, UnavailableNodes:dgx2"


def test_backfill_tells_apart_requests_that_differ_only_in_their_constraint():
    """Two jobs alike but for ``--constraint`` are not repeats of one another: the one
    whose feature's nodes are free starts, and the cycle's estimates stay consistent."""
    from dataclasses import replace

    from slurmsim.parse.features import parse_constraint

    s = cluster()
    for name in s.nodes:
        features = ("a",) if name in ("dgx1", "dgx2") else ("b",)
        s.nodes[name].config = replace(s.nodes[name].config, features=features)

    def on(feature: str, name: str, nodes: int, limit: str) -> Job:
        request = job(name, nodes=nodes, gpus_per_node=8, limit=limit, features=feature)
        return submit(s, request, constraint=parse_constraint(feature))

    on("a", "long", 2, "4:00:00")
    on("b", "other", 1, "1:00:00")
    advance(s, Instant(T0 + 5))
    waits, fits = on("a", "waits", 1, "1:00:00"), on("b", "fits", 1, "1:00:00")
    advance(s, Instant(T0 + 60))
    assert (waits.state, waits.reason) == (JobState.PENDING, "Resources")
    assert (fits.state, fits.nodes) == (JobState.RUNNING, ("dgx4",))


def test_a_job_short_of_nodes_in_service_holds_up_no_job_behind_it():
    # slurmctld fails a partition for busy nodes only: a job too big for the nodes still
    # up is passed over in the same pass (golden future/: the next job's own reason).
    s = cluster()
    control.update_node(s, ["dgx4"], "root", "DOWN", "PSU")
    big = submit(s, job("big", limit="0:10:00", nodes=4))
    small = submit(s, job("small", limit="0:10:00"))
    advance(s, Instant(T0 + 3))
    assert big.reason.startswith("Nodes required for job are DOWN, DRAINED")
    assert (small.state, small.start_time) == (JobState.RUNNING, T0 + 2)
    assert small.scheduler == "Main"
