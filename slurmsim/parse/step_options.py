"""What one ``srun`` inside a job asks for (``StepRequest``), from its options and the
job's environment: the srun command inside an allocation, and a simulated script's
srun lines, read alike.

Inside a job srun takes ``-n``, ``-N`` and ``--ntasks-per-node`` from the job's
environment (``SLURM_NTASKS``, ``SLURM_NNODES``, ``SLURM_NTASKS_PER_NODE``) when the
command line does not give them; a ``-n`` below the inherited node count narrows the
step to that many nodes, as srun does.
"""

from collections.abc import Callable, Mapping

from slurmsim.model.digits import is_number
from slurmsim.model.errors import InvalidOption
from slurmsim.model.steps import StepRequest
from slurmsim.model.tres_specs import StepTres
from slurmsim.parse import gres, hostlist
from slurmsim.parse.durations import parse_duration
from slurmsim.parse.errors import ParseError
from slurmsim.parse.memory import parse_memory


def step_request(
    values: Mapping[str, str | None],
    env: Mapping[str, str],
    command: str,
    *,
    user: str,
    srun_host: str = "localhost",
    srun_pid: int = 0,
) -> tuple[StepRequest, str | None]:
    """The step srun asks for, from its options (``getopt`` values by long name) and the
    job's environment, with the warning srun prints when ``-n`` is below the node count
    (None: none). Raises ``InvalidOption`` with srun's error."""

    def number(key: str, var: str | None = None) -> int | None:
        """A count from the command line, refused as srun refuses it; else the job's own,
        from ``var`` (``SLURM_NTASKS_PER_NODE=2(x2)`` gives 2)."""
        text = values.get(key)
        if text is not None:
            if not is_number(text) or int(text) < 1:
                raise InvalidOption(f'Invalid numeric value "{text}" for --{key}.', status=1)
            return int(text)
        inherited = env.get(var) if var is not None and key not in values else None
        head = (inherited or "").split("-")[0].split("(")[0]
        return int(head) if is_number(head) and int(head) >= 1 else None

    def node_count() -> tuple[int | None, int | None]:
        """``-N MIN[-MAX]``: the least (0 counts as not given: srun takes it) and the most
        of a range (None: none)."""
        text = values.get("nodes")
        if text is None:
            return None, None
        least, dash, most = text.partition("-")
        if not is_number(least) or (dash and not is_number(most)):
            raise InvalidOption(f'"{text}" is not a valid node count', status=255)
        if dash and int(most) < int(least):
            raise InvalidOption(
                f"Maximum node count {most} is less than minimum node count {least}", status=255
            )
        return int(least) or None, int(most) if dash and int(most) > int(least) else None

    def given(key: str) -> str | None:
        """The option's value, else the job's variable that stands for it."""
        text = values.get(key)
        if text is None and key not in values and key in _INHERITED:
            text = env.get(_INHERITED[key])  # the job's own, as srun reads them back
        return text

    typed: set[bool] = set()  # whether each GPU request names a type
    types: list[str] = []  # the types named, in order

    def gpus(key: str) -> int | None:
        text = given(key)
        if text is None:
            return None
        try:
            spec = gres.parse_gpus(text)
        except ParseError:
            raise InvalidOption(f"Invalid --{key} specification") from None
        typed.add(spec.type is not None)
        if spec.type is not None:
            types.append(spec.type)
        return spec.count

    _check_time(values.get("time"))
    if (per_gpu_mem := values.get("mem-per-gpu")) and _mem_per_gpu(per_gpu_mem) is None:
        raise InvalidOption("Invalid --mem-per-gpu specification", status=255)
    ntasks = number("ntasks")
    nodes, max_nodes = node_count()
    nodes_given = nodes is not None
    if ntasks is None:
        ntasks = number("ntasks", "SLURM_NTASKS")
    per_node = number("ntasks-per-node", None if "ntasks" in values else "SLURM_NTASKS_PER_NODE")
    if nodes is None and "nodes" not in values:  # -N 0 takes nothing from the job either
        nodes = number("nodes", "SLURM_NNODES")
    warning = None
    # Tasks per node that do not divide the tasks over the nodes (given or the job's) are
    # dropped, as srun drops them; it warns only when there are more tasks than that (the
    # oracle: -n 9 --ntasks-per-node=3 on two nodes warns, -n 5 --ntasks-per-node=2 not).
    if ntasks and nodes and per_node is not None and per_node != ntasks // nodes:
        if ntasks > per_node:
            warning = (
                f"Warning: can't honor --ntasks-per-node set to {per_node} which doesn't "
                f"match the requested tasks {ntasks} with the number of requested nodes "
                f"{nodes}. Ignoring --ntasks-per-node."
            )
        per_node = None
    if nodes is not None and ntasks is not None and ntasks < nodes:
        warning = (
            f"Warning: can't run {ntasks} processes on {nodes} nodes, setting nnodes to {ntasks}"
        )
        nodes = ntasks
    gpus_per_node = gpus("gpus-per-node")
    specs: tuple[gres.GresSpec, ...] = ()
    if values.get("gres"):
        try:
            specs = gres.parse_gres(values["gres"] or "")
        except ParseError:
            raise InvalidOption("Invalid generic resource (gres) specification") from None
        gpus_per_node = next((s.count for s in specs if s.name == "gpu"), gpus_per_node)
        typed.update(s.type is not None for s in specs if s.name == "gpu")
        types.extend(s.type for s in specs if s.name == "gpu" and s.type is not None)
    gpus_asked, gpus_per_task = gpus("gpus"), gpus("gpus-per-task")
    if len(typed) > 1:  # as a job's (api.submit), the job's own variables included
        raise InvalidOption("Invalid GRES specification (with and without type identification)")
    listed = {}
    for key in ("nodelist", "exclude"):
        try:
            listed[key] = tuple(hostlist.expand(values.get(key) or ""))
        except ParseError:
            if key == "nodelist":  # as for a job (cli.sbatch.UnreadableNodes)
                complaint = hostlist.range_complaint(values.get(key) or "")
                told = () if complaint is None else (f"_parse_single_range: {complaint}",)
                raise InvalidOption("memory allocation failure", errors=told) from None
            raise InvalidOption(f"Invalid --{key} specification") from None
    relative = values.get("relative")
    if relative is not None and not is_number(relative):
        raise InvalidOption(f'Invalid numeric value "{relative}" for --relative.', status=1)
    _check_tasks_per_gpu(given("ntasks-per-gpu"), ntasks)  # the job's own too (golden shellflow/)
    mem, mem_per_cpu, mem_per_gpu = _memory(values, env)
    cpus_per_task = number("cpus-per-task")
    tres, tres_cpus = _tres(given, specs, cpus_per_task, gpus_per_task)
    request = StepRequest(
        name=values.get("job-name") or command,
        user=user,
        num_tasks=ntasks,
        num_nodes=nodes,
        max_nodes=max_nodes,
        ntasks_per_node=per_node,
        cpus_per_task=cpus_per_task or 1,
        gpus=gpus_asked,
        gpus_per_node=gpus_per_node,
        gpus_per_task=gpus_per_task,
        nodelist=listed["nodelist"],
        exclude=listed["exclude"],
        relative=int(relative) if relative is not None else None,
        nodes_given=nodes_given,
        overlap="overlap" in values,
        # -c implies --exact (srun says so with -v).
        exact="exact" in values or "exclusive" in values or cpus_per_task is not None,
        mem=mem,
        mem_per_cpu=mem_per_cpu,
        mem_per_gpu=mem_per_gpu,
        srun_host=srun_host,
        srun_pid=srun_pid,
        tres=tres,
        tres_cpus_per_task=tres_cpus,
        distribution=given("distribution"),
        asks_gpus=bool(gpus_asked or gpus_per_node or gpus_per_task)
        or any(given(key) is not None for key in _PER_GPU),
        gpu_types=tuple(types),
    )
    return request, warning


