"""Submitting batch jobs: from the options a user gave to a job in the queue.

The command line front end parses option *syntax* (``cli/sbatch.py``); here the
values meet the cluster: defaults come from the partition and the user's
association, names are checked, and the engine decides acceptance.
"""

import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from slurmsim.api.session import Session, session
from slurmsim.model.accounting import SUBMIT_LINE
from slurmsim.model.accounts import account_nodes, default_qos
from slurmsim.model.cluster import ClusterState
from slurmsim.model.dependency import Dependency
from slurmsim.model.digits import is_number
from slurmsim.model.errors import IncompatibleOptions, InvalidGres, InvalidOption, SlurmError
from slurmsim.model.features import UNREADABLE, Constraint, Unreadable
from slurmsim.model.hostlist import sort_hosts
from slurmsim.model.jobs import Hold, Job, JobRequest
from slurmsim.model.signals import WARN_SIGNAL, WarnSignal
from slurmsim.model.time import Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.simulated import Simulated, simulated


@dataclass(frozen=True)
class SubmitOptions:
    """What a submission asked for, values already parsed; ``None`` = not given."""

    script: str
    script_path: str | None = None  # None: --wrap or standard input
    script_args: tuple[str, ...] = ()
    wrap: bool = False
    job_name: str | None = None
    partition: str | None = None
    account: str | None = None
    qos: str | None = None
    nodes: tuple[int, int | None] | None = None  # -N min[-max]
    ntasks: int | None = None
    ntasks_per_node: int | None = None
    cpus_per_task: int | None = None
    mem: int | None = None
    mem_per_cpu: int | None = None
    mem_per_gpu: int | None = None
    gres: tuple[Gres, ...] = ()
    gpus: Gres | None = None
    gpus_per_task: Gres | None = None
    time: Seconds | None = None
    time_set: bool = False
    time_min: Seconds | None = None
    nodelist: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    exclusive: bool = False
    contiguous: bool = False
    constraint: str | None = None
    reservation: str | None = None
    begin: str | None = None
    array: tuple[int, ...] | None = None
    array_throttle: int | None = None
    dependency: str | None = None
    kill_on_invalid_dep: bool | None = None
    hold: bool = False
    nice: int = 0
    requeue: bool | None = None
    output: str | None = None
    error: str | None = None
    input: str | None = None
    chdir: str | None = None
    comment: str | None = None
    licenses: str | None = None
    export: str | None = None
    environment: tuple[tuple[str, str], ...] = field(default=())
    #: Options kept only to be shown (JobRequest.shown), by option name.
    shown: tuple[tuple[str, str], ...] = ()
    #: The command line as typed (sacct's SubmitLine), None when not from a command.
    submit_line: str | None = None
    signal: WarnSignal | None = None  # --signal
    #: The GPUs asked of each node (--gres, --gpus-per-node) and each socket, as counts:
    #: the client settles them against the other counts (``gpu_counts``).
    gpus_per_node_count: int | None = None
    gpus_per_socket_count: int | None = None


@dataclass(frozen=True)
class Submitted:
    job_id: int
    cluster: str


@dataclass(frozen=True)
class WillRun:
    job_id: int
    start: Instant
    nodes: tuple[str, ...]
    cpus: int
    partition: str


def submit(opts: SubmitOptions) -> Submitted:
    """``sbatch``: queue a batch job (or raise ``SlurmError`` with Slurm's refusal)."""
    from slurmsim.engine.submit import submit as engine_submit

    sim = simulated(opts.script, opts.script_args)
    with session(write=True) as s:
        request = build_request(s, opts, sim)
        if s.state.extra.get("execution") != "on":  # the shell's environment: only to run
            request = replace(request, environment=())
        hold = Hold.USER if opts.hold else Hold.NONE
        try:
            job = engine_submit(
                s.state,
                request,
                array=opts.array,
                throttle=opts.array_throttle,
                hold=hold,
                constraint=read_constraint(opts.constraint),
                prefer=read_constraint(request.shown_value("prefer")),
                unreadable_dependency=unreadable_dependency(opts, request),
            )
        except SlurmError as e:
            rejected = e  # raised after the commit: a rejected submission still used its job id
        else:
            keep_extras(job, opts)
            if sim.steps:  # what its srun lines would do
                from slurmsim.api import script_steps

                script_steps.keep(job, sim.steps)
            return Submitted(job.job_id, s.state.config.cluster_name)
    raise rejected


