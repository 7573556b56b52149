"""A running job shrunk by ``scontrol update`` (``NumNodes=``, ``NodeList=``, ``ReqNodeList=``).

slurmctld lets a running job give nodes back, never take more: ``NumNodes=N`` keeps its
first N nodes, a node list keeps the nodes named, which must be the job's and hold its
batch script. The nodes let go take other work at once. The accounting ends the job's
record as RESIZING and begins another for its new shape: submitted at the resize, and
begun at the job's start after a first resize, at the resize after later ones (the
oracle, golden ``shrink/``).
"""

from dataclasses import replace

from slurmsim.engine.trigger import trigger
from slurmsim.model.accounting import (
    RECORD_START,
    RESIZE_TIME,
    AcctState,
    PastRun,
    add_past_run,
    record_start,
    record_submit,
)
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.job_update import JobUpdate
from slurmsim.model.jobs import Job
from slurmsim.model.time import Seconds


def kept_nodes(job: Job, update: JobUpdate) -> tuple[str, ...] | None:
    """The nodes of running ``job`` that ``update`` keeps (None: it changes none), or
    slurmctld's refusal."""
    nodes = job.nodes
    if update.nodes is not None:
        least = update.nodes[0]
        if least <= 0:
            raise SlurmError("Node count specification invalid")
        if least > len(nodes):
            raise SlurmError("Requested operation not supported on this system")
        return nodes[:least]
    if update.req_nodes is not None:
        named = set(update.req_nodes)
        if not named <= set(nodes) or not nodes or nodes[0] not in named:
            raise SlurmError("Invalid node name specified")
        return tuple(n for n in nodes if n in named)
    return None


def shrink(state: ClusterState, job: Job, keep: tuple[str, ...]) -> None:
    """Give back the nodes of running ``job`` but ``keep``."""
    if len(keep) == len(job.alloc):
        return
    now = state.now
    start = record_start(job)
    add_past_run(
        job,
        PastRun(
            state=AcctState.RESIZING.value,
            submit_time=record_submit(job),
            eligible_time=job.eligible_time,
            start_time=start,
            end_time=now,
            run_seconds=Seconds(max(now - start, 0) if start is not None else 0),
            alloc=job.alloc,
            priority=job.priority,
            scheduler=job.scheduler,
        ),
    )
    if RESIZE_TIME in job.extra:
        job.extra[RECORD_START] = str(now)
    job.extra[RESIZE_TIME] = str(now)
    before = len(job.alloc)
    job.alloc = tuple(a for a in job.alloc if a.node in keep)
    count = len(job.alloc)
    request = job.request
    tasks = max(count, request.num_tasks * count // before)
    job.request = replace(request, min_nodes=count, max_nodes=count, num_tasks=tasks)
    trigger(state)  # the nodes let go are there for a pass
