"""The one line ``sbatch --test-only`` (and ``srun --test-only``) prints, on stderr."""

from collections.abc import Iterable

from slurmsim.format.hostlist import compress
from slurmsim.format.rendered import Rendered
from slurmsim.format.times import format_instant
from slurmsim.model.time import Instant


def render_test_only(
    job_id: int,
    start: Instant,
    cpus: int,
    nodes: Iterable[str],
    partition: str,
    *,
    program: str = "sbatch",
) -> Rendered:
    """The would-be start of a job that is not submitted, on stderr::

        sbatch: Job 215 to start at 2026-11-29T19:05:08 using 2 processors on nodes dgx[1-2]
        in partition gpu

    (one line). ``job_id`` is the id the job would get.
    """
    line = (
        f"{program}: Job {job_id} to start at {format_instant(start)} using {cpus} processors"
        f" on nodes {compress(nodes)} in partition {partition}\n"
    )
    return Rendered(stderr=line)


def render_test_only_het(job_id: int, start: Instant, cpus: int, nodes: Iterable[str]) -> Rendered:
    """The would-be start of a heterogeneous job, its components together, on stderr::

        sbatch: Job 215 to start at 2026-11-29T19:05:08 using 3 processors on dgx[1-2]

    (no partition: each component has its own)."""
    line = (
        f"sbatch: Job {job_id} to start at {format_instant(start)} using {cpus} processors"
        f" on {compress(nodes)}\n"
    )
    return Rendered(stderr=line)


def render_test_only_failure(message: str) -> Rendered:
    """A ``--test-only`` that cannot run: ``allocation failure: <error>``, exit 1."""
    return Rendered(stderr=f"allocation failure: {message}\n", exit_code=1)
