"""``slurmsim explain JOBID``: the facts behind a pending job's wait.

Read only: the suggestions ask the engine's will-run (``sbatch --test-only``'s code
path) on a copy of the state, so the store never changes.
"""

import copy
from dataclasses import replace

from slurmsim.api.priorities import listed, priority_rows
from slurmsim.api.views import current_state
from slurmsim.engine.submit import will_run
from slurmsim.format.explain import Ahead, Explanation, InTheWay, Suggestion
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState
from slurmsim.model.time import Instant, Seconds
from slurmsim.parse.durations import format_duration

#: Shorter limits tried, longest first, each no longer than the job's own.
_SHORTER = tuple(Seconds(m * 60) for m in (720, 480, 240, 120, 60, 30, 15))


def explain(job_id: int) -> Explanation | None:
    """Why job ``job_id`` is where it is; None when there is no such job."""
    state, _ = current_state()
    job = state.jobs.get(job_id)
    if job is None:
        return None
    pending = job.state is JobState.PENDING
    waits = _waits_for_resources(job)
    row = next((r for r in priority_rows(state) if r.job_id == job_id), None) if pending else None
    return Explanation(
        job_id=job.job_id,
        name=job.request.name,
        state=job.state.value,
        reason=job.reason,
        now=state.now,
        detail=_detail(job),
        in_the_way=_in_the_way(state, job) if waits else (),
        priority=row,
        ahead=_ahead(state, job) if waits else (),
        expected_start=job.start_time if pending else None,
        suggestions=_suggestions(state, job) if waits else (),
    )


def _detail(job: Job) -> str:
    if job.hold is Hold.USER:
        return "It is held by its user: `scontrol release` lets it compete again."
    if job.hold is Hold.ADMIN:
        return "It is held by an administrator: only they can release it."
    if job.hold is Hold.BAD_CONSTRAINTS:
        return (
            "No node of its partition could ever run it: `scontrol update` it to ask for "
            "less (or an administrator releases it once the nodes can)."
        )
    if job.hold is Hold.RESV_DELETED:
        return (
            "The reservation it asked for ended before it could start: `scontrol release` "
            "lets it compete again, outside any reservation."
        )
    if job.state is JobState.PENDING and job.request.dependency is not None:
        return f"It waits for its dependency: {job.request.dependency}."
    return ""


def _waits_for_resources(job: Job) -> bool:
    return (
        job.state is JobState.PENDING
        and job.hold is Hold.NONE
        and job.reason in ("Resources", "Priority", "ReqNodeNotAvail", "Reservation")
    )


def _usable_nodes(state: ClusterState, job: Job) -> set[str]:
    nodes: set[str] = set()
    for name in job.request.partition.split(","):
        part = state.partitions.get(name)
        if part is not None:
            nodes.update(part.nodes)
    return nodes


def _in_the_way(state: ClusterState, job: Job) -> tuple[InTheWay, ...]:
    usable = _usable_nodes(state, job)
    found: list[tuple[int, str, InTheWay]] = []
    for other in state.jobs.values():
        held = tuple(n for n in other.nodes if n in usable)
        if other.state is not JobState.RUNNING or not held:
            continue
        end = _planned_end(other)
        what = f"job {other.job_id} ({other.request.user})"
        found.append((end if end is not None else 2**62, what, InTheWay(what, held, end)))
    for res in state.reservations.values():
        held = tuple(n for n in res.nodes if n in usable)
        if held and res.start_time <= state.now < res.end_time:
            what = f"reservation {res.name}"
            found.append((res.end_time, what, InTheWay(what, held, res.end_time)))
    return tuple(w for _, _, w in sorted(found, key=lambda f: (f[0], f[1])))


def _planned_end(job: Job) -> Instant | None:
    if job.start_time is None or job.time_limit is None:
        return None
    return Instant(job.start_time + job.time_limit)


def _ahead(state: ClusterState, job: Job) -> tuple[Ahead, ...]:
    mine = set(job.request.partition.split(","))
    others = [
        o
        for o in state.jobs.values()
        if listed(state, o)
        and o.reason != "Dependency"
        and o.job_id != job.job_id
        and mine & set(o.request.partition.split(","))
        and (o.priority, -o.job_id) > (job.priority, -job.job_id)
    ]
    others.sort(key=lambda o: (-o.priority, o.job_id))
    return tuple(
        (o.job_id, o.request.user, o.priority, o.start_time, o.sched_nodes) for o in others
    )


def _suggestions(state: ClusterState, job: Job) -> tuple[Suggestion, ...]:
    """Changes that would let the job start before its expected start, per will-run."""
    planned = job.start_time
    found: list[Suggestion] = []
    limit = job.time_limit
    for shorter in _shorter_limits(state, job):
        if limit is not None and shorter >= limit:
            continue
        start = _would_start(state, job, replace(job.request, time_limit=shorter), shorter)
        if start is not None and (planned is None or start < planned):
            found.append(Suggestion(f"--time={format_duration(shorter)}", start))
            break
    for name in state.partitions:
        if name in job.request.partition.split(","):
            continue
        start = _would_start(state, job, replace(job.request, partition=name), limit)
        if start is not None and (planned is None or start < planned):
            found.append(Suggestion(f"--partition={name}", start))
    if job.request.min_nodes > 1:
        fewer = replace(job.request, min_nodes=job.request.min_nodes - 1)
        fewer = replace(fewer, max_nodes=min(fewer.max_nodes or fewer.min_nodes, fewer.min_nodes))
        start = _would_start(state, job, fewer, limit)
        if start is not None and (planned is None or start < planned):
            found.append(Suggestion(f"--nodes={fewer.min_nodes}", start))
    return tuple(found)


def _shorter_limits(state: ClusterState, job: Job) -> list[Seconds]:
    """The limits to try, longest first: each hole until a job ahead is planned to start
    (in whole minutes, ending before it), then a few round ones."""
    holes = {
        Seconds((o.start_time - state.now - 1) // 60 * 60)  # to end before it starts
        for o in state.jobs.values()
        if o.state is JobState.PENDING
        and o.priority > job.priority
        and o.start_time is not None
        and o.start_time - state.now >= 60
    }
    return sorted(holes | set(_SHORTER), reverse=True)


def _would_start(
    state: ClusterState, job: Job, request: JobRequest, limit: Seconds | None
) -> Instant | None:
    """When will-run starts ``request`` on a copy of the state without ``job`` in it, if that
    run keeps off reservations the job is not in and off the nodes a job ahead of it is
    planned to take before it ends."""
    scratch = copy.deepcopy(state)
    del scratch.jobs[job.job_id]
    try:
        start, nodes, _, _ = will_run(scratch, request)
    except SlurmError:
        return None
    end = None if limit is None else start + limit
    # will-run does not keep out of reservations the job is not in (nor does --test-only).
    for res in state.reservations.values():
        overlaps_in_time = res.start_time < (end if end is not None else 2**62)
        outside = res.name != request.reservation and start < res.end_time and overlaps_in_time
        if outside and set(res.nodes) & set(nodes):
            return None
    for other in state.jobs.values():
        planned = other.start_time
        if other.state is not JobState.PENDING or other.job_id == job.job_id or planned is None:
            continue
        overlaps = set(other.sched_nodes) & set(nodes)
        # A run that ends as a higher job's planned start comes is in its way (backfill
        # takes every reservation that begins by the end of the run).
        if overlaps and other.priority > job.priority and (end is None or end >= planned):
            return None
    return start
