"""Running a graded script for real: a throwaway cluster, a scratch folder, a wall limit.

Each script gets a store of its own in a temporary folder, with the scenario's cluster
and nothing else on it, a wall clock (scaled x1: the scenario's instants, at wall speed)
and execution on: sbatch submits it as the
rubric's user from an empty ``work`` folder there, so the job starts at once and its
script runs as any executed job does (``api.execution``): the batch environment Slurm
gives a job, its ``--output``/``--error`` files, its own ``--time`` enforced, and srun
inside it talking to this same store. The grader waits for the job to end, up to the
rubric's limit of wall time, then cancels it; the folder goes when the run is over. It
holds the store's supervisor lock meanwhile and opens the writing sessions itself, so no
supervisor process outlives the folder.
"""

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from slurmsim import clock
from slurmsim.api import supervisor
from slurmsim.api.cluster import set_clock_mode, set_execution
from slurmsim.api.drills import scratch_store
from slurmsim.api.session import session
from slurmsim.drills.model import Execution
from slurmsim.drills.runs import Run
from slurmsim.model.jobs import Job

#: How often the grader looks at the job (a writing session reaps its script).
_POLL_S = 0.05
#: How long a cancelled job's script gets to go (its runner escalates after KillWait).
_SETTLE_S = 35.0
#: What the scratch folder's (random) path reads as in an output tail.
SCRATCH = "$SCRATCH"


def execute(
    script: str,
    stage: Callable[[], None],
    submit: Callable[[str, Sequence[str]], tuple[int | None, str]],
    limits: Execution,
) -> Run:
    """Run ``script`` for real on a cluster ``stage`` builds in a new store; how it ended.

    ``submit`` is the grader's sbatch (script, extra options): job id or message."""
    with scratch_store() as folder:
        work = os.path.join(folder, "work")
        os.mkdir(work)
        stage()
        set_execution(True)
        set_clock_mode(clock.SCALED, 1.0)  # realtime would jump to the wall clock's date
        with supervisor.standing_in():  # the grader's own sessions keep the cluster moving
            job_id, message = submit(script, (f"--chdir={work}",))
            if job_id is None:
                return Run("PENDING", 0, 0, False, "", (), refused=message)
            in_time = _wait(job_id, clock.wall_now() + limits.limit)
            if not in_time:
                _cancel(job_id)
                _wait(job_id, clock.wall_now() + _SETTLE_S)
            job = _job(job_id)
        return _record(job, in_time, work, limits.tail)


def _job(job_id: int) -> Job:
    with session(write=True) as s:  # writing: reap the script if it has just exited
        return s.state.jobs[job_id]


def _wait(job_id: int, deadline: float) -> bool:
    """Whether the job ended, its script gone, before ``deadline`` (wall time)."""
    while True:
        job = _job(job_id)
        if job.state.finished and "runner_pid" not in job.extra:
            return True
        if clock.wall_now() >= deadline:
            return False
        time.sleep(_POLL_S)


def _cancel(job_id: int) -> None:
    """Cancel the job on its owner's behalf (the grader may not be Slurm's admin)."""
    from slurmsim.engine import control

    with session(write=True) as s:
        job = s.state.jobs[job_id]
        if not job.state.finished:
            s.events.extend(control.cancel(s.state, job_id, None, job.request.user))


def _record(job: Job, in_time: bool, work: str, lines: int) -> Run:
    if not job.alloc:  # it never started: the cluster could not run it
        return Run("PENDING", 0, 0, in_time, "", ())
    from slurmsim.api.host_files import output_files

    stdout, stderr = output_files(job)
    folder = os.path.dirname(work)
    error = _shown(stderr, work) if stderr != stdout else ""
    return Run(
        job.state.name,
        job.exit_code,
        job.exit_signal,
        in_time,
        _shown(stdout, work),
        _tail(stdout, lines, folder),
        error,
        _tail(stderr, lines, folder) if error else (),
    )


def _shown(path: str, work: str) -> str:
    """A path as the report shows it: relative to the scratch folder when inside it."""
    inside = os.path.relpath(path, work)
    return path if inside.startswith("..") else inside


def _tail(path: str, lines: int, folder: str) -> tuple[str, ...]:
    """The last ``lines`` lines of ``path`` (none when it is missing), with the scratch
    folder's random path written ``$SCRATCH``."""
    if lines == 0:
        return ()
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return ()
    return tuple(line.replace(folder, SCRATCH) for line in text.splitlines()[-lines:])
