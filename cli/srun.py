"""``srun`` outside an allocation: create a job, run the command once per task, end the job.

``srun --test-only`` answers like ``sbatch --test-only``: when and where a job
would start, using up a job id as Slurm does. Inside an existing allocation
(``--jobid``, or ``SLURM_JOB_ID`` set by a batch script or salloc) srun creates a
step instead (``cli._step``).
"""

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli._common import HET_SEPARATOR, err, error, parse_args, run
from cli._defined import defined_options, verbosity
from cli._help import answer_probe
from cli._multi_prog import task_program
from cli._verify import gres_help, mpi_list, srun_verify
from slurmsim.model.errors import InvalidOption, SlurmError
from slurmsim.parse.option_tables import SRUN_ENV, SRUN_OPTIONS

if TYPE_CHECKING:
    from cli._het_step import Entry
    from slurmsim.api.interactive import Revoked

PROG = "srun"


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: srun(list(sys.argv[1:] if argv is None else argv)))


def srun(argv: list[str]) -> int:
    pairs, operands = parse_args(PROG, argv, SRUN_OPTIONS, stop_at_operand=True, code=255)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    values = dict(pairs)
    if HET_SEPARATOR in operands and "test-only" in values:
        return _test_only_components(argv)
    if HET_SEPARATOR in operands and not _inside(values):  # a new heterogeneous job
        from cli._het_step import new_het_job

        return new_het_job(argv)
    if HET_SEPARATOR in operands and "SLURM_HET_SIZE" not in os.environ:  # a job of one
        from cli._het_step import parts_step

        return parts_step(argv, os.environ)
    if HET_SEPARATOR in operands or "het-group" in values:
        groups = _het_entries(argv, values)
        if isinstance(groups, int):
            return groups
        if groups is not None and len(groups) > 1:  # one step over several components
            from cli._het_step import het_step

            return het_step(groups)
        if groups is not None:
            operands = groups[0].operands
            values = groups[0].values | {"het-group": str(groups[0].group)}
    if gres_help(values) or mpi_list(values):
        return 0
    if not operands:
        err("srun: fatal: No command given to execute.\n")
        return 1
    if "pty" in values and not sys.stdin.isatty():
        _no_terminal()
        del values["pty"]
    loud = verbosity(pairs, {**values, **_debug(os.environ)})
    stop = srun_verify(values, loud, os.environ)
    if stop is not None:
        return stop
    if loud:  # what follows at -v (the step's launch) is not printed: docs/differences.md
        from slurmsim.api.cluster import now

        err(defined_options(PROG, values, loud, now))
    if "test-only" not in values and ("jobid" in values or "SLURM_JOB_ID" in os.environ):
        from cli._step import step_in_job
        from cli.sbatch import exclusive_options

        if (group := values.get("het-group")) is not None and "SLURM_HET_SIZE" in os.environ:
            from slurmsim.execution.environment import in_het_group

            component = in_het_group(os.environ, group)
            assert component is not None, "_het_entries checked the offset"
            values = {**values, "jobid": str(component)}

        if exclusive_options(PROG, values, os.environ):
            return 1
        chosen = task_program(values, operands, ntasks_given(values))
        if isinstance(chosen, int):
            return chosen
        return step_in_job(*chosen, operands)
    from cli._allocate import allocate, with_environment  # a step needs none of it

    # Input variables set options for a new job only: inside an allocation they are the
    # job's own (SLURM_JOB_NAME, SLURM_NTASKS...), which the step reads its own way.
    given = set(values)
    values = with_environment(values, os.environ, SRUN_ENV, SRUN_OPTIONS)
    values.setdefault("job-name", os.path.basename(operands[0]))
    if "test-only" in values:
        return _test_only(values)
    if "relative" in values:  # a node offset within an allocation, and there is none
        err("srun: fatal: --relative option invalid for job allocation request\n")
        return 1

    chosen = task_program(values, operands, values.get("ntasks"))
    if isinstance(chosen, int):
        return chosen
    values, program = chosen
    got = allocate(PROG, values, argv, operands, given)
    if isinstance(got, int):
        return got
    from cli._step import exited_code, interrupt_report, report_ends, step_io, task_variables
    from cli.sbatch import tasks_without_gpus
    from slurmsim.api import interactive as api

    if tasks_without_gpus(values, got.job.request.num_tasks):
        # Its step asks for GPUs by the task and the job has none: srun cannot make it,
        # and the job ends FAILED 1:0 (the oracle).
        error(PROG, "Invalid generic resource (gres) specification")
        api.end(got.job_id, 1, 0)
        return 1

    io = step_io(values)  # its tasks start in the job's directory (--chdir made it so)
    revoked: list[Revoked] = []  # the job, once the controller has ended it

    def aborted(job: "Revoked") -> None:
        revoked.append(job)
        _aborted(job)

    submitted = {**os.environ, **task_variables(values)}
    report = interrupt_report(f"{got.job_id}.0")
    from slurmsim.api.processes import children_cpu_us

    before = children_cpu_us()
    ends, cut = api.run_tasks(got, program, submitted, on_revoked=aborted, io=io, report=report)
    after = children_cpu_us()
    from slurmsim.api.launch import Cut  # loaded by now, to run the tasks

    report_ends(ends, f"{got.job_id}.0", cut, io, got.kill_wait)
    code, sig = api.job_status(ends)
    waited = cut is Cut.WAITED
    # A signal srun itself was sent ended them: passed on, or its own abort.
    by_user = cut in (Cut.PASSED_ON, Cut.INTERRUPTED, Cut.FORCED)
    if sig and not revoked and not waited and not by_user:  # ended by the controller
        err(f"srun: Force Terminated StepId={got.job_id}.0\n")
    api.end(
        got.job_id,
        code,
        sig,
        step_exit=exited_code(ends) if waited else None,
        aborted=cut in (Cut.INTERRUPTED, Cut.FORCED),
        cancel=cut is Cut.INTERRUPTED,  # after a Ctrl-C srun cancels its job
        cpu=(after[0] - before[0], after[1] - before[1]),  # what its tasks used
    )
    return 128 + sig if sig else code


