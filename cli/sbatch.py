"""``sbatch``: submit a batch script to the simulated cluster.

Options come from four places, in increasing precedence: ``#SBATCH``
directives in the script, its ``#PBS`` directives (``slurmsim.parse.pbs``),
``SBATCH_*`` environment variables, and the command line. Value errors end the
command with status 255 before anything is sent, as Slurm's client does; refusals
by the controller end it with status 1.
"""

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from math import prod

from cli._clusters import check_clusters
from cli._common import (
    C_SPACE,
    HET_DIRECTIVES,
    HET_SEPARATOR,
    err,
    error,
    out,
    parse_args,
    run,
    short_hostname,
    suffixed_count,
)
from cli._defined import defined_options, plugins_loaded, verbosity
from cli._help import answer_probe
from cli._verify import (
    burst_buffer_refused,
    gres_help,
    quiet_and_verbose,
    too_few_for_plane,
    with_burst_buffer_file,
)
from slurmsim.api.session import current_user
from slurmsim.api.submit import SubmitOptions
from slurmsim.model.digits import is_number
from slurmsim.model.errors import (
    IncompatibleOptions,
    InvalidGres,
    InvalidOption,
    OptionHelp,
    SlurmError,
)
from slurmsim.model.jobs import NODE_LAYOUT, TIME_MIN_UNLIMITED
from slurmsim.model.signals import WarnSignal
from slurmsim.model.time import Seconds
from slurmsim.model.tres import Gres
from slurmsim.parse.errors import ParseError
from slurmsim.parse.option_tables import HET_CARRIED, SBATCH_ARGS, SBATCH_ENV, SBATCH_OPTIONS
from slurmsim.parse.shown_checks import BadNumber, check_shown

PROG = "sbatch"


CORE_SPEC_IGNORED = (
    "Ignoring -S since it's not allowed by configuration (AllowSpecResourcesUsage = No)"
)
THREAD_SPEC_IGNORED = (
    "Ignoring --thread-spec since it's not allowed by configuration (AllowSpecResourcesUsage = No)"
)


#: sbatch's warning for each ``#SBATCH packjob`` (the separator's old name).
PACKJOB_WARNING = (
    'the "packjob" component separator is being deprecated. Please, use "hetjob" instead.'
)


class UnreadableNodes(InvalidOption):
    """A ``--nodelist`` the client cannot read as a hostlist: Slurm's client then fails to
    build its request and says ``memory allocation failure`` (exit 1), after the
    parser's complaint about a bad range."""

    def __init__(self, text: str) -> None:
        from slurmsim.parse.hostlist import range_complaint

        complaint = range_complaint(text)
        errors = (f"_parse_single_range: {complaint}",) if complaint else ()
        super().__init__("memory allocation failure", errors=errors)


class _Exit(Exception):
    """Stop with a status after the messages were printed."""

    def __init__(self, code: int) -> None:
        self.code = code


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sbatch(list(sys.argv[1:] if argv is None else argv), os.environ))


def sbatch(argv: list[str], env: Mapping[str, str]) -> int:
    try:
        return _sbatch(argv, env)
    except _Exit as e:
        return e.code


def _sbatch(argv: list[str], env: Mapping[str, str]) -> int:
    cmdlines, operands = _components(argv)
    cmdline = [pair for part in cmdlines for pair in part]
    if answer_probe(PROG, (key for key, _ in cmdline)):
        return 0
    error_exit = refused_status(env)
    given = dict(cmdline)
    script, path, args = _read_script(given.get("wrap"), operands)
    groups = _directives(script, path)
    if not _ignore_pbs(cmdline, groups[0], env):
        groups[0] = groups[0] + _pbs_directives(script, path)
    _power_warnings([pair for group in groups for pair in group], env, cmdline)
    if max(len(cmdlines), len(groups)) == 1:
        layers = _layers(groups[0], env, cmdline)
        chosen = _options(layers, (script, path, args), argv, cmdline, env, error_exit)
        if isinstance(chosen, int):
            return chosen
        opts, values = chosen
        return _submit([opts], values, cmdline, env, error_exit)
    het = _het_parts(cmdlines, groups, env, (script, path, args), argv, error_exit)
    if isinstance(het, int):
        return het
    return _submit(*het, cmdline, env, error_exit)


def _het_parts(  # noqa: PLR0917 (what each component's checks read)
    cmdlines: list[list[tuple[str, str | None]]],
    groups: list[list[tuple[str, str | None]]],
    env: Mapping[str, str],
    source: tuple[str, str | None, tuple[str, ...]],
    argv: list[str],
    error_exit: int,
) -> tuple[list[SubmitOptions], dict[str, str | None]] | int:
    """A heterogeneous job's components, each checked as sbatch checks a job, with the
    last one's options in force; or the exit status once a check refused one.

    Each component starts from what the one before left in force (``HET_CARRIED``),
    then takes its directives, ``SBATCH_*`` and its command line (one command line is
    every component's)."""
    cmdline = [pair for part in cmdlines for pair in part]
    wrap = dict(cmdline).get("wrap")
    layered: list[list[tuple[dict[str, str | None], Origin]]] = []
    carried = _first_pass(cmdlines) if len(cmdlines) > 1 else []
    for i in range(max(len(cmdlines), len(groups))):
        line = (cmdlines[i] if i < len(cmdlines) else []) if len(cmdlines) > 1 else cmdline
        if wrap is not None and "wrap" not in dict(line):  # the script is every component's
            line = [*line, ("wrap", wrap)]
        layers = _layers(carried + (groups[i] if i < len(groups) else []), env, line)
        layered.append(layers)
        carried = [(k, v) for k, v in layers[-1][0].items() if k in HET_CARRIED]
    # Each component keeps off the nodes the others ask for by name (the oracle: a later
    # component's -w dgx3 shows in the leader's ExcNodeList).
    named = [layers[-1][0].get("nodelist") or "" for layers in layered]
    parts: list[SubmitOptions] = []
    for i, layers in enumerate(layered):
        values = layers[-1][0]
        if i:  # mail is the leader's alone (Slurm ignores the others')
            values.pop("mail-type", None)
            values.pop("mail-user", None)
        others = [n for j, n in enumerate(named) if j != i and n]
        if others:
            values["exclude"] = ",".join(filter(None, [values.get("exclude"), *others]))
        chosen = _options(layers, source, argv, cmdline, env, error_exit)
        if isinstance(chosen, int):
            return chosen
        parts.append(chosen[0])
    return parts, values


