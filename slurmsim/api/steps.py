"""Steps inside an allocation: the two writing sessions of each ``srun`` in a job.

The first creates the step (``create``), once the job exists, runs, belongs to the
user and has the resources free; the second records how its tasks ended (``finish``).
Between them srun runs the tasks itself (``slurmsim.api.launch``), watching the job
(``job_ended``) so that no task outlives it.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from slurmsim.api.session import session
from slurmsim.model.accounting import note_step_exit
from slurmsim.model.errors import SlurmError
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
            used = next_step_id(s.state.jobs, job) - len(steps)
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


def next_step_id(jobs: Mapping[int, Job], job: Job) -> int:
    """The id ``job``'s next step takes: a heterogeneous job numbers its steps as one, a
    step over several components taking one id in each (the oracle: component 1's step
    took 0, the leader's next ones 1 and 2; a step over both took 0 in each, the next 1),
    after the ids its refused steps used up."""
    comps = components(jobs, job)
    taken = {step.step_id for c in comps for step in steps_of(c)}
    return len(taken) + sum(ids_used(c) for c in comps)


class ComponentRefused(Exception):
    """``create_het`` could not make the step in component ``job_id``: ``error`` says why."""

    def __init__(self, job_id: int, error: SlurmError) -> None:
        super().__init__(error.message)
        self.job_id = job_id
        self.error = error


def create_het(requests: Sequence[tuple[int, StepRequest]]) -> list[Created]:
    """Create one step over several components of a heterogeneous job (``srun A : B``),
    ``requests`` by component in the order of their offsets, one id for all. The steps
    are None, and nothing is written, while one must wait for resources. The shares are
    made in turn: when a component refuses its share (``ComponentRefused``), those made
    before it are kept, ended at once, and the id is used up (the oracle: the leader's
    share COMPLETED when component 1 refused; nothing kept when the leader refused)."""
    from slurmsim.engine.steps import check_job, check_names, end_step, place

    refused: ComponentRefused | None = None
    with session(write=True) as s:
        now = s.state.now
        made: list[tuple[Job, list[Step], Step | None]] = []
        for job_id, request in requests:
            try:
                job = check_job(s.state, job_id, request.user)
                check_names(s.state, request)
                steps = steps_of(job)
                if not made:
                    step_id = next_step_id(s.state.jobs, job)
                step = place(job, steps, request, now, ids_used=step_id - len(steps))
            except SlurmError as e:
                refused = ComponentRefused(job_id, e)
                break
            made.append((job, steps, step))
        waits = any(step is None for _, _, step in made)
        if not waits:
            for job, steps, step in made:
                assert step is not None
                put_steps(job, [*steps, step if refused is None else end_step(step, now, 0, 0)])
        cfg = s.state.config
        created = [
            Created(
                job, None if waits else step, cfg.cluster_name, cfg.kill_wait, cfg.def_mem_per_cpu
            )
            for job, _, step in made
        ]
    if refused is not None:
        raise refused
    return created


def create_parts(job_id: int, requests: Sequence[StepRequest]) -> list[Created]:
    """Create one step over parts of a job of one component (``srun A : B`` in it), a part
    for each of ``requests`` on nodes of the job no part before it has, all under one id
    (sacct's ``12.3+0``, ``12.3+1``; ``engine.steps.place_parts``). The steps are None,
    and nothing is written, while one must wait. A part refused (``ComponentRefused``)
    leaves those made before it kept, ended at once, and the id used up, as
    ``create_het``."""
    from slurmsim.engine.steps import check_job, check_names, end_step, place_parts

    with session(write=True) as s:
        now = s.state.now
        job = check_job(s.state, job_id, requests[0].user)
        try:
            for request in requests:
                check_names(s.state, request)
        except SlurmError as e:
            raise ComponentRefused(job_id, e) from None
        steps = steps_of(job)
        parts = place_parts(job, steps, requests, now, next_step_id(s.state.jobs, job))
        if isinstance(parts.refused, NumberedRefusal) and not parts.made:
            use_id(job)  # the first part was numbered before it was refused
        if parts.refused is not None and parts.made:
            put_steps(job, [*steps, *(end_step(step, now, 0, 0) for step in parts.made)])
        elif parts.refused is None and not parts.waits:
            put_steps(job, [*steps, *parts.made])
        cfg = s.state.config
        created = [
            Created(job, step, cfg.cluster_name, cfg.kill_wait, cfg.def_mem_per_cpu)
            for step in ([None] if parts.waits else parts.made)
        ]
    if parts.refused is not None:
        raise ComponentRefused(job_id, parts.refused)
    return created


def finish(
    job_id: int,
    step_id: int,
    exit_code: int,
    signal: int,
    *,
    aborted: bool = False,
    cpu: tuple[int, int] = (0, 0),
    component: int | None = None,
) -> None:
    """Record the end of the step's tasks (a step the job's end has ended stays so), with
    the CPU time they used (user, system; µs); ``component``: of that part of it alone.
    ``aborted``: srun aborted it at a user's signal, so a signal that ended its tasks is
    the job's user's (CANCELLED by them, the oracle)."""
    from slurmsim.engine.steps import end_step

    with session(write=True) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return  # purged meanwhile: its history keeps what it had
        steps = steps_of(job)
        for i, step in enumerate(steps):
            mine = step.step_id == step_id and step.component == component
            if mine and step.state is JobState.RUNNING:
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
    from slurmsim.engine.permissions import may_manage_job
    from slurmsim.model.errors import InvalidJobId, UnknownJob

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
        # A step over several components of a heterogeneous job has the same id in each
        # (no other step shares one): naming it names every share (the oracle's scancel
        # of the leader's step ended component 1's too).
        for each in components(s.state.jobs, job):
            shares = steps_of(each)
            for i, step in enumerate(shares):
                if step.step_id != step_id or ended(step, each).state is not JobState.RUNNING:
                    continue
                if signal is None or signal == SIGKILL:
                    shares[i] = replace(
                        step,
                        state=JobState.CANCELLED,
                        end_time=s.state.now,
                        exit_signal=SIGKILL,
                        cancelled_by=s.user,
                    )
                else:
                    shares[i] = replace(step, signals=(*step.signals, signal))
            put_steps(each, shares)


def job_end(job_id: int) -> Instant | None:
    """When the job stopped running (None while it runs)."""
    with session(write=False) as s:
        job = s.state.jobs.get(job_id)
        if job is None:
            return s.state.now
        if job.state in (JobState.RUNNING, JobState.SUSPENDED):
            return None
        return job.end_time if job.end_time is not None else s.state.now