def submit_het(components: list[SubmitOptions]) -> Submitted:
    """``sbatch A : B``: queue a heterogeneous job, one job per component, the first the
    leader (or raise ``SlurmError`` with Slurm's refusal). A component refused after
    the ones before it were made leaves those cancelled, as slurmctld does."""
    from slurmsim.engine import hetjobs
    from slurmsim.engine.submit import submit as engine_submit

    leader = components[0]
    sim = simulated(leader.script, leader.script_args)
    with session(write=True) as s:
        executing = s.state.extra.get("execution") == "on"
        jobs: list[Job] = []
        rejected: SlurmError | None = None
        for opts in components:
            try:
                # Each component is checked as the controller makes it: a refusal of a
                # later one comes after the earlier ones exist (the oracle).
                request = build_request(s, opts, sim)
                if not executing:
                    request = replace(request, environment=())
                job = engine_submit(
                    s.state,
                    request,
                    hold=Hold.USER if leader.hold else Hold.NONE,
                    constraint=read_constraint(opts.constraint),
                    prefer=read_constraint(request.shown_value("prefer")),
                    unreadable_dependency=unreadable_dependency(opts, request),
                )
            except SlurmError as e:
                rejected = e  # raised after the commit, as a job of its own's refusal
                break
            keep_extras(job, opts)
            jobs.append(job)
        if jobs:  # the ones made: all, or those before a refusal
            hetjobs.bind(jobs)
        if rejected is None:
            if sim.steps:
                from slurmsim.api import script_steps

                script_steps.keep(jobs[0], sim.steps)
            return Submitted(jobs[0].job_id, s.state.config.cluster_name)
        hetjobs.abandon(jobs, s.state.now)
    raise rejected


def keep_extras(job: Job, opts: SubmitOptions) -> None:
    """What the job keeps of the submission beside its request: the command line as
    typed and the ``--signal`` request."""
    if opts.submit_line is not None:
        job.extra[SUBMIT_LINE] = opts.submit_line
    if opts.signal is not None:
        job.extra[WARN_SIGNAL] = opts.signal.encode()


def read_constraint(text: str | None) -> Constraint | Unreadable | None:
    """``--constraint`` read for the controller, which judges it (and refuses it)."""
    if not text:  # an empty --constraint= asks for no feature
        return None
    from slurmsim.parse.features import ParseError, parse_constraint

    try:
        return parse_constraint(text)
    except ParseError:
        return UNREADABLE


def test_only(opts: SubmitOptions) -> WillRun:
    """``sbatch --test-only``: when and where the job would start, without queueing it."""
    return test_only_het([opts])


def test_only_het(parts: Sequence[SubmitOptions]) -> WillRun:
    """``sbatch --test-only`` of a job, or of the components of a heterogeneous one: when
    and where it would start, without queueing it. Each component is tested alone, in
    turn, on the cluster as it is (the oracle's ``-N1 : -N2`` would use dgx1 twice): the
    answer is the first's id, the latest start, every processor and node. A test that
    fails still used the ids of those before it, and its own when its record was made."""
    from slurmsim.engine.submit import will_run

    wills: list[WillRun] = []
    with session(write=True) as s:
        for opts in parts:
            job_id = s.state.next_job_id
            try:
                request = build_request(s, opts, simulated(opts.script, opts.script_args))
                start, nodes, cpus, partition = will_run(
                    s.state,
                    request,
                    constraint=read_constraint(opts.constraint),
                    prefer=read_constraint(request.shown_value("prefer")),
                    unreadable_dependency=unreadable_dependency(opts, request),
                )
            except SlurmError as e:
                refused = e  # raised after the commit: the ids stay used
                break
            wills.append(WillRun(job_id, start, nodes, cpus, partition))
        else:
            return WillRun(
                wills[0].job_id,
                max(w.start for w in wills),
                tuple(sort_hosts(n for w in wills for n in w.nodes)),
                sum(w.cpus for w in wills),
                wills[0].partition,
            )
    raise refused


