"""What became of each graded script's job: when and where it started, whether backfill
started it and whom the scripts delayed, and the GPU-hours it holds for nothing.

Pure functions of an ``Observation``: the report (``grading``) renders these, and the
grading checks (``script_checks``) judge them.
"""

from dataclasses import dataclass

from slurmsim.drills.lint import launched_processes
from slurmsim.drills.observation import Observation
from slurmsim.model.jobs import Job
from slurmsim.model.time import Instant, Seconds

_HOUR = 3600


def gpus_per_node(job: Job) -> int:
    """GPUs the job holds (or asks for) on each of its nodes."""
    if job.alloc:
        return max(len(a.gpus) for a in job.alloc)
    return job.request.gpus_per_node


def gpus_held(job: Job) -> int:
    """GPUs the whole job holds (or asks for)."""
    if job.alloc:
        return sum(len(a.gpus) for a in job.alloc)
    if job.request.gpus_per_job is not None:
        return job.request.gpus_per_job.count
    return gpus_per_node(job) * job.request.min_nodes


def gpu_hours(value: float) -> str:
    """GPU-hours in words, to two decimals at most: ``4 GPU-hours``, ``0.5 GPU-hours``."""
    return f"{value:.2f}".rstrip("0").rstrip(".") + " GPU-hours"


def first_start(seen: Observation, job: Job) -> Instant | None:
    """When the job first started; every start is in the event log."""
    starts = seen.starts(job)
    return starts[0][0] if starts else None


@dataclass(frozen=True, slots=True)
class Delay:
    """A job of the scenario that started later with the scripts than without them."""

    job: Job
    #: When it started without the scripts, and with them (None: not within the grading).
    planned: Instant
    started: Instant | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One script's job, as the grading saw it."""

    script: str
    #: The job, or None when sbatch refused the script (``refused`` says why).
    job: Job | None
    refused: str
    #: When it was submitted (when the student took over), and first started.
    submitted: Instant
    started: Instant | None
    nodes: tuple[str, ...]
    #: Jobs pending at the take-over that this one started ahead of.
    overtook: tuple[Job, ...]
    gpus: int
    #: Processes the script's first srun/torchrun launches (None: it uses neither).
    launched: int | None

    @property
    def waited(self) -> int | None:
        """Seconds from submission to its first start (None: it has not started)."""
        return self.started - self.submitted if self.started is not None else None

    @property
    def backfill(self) -> bool:
        """Whether the backfill scheduler started it (scontrol's ``Scheduler=Backfill``)."""
        started = self.job is not None and self.started is not None
        return started and self.job is not None and self.job.scheduler == "Backfill"

    @property
    def idle_gpus(self) -> int:
        """GPUs allocated that no launched process uses (0 when the launch is unknown)."""
        if self.launched is None:
            return 0
        return max(self.gpus - self.launched, 0)

    @property
    def time_limit(self) -> Seconds | None:
        return self.job.time_limit if self.job is not None else None

    @property
    def runtime(self) -> Seconds | None:
        """How long the script says it runs (``#SLURMSIM --runtime`` or its sleeps)."""
        return self.job.request.runtime if self.job is not None else None

    @property
    def idle_gpu_hours(self) -> float:
        """Idle GPUs times the time limit: what the job keeps from everybody else."""
        return self.idle_gpus * (self.time_limit or 0) / _HOUR

    @property
    def excess_seconds(self) -> int:
        """Time limit beyond the run time the script declares (0 when it declares none)."""
        if self.time_limit is None or self.runtime is None:
            return 0
        return max(self.time_limit - self.runtime, 0)

    @property
    def excess_gpu_hours(self) -> float:
        """All its GPUs over the time asked beyond need: what backfill must plan around."""
        return self.gpus * self.excess_seconds / _HOUR


def outcomes(seen: Observation) -> tuple[Outcome, ...]:
    """Each graded script's outcome, in the order the scripts were given."""
    jobs = dict(seen.script_jobs)
    refused = dict(seen.refused)
    found = []
    for script, _ in seen.lints:  # the lint saw every script, in the order given
        job = seen.job_by_id(jobs[script]) if script in jobs else None
        if job is None:
            found.append(
                Outcome(script, None, refused.get(script, ""), seen.began, None, (), (), 0, None)
            )
            continue
        start = first_start(seen, job)
        nodes = seen.starts(job)[0][1] if start is not None else ()
        tasks = max(job.request.num_tasks, 1)
        found.append(
            Outcome(
                script,
                job,
                "",
                seen.began,
                start,
                nodes,
                _overtaken(seen, start),
                gpus_held(job),
                launched_processes(job.request.script, tasks),
            )
        )
    return tuple(found)


def _overtaken(seen: Observation, start: Instant | None) -> tuple[Job, ...]:
    """The jobs pending at the take-over, eligible by ``start``, that started after it."""
    if start is None:
        return ()
    ahead = []
    for job_id in sorted(seen.baseline):
        job = seen.job_by_id(job_id)
        if job is None or job.eligible_time is None or job.eligible_time > start:
            continue
        theirs = first_start(seen, job)
        if theirs is None or theirs > start:
            ahead.append(job)
    return tuple(ahead)


def delays(seen: Observation) -> tuple[Delay, ...]:
    """The jobs of the scenario that started later (or not at all) because of the scripts."""
    found = []
    for job_id, planned in sorted(seen.baseline.items()):
        job = seen.job_by_id(job_id)
        if planned is None or job is None:
            continue
        started = first_start(seen, job)
        if started is None or started > planned:
            found.append(Delay(job, planned, started))
    return tuple(found)