def _components(argv: list[str]) -> tuple[list[list[tuple[str, str | None]]], list[str]]:
    """The command line's options, a list per heterogeneous job component (``A : B``),
    and the operands after them."""
    cmdline, operands = _getopt(argv)
    parts = [cmdline]
    while operands[:1] == [HET_SEPARATOR]:
        more, operands = _getopt(operands[1:])
        parts.append(more)
    return parts, operands


def _first_pass(cmdlines: list[list[tuple[str, str | None]]]) -> list[tuple[str, str | None]]:
    """What the first component starts from when the command line has several: sbatch
    reads the whole line once before each component's own options, so the first one
    takes those of the later ones that are not set anew for each (the oracle: ``-N1 :
    -N2 -t 7 -J b`` gives the leader 7 minutes and the name b, not the partition)."""
    return [(k, v) for part in cmdlines[1:] for k, v in part if k in HET_CARRIED]


def _options(  # noqa: PLR0917 (what the checks read)
    layers: list[tuple[dict[str, str | None], "Origin"]],
    source: tuple[str, str | None, tuple[str, ...]],
    argv: list[str],
    cmdline: list[tuple[str, str | None]],
    env: Mapping[str, str],
    error_exit: int,
) -> tuple[SubmitOptions, dict[str, str | None]] | int:
    """The submission one job (or component) asks for, checked as sbatch checks it, with
    the options in force; or the exit status once a check refused it. ``source`` is the
    script, its path and its arguments; ``cmdline`` the options typed (for -v)."""
    script, path, args = source
    values, origin = layers[-1]
    if gres_help(values):
        return 0
    try:
        for earlier, _ in layers[:-1]:  # Slurm checks each value as it reads it
            submit_options(earlier, script, path, args)
        if (
            exclusive_options(PROG, values)
            or quiet_and_verbose(PROG, values, verbosity(cmdline, values))
            or burst_buffer_refused(PROG, values)
        ):
            return 1
        conflict = memory_conflict(PROG, values, origin)
        verified = verified_options(
            PROG, values, conflict, lambda: submit_options(values, script, path, args)
        )
        if verified is None:
            return 1
        opts = verified
        opts = fit_nodes(PROG, opts, "ntasks" in values)
        if too_few_for_plane(PROG, values, opts.ntasks, opts.nodes and opts.nodes[0]):
            return 1
        if (bbf := values.get("bbf")) is not None:  # its text goes into the script
            spliced = with_burst_buffer_file(opts.script, bbf)
            if spliced is None:
                error(PROG, "Invalid --bbf specification")
                return 1
            opts = replace(opts, script=spliced)
        if tasks_without_gpus(values, opts.ntasks):
            error(PROG, NO_GPU_FOR_TASKS)
        opts = replace(
            opts,
            submit_line=" ".join([PROG, *argv]),  # sacct's SubmitLine
            environment=_job_environment(env, values, opts.array),
        )
    except InvalidOption as e:
        return option_refused(PROG, e)
    except SlurmError as e:  # e.g. a malformed --array, refused as the controller would
        if "test-only" in values:  # the will-run request's refusal (the oracle)
            err(f"allocation failure: {e.message}\n")
            return 1
        error(PROG, f"Batch job submission failed: {e.message}")
        return error_exit
    return opts, values


def _submit(
    parts: list[SubmitOptions],
    values: dict[str, str | None],
    cmdline: list[tuple[str, str | None]],
    env: Mapping[str, str],
    error_exit: int,
) -> int:
    """Submit the job, or the components of a heterogeneous job as one (``values``: the
    last component's options in force); sbatch's exit status."""
    opts = parts[0]
    from slurmsim.api import submit as api  # keeps --help and usage errors fast
    from slurmsim.api.cluster import cluster_name, now

    loud = verbosity(cmdline, values)
    if loud:
        err(defined_options(PROG, values, loud, now))
        if any(key == "verbose" for key, _ in cmdline):  # SBATCH_DEBUG logs no more
            err(plugins_loaded(PROG))

    cluster = values.get("clusters")
    if cluster is not None and not check_clusters(PROG, cluster, cluster_name(), "--cluster"):
        return error_exit

    try:
        if "test-only" in values:
            will = api.test_only_het(parts)
            from slurmsim.format.sbatch import render_test_only, render_test_only_het

            rendered = (
                render_test_only(
                    will.job_id, will.start, will.cpus, will.nodes, will.partition, program=PROG
                )
                if len(parts) == 1
                else render_test_only_het(will.job_id, will.start, will.cpus, will.nodes)
            )
            err(rendered.stderr)
            return rendered.exit_code
        if len(parts) == 1:
            submitted = api.submit(opts)
        elif any(part.array for part in parts):
            raise SlurmError("Invalid job array specification")  # no array of them
        else:
            submitted = api.submit_het(parts)
    except InvalidOption as e:
        return option_refused(PROG, e)
    except SlurmError as e:
        if e.detail:
            for line in e.detail.splitlines():
                error(PROG, line)
        if "test-only" in values:
            err(f"allocation failure: {e.message}\n")
            return 1
        error(PROG, f"Batch job submission failed: {e.message}")
        return error_exit
    # Slurm names the cluster when one was asked for (-M or SLURM_CLUSTERS).
    named = cluster is not None
    if "parsable" in values:
        out(f"{submitted.job_id};{submitted.cluster}\n" if named else f"{submitted.job_id}\n")
    elif "quiet" not in values:
        where = f" on cluster {submitted.cluster}" if named else ""
        out(f"Submitted batch job {submitted.job_id}{where}\n")
    if "wait" in values:
        from slurmsim.api.waiting import until_ended, wait_status

        sys.stdout.flush()
        return wait_status(until_ended(submitted.job_id))
    return 0