def _work_dir(chdir: str | None) -> str:
    """WorkDir as sbatch sends it: ``-D`` as given, under the current directory when
    relative (``-D .`` is ``/home/me/.``, and output files go to ``/home/me/./slurm-1.out``;
    an empty one ``/home/me/``, the oracle)."""
    if chdir is None:
        return os.getcwd()
    return chdir if chdir.startswith("/") else f"{os.getcwd()}/{chdir}"


def settle_gpu_counts(opts: SubmitOptions) -> SubmitOptions:
    """``opts`` with its counts settled against its GPU options (``gpu_counts.settle``),
    or ``InvalidGres`` where they disagree."""
    from slurmsim.api import gpu_counts

    def shown(key: str) -> int | None:
        value = next((v for k, v in opts.shown if k == key), None)
        return int(value) if value is not None and is_number(value.strip()) else None

    if _mixed_gpu_naming(opts):
        # The client keeps a typed and an untyped GPU request apart, so their counts are
        # never weighed against each other; it refuses the pair after -c beside
        # --cpus-per-gpu (the oracle: ``--gpus-per-node=h100:3 --gpus=2`` is refused for
        # the naming, not for the counts).
        if shown("cpus-per-gpu") and opts.cpus_per_task is not None:
            gpu_counts.refuse_cpus_per_gpu()
        raise InvalidGres(_MIXED_NAMING)
    settled = gpu_counts.settle(
        gpu_counts.Counts(
            opts.ntasks,
            opts.nodes,
            opts.ntasks_per_node,
            shown("ntasks-per-socket"),
            shown("sockets-per-node"),
            opts.cpus_per_task,
        ),
        per_job=opts.gpus.count if opts.gpus is not None and opts.gpus.name == "gpu" else None,
        per_node=opts.gpus_per_node_count,
        per_task=opts.gpus_per_task.count if opts.gpus_per_task is not None else None,
        per_socket=opts.gpus_per_socket_count,
        cpus_per_gpu=shown("cpus-per-gpu"),
    )
    added = []
    for key, value in (
        ("sockets-per-node", settled.sockets_per_node),
        ("ntasks-per-socket", settled.ntasks_per_socket),
        ("client-cpus", settled.client_cpus),
    ):
        if value is not None and shown(key) is None:
            added.append((key, str(value)))
    return replace(
        opts,
        ntasks=settled.ntasks,
        nodes=settled.nodes,
        ntasks_per_node=settled.ntasks_per_node,
        cpus_per_task=settled.cpus_per_task,
        shown=opts.shown + tuple(added),
    )


def _check_named(opts: SubmitOptions) -> None:
    """An empty partition, account or QOS name (``--partition=``) names none of them."""
    if opts.partition == "":
        raise SlurmError(
            "Invalid partition name specified", detail="invalid partition specified: (null)"
        )
    if opts.account == "":
        raise SlurmError("Invalid account or account/partition combination specified")
    if opts.qos == "":
        raise SlurmError("Invalid qos specification")


