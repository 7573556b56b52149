"""``slurmsim status``: nodes x GPUs and the queue, drawn with rich.

Each GPU is one cell, labelled with the job that holds it, so that a whole
job taking four servers at once (or failing to) is visible at a glance.
"""

import time

from rich.console import Console
from rich.table import Table
from rich.text import Text

from slurmsim.model.alloc import node_usage
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import JobState

_PALETTE = ("green", "cyan", "magenta", "yellow", "blue", "red", "bright_green", "bright_cyan")


def render_status(state: ClusterState, console: Console | None = None) -> None:
    console = console or Console()
    when = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(state.now))
    console.print(f"[bold]{state.config.cluster_name}[/bold]  simulated time {when}")
    console.print(_nodes_table(state))
    console.print(_queue_table(state))
    lost = sorted((j.job_id, j.gpu_seconds_lost) for j in state.jobs.values() if j.gpu_seconds_lost)
    if lost:
        total = sum(seconds for _, seconds in lost) / 3600
        jobs = ", ".join(f"{job_id}: {seconds / 3600:.2f}" for job_id, seconds in lost)
        console.print(f"GPU-hours lost to preemption and failures: {total:.2f} ({jobs})")


def _job_colour(job_id: int) -> str:
    return _PALETTE[job_id % len(_PALETTE)]


def _nodes_table(state: ClusterState) -> Table:
    usage = node_usage(state.jobs.values())
    gpu_owner: dict[tuple[str, int], int] = {}
    for job in state.jobs.values():
        if job.state in (JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING):
            for a in job.alloc:
                for g in a.gpus:
                    gpu_owner[(a.node, g)] = job.job_id
    table = Table(title="Nodes", show_lines=False)
    table.add_column("node")
    table.add_column("state")
    table.add_column("GPUs")
    table.add_column("CPUs", justify="right")
    for name, node in state.nodes.items():
        u = usage.get(name)
        cells = Text()
        for index in range(node.config.gres_count("gpu")):
            owner = gpu_owner.get((name, index))
            if owner is None:
                cells.append(" .. ", style="dim")
            else:
                cells.append(f"{owner % 1000:>4}", style=f"bold {_job_colour(owner)}")
        flags = "down" if node.down else ("drain" if node.drain else "up")
        used = u.cpus if u else 0
        table.add_row(name, flags, cells, f"{used}/{node.config.cpus}")
    return table


def _queue_table(state: ClusterState) -> Table:
    table = Table(title="Queue")
    for column in ("JOBID", "USER", "NAME", "ST", "NODES", "REASON / NODELIST"):
        table.add_column(column)
    for job in sorted(state.jobs.values(), key=lambda j: j.job_id):
        if job.state.finished:
            continue
        where = ",".join(job.nodes) if job.alloc else f"({job.reason})"
        table.add_row(
            Text(str(job.job_id), style=_job_colour(job.job_id)),
            job.request.user,
            job.request.name,
            job.state.compact,
            str(job.request.min_nodes),
            where,
        )
    return table
