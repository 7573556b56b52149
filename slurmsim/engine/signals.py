"""``--signal``: the warning a job asked for before its time limit.

slurmctld looks for jobs near their end in the same periodic check that enforces time
limits (every 30 s, ``lifecycle.TIMEOUT_CHECK``), so the signal goes out at the first
check from which the end is within ``sig_time`` seconds plus one check interval.
A simulated job only logs it (``job_signal``); for a job whose processes really run
(its script under execution, or an interactive command) it is also queued for the api
layer to deliver (``model.signals.queue_signal``).

The warning changes nothing else the engine decides, so it is worked out after the
engine has played a stretch of time (``warnings_since``), not inside the event loop.
"""

from slurmsim.engine.execution import is_executed
from slurmsim.engine.lifecycle import TIMEOUT_CHECK, TIMEOUT_PHASE
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.signals import SIGCONT, WarnSignal, queue_signal, warn_signal
from slurmsim.model.time import EPOCH, Instant


def warn_at(job: Job, spec: WarnSignal) -> Instant | None:
    """When the periodic check sends the job its ``--signal`` (None: it has no end)."""
    end = _planned_end(job)
    if end is None:
        return None
    due = end - spec.before_s - TIMEOUT_CHECK
    offset = (due - EPOCH - TIMEOUT_PHASE) % TIMEOUT_CHECK
    return Instant(due if offset == 0 else due + TIMEOUT_CHECK - offset)


def warnings_since(state: ClusterState, since: Instant) -> list[Event]:
    """The ``--signal`` warnings due in ``[since, now)``: one event each, and the signal
    queued for the processes of a job that still runs."""
    events: list[Event] = []
    if since >= state.now:
        return events
    for job in state.jobs.values():
        spec = warn_signal(job)
        if spec is None or job.start_time is None:
            continue
        at = warn_at(job, spec)
        if at is None or not since <= at < state.now or at < job.start_time:
            continue
        running = job.state is JobState.RUNNING
        ran_past = job.state.finished and job.end_time is not None and job.end_time > at
        if not (running or ran_past):
            continue
        events.append(Event(at, "job_signal", job.job_id, f"{spec.signal} before the time limit"))
        if running and (is_executed(job) or not job.request.batch):
            queue_signal(job, SIGCONT, spec.target)  # the warning comes with a SIGCONT
            queue_signal(job, spec.signal, spec.target)
    return events


def _planned_end(job: Job) -> int | None:
    """The end the time limit sets: EndTime while the job runs (resume moves it on)."""
    if job.time_limit is None or job.start_time is None:
        return None
    if job.state is JobState.RUNNING and job.end_time is not None:
        return job.end_time
    return job.start_time + job.time_limit