def _job_environment(
    env: Mapping[str, str], values: Mapping[str, str | None], array: tuple[int, ...] | None
) -> tuple[tuple[str, str], ...]:
    """What sbatch hands the job to run its script in (used only under execution): the
    shell's environment plus the variables sbatch adds itself, which travel with it."""
    extra = {
        "SLURM_SUBMIT_DIR": os.getcwd(),
        "SLURM_SUBMIT_HOST": short_hostname(),
        "SLURM_PRIO_PROCESS": str(os.getpriority(os.PRIO_PROCESS, 0)),  # sbatch's nice
    }
    mode = values.get("open-mode")
    if mode:
        extra["SLURM_OPEN_MODE"] = "a" if mode.startswith("a") else "t"
    if array:
        from slurmsim.parse.arrays import parse_array_step

        extra |= {
            "SLURM_ARRAY_TASK_COUNT": str(len(set(array))),
            "SLURM_ARRAY_TASK_MIN": str(min(array)),
            "SLURM_ARRAY_TASK_MAX": str(max(array)),
            "SLURM_ARRAY_TASK_STEP": str(parse_array_step(values.get("array") or "")),
        }
    return tuple({**env, **extra}.items())


#: Where an option's value came from: a directive, the environment, the command line.
Origin = dict[str, str]


def _power_warnings(
    directives: list[tuple[str, str | None]],
    env: Mapping[str, str],
    cmdline: list[tuple[str, str | None]],
) -> None:
    """``--power`` knows only ``level``; every other word is warned about as sbatch reads
    it: the command line, the script, ``SBATCH_POWER``, then the command line again (the
    oracle warns twice for ``--power=foo``)."""
    given = [v for k, v in cmdline if k == "power"]
    found = [*given, *(v for k, v in directives if k == "power"), env.get("SBATCH_POWER"), *given]
    for value in found:
        for word in (value or "").split(","):
            if word and word.lower() != "level":
                error(PROG, f"Ignoring unrecognized power option ({word})")


def _layers(
    directives: list[tuple[str, str | None]],
    env: Mapping[str, str],
    cmdline: list[tuple[str, str | None]],
) -> list[tuple[dict[str, str | None], Origin]]:
    """The options in force after #SBATCH directives, after SBATCH_*, and after the
    command line, each with where every value came from.

    A flag variable (an option without an argument) sets its option when it is empty,
    ``yes`` or a non-zero number, and clears it when it is anything else; an empty
    value of an option whose argument is optional is that option without one.
    """
    values: dict[str, str | None] = {}
    origin: Origin = {}
    for key, value in directives:
        kept = _accumulated(values, key, value)
        values.pop(key, None)  # kept in the order last given (-B against --sockets-per-node)
        values[key], origin[key] = kept, "script"
    layers = [(dict(values), dict(origin))]
    for var, key in SBATCH_ENV.items():
        if var not in env:
            continue
        value = env[var]
        arg = SBATCH_ARGS.get(key, "required")
        if arg == "none" and not flag_on(value):
            values.pop(key, None)
            origin.pop(key, None)
            continue
        values.pop(key, None)
        values[key] = None if arg == "none" or (arg == "optional" and not value) else value
        origin[key] = "env"
    layers.append((dict(values), dict(origin)))
    for key, value in cmdline:
        kept = _accumulated(values, key, value)
        values.pop(key, None)
        values[key], origin[key] = kept, "cmdline"
    layers.append((values, origin))
    return layers


#: Options every occurrence of which adds to the ones before (directives and command line
#: alike), each occurrence kept after a ``;``: ``--mail-type`` (sbatch ORs the types).
_ACCUMULATED = frozenset({"mail-type"})


def _accumulated(values: Mapping[str, str | None], key: str, value: str | None) -> str | None:
    earlier = values.get(key)
    if key in _ACCUMULATED and earlier is not None and value is not None:
        return f"{earlier};{value}"
    return value


def option_refused(prog: str, e: InvalidOption) -> int:
    """Print a refusal found before the job is queued, as Slurm does; the exit status."""
    if isinstance(e, OptionHelp):
        out(e.text)
        return e.code
    if isinstance(e, InvalidGres):
        for line in (e.detail or "").splitlines():
            error(prog, line)
    elif e.detail:
        err(f"{e.detail}\n")
    for line in e.errors:
        error(prog, line)
    if e.message:  # else said already
        error(prog, e.message)
    return (
        1 if isinstance(e, (BadNumber, InvalidGres, IncompatibleOptions, UnreadableNodes)) else 255
    )


def flag_on(value: str) -> bool:
    """How Slurm reads a flag variable (SBATCH_EXCLUSIVE=, SALLOC_NO_BELL=yes): set when
    empty, ``yes`` or a non-zero number."""
    if value == "" or value.lower() == "yes":
        return True
    try:
        return int(value) != 0
    except ValueError:
        return False


_MEMORY = ("mem", "mem-per-cpu", "mem-per-gpu")


def spec_warnings(prog: str, values: Mapping[str, str | None]) -> None:
    """slurmsim's clusters keep AllowSpecResourcesUsage off: the clients say they drop
    ``--core-spec`` and ``--thread-spec``."""
    if "core-spec" in values:
        error(prog, CORE_SPEC_IGNORED)
    if "thread-spec" in values:
        error(prog, THREAD_SPEC_IGNORED)