def build_request(s: Session, opts: SubmitOptions, sim: Simulated) -> JobRequest:
    """Apply the defaults slurmctld and sbatch apply, and check names; ``sim`` is what
    the script's simulation hints say (``simulated``)."""
    from slurmsim.engine.submit import check_alone

    state = s.state
    opts = settle_gpu_counts(opts)  # the client's tests, before anything is sent
    begin = _begin(opts.begin, state.now) if opts.begin else None
    deadline = _deadline(opts.shown, state.now)
    if begin is not None and deadline is not None and deadline < begin:
        raise IncompatibleOptions("Incompatible begin and deadline time specification")
    gres_per_node = _per_node_gres(state, opts.gres)
    # Then the controller's, in its order (the oracle, two wrong at a time): the nice
    # value and the array, the required nodes (``-w nosuch -p nosuch`` is refused for the
    # node; excluded nodes are looked up later), the names given empty, the partitions,
    # the account, the QOS.
    check_alone(state, s.user, opts.nice, opts.array, any(k == "reboot" for k, _ in opts.shown))
    if any(n not in state.nodes for n in opts.nodelist):
        raise SlurmError("Invalid node name specified")
    _check_named(opts)
    user = state.users.get(s.user)
    partitions = (opts.partition or _default_partition(state)).split(",")
    # slurmctld lowercases the account it is sent, and finds a QOS whatever its case.
    account = (opts.account or (user.default_account if user else "")).lower()
    assoc = next((a for a in state.associations if a.account == account and a.user == s.user), None)
    for name in partitions:
        if name not in state.partitions:
            raise SlurmError(
                "Invalid partition name specified", detail=f"invalid partition specified: {name}"
            )
    if user is None or assoc is None:
        raise SlurmError("Invalid account or account/partition combination specified")
    qos = opts.qos or default_qos(account_nodes(state.associations), assoc) or "normal"
    qos = next((name for name in state.qos if name.lower() == qos.lower()), qos)
    if qos not in state.qos or qos not in assoc.qos:
        raise SlurmError("Invalid qos specification")
    if opts.licenses:  # slurmsim's clusters have no Licenses=: every name is unknown
        raise SlurmError("Invalid license specification")
    name = opts.job_name if opts.job_name is not None else _default_name(opts)  # -J '' is kept
    work_dir = _work_dir(opts.chdir)
    # Without -N a job asks for one node, or as many as it names (-w dgx[1-2]: two).
    min_nodes, max_nodes = opts.nodes if opts.nodes else (max(1, len(set(opts.nodelist))), None)
    if opts.nodes and max_nodes is None:
        max_nodes = min_nodes
    ntasks = opts.ntasks
    per_gpu = next((int(v) for k, v in opts.shown if k == "ntasks-per-gpu" and is_number(v)), None)
    ntasks_set = ntasks is not None
    if ntasks is None:
        # --ntasks-per-gpu without GPUs on a fixed node count: the controller counts so many
        # a node (with GPUs, the request's ``gpu_tasks`` decide, below).
        fixed = per_gpu if per_gpu and max_nodes == min_nodes else None
        ntasks = min_nodes * (fixed or opts.ntasks_per_node or 1)
    if deadline is not None and deadline < state.now:  # the controller's, before any id
        raise SlurmError("Requested time limit is invalid (missing or exceeds some limit)")
    command = None
    if opts.script_path is not None:
        command = " ".join([str(Path(opts.script_path).resolve()), *opts.script_args])
    mem_per_node, mem_per_cpu = opts.mem, opts.mem_per_cpu
    if mem_per_cpu == 0:  # the controller takes it as --mem=0: all of each node's memory
        mem_per_node, mem_per_cpu = 0, None
    request = JobRequest(
        name=name,
        user=s.user,
        account=account,
        partition=partitions[0],
        qos=qos,
        min_nodes=min_nodes,
        max_nodes=max_nodes,
        num_tasks=ntasks,
        ntasks_set=ntasks_set,
        ntasks_per_node=opts.ntasks_per_node,
        cpus_per_task=opts.cpus_per_task or 1,
        mem_per_cpu=mem_per_cpu,
        mem_per_node=mem_per_node,
        mem_per_gpu=opts.mem_per_gpu,
        gres_per_node=gres_per_node,
        gpus_per_job=opts.gpus,
        gpus_per_task=opts.gpus_per_task,
        time_limit=opts.time,
        time_limit_set=opts.time_set,
        time_min=opts.time_min,
        req_nodes=opts.nodelist,
        exc_nodes=opts.exclude,
        exclusive=opts.exclusive,
        contiguous=opts.contiguous,
        features=opts.constraint,
        reservation=opts.reservation,
        begin_time=begin,
        dependency=_read_dependency(opts.dependency),
        kill_on_invalid_dep=opts.kill_on_invalid_dep,
        nice=opts.nice,
        requeue=state.config.job_requeue if opts.requeue is None else opts.requeue,
        batch=True,
        command=command,
        script=opts.script,
        work_dir=work_dir,
        std_out=_under(work_dir, opts.output),
        std_err=_under(work_dir, opts.error),
        std_in=_under(work_dir, opts.input) or "/dev/null",
        comment=opts.comment,
        export=opts.export,
        environment=opts.environment,
        runtime=Seconds(sim.runtime) if sim.runtime is not None else None,
        exit_code=sim.exit_code,
        checkpoint_every=Seconds(sim.checkpoint_every) if sim.checkpoint_every else None,
        uid=user.uid,
        gid=user.gid,
        alloc_sid=os.getsid(0),
        shown=_shown(opts.shown, state.now) + _listed(opts.partition, partitions),
    )
    if request.gpu_tasks:  # --ntasks-per-gpu beside GPUs: the CPUs go by the client's tasks
        request = replace(request, num_tasks=_cpu_tasks(opts, min_nodes, request.gpu_tasks))
    if len(partitions) == 1:
        return request
    from slurmsim.engine.submit import queued_in_list  # the engine judges partition limits

    return queued_in_list(state, request, partitions)


