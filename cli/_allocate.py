"""What srun and salloc share when they create a job: options, Slurm's lines, the wait."""

import os
import signal
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import replace

from cli._common import err, error, immediate_seconds
from cli._verify import too_few_for_plane, wants_x11
from cli.sbatch import (
    NO_GPU_FOR_TASKS,
    exclusive_options,
    fit_nodes,
    memory_conflict,
    option_refused,
    refused_status,
    submit_options,
    tasks_without_gpus,
    verified_options,
)
from slurmsim.api.interactive import Allocation
from slurmsim.api.submit import SubmitOptions
from slurmsim.model.errors import InvalidOption, SlurmError
from slurmsim.model.jobs import Job
from slurmsim.parse.options import Opt


def _exit_immediate(env: Mapping[str, str]) -> int:
    value = env.get("SLURM_EXIT_IMMEDIATE", "")
    return int(value) if value.isdigit() else 1


#: How each command prefixes the controller's refusal.
_REFUSED = {
    "srun": "Unable to allocate resources: ",
    "salloc": "Job submit/allocate failed: ",
}


def with_environment(
    values: Mapping[str, str | None],
    env: Mapping[str, str],
    variables: Mapping[str, str],
    table: Sequence[Opt],
) -> dict[str, str | None]:
    """The command line's options over those its input variables set (``SALLOC_*`` for
    salloc, ``SLURM_*``/``SRUN_*`` for srun), read as sbatch reads ``SBATCH_*``: a flag
    variable sets its option when empty, ``yes`` or a non-zero number and clears it
    otherwise; an empty value of an optional argument is the option without one."""
    from cli.sbatch import flag_on

    kinds = {opt.key: opt.arg for opt in table}
    merged: dict[str, str | None] = {}
    for var, key in variables.items():
        if var not in env or key not in kinds:
            continue
        value, kind = env[var], kinds[key]
        if kind == "none":
            if flag_on(value):
                merged[key] = None
            else:
                merged.pop(key, None)
        else:
            merged[key] = None if kind == "optional" and not value else value
    return {**merged, **values}


def allocate(
    prog: str,
    values: Mapping[str, str | None],
    argv: Sequence[str],
    command: Sequence[str],
    given: AbstractSet[str],
    *,
    components: Sequence[Mapping[str, str | None]] = (),
) -> Allocation | int:
    """Create the job, wait for it to start saying what Slurm says, and return it (or the
    exit code when it was refused or never started). ``given``: the options of the command
    line (the others came from input variables). ``components``: the options of each
    component of a heterogeneous job after the first (``salloc A : B``)."""
    from slurmsim.api import interactive as api
    from slurmsim.api.waiting import until_started
    from slurmsim.model.jobs import JobState

    wait = immediate_seconds(values)
    if isinstance(wait, str):
        error(prog, f'Invalid numeric value "{wait}" for immediate.')
        return 1
    try:
        parts = []
        for each in (values, *components):
            opts = _request(prog, each, given)
            if opts is None:
                return 1
            parts.append(replace(opts, submit_line=" ".join([prog, *argv])))
        # slurmctld keeps the program srun runs, and nothing of what salloc runs.
        shown = command if prog == "srun" else None
        if components:
            submitted = api.submit_het(parts, shown)
        else:
            submitted = api.submit(parts[0], shown, immediate=wait == 1)
    except InvalidOption as e:
        return option_refused(prog, e)
    except api.NotImmediate as e:
        # SLURM_EXIT_IMMEDIATE sets the status (1) when the nodes were busy or others
        # come first; salloc calls a dependent request a failed submission. salloc also
        # hears the failed record revoked (the oracle, two runs in three).
        if prog == "salloc" and e.dependent:
            error(prog, f"Job submit/allocate failed: {e.message}")
        else:
            error(prog, f"Unable to allocate resources: {e.message}")
        if prog == "salloc":
            err(f"salloc: Job allocation {e.job_id} has been revoked.\n")
        return 1 if e.dependent else _exit_immediate(os.environ)
    except SlurmError as e:
        if e.detail:
            for line in e.detail.splitlines():
                error(prog, line)
        error(prog, f"{_REFUSED[prog]}{e.message}")
        if prog == "salloc" and isinstance(e, api.Rejected):
            err(f"salloc: Job allocation {e.job_id} has been revoked.\n")
        return refused_status(os.environ, prog)
    job_id = submitted.job_id
    # -Q keeps the client's informational lines to itself (its errors are still said).
    say = (lambda _: None) if "quiet" in values else err
    if not submitted.started:
        if submitted.note:
            err(f"{prog}: {submitted.note}\n")
        if prog == "salloc":
            say(f"salloc: Pending job allocation {job_id}\n")
        say(f"{prog}: job {job_id} queued and waiting for resources\n")
        try:
            with _revoked_by_signals():
                state = until_started(job_id, within=wait or None)
        except _Revoked:
            return _revoke(prog, job_id)
        if state is JobState.PENDING:  # --immediate=SECONDS ran out
            return _gave_up(prog, job_id)
        if state is JobState.CANCELLED:  # scancel'd while it waited (the oracle's words)
            err(f"{prog}: Job has been cancelled\n")
            if prog == "salloc":
                err(f"salloc: Job allocation {job_id} has been revoked.\n")
            error(prog, f"{_REFUSED[prog]}Job/step already completing or completed")
            return 1
        if state is not JobState.RUNNING:
            error(prog, f"Job allocation {job_id} has been revoked.")
            return 1
        say(f"{prog}: job {job_id} has been allocated resources\n")
    if prog == "salloc":
        say(f"salloc: Granted job allocation {job_id}\n")
    return api.allocation(job_id, claim=bool(command))  # salloc --no-shell runs nothing