def exclusive_options(
    prog: str, values: Mapping[str, str | None], job_env: Mapping[str, str] | None = None
) -> bool:
    """Whether ``values`` hold a pair of options the clients refuse outright while reading
    them (``fatal:``, exit 1); said when they do. ``job_env``: a step's job variables,
    which srun counts as given (the oracle: ``SLURM_NTASKS_PER_NODE is mutually exclusive
    with --ntasks-per-gpu ...`` in a job with ``--ntasks-per-node``)."""
    if "core-spec" in values and "thread-spec" in values:  # Slurm's own spelling, "thred"
        err(f"{prog}: fatal: -S/--core-spec and --thred-spec options are mutually exclusive\n")
        return True
    if "ntasks-per-gpu" not in values:
        return False  # the common case: spare every command reading the step options
    from slurmsim.parse.step_options import tasks_per_gpu_conflict

    conflict = tasks_per_gpu_conflict(values, job_env or {})
    if conflict is not None:
        err(f"{prog}: fatal: {conflict}\n")
        return True
    return False


def fit_nodes(prog: str, opts: SubmitOptions, tasks_given: bool) -> SubmitOptions:
    """The node count as the client settles it before sending the job (oracle, -H jobs):

    * a node list (``-w dgx[1-2]``, duplicates once) raises the minimum to its length
      (``NumNodes=2``, two tasks), and a maximum below it is refused: ``-N 1`` beside two
      nodes is ``invalid number of nodes (-N 2-1)``;
    * a task count below the minimum is warned about and becomes the node count, the node
      list cut to as many (``-n 1 -N 2`` runs on one node); one below the maximum only
      caps it (``-n 1 -N 1-3`` is ``1-1``).
    """
    nodelist = tuple(dict.fromkeys(opts.nodelist))
    nodes = opts.nodes  # None: no -N, and the job asks for one node or its list's
    listed = len(nodelist)
    refused = False
    if listed and nodes is not None:
        low, high = nodes
        most = low if high is None else high
        if 0 <= most < listed:
            # Said at once; the checks go on, and the task count's warning follows (the
            # oracle: ``-N1 -n1 -w`` a list of 24 nodes).
            error(prog, f"invalid number of nodes (-N {listed}-{most})")
            refused = True
        nodes = (max(low, listed), high)
    least = nodes[0] if nodes is not None else max(listed, 1)
    if tasks_given and opts.ntasks is not None and opts.ntasks < least:
        err(
            f"{prog}: Warning: can't run {opts.ntasks} processes on {least} nodes, "
            f"setting nnodes to {opts.ntasks}\n"
        )
        nodes, nodelist = (opts.ntasks, opts.ntasks), nodelist[: opts.ntasks]
    elif tasks_given and opts.ntasks is not None and nodes and (nodes[1] or 0) > opts.ntasks:
        nodes = (nodes[0], opts.ntasks)  # never more nodes than tasks (-n 1 -N 1-3: 1-1)
    if refused:
        raise BadNumber("")  # said above
    return replace(opts, nodes=nodes, nodelist=nodelist)


def _node_file(path: str | None) -> str:
    """``--nodefile``: the nodes named in the file (one or more a line, hostlists allowed)."""
    try:
        with open(path or "", errors="replace") as f:
            names = ",".join(f.read().split())
    except OSError as e:
        raise InvalidOption(
            "Invalid --nodefile node file",
            errors=(f"slurm_allocate_resources error opening file {path}, {e.strerror}",),
        ) from None
    if not names:
        raise InvalidOption("Invalid --nodefile node file", errors=("Hostlist is empty!",))
    return names


def verified_options(
    prog: str,
    values: Mapping[str, str | None],
    conflict: str | None,
    read: Callable[[], SubmitOptions],
) -> SubmitOptions | None:
    """The options ``read`` gives, verified as the clients verify them once read (an
    unreadable value was refused at once): the spec warnings, then a memory ``conflict``
    (said, and None), then a refused GPU request, then --mem-per-gpu without GPUs (the
    oracle: "Ignoring -S" comes before the last three, after an unreadable --time)."""
    got: SubmitOptions | InvalidGres
    try:
        got = read()
    except InvalidGres as refused:
        got = refused
    spec_warnings(prog, values)
    if conflict:
        err(conflict)
        return None
    if isinstance(got, InvalidGres):
        raise got
    check_gpu_memory(prog, got)
    return got


def memory_conflict(
    prog: str, values: dict[str, str | None], origin: Origin | None = None
) -> str | None:
    """Of --mem, --mem-per-cpu and --mem-per-gpu, one given as an option (directive or
    command line) clears the others set by the environment (``origin``: where each value
    came from, None when all are options); two options, or two variables alone, are
    refused: the fatal line then, said once the options are read."""
    given = [k for k in _MEMORY if k in values and (origin is None or origin[k] != "env")]
    from_env = [k for k in _MEMORY if k in values and origin is not None and origin[k] == "env"]
    if len(given) > 1:
        return f"{prog}: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.\n"
    if given:
        for key in from_env:
            del values[key]
    elif len(from_env) > 1:
        return (
            f"{prog}: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE "
            "are mutually exclusive.\n"
        )
    return None


def refused_status(env: Mapping[str, str], prog: str = PROG) -> int:
    """The status of a refused submission: 1, or SLURM_EXIT_ERROR when set and not 0
    (sbatch, srun and salloc alike)."""
    value = env.get("SLURM_EXIT_ERROR")
    if value is None:
        return 1
    match = re.match(r"\s*([+-]?\d+)", value, re.ASCII)  # read as C's atoi
    code = int(match[1]) if match else 0
    if code == 0:
        error(prog, "SLURM_EXIT_ERROR has zero value")
        return 1
    return code & 0xFF


def _getopt(argv: list[str]) -> tuple[list[tuple[str, str | None]], list[str]]:
    return parse_args(PROG, argv, SBATCH_OPTIONS, stop_at_operand=True, code=255)


def _read_script(wrap: str | None, operands: list[str]) -> tuple[str, str | None, tuple[str, ...]]:
    from slurmsim.parse.script import check_script, wrap_script

    if wrap is not None:
        if operands:
            error(PROG, "Script arguments not permitted with --wrap option")
            raise _Exit(1)
        return wrap_script(wrap), None, ()
    if operands:
        path = operands[0]
        try:
            with open(path, "rb") as f:
                data = f.read()
        except (OSError, ValueError):  # ValueError: a NUL in the path (no shell passes one)
            error(PROG, f"Unable to open file {path}")
            raise _Exit(1) from None
    else:
        data = sys.stdin.buffer.read()
        path = None
    try:
        check_script(data)
    except ParseError as e:
        for line in e.message.splitlines():
            error(PROG, line)
        raise _Exit(1) from None
    return data.decode("utf-8", errors="replace"), path, tuple(operands[1:])


