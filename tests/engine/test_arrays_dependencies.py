"""Arrays, dependencies, holds, ``scontrol top`` and requeue in the engine, as the oracle
showed them (tests/golden/arrays): one table per feature, on the default 4 x 8-GPU cluster."""

from dataclasses import replace

import pytest

from slurmsim.engine import control
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency_status import Met, judge
from slurmsim.model.errors import SlurmError
from slurmsim.model.job_update import JobUpdate
from slurmsim.model.jobs import Hold, Job, JobState
from slurmsim.model.time import Instant
from slurmsim.parse.dependency import parse_dependency
from tests.engine.builders import T0, cluster, job


def run_to(s: ClusterState, offset: int) -> None:
    advance(s, Instant(T0 + offset))


def first(s: ClusterState, runtime: int = 60, exit_code: int = 0) -> Job:
    return submit(
        s, job("first", gpus_per_node=1, limit="0:10:00", runtime=runtime, exit_code=exit_code)
    )


def waiter(s: ClusterState, dependency: str, **more: object) -> Job:
    return submit(s, job("waiter", gpus_per_node=1, limit="0:10:00", dependency=dependency, **more))


@pytest.mark.parametrize(
    ("spec", "exit_code", "at", "want_state", "want_reason"),
    [
        pytest.param("afterok:{a}", 0, 30, JobState.PENDING, "Dependency", id="afterok waits"),
        pytest.param(
            "afterok:{a}", 0, 65, JobState.RUNNING, "None", id="afterok runs after success"
        ),
        pytest.param(
            "afterok:{a}",
            1,
            65,
            JobState.PENDING,
            "DependencyNeverSatisfied",
            id="afterok never after failure",
        ),
        pytest.param(
            "afternotok:{a}", 1, 65, JobState.RUNNING, "None", id="afternotok after failure"
        ),
        pytest.param(
            "afternotok:{a}",
            0,
            65,
            JobState.PENDING,
            "DependencyNeverSatisfied",
            id="afternotok never after success",
        ),
        pytest.param("afterany:{a}", 1, 65, JobState.RUNNING, "None", id="afterany after failure"),
        pytest.param(
            "after:{a}",
            0,
            35,
            JobState.RUNNING,
            "None",
            id="after runs once started, at the next cycle",
        ),
        pytest.param(
            "after:{a}+1", 0, 30, JobState.PENDING, "Dependency", id="after+1 waits a minute"
        ),
        pytest.param(
            "after:{a}+1", 0, 65, JobState.RUNNING, "None", id="after+1 runs after a minute"
        ),
        pytest.param(
            "afterok:{a}+5",
            0,
            65,
            JobState.RUNNING,
            "None",
            id="a delay on afterok is accepted and ignored (oracle 045)",
        ),
        pytest.param(
            "afternotok:{a}?afterany:{a}",
            0,
            65,
            JobState.RUNNING,
            "None",
            id="OR: one entry met is enough",
        ),
        pytest.param(
            "afterok:{a},afterok:999999",
            0,
            65,
            JobState.RUNNING,
            "None",
            id="an unknown job counts as met (22.05)",
        ),
    ],
)
def test_dependency_decides_when_job_runs(spec, exit_code, at, want_state, want_reason):
    s = cluster()
    a = first(s, exit_code=exit_code)
    b = waiter(s, spec.format(a=a.job_id))
    run_to(s, at)
    assert (b.state, b.reason) == (want_state, want_reason)


