"""``--signal``: the warning a job asked for before its time limit.

slurmctld looks for jobs near their end in the same periodic check that enforces time
limits (every 30 s, ``lifecycle.TIMEOUT_CHECK``), so the signal goes out at the first
check from which the end is within ``sig_time`` seconds plus one check interval.
For a job whose processes really run (its script under execution, or an interactive
command) it is queued for the api layer to deliver (``model.signals.queue_signal``). A
simulated job's shell that a ``B:`` warning kills ends then, which the event loop plans
as the job's end (``lifecycle.shell_warned``); otherwise a simulated job only logs it.

The log entries (``job_signal``) are worked out after the engine has played a stretch of
time (``warnings_since``), not inside the event loop.
"""

from slurmsim.engine.execution import is_executed
from slurmsim.engine.lifecycle import warn_at
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import JobState
from slurmsim.model.signals import SIGCONT, queue_signal, warn_signal
from slurmsim.model.time import Instant


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
        ran_past = job.state.finished and job.end_time is not None and job.end_time >= at
        if not (running or ran_past):
            continue
        events.append(Event(at, "job_signal", job.job_id, f"{spec.signal} before the time limit"))
        if running and (is_executed(job) or not job.request.batch):
            queue_signal(job, SIGCONT, spec.target)  # the warning comes with a SIGCONT
            queue_signal(job, spec.signal, spec.target)
    return events