def _directives(script: str, path: str | None) -> list[list[tuple[str, str | None]]]:
    """The script's ``#SBATCH`` options, a list per heterogeneous job component (the
    groups ``#SBATCH hetjob`` separates; one list for any other job)."""
    from slurmsim.parse.script import SLURM_PREFIX_WARNING, scan_directives

    source = os.path.basename(path) if path else "stdin"
    try:
        found = scan_directives(script, source=source)
    except ParseError as e:
        err(f"{PROG}: fatal: {e.message}\n")
        raise _Exit(1) from None
    if found.slurm_prefix_used:
        error(PROG, SLURM_PREFIX_WARNING)
    groups = []
    words = list(found.args)
    while True:
        pairs, rest = _getopt(words)
        groups.append(pairs)
        if not rest or rest[0] not in HET_DIRECTIVES:
            break
        if rest[0] == "packjob":
            err(f"{PROG}: Warning: {PACKJOB_WARNING}\n")
        words = rest[1:]
    if rest:
        # sbatch checks each option's value as getopt reaches it, so a bad one before the
        # stray word is what it complains about.
        try:
            submit_options(dict(pairs), script, path, ())
        except InvalidOption as e:
            raise _Exit(option_refused(PROG, e)) from None
        except SlurmError:
            pass  # the controller's refusals come later: the stray word first
        error(PROG, f"Invalid directive found in batch script: {rest[0]}")
        raise _Exit(255)
    return groups


def _ignore_pbs(
    cmdline: list[tuple[str, str | None]],
    directives: list[tuple[str, str | None]],
    env: Mapping[str, str],
) -> bool:
    """Whether ``--ignore-pbs`` is given anywhere (SBATCH_IGNORE_PBS as a flag)."""
    given = any(key == "ignore-pbs" for key, _ in (*cmdline, *directives))
    return given or ("SBATCH_IGNORE_PBS" in env and flag_on(env["SBATCH_IGNORE_PBS"]))


def _pbs_directives(script: str, path: str | None) -> list[tuple[str, str | None]]:
    """The sbatch options of the script's ``#PBS`` lines, which overrule its ``#SBATCH``
    ones (``slurmsim.parse.pbs``)."""
    if "#PBS" not in script:
        return []  # most scripts: spare the import
    from slurmsim.parse.pbs import PbsError, pbs_options, pbs_words

    try:
        return pbs_options(pbs_words(script, os.path.basename(path) if path else "stdin"))
    except ParseError as e:
        err(f"{PROG}: fatal: {e.message}\n")
    except PbsError as e:
        for is_error, line in e.lines:
            if is_error:
                error(PROG, line)
            else:
                err(f"{PROG}: {line}\n")
    raise _Exit(1)


# ---- option values -------------------------------------------------------------------------


#: The options whose values sbatch reads as it meets them: times, sizes and counts.
_READ_TIMES = frozenset({"time", "time-min"})
_READ_SIZES = frozenset({"mem", "mem-per-cpu", "mem-per-gpu"})
_READ_COUNTS = frozenset({"ntasks", "cpus-per-task", "ntasks-per-node", "ntasks-per-gpu"})