@pytest.mark.parametrize(
    ("kill", "scheduler_kill", "want"),
    [
        pytest.param(None, False, JobState.PENDING, id="stays pending by default"),
        pytest.param(True, False, JobState.CANCELLED, id="--kill-on-invalid-dep=yes cancels"),
        pytest.param(None, True, JobState.CANCELLED, id="kill_invalid_depend cancels"),
        pytest.param(False, True, JobState.PENDING, id="--kill-on-invalid-dep=no wins"),
    ],
)
def test_dependency_never_met_cancels_only_when_asked(kill, scheduler_kill, want):
    s = cluster()
    params = replace(s.config.scheduler_parameters, kill_invalid_depend=scheduler_kill)
    s.config = replace(s.config, scheduler_parameters=params)
    a = first(s)
    b = waiter(s, f"afternotok:{a.job_id}", kill_on_invalid_dep=kill)
    run_to(s, 65)
    assert (b.state, b.reason) == (want, "DependencyNeverSatisfied")


def test_job_cancelled_for_a_dependency_never_met_is_purged_after_min_job_age():
    s = cluster()
    a = first(s)
    b = waiter(s, f"afternotok:{a.job_id}", kill_on_invalid_dep=True)
    run_to(s, 65)
    assert b.state is JobState.CANCELLED
    run_to(s, 65 + s.config.min_job_age + 5)
    assert b.job_id not in s.jobs


def test_a_failed_entry_stays_failed_once_its_job_is_purged():
    """slurmctld keeps each entry's state: an OR whose other entry still waits keeps
    waiting (it used to be met once the failed job's record was gone)."""
    s = cluster()
    a = first(s, exit_code=1)
    long = submit(s, job("long", gpus_per_node=1, limit="1:00:00", runtime=3000))
    b = waiter(s, f"afterok:{a.job_id}?afterok:{long.job_id}")
    run_to(s, 65 + s.config.min_job_age + 60)
    assert a.job_id not in s.jobs
    assert (b.state, b.reason) == (JobState.PENDING, "Dependency")
    assert judge(s, b, b.request.dependency).met is Met.WAITING


def test_singleton_waits_for_the_earlier_job_of_that_name():
    s = cluster()
    one = submit(s, job("same", gpus_per_node=1, limit="0:10:00", runtime=60))
    two = submit(s, job("same", gpus_per_node=1, limit="0:10:00", dependency="singleton"))
    run_to(s, 30)
    assert (one.state, two.reason) == (JobState.RUNNING, "Dependency")
    run_to(s, 65)
    assert two.state is JobState.RUNNING


def test_held_singleton_stays_unfulfilled_until_released():
    """The oracle (scripts golden 218): no pass looks at a held job, so nothing lifts it."""
    s = cluster()
    alone = submit(s, job("alone", gpus_per_node=1, dependency="singleton"), hold=Hold.USER)
    verdict = judge(s, alone, parse_dependency("singleton"))
    assert verdict.met is Met.WAITING
    control.release(s, alone.job_id, None, "root")
    run_to(s, 30)
    assert alone.state is JobState.RUNNING


def test_aftercorr_task_waits_for_the_same_index():
    s = cluster()
    src = submit(s, job("src", gpus_per_node=1, limit="0:10:00", runtime=60), array=(0, 1))
    dst = waiter(s, f"aftercorr:{src.job_id}")
    dst_tasks = submit(s, replace(dst.request, name="dst"), array=(0, 1))
    run_to(s, 30)
    assert dst_tasks.reason == "Dependency"
    run_to(s, 65)
    assert dst_tasks.array_tasks == () or dst_tasks.state is JobState.RUNNING


def test_aftercorr_tasks_are_split_off_and_each_follows_its_own_counterpart():
    """slurmctld splits an aftercorr array a task per queue build (each split uses a job
    id), so task 0 starts when source task 0 completes, not when the whole array has."""
    s = cluster()
    src = submit(
        s, job("src", gpus_per_node=1, limit="0:10:00", runtime=60), array=(0, 1, 2), throttle=1
    )
    dst = submit(
        s,
        job("dst", gpus_per_node=1, limit="0:10:00", dependency=f"aftercorr:{src.job_id}"),
        array=(0, 1, 2),
    )
    run_to(s, 30)
    tasks = {j.array_task_id: j for j in s.jobs.values() if j.array_job_id == dst.job_id}
    assert sorted(t for t in tasks if t is not None) == [0, 1, 2]  # all split by now
    assert {j.reason for j in tasks.values()} == {"Dependency"}
    run_to(s, 65)  # source task 0 completed at 60; tasks 1 and 2 have not
    assert tasks[0].state is JobState.RUNNING
    assert tasks[1].state is JobState.PENDING
    assert tasks[1].reason == "Dependency"