def _request(
    prog: str, values: Mapping[str, str | None], given: AbstractSet[str]
) -> SubmitOptions | None:
    """The request ``values`` make, checked as the client checks it (None once it has
    said why not; ``InvalidOption`` and ``SlurmError`` for the caller to say)."""
    if exclusive_options(prog, values):
        return None
    values = dict(values)  # an option clears the memory variables that rival it
    origin = {key: "option" if key in given else "env" for key in values}
    conflict = memory_conflict(prog, values, origin)
    verified = verified_options(
        prog,
        values,
        conflict,
        lambda: submit_options(values, "", None, (), layout_tasks=prog != "srun", range_tasks=True),
    )
    if verified is None:
        return None
    opts = fit_nodes(prog, verified, "ntasks" in values)
    nodes = opts.nodes and opts.nodes[0]
    if prog == "salloc" and too_few_for_plane(prog, values, opts.ntasks, nodes):
        return None
    if tasks_without_gpus(values, opts.ntasks):
        error(prog, NO_GPU_FOR_TASKS)
    if wants_x11(values):  # slurmsim's clusters never set PrologFlags=X11
        raise SlurmError("X11 forwarding not available")
    return opts


class _Revoked(Exception):
    """A signal that ends the client reached it while its allocation was pending."""


@contextmanager
def _revoked_by_signals() -> Iterator[None]:
    """While the allocation waits, SIGINT, SIGTERM and SIGHUP end the wait (``_Revoked``):
    the store's transaction, if one is open, is rolled back by it."""

    def revoke(signum: int, frame: object) -> None:
        raise _Revoked

    ends = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = {s: signal.signal(s, revoke) for s in ends}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def _revoke(prog: str, job_id: int) -> int:
    """The client was told to end while its allocation waited: it cancels the pending job
    and says so (the oracle, for SIGINT, SIGTERM and SIGHUP alike: exit 1, the job
    CANCELLED by its user with the reason it waited for)."""
    from slurmsim.api import interactive as api

    api.give_up(job_id)
    if prog == "salloc":
        err(f"salloc: Job allocation {job_id} has been revoked.\n")
        err("salloc: Job aborted due to signal\n")
    else:
        err(f"srun: Job allocation {job_id} has been revoked\n")
        err(f"srun: Force Terminated JobId={job_id}\n")
    return 1


def _gave_up(prog: str, job_id: int) -> int:
    """The allocation did not start in the seconds ``--immediate`` gave it: the client
    completes the pending job and says so (srun as if the nodes were busy)."""
    from slurmsim.api import interactive as api

    api.give_up(job_id)
    why = "Connection timed out" if prog == "salloc" else "Requested nodes are busy"
    error(prog, f"Unable to allocate resources: {why}")
    if prog == "salloc":
        err(f"salloc: Job allocation {job_id} has been revoked.\n")
    return _exit_immediate(os.environ)


#: Why slurmstepd says a step was cancelled, by how the job ended.
_DUE_TO = {
    "TIMEOUT": " DUE TO TIME LIMIT",
    "PREEMPTED": " DUE TO PREEMPTION",
    "NODE_FAIL": " DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS",
}


def step_cancelled_lines(job: Job) -> list[str]:
    """What each node's slurmstepd writes to the step's stderr as it kills an interactive
    job's step (step 0); its name carries the node's, as the oracle's does."""
    import time

    when = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(job.end_time or 0))
    why = _DUE_TO.get(job.state.name, "")
    step = f"{job.job_id}.0"
    return [
        f"slurmstepd-{node}: error: *** STEP {step} ON {node} CANCELLED AT {when}{why} ***\n"
        for node in job.nodes
    ]
