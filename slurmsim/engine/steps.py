"""Placing a step inside its job's allocation, as slurmctld does in Slurm 22.05.

A step uses ``min(tasks, nodes)`` of the job's nodes unless ``-N`` says how many, in
the job's order, preferring nodes where its CPUs are free. Tasks are counted onto the
nodes a round at a time (one more task on each node that has a CPU left for it), and
numbered in blocks. Unless ``--exact``/``--exclusive``, a step holds every CPU the job
has on its nodes, so a second step waits for the first ("Requested nodes are busy");
an ``--overlap`` step shares CPUs and GPUs and waits for neither. GPUs: those asked
for (``--gpus-per-node``, ``--gpus``, ``--gpus-per-task``), else all of the job's there.
Memory: a step that asks for some (``--mem``, ``--mem-per-cpu``, or the
``SLURM_MEM_PER_NODE``/``SLURM_MEM_PER_CPU`` a batch job's srun inherits) holds it, and
waits while other steps hold too much of the job's (an ``--overlap`` step neither holds
memory nor waits for it: golden scriptsteps/004); one that
asks for none shows all of the job's and holds none (the oracle: a job with
``--mem=32G`` runs two ``srun --exact -n1`` one after the other, one with the default
memory per CPU side by side).
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from slurmsim.engine.permissions import may_manage_job
from slurmsim.engine.resources import fill
from slurmsim.model import distribution
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import GRES_ERROR, AccessDenied, InvalidJobId, SlurmError
from slurmsim.model.hostlist import compress, sort_hosts
from slurmsim.model.jobs import Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.steps import (
    AllocationUnconfirmed,
    JobExpired,
    NodeCountError,
    NumberedRefusal,
    Step,
    StepRefused,
    StepRequest,
    ended,
)
from slurmsim.model.time import Instant
from slurmsim.model.tres_specs import StepTres, tres_per_job, tres_per_node, tres_per_task

#: slurmctld's answers, as srun prints them after "Unable to create step for job N: ".
TOO_MANY_CPUS = "More processors requested than permitted"
MEMORY_UNAVAILABLE = "Memory required by task is not available"


def check_job(state: ClusterState, job_id: int, user: str) -> Job:
    """The job a step is asked for, if ``user`` may create one in it now."""
    job = state.jobs.get(job_id)
    if job is None or job.array_tasks:
        raise InvalidJobId()
    if not may_manage_job(state, job, user):
        raise AccessDenied()
    if job.state is JobState.PENDING:
        raise AllocationUnconfirmed()
    if job.state not in (JobState.RUNNING, JobState.SUSPENDED):
        raise JobExpired()
    return job


def place(
    job: Job, steps: Sequence[Step], request: StepRequest, now: Instant, *, ids_used: int = 0
) -> Step | None:
    """The step ``request`` gets in running ``job``, or None while the resources it needs
    are held by other steps; numbered after ``steps`` and the ``ids_used`` by refused
    ones. Raises what slurmctld would refuse for good (``check``), and
    ``NumberedRefusal`` for what it refuses only for what other steps hold."""
    request = _settled(job, request)
    candidates, ntasks, count, cpt = _checked(job, request)
    if not request.nodelist:
        candidates = _idle_first(job, steps, candidates)
    held = _held(job, steps)
    chosen = _choose(candidates, count, ntasks, cpt, request=request, held=held)
    if chosen is None:
        return None
    place_of = {a.node: i for i, a in enumerate(job.alloc)}
    chosen.sort(key=lambda c: place_of[c[0].node])  # the job's order, named nodes or not
    nodes = [a for a, _ in chosen]
    slots = [_slots(a, left, cpt, request) for a, left in chosen]
    tasks = _spread(slots, ntasks, request.ntasks_per_node)
    cpus = [
        min(n * cpt, a.cpus) if request.exact else a.cpus for a, n in zip(nodes, tasks, strict=True)
    ]
    gpus = _gpus(nodes, tasks, request, held, job_asked=job.request.asks_gpus)
    if gpus is None:
        return None
    mems = [_memory(request, c, len(g)) for c, g in zip(cpus, gpus, strict=True)]
    held_mem = _memory_held(job, steps)
    if (
        request.overlap
        and request.mem_per_cpu
        and any(a.mem <= held_mem.get(a.node, 0) for a in nodes)
    ):
        # The oracle: an --overlap step with memory per CPU (SLURM_MEM_PER_CPU in a batch
        # script) is refused where other steps hold all of the job's memory, though it
        # waits for nothing they hold when some is left, and --mem or --mem=0 take none.
        raise NumberedRefusal(MEMORY_UNAVAILABLE)
    if not request.overlap and not _memory_free(held_mem, nodes, mems):
        return None  # other steps hold the memory it asks for
    alloc = tuple(
        NodeAlloc(a.node, c, a.mem if m is None else m, g)
        for a, c, m, g in zip(nodes, cpus, mems, gpus, strict=True)
    )
    return Step(
        step_id=len(steps) + ids_used,
        name=request.name,
        start_time=now,
        alloc=alloc,
        tasks=tuple(tasks),
        cpus_per_task=cpt,
        overlap=request.overlap,
        distribution=distribution.resolved(request.distribution, ntasks, len(alloc)),
        tres=_tres(job, request, ntasks),
        mem_held=mems[0] is not None,
        srun_host=request.srun_host,
        srun_pid=request.srun_pid,
    )


class Parts(NamedTuple):
    """What ``place_parts`` made of a step over parts of a job: the parts placed, in
    order; why the next one was refused (None: none was); whether the next one waits for
    what other steps hold (nothing is kept then)."""

    made: list[Step]
    refused: SlurmError | None = None
    waits: bool = False


def place_parts(
    job: Job, steps: Sequence[Step], requests: Sequence[StepRequest], now: Instant, step_id: int
) -> Parts:
    """One step, ``step_id``, over parts of ``job`` (``srun A : B`` in a job of one
    component), a part for each of ``requests`` in turn, on the job's nodes no part before
    it has (``part_nodes`` of them). srun refuses a part itself when the nodes left are
    too few (the oracle: ``Allocation failure of 2 nodes: job size of 3, already
    allocated 2 nodes to previous components.``); the controller refuses what ``place``
    refuses."""
    made: list[Step] = []
    taken: tuple[str, ...] = ()
    for k, request in enumerate(requests):
        count = part_nodes(request, job)
        if k and len(taken) + count > len(job.alloc):
            text = (
                f"Allocation failure of {count} nodes: job size of {len(job.alloc)}, "
                f"already allocated {len(taken)} nodes to previous components."
            )
            return Parts(made, StepRefused(text))
        part = replace(request, num_nodes=count, exclude=(*request.exclude, *taken))
        if k and set(part.nodelist) & set(part.exclude):
            return Parts(made, _overlaps(part))
        before = [*steps, *made]
        try:
            step = place(job, before, part, now, ids_used=step_id - len(before))
        except SlurmError as e:
            return Parts(made, e)
        if step is None:
            return Parts([], waits=True)
        made.append(replace(step, component=k))
        taken += step.nodes
    return Parts(made)


def _overlaps(part: StepRequest) -> StepRefused:
    """srun's refusal of a later part whose ``-w`` names a node it excludes, the nodes of
    the parts before it among them (the oracle: ``Requested nodelist dgx3 overlaps with
    excluded dgx[1,3].``; the list as srun cut it to the part's node count)."""
    named = part.nodelist
    if part.num_nodes and part.num_nodes < len(named):
        named = tuple(sort_hosts(named)[: part.num_nodes])
    return StepRefused(
        f"Requested nodelist {compress(named)} overlaps with excluded {compress(part.exclude)}.",
        detail="Job not submitted.",
    )


def part_nodes(request: StepRequest, job: Job) -> int:
    """The nodes srun gives a part of a step over parts of ``job``: ``-N``'s, else those
    ``-w`` names (no more than its tasks), else as many of the job's first nodes as its
    CPUs there need for the part's tasks, else all of them (the oracle, on a job of 3, 1
    and 1 CPUs: ``-n2`` one node, ``-n4`` two; the second part of ``-n2 : -n2`` one node
    too, too few CPUs on the one left)."""
    if request.num_nodes:
        return request.num_nodes
    if request.nodelist:
        return min(len(request.nodelist), request.num_tasks or len(request.nodelist))
    if request.num_tasks is None:
        return len(job.alloc)
    need, have = request.num_tasks * max(request.cpus_per_task, 1), 0
    for count, a in enumerate(job.alloc, 1):
        have += a.cpus
        if have >= need:
            return count
    return len(job.alloc)


def check_names(state: ClusterState, request: StepRequest) -> None:
    """slurmctld refuses a step excluding a node the cluster does not have (``-w`` names
    outside the job are refused by ``check`` alike)."""
    if any(name not in state.nodes for name in request.exclude):
        raise SlurmError("Invalid node name specified")


def check(job: Job, request: StepRequest) -> None:
    """Raise what slurmctld refuses ``request`` for in ``job`` for good: more nodes, CPUs,
    memory or GPUs than the allocation has, nodes it does not have. Other steps play no
    part, so a simulated script's srun is judged once, as its job starts."""
    _checked(job, _settled(job, request))


def _settled(job: Job, request: StepRequest) -> StepRequest:
    """``request`` with a node range (``-N 1-2``) settled as srun settles it: as many of
    the job's nodes as the range and the tasks allow (the oracle: ``-N 1-2 -n 5`` in a job
    of two nodes runs on both, ``-N 1-2 -n 1`` on one)."""
    if request.max_nodes is None:
        return request
    most = min(request.max_nodes, len(job.alloc))
    if request.num_tasks is not None:
        most = min(most, request.num_tasks)
    return replace(request, num_nodes=max(request.num_nodes or 1, most), max_nodes=None)


def _checked(job: Job, request: StepRequest) -> tuple[list[NodeAlloc], int, int, int]:
    """``check``, giving what placing goes on with: the job's nodes the step may use, its
    task count, its node count and its CPUs a task."""
    gres_fits(job, request)
    candidates = _candidates(job, request)
    ntasks = _num_tasks(request)
    count = _num_nodes(request, ntasks, len(candidates))
    cpt = max(request.cpus_per_task, 1)
    slots = [_slots(a, _cpu_cap(a, request), cpt, request) for a in candidates]
    if sum(sorted(slots, reverse=True)[:count]) < ntasks:  # on no choice of its nodes
        raise SlurmError(TOO_MANY_CPUS)
    if request.mem and any(request.mem > a.mem for a in candidates[:count]):
        raise SlurmError(MEMORY_UNAVAILABLE)
    return candidates, ntasks, count, cpt


def _candidates(job: Job, request: StepRequest) -> list[NodeAlloc]:
    """The job's nodes the step may use, in order, after srun's own checks of ``-r``,
    ``-x`` and ``-N`` against the allocation and the controller's of ``-w``."""
    least = request.num_nodes or 1
    if request.relative is not None and request.relative + least > len(job.alloc):
        option = "--nodes" if request.nodes_given else "SLURM_JOB_NUM_NODES"
        raise StepRefused(
            f"--relative and {option} option incompatible with count of allocated nodes "
            f"({request.relative}+{least}>{len(job.alloc)})"
        )
    kept = [a for a in job.alloc if a.node not in request.exclude]
    if not kept:
        raise StepRefused("Hostlist is empty!  Can't run job.")
    if request.num_nodes is not None and request.num_nodes > len(kept):
        raise NodeCountError(len(kept), request.num_nodes, excluded=bool(request.exclude))
    if any(n not in {a.node for a in kept} for n in request.nodelist):
        raise SlurmError("Requested node configuration is not available")
    if request.relative is not None:
        kept = kept[request.relative :]
    if not request.nodelist:
        return kept
    # The nodes named first, then, when more nodes are asked for, the job's others (the
    # oracle: ``-w dgx2 -N 2`` runs on dgx1 and dgx2).
    named = [a for a in kept if a.node in request.nodelist]
    return named + [a for a in kept if a.node not in request.nodelist]


def gres_fits(job: Job, request: StepRequest) -> None:
    """Refuse GPU counts the job cannot give the step, whatever other steps hold."""
    top = max((len(a.gpus) for a in job.alloc), default=0)
    if not top and request.asks_gpus:
        raise SlurmError(GRES_ERROR, detail="Step requested GRES but job doesn't have GRES")
    own = job.request.gpu_type
    for kind in request.gpu_types:
        if kind != own:  # an untyped job's GPUs have no type a step may name (the oracle)
            raise SlurmError(
                GRES_ERROR, detail=f"Step requested GRES (gpu:{kind}) not found in the job"
            )
    ntasks = _num_tasks(request)
    nodes = _num_nodes(request, ntasks, len(job.alloc))
    _within_job_counts(job.request, request)
    if (request.gpus_per_node or 0) > top:
        raise SlurmError(GRES_ERROR)
    if request.gpus is not None and 0 < request.gpus < nodes:  # a GPU on each node at least
        raise SlurmError(
            GRES_ERROR,
            detail=f"Step requested gres=gpu:{request.gpus} is less than the requested min "
            f"nodes={nodes}",
        )
    crowded = -(-ntasks // nodes)  # the most tasks a node of the step runs
    if (request.gpus_per_task or 0) * crowded > top or (request.gpus or 0) > top * nodes:
        raise SlurmError(GRES_ERROR)


def _within_job_counts(asked: JobRequest, request: StepRequest) -> None:
    """Refuse a step that asks for more GPUs a task, a node or in all than the job asked
    for in the same terms, naming both counts; a count the job did not give is not
    compared (the oracle: ``--gpus-per-task=3`` in a job of ``-n4 --gpus-per-task=1`` is
    refused on one node of 4 GPUs, in one of ``--gpus-per-node=4`` it runs; ``-n4
    --gpus-per-task=1`` gave the job ``gres=gpu:4``)."""
    per_task = asked.gpus_per_task.count if asked.gpus_per_task is not None else 0
    per_job = asked.gpus_per_job.count if asked.gpus_per_job is not None else 0
    compared = (
        ("gres_per_task", request.gpus_per_task, per_task),
        ("gres_per_node", request.gpus_per_node, asked.gpus_per_node),
        ("gres", request.gpus, per_job or per_task * asked.num_tasks),
    )
    for term, step, job in compared:
        if step and job and step > job:
            raise SlurmError(
                GRES_ERROR,
                detail=f"Step requested {term}=gpu:{step} is more than the job's {term}=gpu:{job}",
            )


def end_step(
    step: Step, now: Instant, exit_code: int, signal: int, *, by: str | None = None
) -> Step:
    """``step`` once its tasks have ended, as slurmdbd records it: CANCELLED with the
    signal that killed a task (exit code 0, whatever the others exited with: the oracle's
    ``CANCELLED 0:9`` beside a task that exited 4), by user ``by`` when theirs, else FAILED
    with the highest exit code when one exited non-zero, else COMPLETED."""
    if signal:
        state, exit_code = JobState.CANCELLED, 0
    elif exit_code:
        state, by = JobState.FAILED, None
    else:
        state, by = JobState.COMPLETED, None
    return replace(
        step, state=state, end_time=now, exit_code=exit_code, exit_signal=signal, cancelled_by=by
    )


def _num_tasks(request: StepRequest) -> int:
    """srun's task count: ``-n``, else ``--ntasks-per-node`` times ``-N`` (one node when
    not given: srun counts before it learns the allocation), else a task a node."""
    if request.num_tasks is not None:
        return request.num_tasks
    if request.ntasks_per_node is not None:
        return request.ntasks_per_node * (request.num_nodes or 1)
    return request.num_nodes or 1


def _num_nodes(request: StepRequest, ntasks: int, have: int) -> int:
    """``-N``, else the nodes ``-w`` names, else every node the step may use, or one a task
    when there are fewer tasks (the oracle: ``-n 4 --ntasks-per-node=2`` in a four-node
    job takes all four; ``-w dgx2 -n 6`` runs on dgx2 alone)."""
    if request.num_nodes is not None:
        return request.num_nodes
    if request.nodelist:
        return len(request.nodelist)
    return min(ntasks, have)


def _slots(a: NodeAlloc, cpus: int, cpt: int, request: StepRequest) -> int:
    """How many of the step's tasks node ``a`` can take with ``cpus`` of its CPUs: with
    ``--gpus-per-task``, no more than the job's GPUs there give (the oracle: 4 tasks of a
    GPU each in a job of 3 and 1 CPUs on two nodes of 2 GPUs are more processors than
    permitted)."""
    tasks = cpus // cpt
    if request.gpus_per_task:
        return min(tasks, len(a.gpus) // request.gpus_per_task)
    return tasks


def _cpu_cap(a: NodeAlloc, request: StepRequest) -> int:
    """The CPUs of the job's on node ``a`` the step's tasks may count on: under
    ``--mem-per-cpu``, only as many as the job's memory there pays for (the oracle:
    ``--mem-per-cpu=16G -n4`` in a 4-CPU, 32G job has too many)."""
    if request.mem_per_cpu:
        return min(a.cpus, a.mem // request.mem_per_cpu)
    return a.cpus


def _memory(request: StepRequest, cpus: int, gpus: int) -> int | None:
    """The memory (MB) the step asks for on a node where it takes ``cpus`` CPUs and
    ``gpus`` GPUs; None when it asks for none (the oracle: ``--mem-per-gpu=2G`` on a node
    where the step has 4 GPUs holds 8G)."""
    if request.mem:
        return request.mem
    if request.mem_per_cpu:
        return request.mem_per_cpu * cpus
    if request.mem_per_gpu:
        return request.mem_per_gpu * gpus
    return None


def _memory_held(job: Job, steps: Sequence[Step]) -> dict[str, int]:
    """The memory (MB) running steps that asked for some hold on each node. An
    ``--overlap`` step shares everything: it holds nothing from the others and waits for
    none (the oracle ran two that each asked for all of the job's memory side by side)."""
    held: dict[str, int] = {}
    for step in steps:
        if step.mem_held and not step.overlap and ended(step, job).state is JobState.RUNNING:
            for a in step.alloc:
                held[a.node] = held.get(a.node, 0) + a.mem
    return held


def _memory_free(
    held: dict[str, int], nodes: Sequence[NodeAlloc], mems: Sequence[int | None]
) -> bool:
    """Whether the job's memory left on each node, after what other steps hold
    (``_memory_held``), takes ``mems``."""
    return all(
        m is None or m <= a.mem - held.get(a.node, 0) for a, m in zip(nodes, mems, strict=True)
    )


def _idle_first(job: Job, steps: Sequence[Step], candidates: list[NodeAlloc]) -> list[NodeAlloc]:
    """``candidates`` with the nodes no running step uses first, each part in the job's
    order: slurmctld gives a step idle nodes before busy ones (the oracle: a one-task step
    beside a running ``--overlap`` one on dgx1 ran on dgx2, whether it asked for memory,
    one CPU of four or none; an ``--overlap`` step beside a running one so too)."""
    busy = {
        a.node for step in steps if ended(step, job).state is JobState.RUNNING for a in step.alloc
    }
    if not busy:
        return candidates
    return sorted(candidates, key=lambda a: a.node in busy)


def _held(job: Job, steps: Sequence[Step]) -> dict[str, tuple[int, frozenset[int]]]:
    """CPUs and GPU indices that running, non-overlapping steps hold on each node."""
    held: dict[str, tuple[int, frozenset[int]]] = {}
    for step in steps:
        if ended(step, job).state is not JobState.RUNNING or step.overlap:
            continue
        for a in step.alloc:
            cpus, gpus = held.get(a.node, (0, frozenset()))
            held[a.node] = (cpus + a.cpus, gpus | set(a.gpus))
    return held


def _choose(
    candidates: Sequence[NodeAlloc],
    count: int,
    ntasks: int,
    cpt: int,
    *,
    request: StepRequest,
    held: dict[str, tuple[int, frozenset[int]]],
) -> list[tuple[NodeAlloc, int]] | None:
    """``count`` nodes whose free CPUs take the tasks, each with its free CPUs, in the
    job's order; None while too few are free."""
    if request.overlap:
        return [(a, a.cpus) for a in candidates[:count]]
    usable = []
    for a in candidates:
        left = a.cpus - held.get(a.node, (0, frozenset()))[0]
        # Without --exact a step takes every CPU of the job there: it needs them all free.
        if left >= cpt and (request.exact or left == a.cpus):
            usable.append((a, left))
    chosen = usable[:count]
    if len(chosen) < count or sum(left // cpt for _, left in chosen) < ntasks:
        return None
    if len({a.node for a, _ in chosen} & set(request.nodelist)) < len(request.nodelist):
        return None  # a node it names is busy: it waits for that one
    return chosen


def _spread(caps: Sequence[int], ntasks: int, per_node: int | None) -> list[int]:
    """Tasks on each node: one more on every node with room, a round at a time (so 4
    tasks on nodes with room for 3 and 1 are 3 and 1; 4 on four nodes are one each),
    ``per_node`` at most on any."""
    if per_node:
        caps = [min(cap, per_node) for cap in caps]
    tasks = [0] * len(caps)
    placed = 0
    while placed < ntasks:
        room = [i for i, cap in enumerate(caps) if tasks[i] < cap] or list(range(len(caps)))
        for i in room:
            if placed == ntasks:
                break
            tasks[i] += 1
            placed += 1
    return tasks


def _gpus(
    chosen: Sequence[NodeAlloc],
    tasks: Sequence[int],
    request: StepRequest,
    held: dict[str, tuple[int, frozenset[int]]],
    *,
    job_asked: bool,
) -> list[tuple[int, ...]] | None:
    """The GPU indices the step takes on each node, or None while too few are free. A
    ``--gpus`` total falls evenly on the nodes where it can, else as a job's does
    (``resources.fill``: the oracle runs ``srun -G 10`` and ``-G 9`` on two nodes of a
    job that holds 8 and 2 GPUs there). A step that asks none has the job's free ones, or
    none when the job asked none either (its GPUs came with ``--exclusive``: the oracle)."""
    free = []
    for a in chosen:
        taken = frozenset() if request.overlap else held.get(a.node, (0, frozenset()))[1]
        free.append([g for g in a.gpus if g not in taken])
    counts = [len(f) for f in free]
    wants = [_gpus_wanted(request, i, n, len(chosen)) for i, n in enumerate(tasks)]
    short = any(w is not None and w > c for w, c in zip(wants, counts, strict=True))
    if short and request.gpus is not None and not (request.gpus_per_node or request.gpus_per_task):
        wants = list(fill(request.gpus, counts) or wants)
    picked = []
    for want, f in zip(wants, free, strict=True):
        if want is None:
            picked.append(tuple(f) if job_asked else ())
        elif want > len(f):
            return None
        else:
            picked.append(tuple(f[:want]))
    return picked


def _gpus_wanted(request: StepRequest, index: int, ntasks: int, nodes: int) -> int | None:
    if request.gpus_per_node is not None:
        return request.gpus_per_node
    if request.gpus_per_task is not None:
        return request.gpus_per_task * ntasks
    if request.gpus is not None:
        base, extra = divmod(request.gpus, nodes)
        return base + (1 if index < extra else 0)
    return None


def _tres(job: Job, request: StepRequest, ntasks: int) -> StepTres:
    """The step's TRES as the controller keeps them: srun's, its CPUs counted, when it
    asks for some GRES (counts of 0 dropped); else the job's per job, node and task
    (the oracle: ``srun -c 2`` in a job without GPUs shows none of them)."""
    asked = request.tres
    cpus = f"cpu:{ntasks * request.tres_cpus_per_task}"
    specs = (",".join(filter(None, (cpus, asked.per_step))), asked.per_node, asked.per_task)
    if any(spec and "gres" in spec for spec in specs):
        per_step, per_node, per_task = map(_without_zero_counts, specs)
    else:
        r = job.request
        per_step, per_node, per_task = tres_per_job(r), tres_per_node(r), tres_per_task(r)
    return replace(asked, per_step=per_step, per_node=per_node, per_task=per_task)


def _without_zero_counts(spec: str | None) -> str | None:
    """``spec`` without the entries asking for none (``gres:gpu:0``)."""
    kept = [item for item in (spec or "").split(",") if item and item.rpartition(":")[2] != "0"]
    return ",".join(kept) or None