@pytest.mark.parametrize("limit", [10, 12])
def test_aftercorr_splits_at_most_correspond_after_task_cnt_pending(limit):
    """SchedulerParameters=correspond_after_task_cnt caps the split, pending task records."""
    s = cluster()
    params = replace(s.config.scheduler_parameters, correspond_after_task_cnt=limit)
    s.config = replace(s.config, scheduler_parameters=params)
    src = submit(
        s, job("src", gpus_per_node=1, limit="0:10:00", runtime=600), array=tuple(range(20))
    )
    dst = submit(
        s,
        job("dst", gpus_per_node=1, limit="0:10:00", dependency=f"aftercorr:{src.job_id}"),
        array=tuple(range(20)),
    )
    run_to(s, 300)
    split = [j for j in s.jobs.values() if j.array_job_id == dst.job_id and j is not dst]
    assert len(split) == limit


@pytest.mark.parametrize(
    ("text", "error"),
    [
        pytest.param("afterany:{self}", "Job dependency problem", id="on itself"),
        pytest.param("afterany:{other}", "Circular job dependency", id="closing a loop"),
    ],
)
def test_update_dependency_refuses_loops(text, error):
    s = cluster()
    blocker = first(s, runtime=600)
    a = waiter(s, f"afterok:{blocker.job_id}")
    b = waiter(s, f"afterany:{a.job_id}")
    dep = parse_dependency(text.format(self=a.job_id, other=b.job_id))
    with pytest.raises(SlurmError) as err:
        control.update_job(s, a.job_id, None, "alice", JobUpdate(dependency=dep))
    assert err.value.message == error


def later(name: str, **more: object):
    """A job held back by --begin, so that it stays pending with its priority."""
    return job(name, gpus_per_node=1, limit="0:10:00", begin_time=Instant(T0 + 3600), **more)


@pytest.mark.parametrize(
    ("nices", "top", "want"),
    [
        pytest.param(
            [0, 0, 10],
            [2],
            [5, 5, 0],
            id="one job: it gains 10, the two others give 5 each (oracle 123)",
        ),
        pytest.param(
            [5, 5, 0],
            [1],
            [7, 0, 3],
            id="what the named job gains, the others give in near-equal shares",
        ),
    ],
)
def test_top_moves_jobs_up_and_keeps_the_sum_of_nice(nices, top, want):
    s = cluster()
    jobs = [submit(s, later(f"j{i}", nice=n)) for i, n in enumerate(nices)]
    control.top(s, [jobs[i].job_id for i in top], "root")
    assert [j.request.nice for j in jobs] == want
    assert sum(want) == sum(nices)


@pytest.mark.parametrize(
    ("actor", "user_top", "error"),
    [
        pytest.param("alice", False, "Access/permission denied", id="users need enable_user_top"),
        pytest.param("alice", True, None, id="enable_user_top lets owners"),
        pytest.param("bob", True, "Access/permission denied", id="never another user's job"),
        pytest.param("root", False, None, id="operators may"),
    ],
)
def test_top_permissions(actor, user_top, error):
    s = cluster()
    params = replace(s.config.scheduler_parameters, enable_user_top=user_top)
    s.config = replace(s.config, scheduler_parameters=params)
    a, b = submit(s, later("a")), submit(s, later("b", nice=10))
    try:
        control.top(s, [b.job_id], actor)
        got = None
    except SlurmError as e:
        got = e.message
    assert got == error
    del a


