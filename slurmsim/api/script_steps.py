"""The steps a simulated batch script's ``srun`` lines make, as the clock reaches them.

A simulated script does not run, but what it would run is read at submission
(``parse.simulated``: when each srun starts, for how long, with which options), so
that sacct, ``squeue -s`` and ``scontrol show step`` show the steps Slurm would: a
step starts when the script reaches its srun, placed in the job as srun places it
(``engine.steps.place``, with the environment the script gives srun), and ends
COMPLETED when its command is done; one still running when the job ends ends with it.
They are written onto the job (``model.steps.STEPS``) whenever a command looks, and
once more when the job has ended. A job into which a real srun has put a step of its
own (``srun --jobid``) gets no more of them: their ids would clash.
"""

import json
from dataclasses import replace

from slurmsim.engine import steps as placing
from slurmsim.engine.execution import is_executed
from slurmsim.execution.environment import batch_environment
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.steps import SCRIPT_STEPS, Step, put_steps, steps_of
from slurmsim.model.time import Instant
from slurmsim.parse.simulated import ScriptStep
from slurmsim.parse.step_options import step_request

#: Where the made-up process ids of a script's sruns start (shown as ``SrunHost:Pid``).
_SRUN_PID = 4000
#: Key in ``Job.extra``: how many steps this module wrote onto the job last time.
WRITTEN = "script_steps_written"


def keep(job: Job, steps: tuple[ScriptStep, ...]) -> None:
    """Keep what a simulated script's srun lines would do, for when the job runs."""
    if steps:
        job.extra[SCRIPT_STEPS] = json.dumps(
            [[s.at, s.runs, s.name, s.options] for s in steps], separators=(",", ":")
        )


def bring_up_to_date(state: ClusterState) -> None:
    """Write the steps each simulated batch job's script has made by now (or by its end)."""
    for job in state.jobs.values():
        text = job.extra.get(SCRIPT_STEPS)
        if text is None or job.state is JobState.PENDING or job.start_time is None:
            continue
        if is_executed(job) or len(steps_of(job)) != int(job.extra.get(WRITTEN, "0")):
            del job.extra[SCRIPT_STEPS]  # the script itself runs, or srun added its own
            continue
        finished = job.state.finished
        until = job.end_time if finished and job.end_time is not None else state.now
        made = _made(state, job, _read(text), until)
        if made or steps_of(job):
            put_steps(job, made)
        job.extra[WRITTEN] = str(len(made))
        if finished:
            del job.extra[SCRIPT_STEPS]


def _read(text: str) -> list[ScriptStep]:
    return [
        ScriptStep(at, runs, name, tuple((k, v) for k, v in options))
        for at, runs, name, options in json.loads(text)
    ]


def _made(state: ClusterState, job: Job, script: list[ScriptStep], until: int) -> list[Step]:
    """The steps ``job``'s script has started by ``until``, each ended if its command is
    done by then. An srun the controller refuses makes none (srun says why on the job's
    output and the script goes on); one whose resources other steps hold starts when
    they let go, as srun waits for them."""
    if job.start_time is None or not job.alloc:
        return []
    env = batch_environment(
        job,
        cluster=state.config.cluster_name,
        submitted={},
        uid=0,
        gid=0,
        def_mem_per_cpu=state.config.def_mem_per_cpu,
    )
    # The steps are placed as they were while the job ran (placing reads a step still
    # running in an ended job as ended with it).
    running = job if job.state is JobState.RUNNING else replace(job, state=JobState.RUNNING)
    made: list[Step] = []
    ends: list[int | None] = []
    for i, s in enumerate(script):
        try:
            request, _ = step_request(
                dict(s.options),
                env,
                s.name,
                user=job.request.user,
                srun_host=job.alloc[0].node,  # srun runs where the script does
                srun_pid=_SRUN_PID + 10 * job.job_id + i,
            )
        except SlurmError:
            continue
        start: int | None = job.start_time + s.at
        step = None
        while start is not None and start <= until and step is None:
            try:
                step = placing.place(running, _as_of(made, ends, start), request, Instant(start))
            except SlurmError:
                break
            if step is None:  # it waits for the first step holding what it needs to end
                start = min((e for e in ends if e is not None and e > start), default=None)
        if step is not None:
            made.append(step)
            ends.append(None if s.runs is None else step.start_time + s.runs)
    return _as_of(made, ends, until)


def _as_of(made: list[Step], ends: list[int | None], at: int) -> list[Step]:
    """The steps as they stand at ``at``: those whose command is done by then COMPLETED."""
    return [
        replace(step, state=JobState.COMPLETED, end_time=Instant(end), exit_code=0)
        if end is not None and end <= at
        else step
        for step, end in zip(made, ends, strict=True)
    ]
