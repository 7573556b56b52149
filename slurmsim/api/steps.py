"""Steps inside an allocation: the two writing sessions of each ``srun`` in a job.

The first creates the step (``create``), once the job exists, runs, belongs to the
user and has the resources free; the second records how its tasks ended (``finish``).
Between them srun runs the tasks itself (``slurmsim.api.launch``), watching the job
(``job_ended``) so that no task outlives it.
"""

from dataclasses import dataclass

from slurmsim.api.session import session
from slurmsim.model.jobs import Job
from slurmsim.model.steps import Step, StepRequest, put_steps, steps_of
from slurmsim.model.time import Instant


@dataclass(frozen=True)
class Created:
    """The job, its new step (None while other steps hold what it needs) and the
    cluster's name."""

    job: Job
    step: Step | None
    cluster: str
    kill_wait: int  # seconds


def create(job_id: int, request: StepRequest) -> Created:
    """Create the step ``request`` asks for in job ``job_id`` (nothing is written while
    it must wait). Raises Slurm's refusals (``SlurmError``)."""
    from slurmsim.engine.steps import check_job, place

    with session(write=True) as s:
        job = check_job(s.state, job_id, request.user)
        steps = steps_of(job)
        step = place(job, steps, request, s.state.now)
        if step is not None:
            put_steps(job, [*steps, step])
        return Created(job, step, s.state.config.cluster_name, s.state.config.kill_wait)


def finish(job_id: int, step_id: int, exit_code: int, signal: int) -> None:
    """Record the end of the step's tasks (a step the job's end has ended stays so)."""
    from slurmsim.engine.steps import end_step
    from slurmsim.model.steps import ended

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return  # purged meanwhile: its history keeps what it had
        steps = steps_of(job)
        for i, step in enumerate(steps):
            if step.step_id == step_id:
                shown = ended(step, job)
                steps[i] = (
                    end_step(step, s.state.now, exit_code, signal) if shown is step else shown
                )
        put_steps(job, steps)
        # The job's DerivedExitCode: the highest exit code of its steps.
        job.derived_exit_code = max(job.derived_exit_code, exit_code)


def job_ended(job_id: int) -> bool:
    """Whether the job no longer runs (cancelled, timed out, ended): its steps must end."""
    return job_end(job_id) is not None


def job_end(job_id: int) -> Instant | None:
    """When the job stopped running (None while it runs)."""
    from slurmsim.model.jobs import JobState

    with session(write=False) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return s.state.now
        if job.state in (JobState.RUNNING, JobState.SUSPENDED):
            return None
        return job.end_time if job.end_time is not None else s.state.now