def test_top_refuses_a_running_job():
    s = cluster()
    running = first(s, runtime=600)
    run_to(s, 5)
    with pytest.raises(SlurmError, match="Job is no longer pending execution"):
        control.top(s, [running.job_id], "root")


@pytest.mark.parametrize(
    ("hold", "requeue", "runtime", "want_state", "want_reason"),
    [
        pytest.param(False, True, 600, JobState.PENDING, "BeginTime", id="running job requeued"),
        pytest.param(False, True, 2, JobState.PENDING, "BeginTime", id="finished job requeued"),
        pytest.param(True, True, 600, JobState.PENDING, "JobHeldUser", id="requeuehold holds it"),
    ],
)
def test_requeue_puts_job_back(hold, requeue, runtime, want_state, want_reason):
    s = cluster()
    a = submit(s, job("a", gpus_per_node=1, limit="0:10:00", runtime=runtime, requeue=requeue))
    run_to(s, 10)
    control.requeue(s, a.job_id, None, "alice", hold=hold)
    assert (a.state, a.reason, a.restarts) == (want_state, want_reason, 1)
    if hold:
        assert (a.priority, a.state_desc) == (0, "job requeued in held state")


@pytest.mark.parametrize(
    ("requeue", "at", "actor", "error"),
    [
        pytest.param(True, 0, "alice", "Job is pending execution", id="pending job"),
        pytest.param(
            False, 10, "alice", "Requested operation is presently disabled", id="--no-requeue"
        ),
        pytest.param(True, 10, "bob", "Access/permission denied", id="another user's job"),
    ],
)
def test_requeue_refusals(requeue, at, actor, error):
    s = cluster()
    s.jobs.clear()
    a = submit(s, job("a", gpus_per_node=1, limit="0:10:00", runtime=600, requeue=requeue))
    if at:
        run_to(s, at)
    with pytest.raises(SlurmError) as err:
        control.requeue(s, a.job_id, None, actor)
    assert err.value.message == error


def test_requeue_of_an_array_answers_task_by_task():
    s = cluster()
    arr = submit(s, job("arr", gpus_per_node=1, limit="0:10:00", runtime=600), array=(0, 1, 2))
    run_to(s, 10)
    tasks = [j for j in s.jobs.values() if j.array_job_id == arr.job_id]
    one = next(j for j in tasks if j.array_task_id == 1)
    control.requeue(s, arr.job_id, 1, "alice")
    assert one.state is JobState.PENDING
    answers = control.requeue(s, arr.job_id, None, "alice")
    assert answers == {0: None, 1: "Job is pending execution", 2: None}


def test_a_running_job_held_runs_on_held_and_is_still_held_once_requeued():
    """The oracle: RUNNING with JobHeldUser, then PENDING with it after a requeue."""
    s = cluster()
    a = first(s, runtime=600)
    run_to(s, 5)
    control.hold(s, a.job_id, None, "alice")
    assert (a.state, a.hold, a.reason, a.priority) == (
        JobState.RUNNING,
        Hold.USER,
        "JobHeldUser",
        0,
    )
    control.requeue(s, a.job_id, None, "alice")
    run_to(s, 200)
    assert (a.state, a.reason) == (JobState.PENDING, "JobHeldUser")


def test_a_running_job_released_runs_on_as_it_was():
    s = cluster()
    a = first(s, runtime=600)
    run_to(s, 5)
    control.release(s, a.job_id, None, "alice")
    assert (a.state, a.hold) == (JobState.RUNNING, Hold.NONE)
    control.hold(s, a.job_id, None, "alice")
    control.release(s, a.job_id, None, "alice")
    assert (a.state, a.hold, a.reason) == (JobState.RUNNING, Hold.NONE, "None")
    assert a.priority > 0