def _listed(asked: str | None, names: list[str]) -> tuple[tuple[str, str], ...]:
    """A partition list is shown as typed until the job runs in one of them."""
    return (("partition", asked),) if asked is not None and len(names) > 1 else ()


_MIXED_NAMING = "Invalid GRES specification (with and without type identification)"


def _mixed_gpu_naming(opts: SubmitOptions) -> bool:
    """Do the job's GPU requests (per job, node, socket and task) name a type in some and
    leave it out in others? The client refuses such a job (oracle: ``-G 4
    --gpus-per-node=h100:2``)."""
    gpus = [g for g in (*opts.gres, opts.gpus, opts.gpus_per_task) if g is not None]
    return len({g.type is not None for g in gpus if g.name == "gpu"}) > 1


def _per_node_gres(state: ClusterState, asked: tuple[Gres, ...]) -> tuple[Gres, ...]:
    """The GRES per node as the controller counts them: one entry per name and type, with
    the largest count asked (``--gres=gpu:1,gpu:2`` asks for 2); a name the cluster does
    not have (the client's check against GresTypes, before any the controller makes;
    a count of 0 asks for nothing, so it passes), or one asked both with and without a
    type, is refused."""
    known = set(state.config.gres_types)
    known.update(g.name for node in state.nodes.values() for g in node.config.gres)
    counts: dict[tuple[str, str | None], int] = {}
    for g in asked:
        if g.name not in known:
            if g.count == 0:
                continue
            raise InvalidGres
        counts[g.name, g.type] = max(counts.get((g.name, g.type), 0), g.count)
    typed = {name for name, typ in counts if typ is not None}
    if typed & {name for name, typ in counts if typ is None}:
        raise InvalidGres(_MIXED_NAMING)
    return tuple(Gres(name, typ, count) for (name, typ), count in counts.items())


def _deadline(options: tuple[tuple[str, str], ...], now: Instant) -> int | None:
    """``--deadline``'s instant, or None (not given, or unreadable: ``_shown`` says so)."""
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    given = [value for key, value in options if key == "deadline"]
    try:
        return parse_begin(given[-1], now) if given else None
    except ParseError:
        return None


