"""What is in use on each node, derived from the jobs that hold resources.

Both the engine (placement) and the formatters (sinfo, scontrol show node)
need these sums; they live here so that neither imports the other.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from slurmsim.model.jobs import Job, JobState

#: Jobs in these states hold their allocation (a suspended job keeps its GPUs).
HOLDS_RESOURCES = frozenset({JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})


@dataclass(slots=True)
class NodeUsage:
    cpus: int = 0
    mem: int = 0  # MB
    gpus: set[int] = field(default_factory=set)
    jobs: int = 0


def node_usage(jobs: Iterable[Job]) -> dict[str, NodeUsage]:
    """Sum the allocations of every job that holds resources, per node name."""
    usage: dict[str, NodeUsage] = {}
    for job in jobs:
        if job.state not in HOLDS_RESOURCES:
            continue
        for a in job.alloc:
            u = usage.setdefault(a.node, NodeUsage())
            u.cpus += a.cpus
            u.mem += a.mem
            u.gpus.update(a.gpus)
            u.jobs += 1
    return usage