def _inside(values: dict[str, str | None]) -> bool:
    """Does srun run a step in an existing job (rather than make one)?"""
    inside = "jobid" in values or "SLURM_JOB_ID" in os.environ
    return inside and "test-only" not in values


def _het_entries(argv: list[str], values: dict[str, str | None]) -> "list[Entry] | int | None":
    """The components of a heterogeneous job a step in its script runs in (``cli._het_step``),
    or srun's exit status; None for a new job, whose ``--het-group`` names nothing."""
    if not _inside(values):
        return None
    if "SLURM_HET_SIZE" not in os.environ and "jobid" in values:
        return None  # attached from outside: the step goes to the job named
    from cli._het_step import entries

    return entries(argv, os.environ)


def ntasks_given(values: dict[str, str | None]) -> str | None:
    """The task count of a step: ``-n``, else ``SLURM_NTASKS`` (the job's, in a batch
    script), else none."""
    return values.get("ntasks") or os.environ.get("SLURM_NTASKS")


def _debug(env: "os._Environ[str]") -> dict[str, str | None]:
    """``SLURM_DEBUG``, srun's verbosity from the environment."""
    return {"verbose": env["SLURM_DEBUG"]} if "SLURM_DEBUG" in env else {}


def _no_terminal() -> None:
    """``--pty`` without a terminal to hand over: srun says so and goes on without."""
    if not sys.stdout.isatty():
        error(PROG, "ioctl(TIOCGWINSZ): Inappropriate ioctl for device")
    error(PROG, "Not using a pseudo-terminal, disregarding --pty option")


def _aborted(revoked: "Revoked") -> None:
    """What srun and the step's slurmstepd print when the controller ends the job; the
    order is the oracle's (slurmstepd first when cancelled, srun first at the time limit)."""
    from cli._allocate import step_cancelled_lines
    from slurmsim.model.jobs import JobState

    job = revoked.job
    if job.state is JobState.NODE_FAIL:
        err(f"srun: error: Node failure on {job.nodes[0]}\n")
    wait = revoked.kill_wait + 2  # KillWait plus slurmstepd's own grace
    aborted = f"srun: Job step aborted: Waiting up to {wait} seconds for job step to finish.\n"
    stepd = "".join(step_cancelled_lines(job))
    err(aborted + stepd if job.state is JobState.TIMEOUT else stepd + aborted)


def _test_only_components(argv: list[str]) -> int:
    """``srun --test-only A : B``: each component tested as a job of its own, in turn, on
    the cluster as it is, each answer its own line and id, until one is refused (the
    oracle)."""
    from cli._allocate import with_environment
    from cli._het_step import next_command, pieces

    read = pieces(argv)
    commands = [next_command([ops for _, _, ops in read[i:]]) for i in range(len(read))]
    for i, ((_, given, _), command) in enumerate(zip(read, commands, strict=True)):
        # (Input variables set the first component's options alone; a component without a
        # command is tested all the same: the oracle.)
        values = with_environment(given, os.environ, SRUN_ENV, SRUN_OPTIONS) if not i else given
        values.setdefault("job-name", os.path.basename(command[0]) if command else PROG)
        code = _test_only(values)
        if code:
            return code
    return 0


def _test_only(values: dict[str, str | None]) -> int:
    from cli.sbatch import option_refused, submit_options
    from slurmsim.api import submit as api
    from slurmsim.format.sbatch import render_test_only

    try:
        opts = submit_options(values, "", None, (), layout_tasks=False, range_tasks=True)
        will = api.test_only(opts)
    except InvalidOption as e:
        return option_refused(PROG, e)
    except SlurmError as e:
        for line in (e.detail or "").splitlines():  # the limit that refused it
            error(PROG, line)
        err(f"allocation failure: {e.message}\n")
        return 1
    rendered = render_test_only(
        will.job_id, will.start, will.cpus, will.nodes, will.partition, program=PROG
    )
    err(rendered.stderr)
    return rendered.exit_code
