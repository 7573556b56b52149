"""How the clients settle a job's GPU counts against one another before sending it
(after ``-v`` lists the options, before anything reaches the controller).

``--gpus`` (per job), ``--gpus-per-node`` or ``--gres=gpu:N`` (per node),
``--gpus-per-task`` and ``--gpus-per-socket`` must agree: each is checked against the
others in the controller's order (its GRES count test, which sbatch, salloc and srun
also run), and what one implies fills in what was left out: the node count from per
job over per node, the task count from per job over per task, the tasks per node and per
socket, and the CPUs per task from ``--cpus-per-gpu``. A disagreement is refused with the
test's own line and exit 1, before any job id is used.
"""

from typing import NamedTuple, NoReturn

from slurmsim.model.errors import InvalidGres

#: How the controller prints a count it was not given (NO_VAL).
_NO_VAL = 0xFFFFFFFE


class Counts(NamedTuple):
    """What the GPU counts settle: the task count, node range, tasks per node and per
    socket, sockets per node and CPUs per task (None: not given, nor implied); and the
    CPUs the client counted for the job, where the CPUs per task changed after it did."""

    ntasks: int | None
    nodes: tuple[int, int | None] | None
    ntasks_per_node: int | None
    ntasks_per_socket: int | None
    sockets_per_node: int | None
    cpus_per_task: int | None
    client_cpus: int | None = None


def settle(
    counts: Counts,
    *,
    per_job: int | None,
    per_node: int | None,
    per_task: int | None,
    per_socket: int | None,
    cpus_per_gpu: int | None,
) -> Counts:
    """``counts`` with what the GPU options imply filled in; raise ``InvalidGres`` with
    the controller's line when they disagree. ``nodes`` is ``-N`` as read (a maximum of
    None: the minimum)."""
    ntasks, nodes, per_node_tasks, per_socket_tasks, sockets, cpus, _ = counts
    # The client sends a task count for -n, or for a fixed -N (a task a node, or so many a
    # node); the GPUs' counts are then held to it, and the CPUs it asks for follow it.
    sent = ntasks
    if sent is None and nodes is not None and nodes[1] in (None, nodes[0]):
        sent = nodes[0] * (per_node_tasks or 1)
    low, high = nodes if nodes is not None else (None, None)
    if nodes is not None and high is None:
        high = low
    if per_job and any(n and n > per_job for n in (per_node, per_task, per_socket)):
        _refuse("Failed to ensure --gpus >= --gres=gpu/--gpus-per-node >= --gpus-per-socket")
    if per_node and any(n and n > per_node for n in (per_task, per_socket)):
        _refuse("Failed to ensure --gpus >= --gpus-per-task")
    if cpus_per_gpu and cpus is not None:
        refuse_cpus_per_gpu()
    if per_job and per_node:
        if per_job % per_node:
            _refuse(
                "Failed to validate job spec, --gpus is not multiple of --gres=gpu/--gpus-per-node"
            )
        wanted = per_job // per_node
        if (low is not None and wanted < low) or (high is not None and wanted > high):
            _refuse(
                "Failed to validate job spec. Based on --gpu and --gres=gpu/--gpus-per-node "
                f"required nodes ({wanted}) doesn't fall between min_nodes "
                f"({_NO_VAL if low is None else low}) and max_nodes "
                f"({_NO_VAL if high is None else high}) boundaries."
            )
        low = high = wanted
    if per_node and per_socket:
        sockets = _share(
            per_node,
            per_socket,
            sockets,
            "Failed to validate job spec, --gres=gpu/--gpus-per-node not multiple of "
            "--gpus-per-socket.",
            "Failed to validate job spec. Based on --gres=gpu/--gpus-per-node and "
            "--gpus-per-socket required number of sockets differ from --sockets-per-node.",
        )
    if per_task and per_job:
        tasks = _share(
            per_job,
            per_task,
            sent,
            "Failed to validate job spec, --gpus not multiple of --gpus-per-task",
            "Failed to validate job spec. Based on --gpus and --gpus-per-task number of "
            "requested tasks differ from -n/--ntasks.",
        )
        if sent is None:  # none sent: the GPUs give the count
            ntasks = tasks
    if per_node and per_task:
        per_node_tasks = _share(
            per_node,
            per_task,
            per_node_tasks,
            "Failed to validate job spec, --gres=gpu/--gpus-per-node not multiple of "
            "--gpus-per-task.",
            "Failed to validate job spec. Based on --gres=gpu/--gpus-per-node and "
            "--gpus-per-task requested number of tasks per node differ from "
            "--ntasks-per-node.",
        )
    if per_socket and per_task:
        per_socket_tasks = _share(
            per_socket,
            per_task,
            per_socket_tasks,
            "Failed to validate job spec, --gpus-per-socket not multiple of --gpus-per-task.",
            "Failed to validate job spec. Based on --gpus-per-socket and --gpus-per-task "
            "requested number of tasks per sockets differ from --ntasks-per-socket.",
        )
    # The CPUs a task takes for its GPUs (-c beside --cpus-per-gpu was refused above); a
    # job whose client sent a task count still asks for the CPUs it counted then, one a
    # task (the oracle's -n 8 --gpus-per-task=1 --cpus-per-gpu=4: CPUs/Task=4, 8 CPUs
    # asked for, 32 given).
    client_cpus = None
    if cpus_per_gpu and per_task:
        client_cpus = sent
        cpus = cpus_per_gpu * per_task
    if per_job:
        if low is not None and per_job < low:
            _refuse("Failed to validate job spec, --gpus < -N")
        if high is not None and per_job < high:
            high = per_job  # no more nodes than GPUs
            if high == low and sent is None and ntasks is None and not per_node_tasks:
                # The range the client sent no tasks for is fixed only now: it asked
                # for one task's CPUs (the oracle: -N 2-3 --gpus=2 shows NumCPUs=1).
                client_cpus = cpus or 1
    settled = None if low is None else (low, high)
    return Counts(ntasks, settled, per_node_tasks, per_socket_tasks, sockets, cpus, client_cpus)


def _share(whole: int, part: int, given: int | None, not_multiple: str, differs: str) -> int:
    """``whole`` over ``part``, which must divide it and agree with the count ``given``
    (None or 0: not given, and then it is the count)."""
    if whole % part:
        _refuse(not_multiple)
    if given and given != whole // part:
        _refuse(differs)
    return whole // part


def refuse_cpus_per_gpu() -> NoReturn:
    """-c and --cpus-per-gpu together: the client's refusal."""
    _refuse("--cpus-per-gpu is mutually exclusive with --cpus-per-task")


def _refuse(line: str) -> NoReturn:
    raise InvalidGres(detail=line)