def _check_time(text: str | None) -> None:
    """srun refuses a ``--time`` it cannot read (it takes ``0`` and a negative count)."""
    if text is None or (text.startswith("-") and is_number(text[1:])):
        return
    try:
        parse_duration(text)
    except ParseError:
        raise InvalidOption("Invalid --time specification", status=255) from None


def _check_tasks_per_gpu(text: str | None, ntasks: int | None) -> None:
    """``--ntasks-per-gpu`` (given, or the job's ``SLURM_NTASKS_PER_GPU``) with fewer tasks
    than it gives a GPU leaves the step no GPU: srun refuses it before asking (the oracle:
    ``-n 1 --ntasks-per-gpu=2``, and ``srun -n 1`` in a job of ``--ntasks-per-gpu=2``)."""
    if text is not None and is_number(text) and ntasks is not None and ntasks < int(text):
        raise InvalidOption("Invalid generic resource (gres) specification", status=1)


def _tres(
    given: Callable[[str], str | None],
    gres_specs: tuple[gres.GresSpec, ...],
    cpus_per_task: int | None,
    gpus_per_task: int | None,
) -> tuple[StepTres, int]:
    """What srun asks of the controller in text (``StepTres``), and the CPUs it counts
    for each task (``StepRequest.tres_cpus_per_task``). Only ``-c`` on srun's own
    command line counts as CPUs asked (22.05's srun does not read SLURM_CPUS_PER_TASK)."""
    per_gpu, per_task_gpus = given("cpus-per-gpu"), given("gpus-per-task")
    cpus_text = f"cpu:{cpus_per_task}" if cpus_per_task else None
    bind = given("gpu-bind")
    if bind is not None:
        bind = f"gpu:{bind}"
    elif (single := given("ntasks-per-gpu")) is not None:
        bind = f"gpu:single:{single}"
    elif per_task_gpus is not None:
        bind = f"gpu:per_task:{per_task_gpus}"
    per_node = [_gres_text(given("gpus-per-node"))]
    if gres_specs:  # --gres adds to them
        per_node.append(gres.format_tres_per_node(gres_specs))
    cpus = cpus_per_task
    if cpus is None and gpus_per_task and per_gpu and is_number(per_gpu):
        cpus = gpus_per_task * int(per_gpu)
    tres = StepTres(
        cpus_per_tres=f"gres:gpu:{per_gpu}" if per_gpu else None,
        mem_per_tres=_mem_per_gpu(given("mem-per-gpu")),
        bind=bind,
        per_step=_gres_text(given("gpus")),
        per_node=_joined(*per_node),
        per_task=_joined(cpus_text, _gres_text(per_task_gpus)),
    )
    return tres, cpus or 1


