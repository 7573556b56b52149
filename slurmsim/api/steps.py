"""Steps inside an allocation: the two writing sessions of each ``srun`` in a job.

The first creates the step (``create``), once the job exists, runs, belongs to the
user and has the resources free; the second records how its tasks ended (``finish``).
Between them srun runs the tasks itself (``slurmsim.api.launch``), watching the job
(``job_ended``) so that no task outlives it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from slurmsim.api.session import session
from slurmsim.model.accounting import note_step_exit
from slurmsim.model.hetjobs import components
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.steps import (
    NumberedRefusal,
    Step,
    StepRequest,
    ended,
    ids_used,
    put_steps,
    steps_of,
    use_id,
)
from slurmsim.model.time import Instant

SIGKILL = 9


@dataclass(frozen=True)
class Created:
    """The job, its new step (None while other steps hold what it needs) and the
    cluster's name."""

    job: Job
    step: Step | None
    cluster: str
    kill_wait: int  # seconds
    def_mem_per_cpu: int | None = None  # DefMemPerCPU: the job's memory when it asked none


def create(job_id: int, request: StepRequest) -> Created:
    """Create the step ``request`` asks for in job ``job_id`` (nothing is written while
    it must wait). Raises Slurm's refusals (``SlurmError``)."""
    from slurmsim.engine.steps import check_job, check_names, place

    refused = None
    with session(write=True) as s:
        job = check_job(s.state, job_id, request.user)
        check_names(s.state, request)
        steps = steps_of(job)
        try:
            used = ids_used(job) + _siblings_ids(s.state.jobs, job)
            step = place(job, steps, request, s.state.now, ids_used=used)
        except NumberedRefusal as e:
            use_id(job)  # kept: the refusal still used up the step's id
            refused, step = e, None
        if step is not None:
            put_steps(job, [*steps, step])
        cfg = s.state.config
        created = Created(job, step, cfg.cluster_name, cfg.kill_wait, cfg.def_mem_per_cpu)
    if refused is not None:
        raise refused
    return created


def _siblings_ids(jobs: Mapping[int, Job], job: Job) -> int:
    """The step ids ``job``'s heterogeneous siblings took: the whole job counts its steps
    as one (the oracle: component 1's step took 0, the leader's next ones 1 and 2)."""
    return sum(len(steps_of(c)) + ids_used(c) for c in components(jobs, job) if c is not job)


def finish(
    job_id: int,
    step_id: int,
    exit_code: int,
    signal: int,
    *,
    aborted: bool = False,
    cpu: tuple[int, int] = (0, 0),
) -> None:
    """Record the end of the step's tasks (a step the job's end has ended stays so), with
    the CPU time they used (user, system; µs). ``aborted``: srun aborted it at a user's
    signal, so a signal that ended its tasks is the job's user's (CANCELLED by them, the
    oracle)."""
    from slurmsim.engine.steps import end_step

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return  # purged meanwhile: its history keeps what it had
        steps = steps_of(job)
        for i, step in enumerate(steps):
            if step.step_id == step_id and step.state is JobState.RUNNING:
                shown = ended(step, job)
                by = job.request.user if aborted else None
                steps[i] = replace(
                    end_step(step, s.state.now, exit_code, signal, by=by)
                    if shown is step
                    else shown,
                    user_cpu_us=cpu[0],
                    system_cpu_us=cpu[1],
                )
        put_steps(job, steps)
        note_step_exit(job, exit_code, signal)


@dataclass(frozen=True)
class Watch:
    """What srun learns when it looks at its step: whether its job has ended or the step
    was cancelled, and when (``at``); and the signals scancel has sent to it so far."""

    job_ended: bool = False
    cancelled: bool = False
    at: Instant | None = None
    signals: tuple[int, ...] = ()


def watch(job_id: int, step_id: int) -> Watch:
    """How the step stands in the store now."""
    with session(write=False) as s:
        job = s.state.jobs.get(job_id)
        if job is None or job.state not in (JobState.RUNNING, JobState.SUSPENDED):
            end = job.end_time if job is not None else None
            return Watch(job_ended=True, at=end if end is not None else s.state.now)
        step = next((x for x in steps_of(job) if x.step_id == step_id), None)
        if step is None or step.state is not JobState.RUNNING:
            end = step.end_time if step is not None else None
            return Watch(cancelled=True, at=end if end is not None else s.state.now)
        return Watch(signals=step.signals)


def cancel(job_id: int, step_id: int, signal: int | None) -> None:
    """``scancel JOB.STEP``: end the step (its srun kills the tasks), or with ``--signal``
    have its srun send them that signal. Raises ``UnknownJob`` when there is no such job,
    ``InvalidJobId`` for a step that does not run and ``InvalidUserId`` for someone else's
    (slurmctld's answer for a step)."""
    from dataclasses import replace

    from slurmsim.engine.permissions import may_manage_job
    from slurmsim.model.errors import InvalidJobId, SlurmError, UnknownJob

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            raise UnknownJob()
        if job.state is JobState.PENDING:
            return  # nothing runs yet: scancel is answered without a word (the oracle)
        steps = steps_of(job)
        found = [i for i, x in enumerate(steps) if x.step_id == step_id]
        if not found or ended(steps[found[0]], job).state is not JobState.RUNNING:
            raise InvalidJobId()
        if not may_manage_job(s.state, job, s.user):
            raise SlurmError("Invalid user id")
        step = steps[found[0]]
        if signal is None or signal == SIGKILL:
            steps[found[0]] = replace(
                step,
                state=JobState.CANCELLED,
                end_time=s.state.now,
                exit_signal=SIGKILL,
                cancelled_by=s.user,
            )
        else:
            steps[found[0]] = replace(step, signals=(*step.signals, signal))
        put_steps(job, steps)


def job_end(job_id: int) -> Instant | None:
    """When the job stopped running (None while it runs)."""
    with session(write=False) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return s.state.now
        if job.state in (JobState.RUNNING, JobState.SUSPENDED):
            return None
        return job.end_time if job.end_time is not None else s.state.now