@pytest.mark.parametrize(
    ("update", "error"),
    [
        pytest.param(JobUpdate(nice=-1), "Access/permission denied", id="negative nice"),
        pytest.param(
            JobUpdate(contiguous=True),
            "Access/permission denied",
            id="asking for contiguous nodes (golden scontrol 099)",
        ),
        pytest.param(
            JobUpdate(priority=5),
            "Changes to job priority are not persistent, change nice instead",
            id="priority (golden permissions 020, scontrol 092)",
        ),
        pytest.param(
            JobUpdate(time_min=1200),
            "Invalid time-min specification (exceeds job's time or other limits)",
            id="time-min over the limit",
        ),
    ],
)
def test_update_refuses_users_what_slurm_refuses(update, error):
    s = cluster()
    a = submit(s, later("a"))
    with pytest.raises(SlurmError) as err:
        control.update_job(s, a.job_id, None, "alice", update)
    assert err.value.message == error


def test_update_start_time_moves_the_expected_start():
    s = cluster()
    a = submit(s, later("a"))
    assert a.start_time == T0 + 3600
    control.update_job(s, a.job_id, None, "alice", JobUpdate(begin_time=Instant(T0 + 7200)))
    assert (a.start_time, a.reason) == (T0 + 7200, "BeginTime")


@pytest.mark.parametrize(
    ("nice", "user", "error"),
    [
        pytest.param(-5, "alice", "Invalid --nice value", id="users may not lower their nice"),
        pytest.param(-5, "root", None, id="root may"),
        pytest.param(100, "alice", None, id="anyone may raise it"),
    ],
)
def test_submit_nice_rules(nice, user, error):
    s = cluster()
    request = replace(job("a", user=user, gpus_per_node=1, limit="0:10:00"), nice=nice)
    try:
        submit(s, request)
        got = None
    except SlurmError as e:
        got = e.message
    assert got == error


@pytest.mark.parametrize(
    ("array", "max_size", "max_tasks", "ok"),
    [
        pytest.param((0, 1000), 1001, None, True, id="index 1000 fits MaxArraySize 1001"),
        pytest.param((0, 1001), 1001, None, False, id="index 1001 does not"),
        pytest.param((0, 1, 2), 1001, 2, False, id="max_array_tasks caps the count"),
    ],
)
def test_array_limits(array, max_size, max_tasks, ok):
    s = cluster()
    params = replace(s.config.scheduler_parameters, max_array_tasks=max_tasks)
    s.config = replace(s.config, max_array_size=max_size, scheduler_parameters=params)
    request = job("a", gpus_per_node=1, limit="0:10:00")
    if ok:
        submit(s, request, array=array)
    else:
        with pytest.raises(SlurmError, match="Invalid job array specification"):
            submit(s, request, array=array)


def test_array_without_throttle_is_eligible_while_it_waits():
    s = cluster(nodes=1)
    submit(s, job("fill", gpus_per_node=8, limit="1:00:00", runtime=3000))
    arr = submit(s, job("arr", gpus_per_node=8, limit="0:10:00"), array=(1, 2, 3))
    run_to(s, 10)
    assert (arr.state, arr.reason) == (JobState.PENDING, "Resources")
    assert arr.eligible_time is not None  # the oracle: EligibleTime set, listed by sprio


class _NoFilesOpen:
    def fails(self, job: Job) -> bool:
        return True

    def simulate(self, state: ClusterState, job: Job) -> None:
        raise AssertionError("a job that failed to launch has no script to begin")


def test_a_batch_job_whose_files_do_not_open_fails_as_it_starts():
    """slurmstepd cannot open the job's files: FAILED in its start second, JobLaunchFailure,
    ExitCode 0:53, its resources free for the next job (tests/golden/launch/)."""
    s = cluster()
    s.launcher = _NoFilesOpen()
    broken = first(s, runtime=600)
    run_to(s, 30)
    assert broken.state is JobState.FAILED
    assert broken.reason == "JobLaunchFailure"
    assert (broken.exit_code, broken.exit_signal) == (0, 53)
    assert broken.start_time == broken.end_time
