"""The TRES a job or a step asks for, as slurmctld keeps them in text: what ``scontrol
show job`` and ``show step`` print as ``TresPerNode=gres:gpu:8`` and the like."""

from collections.abc import Sequence
from dataclasses import dataclass

from slurmsim.model.jobs import JobRequest


def tres_per_node(request: JobRequest) -> str | None:
    """``gres:gpu:8`` for ``--gres=gpu:8``, as typed (``gres:gpu`` for ``--gres=gpu``);
    None when the job asked for no GRES per node (and no update typed one to show)."""
    typed = request.shown_value("tres-per-node")
    if not request.gres_per_node:
        return typed or None
    if typed is None and request.shown_value("gpus-per-socket") is not None:
        return None  # every socket's GPUs (TresPerSocket=), none asked per node
    return typed or ",".join(f"gres:{g}" for g in request.gres_per_node)


def tres_per_job(request: JobRequest) -> str | None:
    """``gres:gpu:2`` for ``--gpus=2``, as typed (an update's ``TresPerJob=`` empties the
    text alone); None without ``--gpus``."""
    if request.gpus_per_job is None:
        return None
    typed = request.shown_value("tres-per-job")
    return f"gres:{request.gpus_per_job}" if typed is None else typed


def tres_per_task(request: JobRequest) -> str | None:
    """``gres:gpu:1`` for ``--gpus-per-task=1``, as typed; None without it."""
    if request.gpus_per_task is None:
        return None
    return request.shown_value("tres-per-task") or f"gres:{request.gpus_per_task}"


def cpus_per_tres(request: JobRequest) -> str | None:
    """``gres:gpu:8`` for ``--cpus-per-gpu=8`` (as an update typed it, when one did)."""
    typed = request.shown_value("cpus-per-tres")
    if typed is not None:
        return typed
    per_gpu = request.shown_value("cpus-per-gpu")
    return None if per_gpu is None else f"gres:gpu:{per_gpu}"


def mem_per_tres(request: JobRequest) -> str | None:
    """``gres:gpu:40960`` for ``--mem-per-gpu=40G`` (in MB)."""
    return None if request.mem_per_gpu is None else f"gres:gpu:{request.mem_per_gpu}"


def tres_bind(request: JobRequest) -> str | None:
    """``gpu:closest`` for ``--gpu-bind=closest``."""
    bind = request.shown_value("gpu-bind")
    return None if bind is None else f"gpu:{bind}"


def tres_freq(request: JobRequest) -> str | None:
    """``gpu:high`` for ``--gpu-freq=high``."""
    freq = request.shown_value("gpu-freq")
    return None if freq is None else f"gpu:{freq}"


def tres_per_socket(request: JobRequest) -> str | None:
    """``gres:gpu:1`` for ``--gpus-per-socket=1``."""
    per_socket = request.shown_value("gpus-per-socket")
    return None if per_socket is None else f"gres:gpu:{per_socket}"


@dataclass(frozen=True, slots=True)
class StepTres:
    """A step's TRES requests (``scontrol show step``'s ``CpusPerTres=`` to
    ``TresPerTask=``); None for each it has not.

    In a ``StepRequest`` these are srun's, from its options or the job's variables that
    stand for them (``SLURM_GPUS_PER_NODE``...), ``per_step`` without its ``cpu:N``
    (counted once the step's tasks are known); in a ``Step``, the controller's.
    """

    cpus_per_tres: str | None = None  # gres:gpu:4 (--cpus-per-gpu)
    mem_per_tres: str | None = None  # gres:gpu:32768 (--mem-per-gpu, MB)
    bind: str | None = None  # gpu:closest, gpu:per_task:1, gpu:single:1
    per_step: str | None = None  # cpu:8,gres:gpu:2 (--gpus)
    per_node: str | None = None  # gres:gpu:2 (--gpus-per-node, --gres)
    per_task: str | None = None  # cpu:2,gres:gpu:1 (-c, --gpus-per-task)


def gpus_asked(request: JobRequest, per_node: Sequence[int], index: int) -> int:
    """How many GPUs the job's options ask for on its ``index``-th node, with ``per_node``
    tasks on each: a whole-node job holds them all, its srun's step only these (the oracle:
    ``srun --exclusive --gpus=1`` has one)."""
    if request.gres_per_node:
        return sum(g.count for g in request.gres_per_node if g.name == "gpu")
    if request.gpus_per_task is not None:
        return request.gpus_per_task.count * per_node[index]
    if request.gpus_per_job is not None:
        base, extra = divmod(request.gpus_per_job.count, len(per_node))
        return base + (1 if index < extra else 0)
    return 0


def own_step_tres(request: JobRequest, cpus: int) -> StepTres:
    """The TRES of the step ``0`` an interactive srun makes for itself with ``cpus`` CPUs:
    those of a step srun asks for with the job's options, when the job asks for some GRES
    (the oracle: ``srun -c2 --gres=gpu:1`` shows ``TresPerStep=cpu:2``,
    ``TresPerNode=gres:gpu:1``, ``TresPerTask=cpu:2``); none without."""
    per_job, per_node, per_task = (
        tres_per_job(request),
        tres_per_node(request),
        tres_per_task(request),
    )
    if not any(spec and "gres" in spec for spec in (per_job, per_node, per_task)):
        return StepTres()
    cpt = request.cpus_per_task
    bind = tres_bind(request)
    if bind is None and (single := request.shown_value("ntasks-per-gpu")) is not None:
        bind = f"gpu:single:{single}"
    elif bind is None and request.gpus_per_task is not None:
        bind = f"gpu:per_task:{request.gpus_per_task.count}"
    return StepTres(
        cpus_per_tres=cpus_per_tres(request),
        mem_per_tres=mem_per_tres(request),
        bind=bind,
        per_step=",".join(filter(None, (f"cpu:{cpus}", per_job))),
        per_node=per_node,
        per_task=",".join(filter(None, (f"cpu:{cpt}" if cpt > 1 else None, per_task))) or None,
    )
