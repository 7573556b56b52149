"""``srun`` inside an allocation (``--jobid``, or ``SLURM_JOB_ID`` from a batch script or
salloc): create a step in the job, run its tasks here, record how they ended. What the
step asks for is read as ``slurmsim.parse.step_options`` reads it.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from cli._common import err, error, immediate_seconds, out, short_hostname
from slurmsim.model.errors import InvalidJobId, InvalidOption, OptionHelp, SlurmError
from slurmsim.parse.shown_checks import BadNumber, check_shown

if TYPE_CHECKING:
    from slurmsim.api.launch import Cut, Ended, Program, Report, StepIo
    from slurmsim.api.steps import Created, Watch
    from slurmsim.model.steps import Step, StepRequest

PROG = "srun"
#: Wall seconds between two tries of a step that waits for busy resources.
RETRY_S = 1.0


def step_in_job(values: Mapping[str, str | None], program: Program, argv: Sequence[str]) -> int:
    """Run ``program`` (srun's ``argv``, or the lines of its ``--multi-prog`` file) as a
    new step of the job srun is pointed at; srun's exit status."""
    job_id = job_of(values)
    if job_id is None:
        return 1
    wait = immediate_seconds(values)
    if isinstance(wait, str):
        error(PROG, f'Invalid numeric value "{wait}" for immediate.')
        return 1
    try:
        check_shown(values)
    except InvalidOption as e:
        return _refused(e)
    request = read_request(values, os.environ, argv[0])
    if isinstance(request, int):
        return request
    # srun's own check, before it asks for anything (the oracle: the first node excluded
    # that -w names; a step over parts of a job does not make it).
    clash = next((node for node in request.exclude if node in request.nodelist), None)
    if clash is not None:
        error(PROG, f"Requested node {clash} is also in the excluded list.")
        error(PROG, "Job not submitted.")
        return 1
    created = _create(job_id, request, wait)
    if isinstance(created, int):
        return created
    if request.ntasks_per_node is None:  # dropped: the tasks see the job's own (the oracle)
        values = {k: v for k, v in values.items() if k != "ntasks-per-node"}
    return _run(*created, program, values)


def job_of(values: Mapping[str, str | None]) -> int | None:
    """The job srun runs its step in: ``--jobid``, else the one it runs inside; None once
    srun has said it cannot read the id."""
    raw = values.get("jobid") or os.environ.get("SLURM_JOB_ID", "")
    try:
        return int(raw.split("_")[0].split(".")[0])
    except ValueError:
        error(PROG, f'Invalid numeric value "{raw}" for --jobid.')
        return None


def unconfirmed(job_id: int, e: SlurmError) -> int:
    """srun's lines when the job it is pointed at does not run (or is not there); its exit
    status."""
    from slurmsim.model.steps import JobExpired

    if isinstance(e, JobExpired):
        error(PROG, f"Slurm job {job_id} has expired")
    else:
        error(PROG, f"Unable to confirm allocation for job {job_id}: {e.message}")
    err(f"{PROG}: Check SLURM_JOB_ID environment variable. ")
    err(f"Expired or invalid job {job_id}\n")
    return 1


def read_request(
    values: Mapping[str, str | None], env: Mapping[str, str], command: str
) -> StepRequest | int:
    """The step srun asks for in the job ``env`` describes, its warning said; or srun's exit
    status once it has said why it asks for none."""
    from slurmsim.api.session import current_user
    from slurmsim.parse.step_options import step_request

    try:
        request, warning = step_request(
            values,
            env,
            os.path.basename(command),
            user=current_user(),
            srun_host=short_hostname(),
            srun_pid=os.getpid(),
        )
    except InvalidOption as e:
        for line in e.errors:
            error(PROG, line)
        error(PROG, e.message)
        return 1 if e.status is None else e.status
    if warning is not None:
        err(f"{PROG}: {warning}\n")
    return request


def _refused(e: InvalidOption) -> int:
    """srun's refusal of a value of an option it only passes on (``check_shown``): it
    checks them inside an allocation too (the oracle: ``srun --jobid=N -m foo`` exits 255)."""
    if isinstance(e, OptionHelp):
        out(e.text)
        return e.code
    if e.detail:
        err(f"{e.detail}\n")
    for line in e.errors:
        error(PROG, line)
    error(PROG, e.message)
    return 1 if isinstance(e, BadNumber) else 255


def _create(job_id: int, request: StepRequest, immediate: int) -> tuple[Created, Step] | int:
    """The new step (and what came with it), once the resources it needs are free, saying
    that it waited as srun does; srun's exit status when the controller refuses it, or
    when ``--immediate`` gave it ``immediate`` wall seconds (0: no limit) and they ran out
    (srun then says nothing of the wait)."""
    from slurmsim.api import steps as api
    from slurmsim.model.steps import AllocationUnconfirmed, JobExpired, StepRefused

    waited = False
    deadline = time.monotonic() + immediate if immediate else None
    while True:
        try:
            created = api.create(job_id, request)
        except (InvalidJobId, AllocationUnconfirmed, JobExpired) as e:
            return unconfirmed(job_id, e)
        except StepRefused as e:
            error(PROG, e.message)
            if e.detail:
                error(PROG, e.detail)
            return 1
        except SlurmError as e:
            if e.detail:  # srun's own line before the controller's answer
                error(PROG, e.detail)
            error(PROG, f"Unable to create step for job {job_id}: {e.message}")
            return 1
        if created.step is not None:
            if waited:
                # The controller holds a step request it cannot grant and answers both
                # once it can: srun says so then (the oracle, 23 s on: both lines at once).
                err(f"{PROG}: Job {job_id} step creation temporarily disabled, retrying ")
                err(f"(Requested nodes are busy)\n{PROG}: Step created for job {job_id}\n")
            return created, created.step
        if deadline is not None and time.monotonic() >= deadline:
            error(PROG, f"Unable to create step for job {job_id}: Requested nodes are busy")
            return 1
        waited = deadline is None
        signum = _sleep_unless_signalled(RETRY_S)
        if signum is not None:  # told to end while it waited: it gives the step up
            err(f"{PROG}: Cancelled pending job step with signal {signum}\n")
            error(PROG, f"Unable to create step for job {job_id}: {_GIVEN_UP}")
            return 1


#: What the controller answers a step request srun has withdrawn (the oracle).
_GIVEN_UP = "Job/step already completing or completed"


def _sleep_unless_signalled(seconds: float) -> int | None:
    """Sleep ``seconds``, unless SIGINT, SIGTERM or SIGHUP comes first: its number then."""
    got: list[int] = []

    def note(signum: int, frame: object) -> None:
        got.append(signum)

    ends = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = {s: signal.signal(s, note) for s in ends}
    try:
        time.sleep(seconds)
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
    return got[0] if got else None


def _run(created: Created, step: Step, program: Program, values: Mapping[str, str | None]) -> int:
    """Run the step's tasks, say how they ended as srun does, record the step's end."""
    from slurmsim.api import launch
    from slurmsim.api import steps as api
    from slurmsim.api.processes import children_cpu_us
    from slurmsim.execution.step_environment import step_base_environment

    job = created.job
    base = step_base_environment(
        job,
        step,
        {**os.environ, **task_variables(values)},
        cluster=created.cluster,
        uid=os.getuid(),
        gid=os.getgid(),
        def_mem_per_cpu=created.def_mem_per_cpu,
        export=values.get("export"),
    )
    io = step_io(values)
    seen: list[api.Watch] = []

    def look() -> api.Watch:
        seen.append(api.watch(job.job_id, step.step_id))
        return seen[-1]

    step_text = f"StepId={job.job_id}.{step.step_id}"
    report = interrupt_report(f"{job.job_id}.{step.step_id}")
    before = children_cpu_us()
    ends, cut = launch.run_step(job, step, program, base, io=io, look=look, report=report)
    after = children_cpu_us()
    cpu = (after[0] - before[0], after[1] - before[1])  # what its tasks used
    if cut in (launch.Cut.JOB_ENDED, launch.Cut.CANCELLED):
        _aborted(created, step, seen[-1], by_scancel=cut is launch.Cut.CANCELLED)
    report_ends(ends, f"{job.job_id}.{step.step_id}", cut, io, created.kill_wait)
    code = max((e.exit_code for e in ends), default=0)
    sig = max((e.signal for e in ends), default=0)
    if cut is launch.Cut.WAITED:  # the step is recorded by the tasks that exited
        api.finish(job.job_id, step.step_id, exited_code(ends), 0, cpu=cpu)
        return 128 + sig
    aborted = cut in (launch.Cut.INTERRUPTED, launch.Cut.FORCED)  # a user's signal
    ended_by_srun = aborted or cut in (launch.Cut.JOB_ENDED, launch.Cut.CANCELLED)
    if sig and not ended_by_srun and not _signalled(seen):
        err(f"{PROG}: Force Terminated {step_text}\n")
    api.finish(job.job_id, step.step_id, code, sig, aborted=aborted, cpu=cpu)
    return 128 + sig if sig else code


def exited_code(ends: Sequence[Ended]) -> int:
    """The exit code of a step whose tasks that outlived ``--wait`` were killed: the
    highest of those that exited by themselves (the oracle)."""
    return max((e.exit_code for e in ends if not e.signal), default=0)


def _aborted(created: Created, step: Step, seen: Watch, *, by_scancel: bool) -> None:
    """slurmstepd's and srun's lines when the job ended under the step, or scancel ended it
    (srun's line first then)."""
    from slurmsim.format.times import format_instant

    node = step.nodes[0]
    stepd = (
        f"slurmstepd-{node}: error: *** STEP {created.job.job_id}.{step.step_id} ON {node} "
        f"CANCELLED AT {format_instant(seen.at)} ***\n"
    )
    aborted = (
        f"{PROG}: Job step aborted: Waiting up to {created.kill_wait + 2} seconds for job "
        "step to finish.\n"
    )
    err(aborted + stepd if by_scancel else stepd + aborted)


def _signalled(seen: Sequence[Watch]) -> bool:
    """Whether scancel sent the step a signal (srun then says no "Force Terminated")."""
    return bool(seen and seen[-1].signals)


def report_ends(
    ends: Sequence[Ended], step_id: str, cut: Cut | None, io: StepIo, kill_wait: int
) -> None:
    """srun's lines for the tasks that failed; when it ended the others (``cut``) its own
    and each node's slurmstepd's between those that exited and those killed: under
    ``--kill-on-bad-exit`` its ``Terminating`` line, under ``--wait`` first what it waited
    for and, after slurmstepd's, that the step is aborted. slurmstepd writes on the error
    stream of the node's first task, so ``--label`` shows that task's rank before it."""
    from slurmsim.api.launch import Cut

    between = ""
    if cut is Cut.WAITED:
        running = [e.task.rank for e in ends if e.signal]
        between = f"{PROG}: First task exited {io.wait}s ago\n"
        between += f"{PROG}: StepId={step_id} {task_ranks(running)}: running\n"
        for abnormal, how in ((False, "exited"), (True, "exited abnormally")):
            ranks = [e.task.rank for e in ends if not e.signal and bool(e.exit_code) is abnormal]
            if ranks:
                between += f"{PROG}: StepId={step_id} {task_ranks(ranks)}: {how}\n"
    if cut in (Cut.BAD_EXIT, Cut.WAITED):
        between += f"{PROG}: launch/slurm: _step_signal: Terminating StepId={step_id}\n"
        between += _step_cancelled(ends, step_id, io.label)
    if cut is Cut.WAITED:
        between += (
            f"{PROG}: Job step aborted: Waiting up to {kill_wait + 2} seconds for job step "
            "to finish.\n"
        )
    if cut in (Cut.INTERRUPTED, Cut.FORCED):
        between += _aborted_by_user(ends, step_id, cut, io.label, kill_wait)
    _report(ends, between, killed=cut is not Cut.INTERRUPTED)


def interrupt_report(step_id: str) -> Report:
    """srun's lines as it answers a user's signal (``launch.Interrupts``): at the first
    SIGINT how its tasks stand (running, exited, exited abnormally), at the second that it
    sends them Ctrl-C, at SIGTERM or SIGHUP that it forces the job's end (at SIGQUIT, that
    it quits first), at SIGCONT that it got it (the oracle)."""
    from slurmsim.api.launch import Interrupt

    def report(what: Interrupt, tasks: Sequence[tuple[int, int | None]]) -> None:
        if what is Interrupt.CONTINUED:
            err(f"{PROG}: got SIGCONT\n")
        elif what in (Interrupt.FORCE, Interrupt.QUIT):
            quit_line = f"{PROG}: Quit\n" if what is Interrupt.QUIT else ""
            err(f"{quit_line}{PROG}: forcing job termination\n")
        elif what is Interrupt.CTRL_C:
            err(f"{PROG}: sending Ctrl-C to StepId={step_id}\n")
        else:
            lines = f"{PROG}: interrupt (one more within 1 sec to abort)\n"
            for how, of in (
                ("running", lambda code: code is None),
                ("exited", lambda code: code == 0),
                ("exited abnormally", lambda code: code is not None and code != 0),
            ):
                ranks = [rank for rank, code in tasks if of(code)]
                if ranks:
                    lines += f"{PROG}: StepId={step_id} {task_ranks(ranks)}: {how}\n"
            err(lines)

    return report


def _aborted_by_user(
    ends: Sequence[Ended], step_id: str, cut: Cut, label: bool, kill_wait: int
) -> str:
    """srun's lines once the tasks of a step it aborted have ended, and the first node's
    slurmstepd's: after a Ctrl-C that srun forces the end too, and slurmstepd speaks only
    where the node ran more than one of the tasks and a signal ended one (the oracle: none
    for ``-n1`` nor ``-N2 -n2``, dgx1's for ``-n2`` and ``-N2 -n4``), or where it had to
    kill a task the Ctrl-C left running (``-n1`` with a task that ignores SIGINT)."""
    from slurmsim.api.launch import Cut

    lines = f"{PROG}: forcing job termination\n" if cut is Cut.INTERRUPTED else ""
    lines += (
        f"{PROG}: Job step aborted: Waiting up to {kill_wait + 2} seconds for job step to finish.\n"
    )
    first = min(ends, key=lambda e: e.task.rank, default=None)
    if first is None:
        return lines
    there = [e for e in ends if e.node == first.node]
    killed = any(e.signal == signal.SIGKILL for e in there)
    if cut is Cut.FORCED or killed or (len(there) > 1 and any(e.signal for e in there)):
        lines += _step_cancelled(there, step_id, label)
    return lines


def _step_cancelled(ends: Sequence[Ended], step_id: str, label: bool) -> str:
    """Each node's slurmstepd's line when srun ended the step's tasks there."""
    from slurmsim.api.cluster import now
    from slurmsim.format.times import format_instant

    at = format_instant(now())
    first: dict[str, int] = {}
    for end in sorted(ends, key=lambda e: e.task.rank):
        first.setdefault(end.node, end.task.rank)
    width = len(str(len(ends) - 1))
    lines = ""
    for node in sorted({e.node for e in ends if e.signal}, key=first.__getitem__):
        rank = f"{first[node]:>{width}}: " if label else ""
        lines += (
            f"{rank}slurmstepd-{node}: error: *** STEP {step_id} ON {node} CANCELLED AT {at} ***\n"
        )
    return lines


def _report(ends: Sequence[Ended], between: str, *, killed: bool = True) -> None:
    """srun's line for each node's tasks that failed alike (``dgx1: tasks 0-2: Exited with
    exit code 1``): those that exited first, then ``between``, then those killed (unless
    not ``killed``: after a Ctrl-C srun names none)."""
    from slurmsim.api.interactive import signal_name

    groups: dict[tuple[bool, int, str, int, int], list[int]] = {}
    for end in ends:
        if end.exit_code or end.signal:
            key = (bool(end.signal), end.task.node_index, end.node, end.exit_code, end.signal)
            groups.setdefault(key, []).append(end.task.rank)
    exited = [item for item in sorted(groups.items()) if not item[0][0]]
    signalled = [item for item in sorted(groups.items()) if item[0][0]]
    for (_, _, node, code, _), ranks in exited:
        error(PROG, f"{node}: {task_ranks(ranks)}: Exited with exit code {code}")
    err(between)
    for (_, _, node, _, sig), ranks in signalled if killed else []:
        error(PROG, f"{node}: {task_ranks(ranks)}: {signal_name(sig)}")


def task_variables(values: Mapping[str, str | None]) -> dict[str, str]:
    """What srun's own options put in its tasks' environment: ``--label``'s
    ``SLURM_LABELIO``, ``--ntasks-per-node``'s ``SLURM_NTASKS_PER_NODE``,
    ``--ntasks-per-gpu``'s binding (also as a batch job's ``SLURM_NTASKS_PER_GPU`` hands it
    down), ``--cpu-bind``'s ``SLURM_CPU_BIND*`` or the binding ``--hint``,
    ``--ntasks-per-socket``, ``--ntasks-per-core`` and ``--threads-per-core`` imply,
    ``--mem-bind``'s ``SLURM_MEM_BIND*``, ``--cpu-freq``'s ``SLURM_CPU_FREQ_REQ``,
    ``--overcommit`` and a plane distribution's size (the oracle)."""
    from slurmsim.model.task_hints import HINT_VARIABLES, cpu_freq_shown
    from slurmsim.parse.binding import cpu_bind_variables, implied_cpu_bind, mem_bind_variables

    env = {"SLURM_LABELIO": "1"} if "label" in values else {}
    if per_node := values.get("ntasks-per-node"):
        env["SLURM_NTASKS_PER_NODE"] = per_node
    if per_gpu := values.get("ntasks-per-gpu") or os.environ.get("SLURM_NTASKS_PER_GPU"):
        env["SLURMD_TRES_BIND"] = f"gpu:single:{per_gpu}"
        env["SLURM_NTASKS_PER_TRES"] = per_gpu
    implied = None
    hint = HINT_VARIABLES.get((values.get("hint") or "").lower())
    if hint and not values.keys() & {"ntasks-per-core", "threads-per-core"}:
        implied, name, count = hint
        env[name] = count
    if per_socket := values.get("ntasks-per-socket"):
        implied, env["SLURM_NTASKS_PER_SOCKET"] = "sockets", per_socket
    if per_core := values.get("ntasks-per-core"):
        implied, env["SLURM_NTASKS_PER_CORE"] = "cores", per_core
    if per_thread := values.get("threads-per-core"):
        implied, env["SLURM_THREADS_PER_CORE"] = "threads", per_thread
    if bind := values.get("cpu-bind"):
        env.update(cpu_bind_variables(bind))
    elif implied:
        env.update(implied_cpu_bind(implied))
    if mem := values.get("mem-bind"):
        env.update(mem_bind_variables(mem))
    if freq := values.get("cpu-freq"):
        env["SLURM_CPU_FREQ_REQ"] = cpu_freq_shown(freq)
    if "overcommit" in values:
        env["SLURM_OVERCOMMIT"] = "1"
    distribution = values.get("distribution") or ""
    if distribution.lower().startswith("plane="):
        env["SLURM_DISTRIBUTION"] = "plane"
        env["SLURM_DIST_PLANESIZE"] = distribution.split("=", 1)[1]
    return env


def step_io(values: Mapping[str, str | None]) -> StepIo:
    """srun's I/O options, as its tasks are started with them."""
    from slurmsim.api.launch import StepIo

    return StepIo(
        output=values.get("output"),
        error=values.get("error"),
        input=values.get("input"),
        pty="pty" in values,
        label="label" in values,
        kill_on_bad_exit=_kill_on_bad_exit(values),
        chdir=values.get("chdir"),
        append=_open_mode(values, os.environ) == "append",
        wait=int(values.get("wait") or os.environ.get("SLURM_WAIT") or 0),  # srun_verify read it
        disable_status="disable-status" in values or "SLURM_DISABLE_STATUS" in os.environ,
        quit_on_interrupt="quit-on-interrupt" in values,
    )


def task_ranks(ranks: list[int]) -> str:
    """``task 3`` or ``tasks 0-3,5``."""
    if len(ranks) == 1:
        return f"task {ranks[0]}"
    runs: list[list[int]] = []
    for rank in sorted(ranks):
        if runs and runs[-1][1] == rank - 1:
            runs[-1][1] = rank
        else:
            runs.append([rank, rank])
    return "tasks " + ",".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def _open_mode(values: Mapping[str, str | None], env: Mapping[str, str]) -> str:
    """``--open-mode``, else ``SLURM_OPEN_MODE`` (``a`` inside a batch job that appends)."""
    mode = values.get("open-mode") or env.get("SLURM_OPEN_MODE", "")
    return "append" if mode.lower() in ("a", "append") else "truncate"


def _kill_on_bad_exit(values: Mapping[str, str | None]) -> bool:
    if "kill-on-bad-exit" not in values:
        return False
    given = values["kill-on-bad-exit"]
    return given is None or given.strip() not in ("0",)