def submit_options(
    v: Mapping[str, str | None],
    script: str,
    path: str | None,
    args: tuple[str, ...],
    *,
    layout_tasks: bool = True,
    range_tasks: bool = False,
) -> SubmitOptions:
    """The options in ``v`` (in the order given) read and checked as sbatch reads them.

    ``layout_tasks``: a fixed node count with sockets, cores or threads per node asked
    for and no task count gives a task to each of them, as sbatch and salloc do (the
    oracle showed ``-N 2 --sockets-per-node=2`` with NumTasks=4, and ``-B 2:4`` alone
    with 8 on one node); srun does not. ``range_tasks``: tasks a node over a node range
    are a task count the client sends, as srun and salloc send them; sbatch sends none
    (the oracle: it refuses ``-N 2-4 --ntasks-per-node=2 --gpus-per-task=1``).
    """
    from slurmsim.parse import durations, gres, hostlist, memory

    def text(key: str) -> str | None:
        return v.get(key) if key in v else None

    def empty(key: str) -> bool:  # --nodelist= or --exclude= given with no nodes
        return v.get(key) == "" and not (key == "nodelist" and "nodefile" in v)

    def duration(key: str, unlimited: Seconds | None = None) -> Seconds | None:
        value = text(key)
        if value is None:
            return None
        try:
            seconds = durations.parse_time_limit(value, option=f"--{key}")
        except ParseError:
            raise InvalidOption(f"Invalid --{key} specification") from None
        return unlimited if seconds is None else Seconds(seconds)

    def mem(key: str) -> int | None:
        value = text(key)
        if value is None:
            return None
        try:
            return memory.parse_memory(value)
        except ParseError:
            raise InvalidOption(f"Invalid --{key} specification") from None

    def integer(key: str) -> int | None:
        value = text(key)
        if value is None:
            return None
        digits = value.lstrip(C_SPACE)  # strtol skips them before, not after
        if not is_number(digits) or int(digits) <= 0:
            raise BadNumber(f'Invalid numeric value "{value}" for --{key}.')
        return int(digits)

    def gpus(key: str) -> gres.GresSpec | None:
        value = text(key)
        if not value:  # an empty --gpus= is taken as not given
            return None
        try:
            return gres.parse_gpus(value)
        except ParseError:
            raise InvalidOption(f"Invalid --{key} specification") from None

    def counted(spec: gres.GresSpec) -> Gres:
        return Gres(spec.name, spec.type, spec.count)

    def hosts(key: str) -> tuple[str, ...]:
        value = _node_file(text("nodefile")) if key == "nodelist" and "nodefile" in v else text(key)
        if not value:
            return ()
        try:
            return tuple(hostlist.expand(value))
        except ParseError:
            if key == "nodelist":
                raise UnreadableNodes(value) from None
            # The controller reads the excluded nodes (the oracle).
            raise SlurmError("Invalid node name specified") from None

    # sbatch reads a count, time or size as getopt reaches it, in the order given: the
    # first bad one is refused before anything read as a whole, the GRES among them (the
    # oracle: ``--mem= --nodes=`` names --mem, ``--gres=gpu: --nodes=`` the node count).
    for key in v:
        if key == "nodes":
            _nodes(text(key))
        elif key in _READ_TIMES:
            duration(key)
        elif key in _READ_SIZES:
            mem(key)
        elif key in _READ_COUNTS:
            integer(key)
    # --gpus-per-node and --gres both ask per node: the controller keeps them all, the
    # former first (the count of a GRES asked twice is the larger one; see build_request).
    per_node = [gpn] if (gpn := gpus("gpus-per-node")) is not None else []
    if (g := text("gres")) is not None:
        if not g:  # the controller's refusal, before a job id is taken
            raise SlurmError("Invalid Trackable RESource (TRES) specification")
        try:
            per_node.extend(gres.parse_gres(g, tres_form=False))
        except ParseError:
            raise InvalidGres from None
    check_shown(v)
    for key in ("uid", "gid"):
        if key in v and current_user() != "root":
            raise InvalidOption(f"--{key} only permitted by root user")
    layout = _hinted(v, _node_layout(v, integer))
    per_socket = gpus("gpus-per-socket")
    if per_socket is not None:
        sockets = layout.get("sockets-per-node")
        if sockets is None:
            raise InvalidGres(detail=_GPUS_PER_SOCKET_ALONE)
        # Counted per node: the share of every socket asked for (TRES shows them all).
        socket_gpus = [replace(per_socket, count=per_socket.count * int(sockets))]
    else:
        socket_gpus = []
    for key in ("ntasks-per-socket", "ntasks-per-core"):
        integer(key)  # kept only to be shown, but checked as a number
    # An empty --nodelist= asks for the nodes it lists, none (the oracle: NumNodes=0).
    nodes = _nodes(text("nodes") if "nodes" in v or not empty("nodelist") else "0")
    ntasks = integer("ntasks")
    fixed = nodes is not None and nodes[1] in (None, nodes[0])
    # A node count, the nodes -w names, or -B alone (on one node), but not
    # --sockets-per-node and the like alone (the oracle: with -w dgx[1-2], -B 2:4 is 16).
    if layout_tasks and ntasks is None and layout and "ntasks-per-node" not in v:
        named = len(set(hosts("nodelist"))) if nodes is None and "nodelist" in v else 0
        counts = [int(n) for n in layout.values() if int(n)]
        if counts and ((nodes and fixed) or named or ("extra-node-info" in v and nodes is None)):
            ntasks = max(nodes[0] if nodes else named, 1) * prod(counts)
    per_job, per_task = gpus("gpus"), gpus("gpus-per-task")
    # Over a node range sbatch sends tasks a node as no task count (``range_tasks``).
    per_node_tasks = integer("ntasks-per-node")
    unsent = not (range_tasks or fixed or nodes is None or ntasks is not None)
    # (No GPUs per task needs no task count: the oracle took --gpus-per-task=0 alone.)
    told = "ntasks" in v or (per_node_tasks is not None and not unsent) or fixed
    # A --gpus named otherwise (typed, or not) is another request, no count for this one.
    alike = per_job is not None and per_task is not None and per_job.type == per_task.type
    if per_task and per_task.count and not alike and not told:
        raise InvalidGres(detail=_GPUS_PER_TASK_ALONE)
    asks_gpus = per_node or per_job or per_task or per_socket
    if "ntasks-per-gpu" in v and not asks_gpus:
        # The controller then works the GPUs out from -n, or from a fixed -N's tasks.
        if ntasks is None and not fixed:
            raise InvalidGres(detail=_NTASKS_PER_GPU_ALONE)
        per_gpu = integer("ntasks-per-gpu")
        # Fewer tasks than one GPU takes make no GPU: the controller says so and goes on
        # (``tasks_without_gpus``), where a count that is not a multiple is refused, as
        # is any such count beside --mem-per-gpu (the oracle: -n 1 --ntasks-per-gpu=2).
        fewer = ntasks is not None and per_gpu and ntasks < per_gpu and not mem("mem-per-gpu")
        if ntasks is not None and per_gpu and ntasks % per_gpu and not fewer:
            raise InvalidGres(detail=_NTASKS_NOT_A_MULTIPLE)
    gpus_per_node = [g.count for g in per_node if g.name == "gpu"]
    typed = [  # the controller shows them as typed (gres:gpu for --gres=gpu)
        (key, gres.format_tres_per_node(specs))
        for key, specs in (
            ("tres-per-node", per_node),
            ("tres-per-job", [per_job] if per_job else []),
            ("tres-per-task", [per_task] if per_task else []),
        )
        if specs
    ]
    # ... and the job's environment names its GPU options as typed (SLURM_GPUS_PER_NODE).
    typed += [(key, value) for key in _GPU_OPTIONS if (value := text(key))]
    array, throttle = _array(text("array"))
    return SubmitOptions(
        script=script,
        script_path=path,
        script_args=args,
        wrap="wrap" in v,
        job_name=text("job-name"),
        partition=text("partition"),
        account=text("account"),
        qos=text("qos"),
        nodes=nodes,
        ntasks=ntasks,
        ntasks_per_node=per_node_tasks,
        cpus_per_task=integer("cpus-per-task"),
        mem=mem("mem"),
        mem_per_cpu=mem("mem-per-cpu"),
        mem_per_gpu=mem("mem-per-gpu"),
        gres=tuple(counted(s) for s in per_node + socket_gpus),
        gpus=None if per_job is None else counted(per_job),
        gpus_per_task=None if per_task is None else counted(per_task),
        time=duration("time"),
        time_set="time" in v,
        time_min=duration("time-min", TIME_MIN_UNLIMITED),
        nodelist=hosts("nodelist"),
        exclude=hosts("exclude"),
        # --exclusive=user (or mcs) shares nodes with the user's own jobs: not whole nodes.
        # Nodes rebooted for a job are its alone (the oracle: OverSubscribe=NO, cpu=112).
        exclusive=("exclusive" in v and (v["exclusive"] or "").lower() not in ("user", "mcs"))
        or "reboot" in v,
        contiguous="contiguous" in v,
        constraint=text("constraint"),
        reservation=text("reservation") or None,
        begin=_begin(text("begin")),
        array=array,
        array_throttle=throttle,
        dependency=text("dependency"),
        kill_on_invalid_dep=_yes_no(text("kill-on-invalid-dep"), "kill-on-invalid-dep"),
        hold="hold" in v,
        nice=_nice(v),
        requeue=False if "no-requeue" in v else (True if "requeue" in v else None),
        output=text("output"),
        error=text("error"),
        input=text("input"),
        chdir=text("chdir"),
        comment=text("comment"),
        licenses=text("licenses"),
        export=text("export"),
        signal=_warn_signal(text("signal"), batch=bool(script)),
        shown=(
            *((key, v[key] or "") for key in SHOWN_OPTIONS if key in v and key != "hint"),
            *((("hint", v["hint"] or ""),) if _hint_in_force(v) else ()),
            *((key, "") for key in _EMPTY_SHOWN if empty(key)),
            *layout.items(),
            *typed,
            *_unsent_task_cpus(v, nodes, per_node_tasks if unsent else None),
        ),
        gpus_per_node_count=max(gpus_per_node) if gpus_per_node else None,
        gpus_per_socket_count=None if per_socket is None else per_socket.count,
    )


