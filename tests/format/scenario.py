"""The oracle's recorded scenario (shared/oracle/record-golden.sh), rebuilt by hand.

Each function returns the ``ClusterState`` at one moment of the recording, with
the job ids of that run (000-job-ids.txt): 230 quick-ok, 231 fails, 232
will-timeout, 233 train-llm, 234 the sweep array (tasks 0 and 1 split off as 236
and 237), 235 finetune, 238 big-eval, 239 small, 240 held-job, 241 after-train,
242 too-long, 243 train (train.sh 300), 245 urgent (QOS high, preempts 235).
"""

from dataclasses import replace

from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Hold, Job, JobState
from slurmsim.model.time import Seconds
from tests.format.builders import add, at, cluster, job, plan, run

DGX34 = ("dgx3", "dgx4")


def _sweep_task(job_id: int, task: int, gpus: tuple[int, ...]) -> Job:
    record = job(
        job_id,
        "sweep",
        user="carol",
        nodes=1,
        gpus=4,
        limit="00:05:00",
        priority=10626,
        eligible="19:05:33",
        accrue="19:05:33",
    )
    record.array_job_id, record.array_task_id, record.array_throttle = 234, task, 2
    return run(record, ("dgx1",), start="19:05:33", gpus=gpus)


def after_bad_submits() -> ClusterState:
    """19:05:23: two accepted-but-invalid jobs pend (golden 051, 053)."""
    state = cluster("19:05:23")
    nodes5 = job(
        220, nodes=5, gpus=8, submit="19:05:09", priority=5130, reason="PartitionNodeLimit"
    )
    maxtime = job(
        227, submit="19:05:18", limit="8-00:00:00", priority=4630, reason="PartitionTimeLimit"
    )
    return add(state, nodes5, maxtime)


def busy(now: str = "19:05:49") -> ClusterState:
    """19:05:49-54: the cluster filled (golden 068-104)."""
    state = cluster(now)
    for name, busy_since in (
        ("dgx1", "19:05:17"),
        ("dgx2", "19:04:41"),
        ("dgx3", "19:04:39"),
        ("dgx4", "19:04:39"),
    ):
        state.nodes[name].last_busy_time = at(busy_since)
    gpus = tuple(range(8))
    quick = run(
        job(230, "quick-ok", user="bob", ntasks=1, limit="00:05:00", priority=6626),
        ("dgx1",),
        start="19:05:33",
        end="19:05:33",
        state=JobState.COMPLETED,
    )
    fails = run(
        job(
            231,
            "fails",
            user="carol",
            limit="00:05:00",
            priority=10626,
            command="/tmp/slurm-oracle-jobs/fail.sh",
        ),
        ("dgx1",),
        start="19:05:33",
        end="19:05:33",
        state=JobState.FAILED,
        reason="NonZeroExitCode",
    )
    fails.exit_code = 3
    timeout = run(
        job(232, "will-timeout", user="bob", ntasks=1, limit="00:01:00", priority=6626),
        ("dgx1",),
        start="19:05:33",
    )
    train = run(
        job(233, "train-llm", nodes=2, gpus=8, limit="00:30:00", priority=4752),
        DGX34,
        start="19:05:33",
        gpus=gpus,
    )
    sweep = job(
        234,
        "sweep",
        user="carol",
        nodes=1,
        gpus=4,
        limit="00:05:00",
        priority=10626,
        reason="JobArrayTaskLimit",
        eligible=None,
        accrue="19:05:33",
        last_eval="19:05:33",
    )
    sweep.array_job_id, sweep.array_tasks, sweep.array_throttle = 234, (2, 3), 2
    finetune = run(
        job(235, "finetune", user="bob", nodes=1, gpus=8, submit="19:05:33", priority=6626),
        ("dgx2",),
        start="19:05:33",
        gpus=gpus,
    )
    big = plan(
        job(
            238,
            "big-eval",
            user="carol",
            nodes=2,
            gpus=8,
            submit="19:05:36",
            limit="00:20:00",
            priority=10752,
            reason="Resources",
        ),
        DGX34,
        start="19:35:33",
        evaluated="19:05:50",
    )
    small = plan(
        job(239, "small", nodes=1, gpus=8, submit="19:05:36", limit="00:10:00", reason="Priority"),
        ("dgx1",),
        start="19:10:33",
        evaluated="19:05:50",
    )
    held = job(
        240,
        "held-job",
        user="bob",
        nodes=1,
        gpus=4,
        submit="19:05:36",
        limit="00:10:00",
        priority=0,
        reason="JobHeldUser",
        held=Hold.USER,
        eligible=None,
        accrue=None,
    )
    after = job(
        241,
        "after-train",
        nodes=1,
        gpus=8,
        submit="19:05:36",
        limit="00:10:00",
        reason="Dependency",
        dependency="afterok:233",
    )
    too_long = job(
        242,
        "too-long",
        partition="debug",
        submit="19:05:36",
        limit="03:00:00",
        priority=5126,
        reason="PartitionTimeLimit",
    )
    script = plan(
        job(
            243,
            "train",
            nodes=1,
            gpus=8,
            submit="19:05:37",
            limit="00:30:00",
            reason="Priority",
            command="/tmp/slurm-oracle-jobs/train.sh 300",
        ),
        ("dgx1",),
        start="19:20:00",
        evaluated="19:05:50",
    )
    return add(
        state,
        quick,
        fails,
        timeout,
        train,
        sweep,
        finetune,
        _sweep_task(236, 0, gpus[:4]),
        _sweep_task(237, 1, gpus[4:]),
        big,
        small,
        held,
        after,
        too_long,
        script,
    )


