"""Which steps squeue -s and scontrol show step list for a running job."""

from dataclasses import replace

from slurmsim.format.steps import step_ids
from slurmsim.model.jobs import HET, Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.time import Instant

REQUEST = JobRequest(
    name="h", user="ana", account="research", partition="gpu", qos="normal", batch=True
)


def _running(job_id: int, het: str | None = None) -> Job:
    job = Job(job_id=job_id, request=REQUEST, submit_time=Instant(0))
    job.state, job.alloc = JobState.RUNNING, (NodeAlloc("dgx1", cpus=1, mem=1024),)
    if het is not None:
        job.extra[HET] = het
    return job


def test_a_batch_job_shows_its_batch_step() -> None:
    assert step_ids(_running(7)) == ["batch"]


def test_only_a_heterogeneous_jobs_leader_runs_the_script() -> None:
    """The oracle: ``squeue -s`` listed 4131.batch and no 4132.batch for component 1."""
    assert step_ids(_running(7, "7:0:2")) == ["batch"]
    assert step_ids(_running(8, "7:1:2")) == []


def test_an_allocation_shows_no_batch_step() -> None:
    job = _running(7)
    job.request = replace(REQUEST, batch=False)
    assert "batch" not in step_ids(job)