def _unsent_task_cpus(
    v: Mapping[str, str | None], nodes: tuple[int, int | None] | None, per_node: int | None
) -> list[tuple[str, str]]:
    """The CPUs sbatch asks for when it sends tasks a node over a node range as no task
    count: one task's when it has at least as many CPUs as there are tasks on the fewest
    nodes (the oracle, ``-N 2-4 --ntasks-per-node=2``: 12 CPUs with ``-c 3``, 4 with
    ``-c 4``), else all their CPUs, as for any count."""
    if not per_node or nodes is None or v.keys() & {"overcommit", "ntasks-per-gpu"}:
        return []
    cpus = int(v.get("cpus-per-task") or 1)
    return [("client-cpus", str(cpus))] if cpus >= nodes[0] * per_node else []


#: The GPU options a job's environment repeats as typed (``SLURM_GPUS_PER_NODE=h100:2``).
_GPU_OPTIONS = ("gpus", "gpus-per-node", "gpus-per-task")
#: Node lists shown as given when given empty (``ReqNodeList=``, not ``(null)``).
_EMPTY_SHOWN = ("nodelist", "exclude")
#: What C's isspace() skips before a number (Python's str.strip also takes \x1c-\x1f).
#: How -B's errors name its fields.
_B_FIELDS = ("first", "second", "third")


def _node_layout(
    v: Mapping[str, str | None], integer: Callable[[str], int | None]
) -> dict[str, str]:
    """Sockets per node, cores per socket and threads per core asked for, from -B
    (``S[:C[:T]]``, each a count, a ``min-max`` range read as its minimum, or ``*``
    for any) and from their own options, the one given later winning. -B sets all
    three: a field it leaves out unsets its option given before (the oracle:
    ``--threads-per-core=2 -B 2:4`` shows ``ReqB:S:C:T=0:0:4:*``)."""
    found: dict[str, str] = {}
    for key, value in v.items():
        if key in NODE_LAYOUT:
            found[key] = str(integer(key))
        elif key == "extra-node-info":
            found.clear()
            for name, nth, field in zip(
                NODE_LAYOUT, _B_FIELDS, (value or "").split(":"), strict=False
            ):
                if field in ("", "*"):
                    continue
                low = field.split("-", 1)[0]
                if not is_number(low):
                    raise BadNumber(f'Invalid numeric value "{field}" for {nth} arg of -B.')
                found[name] = str(int(low))
    return found


#: Options the clients keep over --hint when both are given (--hint is then ignored), with
#: srun's --cpu-bind when it binds (not ``verbose`` alone).
_HINT_RIVALS = frozenset({"ntasks-per-core", "threads-per-core", "extra-node-info"})


def _hint_in_force(v: Mapping[str, str | None]) -> bool:
    """Does --hint count? Not beside a layout option that rivals it, nor a --cpu-bind
    other than ``verbose``: the clients drop it then (the oracle: no SLURM_HINT)."""
    binds = (v.get("cpu-bind") or "verbose").lower() not in ("verbose", "v")
    return "hint" in v and not (v.keys() & _HINT_RIVALS or binds)


def _hinted(v: Mapping[str, str | None], layout: dict[str, str]) -> dict[str, str]:
    """``layout`` with --hint's sockets, cores and threads, as the clients settle them:
    --hint is ignored beside --ntasks-per-core, --threads-per-core or -B, and otherwise
    unsets --sockets-per-node and --cores-per-socket, whatever the hint (the oracle:
    ``--hint=memory_bound --cores-per-socket=4`` asks for one core per socket, and
    ``--sockets-per-node=1 --cores-per-socket=32 --hint=nomultithread`` for neither)."""
    hint = v.get("hint")
    if hint is None or not _hint_in_force(v):
        return layout
    sockets, cores, threads = NODE_LAYOUT
    out = dict(layout)
    out.pop(sockets, None)
    out.pop(cores, None)
    for word in hint.lower().split(","):
        match word:
            case "compute_bound":  # every core of every socket, one thread each
                out[threads] = "1"
            case "memory_bound":  # one core per socket
                out[cores] = out[threads] = "1"
            case "multithread":
                out.pop(threads, None)
            case "nomultithread":
                out[threads] = "1"
    return out