def _joined(*parts: str | None) -> str | None:
    """The parts given, comma-separated; None for none."""
    return ",".join(filter(None, parts)) or None


def _gres_text(gpus: str | None) -> str | None:
    """``gres:gpu:h100:2`` for ``h100:2`` (each of a list)."""
    if not gpus:
        return None
    return ",".join(f"gres:gpu:{item}" for item in gpus.split(","))


def _mem_per_gpu(text: str | None) -> str | None:
    """``gres:gpu:32768`` for ``32G`` (MB); None when not asked for or unreadable."""
    if not text:
        return None
    try:
        return f"gres:gpu:{parse_memory(text, option='--mem-per-gpu')}"
    except ParseError:
        return None


#: srun's options that ask for GPUs without a count (the oracle: a job without GPUs refuses
#: each; ``--gpu-bind`` alone it does not).
_PER_GPU = ("cpus-per-gpu", "mem-per-gpu", "ntasks-per-gpu")
#: srun's options the job's environment sets when srun gives none.
_INHERITED = {
    "gpus": "SLURM_GPUS",
    "gpus-per-node": "SLURM_GPUS_PER_NODE",
    "gpus-per-task": "SLURM_GPUS_PER_TASK",
    "cpus-per-gpu": "SLURM_CPUS_PER_GPU",
    "mem-per-gpu": "SLURM_MEM_PER_GPU",
    "gpu-bind": "SLURM_GPU_BIND",
    "ntasks-per-gpu": "SLURM_NTASKS_PER_GPU",
    "distribution": "SLURM_DISTRIBUTION",
}


#: srun's memory options, with the variables that set them (a batch job sets one).
def tasks_per_gpu_conflict(values: Mapping[str, str | None], env: Mapping[str, str]) -> str | None:
    """What the clients refuse ``--ntasks-per-gpu`` beside (their ``fatal:`` line, exit 1):
    ``--gpus-per-task`` or ``--ntasks-per-node``, given or, for a step, the job's variable
    standing for it (the oracle: ``SLURM_NTASKS_PER_NODE is mutually exclusive ...`` in a
    job with ``--ntasks-per-node``, even beside ``-n``); None when there is none."""
    if "ntasks-per-gpu" not in values:
        return None
    for other in ("gpus-per-task", "ntasks-per-node"):
        variable = "SLURM_" + other.upper().replace("-", "_")
        if other in values or variable in env:
            named = f"--{other}" if other in values else variable
            return f"{named} is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU"
    return None


_MEMORY = (
    ("mem", "SLURM_MEM_PER_NODE"),
    ("mem-per-cpu", "SLURM_MEM_PER_CPU"),
    ("mem-per-gpu", "SLURM_MEM_PER_GPU"),
)


def _memory(
    values: Mapping[str, str | None], env: Mapping[str, str]
) -> tuple[int | None, int | None, int | None]:
    """(``--mem``, ``--mem-per-cpu``, ``--mem-per-gpu``) in MB, None when not asked for (or
    0): the command line's, else the one its variable sets."""
    given = {key: values[key] for key, _ in _MEMORY if key in values}
    if not given:
        given = {key: env[var] for key, var in _MEMORY if var in env}
    found = []
    for key, _ in _MEMORY:
        text = given.get(key)
        try:
            found.append(parse_memory(text, option=f"--{key}") or None if text else None)
        except ParseError as e:
            raise InvalidOption(e.message, status=255) from None
    return found[0], found[1], found[2]
