"""The seam between the pure engine and jobs whose scripts really run.

With execution on (``state.extra[EXECUTION] == "on"``) a job is marked ``executed``
when it starts. The engine then no longer knows when it will end: its simulated run
time is unbounded (the time limit, cancel, preemption and node failure still end it
as for any job), and the api layer reports the end with ``process_exited`` when the
script's process exits, at the simulated instant the api notices it.
"""

from typing import Final

from slurmsim.engine import usage
from slurmsim.engine.lifecycle import finish, resume_under
from slurmsim.engine.node_accounting import drained_by
from slurmsim.model.accounting import CANCELLED_BY
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.hetjobs import named
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.launch import LAUNCH_FAILURE

#: Key in ``ClusterState.extra``: "on" when started jobs run their scripts.
EXECUTION: Final = "execution"
#: Key in ``Job.extra``: the job started with execution on; a process decides its end.
EXECUTED: Final = "executed"


def is_executed(job: Job) -> bool:
    return EXECUTED in job.extra


def process_exited(state: ClusterState, job: Job, exit_code: int, signal: int) -> list[Event]:
    """The script of running ``job`` ended with ``exit_code`` (or was killed by ``signal``):
    COMPLETED when both are 0, else FAILED; its event, then the records of the nodes it
    leaves drained. Nothing when the job is no longer running (it was ended first,
    e.g. cancelled; its state stands).

    slurmctld gives a batch job whose shell died of a signal, whichever, the reason it
    gives a launch that failed (the oracle: ``kill -HUP $$`` in a script, ``JobLaunchFailure``
    and ``ExitCode=0:1``)."""
    final = JobState.COMPLETED if exit_code == 0 and signal == 0 else JobState.FAILED
    reason = LAUNCH_FAILURE if signal and job.request.batch else None
    return [
        event  # a heterogeneous job's components end with its leader's script (the oracle)
        for record in named(state.jobs, job)
        for event in _ended(state, record, final, reason=reason, exit_code=exit_code, signal=signal)
    ]


def cancelled_by_command(state: ClusterState, job: Job) -> list[Event]:
    """The interactive command (srun after a Ctrl-C, salloc told to end) that made running
    ``job`` cancels it: CANCELLED by the job's user, with ExitCode 0:0 (the oracle)."""
    if job.state in (JobState.RUNNING, JobState.SUSPENDED):
        job.extra[CANCELLED_BY] = job.request.user
    return _ended(state, job, JobState.CANCELLED)


def _ended(
    state: ClusterState,
    job: Job,
    final: JobState,
    *,
    reason: str | None = None,
    exit_code: int = 0,
    signal: int = 0,
) -> list[Event]:
    """Running ``job`` ends ``final`` now: its event, then the records of the nodes it
    leaves drained; nothing when it is no longer running (ended first, its state stands)."""
    if job.state not in (JobState.RUNNING, JobState.SUSPENDED):
        return []
    now = state.now
    usage.charge_end(state, job, now)
    event = finish(job, now, final, reason=reason, exit_code=exit_code, signal=signal)
    resume_under(state, job, now)
    state.sched_due = now  # its nodes are free for a pass at once, as after any end
    return [event, *drained_by(state, job, now)]