def tasks_without_gpus(v: Mapping[str, str | None], ntasks: int | None) -> bool:
    """Does ``--ntasks-per-gpu``, with no GPU asked for, give fewer tasks than one GPU takes
    (``-n 1 --ntasks-per-gpu=2``)? The controller then adds no GPU and says so, and the
    job is queued all the same (the oracle)."""
    per_gpu = v.get("ntasks-per-gpu")
    asked = {*_GPU_OPTIONS, "gpus-per-socket"} & v.keys()
    if per_gpu is None or not is_number(per_gpu) or ntasks is None or asked:
        return False
    return "gpu" not in (v.get("gres") or "") and ntasks < int(per_gpu)


NO_GPU_FOR_TASKS = (
    "gres_job_state_validate: Failed to add generated GRES gres:gpu:0 (via ntasks_per_tres) "
    "to gres_list"
)

_NTASKS_PER_GPU_ALONE = (
    "gres_job_state_validate: --ntasks-per-tres needs either a GRES GPU specification or a "
    "node/ntask specification"
)
_NTASKS_NOT_A_MULTIPLE = (
    "Failed to validate job spec, -n/--ntasks has to be a multiple of --ntasks-per-gpu."
)
_GPUS_PER_SOCKET_ALONE = "--gpus-per-socket option requires --sockets-per-node specification"
_GPUS_PER_TASK_ALONE = (
    "Failed to validate job spec. --gpus-per-task used without either --gpus or -n/--ntasks "
    "is not allowed."
)


def _warn_signal(value: str | None, *, batch: bool) -> WarnSignal | None:
    """``--signal``; ``B:`` (the batch shell) only for a batch job."""
    if value is None:
        return None
    from slurmsim.parse.signals import parse_warn_signal

    try:
        return parse_warn_signal(value, batch_allowed=batch)
    except ParseError:
        raise InvalidOption("Invalid --signal specification") from None


#: Options slurmsim keeps only to show them as the controller does (JobRequest.shown).
SHOWN_OPTIONS = (
    "batch",
    "bb",
    "cluster-constraint",
    "container",
    "cpu-freq",
    "cpus-per-gpu",
    "deadline",
    "delay-boot",
    "distribution",
    "exclusive",
    "gpu-bind",
    "gpu-freq",
    "gpus-per-socket",
    "gres-flags",
    "hint",
    "mail-type",
    "mail-user",
    "mcs-label",
    "mem-bind",
    "mincpus",
    "network",
    "ntasks-per-core",
    "ntasks-per-gpu",
    "ntasks-per-socket",
    "overcommit",
    "oversubscribe",
    "power",
    "prefer",
    "profile",
    "reboot",
    "spread-job",
    "switches",
    "tmp",
    "wckey",
)


def check_gpu_memory(prog: str, opts: SubmitOptions) -> None:
    """--mem-per-gpu needs a GPU request, which the clients check before sending the job
    (0 asks for nothing, and needs none); --ntasks-per-gpu makes one (the oracle: ``-N 1
    --ntasks-per-gpu=2 --mem-per-gpu=10G`` holds a GPU and 10G)."""
    if not opts.mem_per_gpu:
        return
    gpus = opts.gpus or opts.gpus_per_task or any(g.name == "gpu" for g in opts.gres)
    if gpus or any(key in ("gpus-per-socket", "ntasks-per-gpu") for key, _ in opts.shown):
        return
    raise InvalidGres(
        detail=f"Requested mem_per_tres=gres:gpu:{opts.mem_per_gpu} but did not request any GPU."
    )


def _nodes(value: str | None) -> tuple[int, int | None] | None:
    """``-N min[-max]``, each a count with an optional k or m (x1024, x1024^2); an empty
    minimum is 1, an empty maximum -1 (less than any minimum); nothing at all is no count
    (the oracle: ``"" is not a valid node count``)."""
    if value is None:
        return None
    if not value:
        raise InvalidOption('"" is not a valid node count')
    low, sep, high = value.partition("-")
    lo = _node_count(low) if low else 1
    hi = (_node_count(high) if high else -1) if sep else None
    if hi is not None and hi < lo:
        raise InvalidOption(f"Maximum node count {hi} is less than minimum node count {lo}")
    return lo, hi


def _node_count(text: str) -> int:
    """A node count as the client keeps it: in a C int, so 4294967296 is 0 (which the
    controller refuses); one past what strtol reads is refused here (the oracle)."""
    count = suffixed_count(text)
    if count is None or count >= 2**63 - 1:
        raise InvalidOption(f'"{text}" is not a valid node count')
    kept = count % 2**32
    return kept if kept < 2**31 else 0


def _yes_no(value: str | None, option: str) -> bool | None:
    if value is None:
        return None
    if value.lower() in ("yes", "no"):
        return value.lower() == "yes"
    raise InvalidOption(f"Invalid --{option} specification")


def _nice(v: Mapping[str, str | None]) -> int:
    if "nice" not in v:
        return 0
    value = v["nice"]
    if value is None:
        return 100
    # Read as C's strtol: the leading integer, 0 when there is none (--nice=abc is 0).
    match = re.match(r"\s*([+-]?\d+)", value, re.ASCII)
    nice = int(match[1]) if match else 0
    if abs(nice) > 2147483645:
        raise InvalidOption("Invalid --nice value, out of range (+/- 2147483645)")
    return nice


def _begin(value: str | None) -> str | None:
    if value == "":
        raise InvalidOption("Invalid --begin specification")
    return value


def _array(value: str | None) -> tuple[tuple[int, ...] | None, int | None]:
    if not value:  # an empty --array= submits a plain job
        return None, None
    from slurmsim.parse.arrays import parse_array

    try:
        # MaxArraySize is the controller's check (engine.submit), not the client's.
        spec = parse_array(value, max_array_size=2**31)
    except ParseError:
        raise SlurmError("Invalid job array specification") from None
    if not spec.indices:  # only commas: no index, a plain job (the oracle)
        return None, None
    return spec.indices, spec.throttle