def _shown(options: tuple[tuple[str, str], ...], now: Instant) -> tuple[tuple[str, str], ...]:
    """The shown-only options as kept: ``--deadline`` as the instant it names, ``--tmp``
    in MB, ``--delay-boot`` in seconds, ``--switches`` as ``count@[H]H:MM:SS`` with the
    wait capped at max_switch_wait."""
    from slurmsim.parse.errors import ParseError

    kept = []
    for key, value in options:
        try:
            kept.append((key, _kept_value(key, value, now)))
        except ParseError as e:
            # A time the parser could not read is named first, as for --begin.
            detail = e.context if key == "deadline" else None
            raise InvalidOption(f"Invalid --{key} specification", detail=detail) from None
    return tuple(kept)


def _kept_value(key: str, value: str, now: Instant) -> str:
    from slurmsim.model.jobs import MAX_SWITCH_WAIT
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.durations import parse_seconds, parse_time_limit
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.memory import parse_memory

    if key == "deadline":
        return str(parse_begin(value, now))
    if key == "tmp":
        return str(parse_memory(value))
    if key == "delay-boot":  # in seconds, as DelayBoot= shows it
        return str(parse_seconds(value))
    if key == "switches":
        count, _, wait = value.partition("@")
        if not is_number(count):
            raise ParseError(f"bad switch count: {count}")
        seconds = parse_time_limit(wait) if wait else None
        capped = min(seconds if seconds is not None else MAX_SWITCH_WAIT, MAX_SWITCH_WAIT)
        return f"{int(count)}@{capped}"  # the wait in seconds
    return value


def _cpu_tasks(opts: SubmitOptions, min_nodes: int, gpu_tasks: int) -> int:
    """The task count a job's CPUs go by when ``--ntasks-per-gpu`` sets its tasks: the
    controller raises the CPUs the client asked for (its tasks, ``-n`` or one a node, times
    ``-c``) to the GPU tasks' only when there are more of those than CPUs asked for (the
    oracle: ``-N 2 --gpus-per-node=2 --ntasks-per-gpu=2 -c 4`` has 8 tasks on 8 CPUs, one
    task's CPUs a node; without ``-c``, a CPU each)."""
    asked = opts.ntasks if opts.ntasks is not None else max(min_nodes, 1)
    cpus = asked * (opts.cpus_per_task or 1)
    return gpu_tasks if gpu_tasks > cpus else asked


def _default_partition(state: ClusterState) -> str:
    for p in state.partitions.values():
        if p.default:
            return p.name
    raise SlurmError("No partition specified or system default partition")


def _default_name(opts: SubmitOptions) -> str:
    if opts.wrap:
        return "wrap"
    if opts.script_path is None:
        return "sbatch"
    return os.path.basename(opts.script_path)


def _read_dependency(text: str | None) -> Dependency | None:
    """``--dependency`` read for the controller; None when it cannot read it, which it
    refuses later, using up the job id (``unreadable_dependency``, ``engine.submit``)."""
    if not text:
        return None
    from slurmsim.parse.dependency import ParseError, parse_dependency

    try:
        return parse_dependency(text)
    except ParseError:
        return None


def unreadable_dependency(opts: SubmitOptions, request: JobRequest) -> bool:
    """Was ``--dependency`` given but unreadable? ``build_request`` then left the
    request without one."""
    return bool(opts.dependency) and request.dependency is None


def _begin(text: str, now: Instant) -> Instant:
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    try:
        return Instant(parse_begin(text, now))
    except ParseError as e:
        raise InvalidOption("Invalid --begin specification", detail=e.context) from None


def _under(work_dir: str, path: str | None) -> str | None:
    """A file name as the controller keeps it: under the working directory unless
    absolute (``squeue -O stdin`` and the JSON dumps print it so, codes unexpanded); an
    empty one (``-o ''``) is the directory itself, ``WorkDir/`` (the oracle)."""
    if path is None or path.startswith("/"):
        return path
    return f"{work_dir}/{path}"
