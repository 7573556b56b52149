"""What srun, salloc and sbatch check in their options once all are read, before they
ask the controller for anything: the pairs they refuse together, srun's ``--cpu-bind``
words and MPI type, the burst buffer options, a plane distribution's size, whether
``--x11`` can forward a display at all; and the options that answer with a list and
stop (``--gres=help``, ``--mpi=list``)."""

import os
import re
from collections.abc import Mapping

from cli._common import err, error, out

#: X11 forwarding's kinds (``--x11[=all|batch|first|last]``): another word asks for none.
_X11_KINDS = frozenset({"all", "batch", "first", "last"})
_COOKIE = re.compile(
    r"^([A-Za-z0-9./-]+:[0-9]+|#ffff#[0-9A-Fa-f./-]+#:[0-9]+)\s+MIT-MAGIC-COOKIE-1\s+[0-9A-Fa-f]+$",
    re.M,
)


#: The MPI plugins an srun finds installed, in the order ``--mpi=list`` gives them (the
#: oracle's; its one pmix plugin is listed as a version).
MPI_TYPES = ("pmix", "none", "cray_shasta", "pmi2")
_PMIX_VERSIONS = ("pmix_v4",)


def mpi_list(values: Mapping[str, str | None]) -> bool:
    """Whether ``--mpi=list`` asks for the MPI plugins; answered when so (exit 0)."""
    if values.get("mpi") != "list":
        return False
    listed = "".join(f"\t{name}\n" for name in MPI_TYPES)
    versions = ",".join(_PMIX_VERSIONS)
    out(f"MPI plugin types are...\n{listed}specific pmix plugin versions available: {versions}\n")
    return True


def _mpi_unknown(kind: str) -> bool:
    """Whether srun finds no MPI plugin named ``kind``; said as it says it when so."""
    if kind in MPI_TYPES or kind in _PMIX_VERSIONS or kind == "openmpi":  # openmpi: none
        return False
    for line in (
        f"Couldn't find the specified plugin name for mpi/{kind} looking at all files",
        f"cannot find mpi plugin for mpi/{kind}",
        f"MPI: Cannot create context for mpi/{kind}",
        "MPI: Unable to load any plugin",
        f"Invalid MPI type '{kind}', --mpi=list for acceptable types",
    ):
        error("srun", line)
    return True


def gres_help(values: Mapping[str, str | None]) -> bool:
    """Whether ``--gres=help`` (or ``list``) asks for the GRES the cluster knows; answered
    on standard output when so (the client then exits 0)."""
    if (values.get("gres") or "").lower() not in ("help", "list"):
        return False
    from slurmsim.api.cluster import gres_types

    out("Valid gres options are:\n" + "".join(f"{g}[[:type]:count]\n" for g in gres_types()))
    return True


def quiet_and_verbose(prog: str, values: Mapping[str, str | None], loud: int) -> bool:
    """Whether both ``-Q`` and ``-v`` were given (refused with exit 1); said when so."""
    if "quiet" in values and loud:
        error(prog, "don't specify both --verbose (-v) and --quiet (-Q)")
        return True
    return False


#: How each client names the two burst buffer options when both are given.
_BOTH_BB = {
    "sbatch": "Cannot specify both --burst-buffer and --bbf",
    "srun": "Cannot specify both --burst-buffer and --bbf",
    "salloc": "Cannot specify both --bb and --bbf",
}


def burst_buffer_refused(prog: str, values: dict[str, str | None]) -> bool:
    """Whether ``--bb`` and ``--bbf`` were both given, or (srun, salloc) the ``--bbf`` file
    cannot be read; said when so (exit 1). srun and salloc send a readable file's text as
    the job's burst buffer (``values["bb"]``); sbatch splices it into the script instead
    (``with_burst_buffer_file``)."""
    if "bb" in values and "bbf" in values:
        error(prog, _BOTH_BB[prog])
        return True
    path = values.get("bbf")
    if prog == "sbatch" or path is None:
        return False
    text = _read(path)
    if text is None:
        error(prog, "Invalid --bbf specification")
        return True
    values["bb"] = text
    return False


def with_burst_buffer_file(script: str, path: str) -> str | None:
    """sbatch's script with the ``--bbf`` file's text after its first line (None: the file
    cannot be read)."""
    text = _read(path)
    if text is None:
        return None
    if not text:
        return script
    text += "" if text.endswith("\n") else "\n"
    if not script.startswith("#"):
        return text + script
    first, newline, rest = script.partition("\n")
    return f"{first}\n{text}{rest}" if newline else f"{script}\n{text}"


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return f.read()
    except OSError:
        return None