def after_hold() -> ClusterState:
    """19:05:56: ``scontrol hold 239`` (golden 113, 114)."""
    state = busy("19:05:56")
    small = state.jobs[239]
    small.priority, small.reason, small.hold = 0, "JobHeldAdmin", Hold.ADMIN
    small.eligible_time = small.accrue_time = None
    small.last_sched_eval = at("19:05:55")
    return state


def after_release() -> ClusterState:
    """19:05:56: ``scontrol release 239`` and bob's release of 240 (golden 116, 118)."""
    state = after_hold()
    small, held = state.jobs[239], state.jobs[240]
    small.priority, small.reason, small.hold = 4626, "None", Hold.NONE
    held.priority, held.reason, held.hold = 6626, "None", Hold.NONE
    return state


def after_cancel() -> ClusterState:
    """19:05:57: carol cancelled the pending 238 (golden 123, 124)."""
    state = after_release()
    state.now = at("19:05:57")
    big = state.jobs[238]
    big.state, big.scheduler = JobState.CANCELLED, "Main"
    big.start_time = big.end_time = at("19:05:57")
    big.last_sched_eval = at("19:05:56")
    return state


def after_update() -> ClusterState:
    """19:05:58: task 234_3 cancelled, 239's limit raised to 20 min (golden 126, 129)."""
    state = after_cancel()
    state.now = at("19:05:58")
    state.jobs[234].array_tasks = (2,)
    small = state.jobs[239]
    small.time_limit = Seconds(20 * 60)
    small.request = replace(small.request, time_limit=small.time_limit)
    small.end_time = at("19:30:33")
    small.scheduler = "Main"
    return state


def after_cancels(now: str = "19:06:04") -> ClusterState:
    """19:06:04-11: 242 cancelled too; the queue settles (golden 130, 143)."""
    state = after_update()
    state.now = at(now)
    too_long = state.jobs[242]
    too_long.state = JobState.CANCELLED
    too_long.start_time = too_long.end_time = at("19:05:58")
    plan(state.jobs[240], ("dgx1",), start="19:10:33", evaluated="19:06:00")
    state.jobs[240].reason = "Resources"
    state.jobs[239].reason = "Priority"
    return state


def drained() -> ClusterState:
    """19:06:05: ``scontrol update nodename=dgx2 state=drain`` (golden 133-136)."""
    state = after_cancels("19:06:05")
    dgx2 = state.nodes["dgx2"]
    dgx2.drain, dgx2.reason = True, "gpu fell off bus"
    dgx2.reason_user, dgx2.reason_time = "root", at("19:06:04")
    return state


def resumed(now: str = "19:06:06", *, responding: bool = False) -> ClusterState:
    """19:06:06: dgx2 resumed, briefly not responding (golden 140; 141 five seconds later)."""
    state = drained()
    state.now = at(now)
    dgx2 = state.nodes["dgx2"]
    dgx2.drain, dgx2.reason, dgx2.reason_user, dgx2.reason_time = False, None, None, None
    dgx2.not_responding = not responding
    return state


def preempting() -> ClusterState:
    """19:06:14: urgent (QOS high) has preempted 235, which is being requeued (golden 145)."""
    state = after_cancels("19:06:14")
    urgent = job(
        245,
        "urgent",
        user="carol",
        qos="high",
        nodes=1,
        gpus=8,
        submit="19:06:11",
        limit="00:10:00",
        priority=20626,
        reason="Resources",
    )
    finetune = state.jobs[235]
    finetune.state, finetune.reason, finetune.alloc = JobState.PENDING, "None", ()
    finetune.restarts, finetune.start_time, finetune.end_time = 1, None, None
    state.jobs[240].reason = "Priority"
    return add(state, urgent)


def preempted(now: str = "19:06:22") -> ClusterState:
    """19:06:22: urgent runs on dgx2; 235 waits for its BeginTime (golden 146, 148, 149, 155)."""
    state = preempting()
    state.now = at(now)
    run(state.jobs[245], ("dgx2",), start="19:06:14", gpus=tuple(range(8)))
    state.jobs[245].eligible_time = at("19:06:11")
    finetune = state.jobs[235]
    finetune.reason, finetune.submit_time = "BeginTime", at("19:06:13")
    finetune.eligible_time = finetune.start_time = at("19:08:14")
    finetune.end_time = at("20:08:14")
    finetune.accrue_time, finetune.last_sched_eval = None, at("19:05:33")
    state.jobs[240].reason = "Resources"
    return state


def final(now: str = "19:07:49") -> ClusterState:
    """19:07:44-49: the sweep is done, 232 timed out, 240 runs (golden 173-176)."""
    state = preempted(now)
    timeout = state.jobs[232]
    timeout.state, timeout.reason = JobState.TIMEOUT, "TimeLimit"
    timeout.end_time, timeout.exit_signal = at("19:06:40"), 15
    for job_id in (234, 236, 237):
        sweep = state.jobs[job_id]
        sweep.state, sweep.array_tasks = JobState.COMPLETED, ()
    run(state.jobs[240], ("dgx1",), start="19:06:33", gpus=tuple(range(4)))
    plan(state.jobs[243], ("dgx1",), start="19:35:33", evaluated="19:07:40")
    plan(state.jobs[239], ("dgx1",), start="19:16:14", evaluated="19:07:40")
    state.jobs[239].reason = "Resources"
    return state
