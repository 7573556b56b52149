"""Waiting for a job: ``sbatch --wait``, and srun/salloc until their allocation starts.

Under the manual clock nothing moves unless a command moves it, so waiting means
playing the clock forward, as ``slurmsim clock advance --until JOBID`` does, except
that a job whose process decides its end (execution on) is only played up to its
start: from then on the wait is in wall time, like every wait under realtime or
scaled, where the store is polled until the job gets there.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from slurmsim.api.session import Session, session
from slurmsim.model.jobs import Job, JobState

#: Wall seconds between two looks at the store while a job's process or the wall
#: clock decides.
POLL_S: Final = 0.1


@dataclass(frozen=True)
class Ended:
    """How a job ended: its state and ``ExitCode=code:signal``."""

    state: JobState
    exit_code: int
    signal: int


def members(s: Session, job_id: int) -> list[Job]:
    """The job, or every task of the array ``job_id``."""
    return [
        j
        for j in s.state.jobs.values()
        if j.job_id == job_id or (j.array_job_id == job_id and j.array_task_id is not None)
    ]


def until_started(
    job_id: int, on_pending: Callable[[], None] | None = None, within: int | None = None
) -> JobState:
    """Wait until job ``job_id`` is no longer pending; its state then (RUNNING, or how it
    ended without running). ``on_pending`` is called once if it had to wait. With
    ``within``, wait at most that many simulated seconds (PENDING: it did not start)."""
    from slurmsim.engine import failures
    from slurmsim.model.time import Instant

    told = False
    deadline: Instant | None = None
    while True:
        with session(write=True) as s:
            job = s.state.jobs[job_id]
            if within is not None and deadline is None:
                deadline = Instant(s.state.now + within)
            if job.state is JobState.PENDING and not told and on_pending is not None:
                on_pending()
                told = True
            if not s.clock.follows_wall_time:
                s.events.extend(failures.run_until_job_starts(s.state, job_id, deadline))
            if job.state is not JobState.PENDING:
                return job.state
            if deadline is not None and s.state.now >= deadline:
                return JobState.PENDING
        time.sleep(POLL_S)


def until_ended(job_id: int) -> Ended:
    """Wait until job ``job_id`` (every task of it, for an array) has ended; the worst end:
    the highest exit code, a signal counting as exit code 1."""
    while True:
        with session(write=True) as s:
            if not s.clock.follows_wall_time:
                _play_until_ended(s, job_id)
            jobs = members(s, job_id)
            if all(j.state.finished for j in jobs):
                return max(
                    (Ended(j.state, j.exit_code, j.exit_signal) for j in jobs),
                    key=wait_status,
                )
        time.sleep(POLL_S)


def wait_status(end: Ended) -> int:
    """What ``sbatch --wait`` exits with for a job that ended so: its exit code, or 1 when
    a signal ended it."""
    return 1 if end.signal else end.exit_code


def _play_until_ended(s: Session, job_id: int) -> None:
    """Under the manual clock: play each unfinished member to its end, or only to its
    start when its process will decide the end."""
    from slurmsim.engine import failures
    from slurmsim.engine.execution import EXECUTION

    executing = s.state.extra.get(EXECUTION) == "on"
    while True:
        left = [j for j in members(s, job_id) if not j.state.finished]
        if not left:
            return
        job = left[0]
        if executing:
            pending = [j for j in left if j.state is JobState.PENDING]
            if not pending:
                return
            s.events.extend(failures.run_until_job_starts(s.state, pending[0].job_id))
            if pending[0].state is JobState.PENDING:
                return
        else:
            s.events.extend(failures.run_until_job_ends(s.state, job.job_id))
            if not job.state.finished:
                return  # nothing more can happen without a command