def too_few_for_plane(
    prog: str, values: Mapping[str, str | None], ntasks: int | None, min_nodes: int | None
) -> bool:
    """Whether a plane distribution cannot give every node a task (sbatch and salloc's
    rough check: fewer than a plane per node, and the planes fill fewer nodes); said so."""
    layout = (values.get("distribution") or "").lower().partition(",")[0]
    if not layout.startswith("plane"):
        return False
    size = int(layout.removeprefix("plane").removeprefix("="))  # checked when read
    tasks, nodes = ntasks or 1, 1 if min_nodes is None else min_nodes
    if (nodes <= 0 or tasks // size < nodes) and (nodes - 1) * size >= tasks:
        error(prog, "Too few processes for the requested {plane,node} distribution")
        return True
    return False


def srun_verify(values: dict[str, str | None], loud: int, env: Mapping[str, str]) -> int | None:
    """srun's checks of its options, in its order, each said as it is met; the exit status
    when they stop it (1; 255 when X11 cannot be forwarded), else None. Every refused
    pair is reported before srun stops."""
    from slurmsim.parse.binding import NO_BINDING

    wait = values.get("wait", env.get("SLURM_WAIT"))
    if wait and not (wait[1:] if wait[0] == "+" else wait).isdecimal():
        error("srun", f'Invalid numeric value "{wait}" for --wait.')  # as the option is read
        return 1
    bind = values.get("cpu-bind", env.get("SLURM_CPU_BIND"))
    if "threads-per-core" in values or "SLURM_THREADS_PER_CORE" in env:
        # It asks for binding to threads unless --cpu-bind already says how.
        if bind is None or bind == "verbose":
            if loud:
                kind = "threads" if bind is None else "threads,verbose"
                err(f"srun: Setting --cpu-bind={kind} as a default of --threads-per-core use\n")
            err(f"srun: {NO_BINDING}\n")
        elif loud > 1:
            err(
                "srun: Not setting --cpu-bind=threads because of --threads-per-core since "
                "--cpu-bind already set by cli option or environment variable\n"
            )
    refused = quiet_and_verbose("srun", values, loud)
    if burst_buffer_refused("srun", values):
        return 1
    no_alloc, relative = "no-allocate" in values, "relative" in values
    nodelist, exclude = values.get("nodelist"), values.get("exclude")
    for bad, message in (
        ("exact" in values and "whole" in values, "--exact and --whole are mutually exclusive."),
        (no_alloc and not nodelist, "must specify a node list with -Z, --no-allocate."),
        (no_alloc and bool(exclude), "can not specify --exclude list with -Z, --no-allocate."),
        (no_alloc and relative, "do not specify -r,--relative with -Z,--no-allocate."),
        (
            relative and bool(nodelist or exclude),
            "-r,--relative not allowed with -w,--nodelist or -x,--exclude.",
        ),
    ):
        if bad:
            error("srun", message)
            refused = True
    if bind is not None:
        check = _cpu_bind(bind)
        if check == "invalid":
            return 1
        refused |= check == "help"
    if "exclusive" in values and "overlap" in values:
        error("srun", "--exclusive and --overlap are mutually exclusive")
        refused = True
    mpi = values.get("mpi", env.get("SLURM_MPI_TYPE"))
    if mpi is not None and _mpi_unknown(mpi):
        return 1
    if wants_x11(values) and x11_unusable("srun", env):
        return 255
    return 1 if refused else None


def _cpu_bind(value: str) -> str:
    """Say what srun says of a ``--cpu-bind`` value; the check's outcome."""
    from slurmsim.parse.binding import HELP, check_cpu_bind

    check = check_cpu_bind(value)
    for level, text in check.lines:
        err(f"srun: {text}\n" if level == "info" else f"srun: error: {text}\n")
    if check.outcome == "help":
        out(f"{HELP}\n")
    elif check.outcome == "invalid":
        err("srun: fatal: Failed to parse --cpu-bind= values.\n")
    return check.outcome


def wants_x11(values: Mapping[str, str | None]) -> bool:
    """Whether ``--x11`` asks for forwarding (a word other than its kinds asks for none)."""
    if "x11" not in values:
        return False
    kind = values["x11"]
    return kind is None or kind.lower() in _X11_KINDS


def x11_unusable(prog: str, env: Mapping[str, str]) -> bool:
    """Whether the display cannot be forwarded, as srun and salloc find it before asking
    for the job: no DISPLAY, a local display without its socket, or no cookie from
    ``xauth``. Said when so (the client then exits 255)."""
    display = env.get("DISPLAY")
    problem: str | None
    if display is None:
        problem = "No DISPLAY variable set, cannot setup x11 forwarding."
    elif display.startswith(":"):
        socket = f"/tmp/.X11-unix/X{display[1:].partition('.')[0]}"
        problem = None if os.path.exists(socket) else f"Cannot stat() local X11 socket `{socket}`"
    elif ":" not in display:
        problem = "Error parsing DISPLAY environment variable. Cannot use X11 forwarding."
    else:
        problem = None
    if problem is None:
        problem = _no_cookie(display or "", env)
    if problem is not None:
        error(prog, problem)
    return problem is not None


def _no_cookie(display: str, env: Mapping[str, str]) -> str | None:
    """What is wrong with ``xauth list DISPLAY``'s answer, or None when it holds a cookie."""
    import subprocess

    try:
        done = subprocess.run(
            ["xauth", "list", display],
            env=dict(env),
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return "Problem running xauth command. Cannot use X11 forwarding."
    if done.returncode:
        return "Problem running xauth command. Cannot use X11 forwarding."
    if _COOKIE.search(done.stdout) is None:
        return "x11_get_xauth: Could not retrieve magic cookie. Cannot use X11 forwarding."
    return None
