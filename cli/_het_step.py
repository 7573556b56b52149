"""``srun`` in a heterogeneous job's script: which components a step runs in, and a step
over several of them at once (``srun A : B``, ``srun --het-group=0,1``); and ``srun A :
B`` in a job of one component, a step over parts of its nodes (``parts_step``).

Each component of the command line names its components with ``--het-group`` (the
next one in turn without it) and starts from the options the one before left in force
that Slurm passes on; one with no command runs the next one's. The step takes one id
in every component it runs in, its tasks ranked across them in the order of their
offsets, as one ``MPI_COMM_WORLD``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cli._common import HET_SEPARATOR, err, error, parse_args
from slurmsim.parse.option_tables import SRUN_HET_CARRIED, SRUN_OPTIONS

if TYPE_CHECKING:
    from slurmsim.api.interactive import Allocation
    from slurmsim.api.launch import Ended, Program, StepIo, StepPart
    from slurmsim.api.steps import Created, Watch
    from slurmsim.model.steps import StepRequest

PROG = "srun"


@dataclass(frozen=True)
class Entry:
    """One component a step runs in: its offset, srun's options and command for it."""

    group: int
    values: dict[str, str | None]
    operands: list[str]


def split(argv: Sequence[str]) -> list[list[str]]:
    """srun's command line cut at each ``:``, one piece per component."""
    pieces: list[list[str]] = [[]]
    for arg in argv:
        if arg == HET_SEPARATOR:
            pieces.append([])
        else:
            pieces[-1].append(arg)
    return pieces


#: The most components one heterogeneous job may have: offsets run from 0 to 127.
MAX_COMPONENTS = 128


def het_groups(text: str) -> list[int] | str | None:
    """``--het-group``'s offsets (``0,2-3``, or in brackets), in the order given; else the
    item srun cannot read as a range, or None when the list names an offset beyond
    ``MAX_COMPONENTS`` (the oracle: ``0-500`` and ``128`` refused, ``127`` read)."""
    inner = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    ranges = []
    for item in inner.split(","):
        low, dash, high = item.partition("-")
        if not low.isdigit() or (dash and (not high.isdigit() or int(high) < int(low))):
            return item
        ranges.append((int(low), int(high) if dash else int(low)))
    if any(high >= MAX_COMPONENTS for _, high in ranges):
        return None
    return [g for low, high in ranges for g in range(low, high + 1)]


def entries(argv: Sequence[str], env: Mapping[str, str]) -> list[Entry] | int:
    """The components srun's command line runs a step in, in the order of their offsets;
    or srun's exit status once it has said why it will not (checked as srun checks them,
    against the job ``env`` describes)."""
    made: list[Entry] = []
    for i, (given, values, operands) in enumerate(pieces(argv)):
        text = given.get("het-group")
        groups = [i] if text is None else het_groups(text)
        if not isinstance(groups, list):
            if groups is not None:
                error(PROG, f"_parse_single_range: Invalid range: `{groups}'")
            error(PROG, f"Invalid --het-group value: {text}")
            return 1
        if any(e.group in groups for e in made):  # (within one list, once is enough)
            err(f"{PROG}: fatal: Duplicate het groups in single srun not supported\n")
            return 1
        own = {k: v for k, v in values.items() if k != "het-group"}
        made += [Entry(g, own, operands) for g in dict.fromkeys(groups)]
    highest = int(env.get("SLURM_HET_SIZE", "1")) - 1
    beyond = [e.group for e in made if e.group > highest]
    if beyond and len(made) == 1:
        error(
            PROG,
            f"Requested het-group offset exceeds highest hetjob index ({beyond[0]} > {highest})",
        )
        return 1
    if beyond:
        error(
            PROG,
            f"Attempt to run a job step with het group value of {beyond[0]}, but the job "
            f"allocation has maximum value of {highest}",
        )
        return 1
    if "SLURM_HET_SIZE" not in env:  # --het-group=0 in a job of one component
        error(PROG, "No directives to start application on any available hetjob components")
        return 1
    # One with no command runs the next one's.
    made = [
        e if e.operands else replace(e, operands=next_command([n.operands for n in made[i:]]))
        for i, e in enumerate(made)
    ]
    if not made[-1].operands:
        err(f"{PROG}: fatal: No command given to execute.\n")
        return 1
    return sorted(made, key=lambda e: e.group)


#: One component of srun's command line: the options given in it, those in force there,
#: and its command.
_Piece = tuple[dict[str, str | None], dict[str, str | None], list[str]]


def pieces(argv: Sequence[str]) -> list[_Piece]:
    """Each component of srun's command line: the options given in it, those in force
    there (with what the one before passes on), and its command."""
    read = []
    carried: dict[str, str | None] = {}
    for piece in split(argv):
        pairs, operands = parse_args(PROG, piece, SRUN_OPTIONS, stop_at_operand=True, code=255)
        values = {**carried, **dict(pairs)}
        carried = {k: v for k, v in values.items() if k in SRUN_HET_CARRIED}
        read.append((dict(pairs), values, operands))
    return read


def parts_step(argv: Sequence[str], env: Mapping[str, str]) -> int:
    """``srun A : B`` in a job of one component: one step over parts of the job's nodes,
    each component on nodes of its own (none any component before it has), its tasks
    ranked across them as one ``MPI_COMM_WORLD`` (the oracle's ``12.3+0``, ``12.3+1``).
    Components are read as in a heterogeneous job's; ``--het-group`` in one is refused
    as srun refuses it in such a job."""
    from cli._step import job_of, unconfirmed
    from slurmsim.api.steps import create_parts
    from slurmsim.model.errors import InvalidJobId
    from slurmsim.model.steps import AllocationUnconfirmed, JobExpired

    read = pieces(argv)
    if any("het-group" in given for given, _, _ in read):
        made = entries(argv, env)
        assert isinstance(made, int), "a job of one component has no offsets to run in"
        return made
    commands = [next_command([ops for _, _, ops in read[i:]]) for i in range(len(read))]
    if not commands[-1]:
        err(f"{PROG}: fatal: No command given to execute.\n")
        return 1
    job_id = job_of(read[0][1])
    if job_id is None:
        return 1
    shares = []
    for k, ((_, values, _), command) in enumerate(zip(read, commands, strict=True)):
        share = _share(Entry(k, values, command), job_id)
        if isinstance(share, int):
            return share
        shares.append(share)
    try:
        created = _create(lambda: create_parts(job_id, [share.request for share in shares]))
    except (InvalidJobId, AllocationUnconfirmed, JobExpired) as e:
        return unconfirmed(job_id, e)
    if isinstance(created, int):
        return created
    return _run(shares, created)


def next_command(commands: Sequence[list[str]]) -> list[str]:
    """The first of ``commands`` given: a component without one runs the next one's."""
    return next((command for command in commands if command), [])


@dataclass(frozen=True)
class _Share:
    """What srun makes of one component's part of the step before asking for it."""

    entry: Entry
    env: dict[str, str]  # srun's environment, made that component's (``in_het_group``)
    values: dict[str, str | None]
    program: Program
    job_id: int
    request: StepRequest


def het_step(chosen: Sequence[Entry]) -> int:
    """Run one step over the components ``chosen``; srun's exit status."""
    shares = []
    for entry in chosen:
        share = _share(entry)
        if isinstance(share, int):
            return share
        shares.append(share)
    from slurmsim.api.steps import create_het

    requests = [(share.job_id, share.request) for share in shares]
    created = _create(lambda: create_het(requests))
    if isinstance(created, int):
        return created
    return _run(shares, created)


def _share(entry: Entry, job_id: int | None = None) -> _Share | int:
    """``entry``'s share of the step as srun reads it, its checks and warnings said; or
    srun's exit status once it has said why not. ``job_id``: the job of one component
    whose nodes the step shares out (else the component at the entry's offset)."""
    from cli._multi_prog import task_program
    from cli._step import read_request
    from cli._verify import srun_verify
    from cli.sbatch import exclusive_options
    from slurmsim.execution.environment import in_het_group

    env = dict(os.environ)
    parts = job_id is not None
    if job_id is None:
        job_id = in_het_group(env, str(entry.group))
        assert job_id is not None, "entries() checked the offsets"
    values = {**entry.values, "jobid": str(job_id)}
    stop = srun_verify(values, 0, env)
    if stop is not None:
        return stop
    if exclusive_options(PROG, values, env):
        return 1
    chosen = task_program(values, entry.operands, values.get("ntasks") or env.get("SLURM_NTASKS"))
    if isinstance(chosen, int):
        return chosen
    values, program = chosen
    # srun over parts of a job of one component does not take the job's node count for
    # each (the oracle: no "can't run 1 processes on 2 nodes" for ``-n1 a : -n1 b``).
    reads = {k: v for k, v in env.items() if k != "SLURM_NNODES"} if parts else env
    request = read_request(values, reads, entry.operands[0])
    if isinstance(request, int):
        return request
    return _Share(entry, env, values, program, job_id, request)


def _run(shares: Sequence[_Share], created: Sequence[Created]) -> int:
    """Run the step's tasks in every share at once, say how they ended as srun does, and
    record each share's end; srun's exit status."""
    from cli._step import interrupt_report, report_ends, step_io, task_variables
    from slurmsim.api.launch import Cut, StepPart, run_het_step
    from slurmsim.api.processes import children_cpu_us
    from slurmsim.api.steps import finish, watch
    from slurmsim.execution.step_environment import (
        NOT_IN_PARTS,
        het_step_variables,
        step_base_environment,
    )

    whole = het_step_variables([(c.job, c.step) for c in created if c.step is not None])
    parts = []
    for share, made in zip(shares, created, strict=True):
        assert made.step is not None
        base = step_base_environment(
            made.job,
            made.step,
            {**share.env, **task_variables(share.values)},
            cluster=made.cluster,
            uid=os.getuid(),
            gid=os.getgid(),
            def_mem_per_cpu=made.def_mem_per_cpu,
            export=share.values.get("export"),
        )
        base.update(whole)
        if made.step.component is not None:
            for name in NOT_IN_PARTS:
                base.pop(name, None)
        io = step_io(share.values)
        parts.append(StepPart(made.job, made.step, share.program, base, io, share.entry.group))
    first, step = created[0].job, parts[0].step
    step_text = f"{first.het.leader if first.het else first.job_id}.{step.step_id}"
    seen: list[Watch] = []

    def look() -> Watch:
        seen.append(watch(first.job_id, step.step_id))
        return seen[-1]

    before = children_cpu_us()
    ends, cut = run_het_step(parts, look=look, report=interrupt_report(step_text))
    after = children_cpu_us()
    if cut in (Cut.JOB_ENDED, Cut.CANCELLED):
        _aborted(parts, seen[-1], created[0].kill_wait, by_scancel=cut is Cut.CANCELLED)
    every: list[Ended] = [e for share in ends for e in share]  # each ranked in its share
    report_ends(every, step_text, cut, parts[0].io, created[0].kill_wait)
    code = max((e.exit_code for e in every), default=0)
    sig = max((e.signal for e in every), default=0)
    aborted = cut in (Cut.INTERRUPTED, Cut.FORCED)
    if sig and not aborted and cut not in (Cut.JOB_ENDED, Cut.CANCELLED):
        err(f"{PROG}: Force Terminated StepId={step_text}\n")
    cpu = (after[0] - before[0], after[1] - before[1])  # all of it the first share's
    for part, ended in zip(parts, ends, strict=True):
        part_code = max((e.exit_code for e in ended), default=0)
        part_sig = max((e.signal for e in ended), default=0)
        finish(
            part.job.job_id,
            step.step_id,
            part_code,
            part_sig,
            aborted=aborted,
            cpu=cpu,
            component=part.step.component,
        )
        cpu = (0, 0)
    return 128 + sig if sig else code


def _aborted(parts: Sequence[StepPart], seen: Watch, kill_wait: int, *, by_scancel: bool) -> None:
    """srun's line for each share, and the slurmstepd's of each share's first node, when the
    job ended under the step or scancel ended it (srun's lines first then; the oracle)."""
    from slurmsim.format.times import format_instant

    at = format_instant(seen.at)
    aborted = len(parts) * (
        f"{PROG}: Job step aborted: Waiting up to {kill_wait + 2} seconds for job step to finish.\n"
    )
    stepd = "".join(
        f"slurmstepd-{node}: error: *** STEP {p.job.job_id}.{p.step.label} ON {node} "
        f"CANCELLED AT {at} ***\n"
        for p in parts
        for node in p.step.nodes[:1]
    )
    err(aborted + stepd if by_scancel else stepd + aborted)


def _create(make: Callable[[], list[Created]]) -> list[Created] | int:
    """The step's shares, once every one has the resources free (``make``: ``api.create_het``
    or ``create_parts``); srun's exit status when one is refused."""
    import time

    from cli._step import RETRY_S
    from slurmsim.api.steps import ComponentRefused
    from slurmsim.model.steps import StepRefused

    while True:
        try:
            created = make()
        except ComponentRefused as e:
            if isinstance(e.error, StepRefused):  # srun's own refusal
                error(PROG, e.error.message)
                if e.error.detail:
                    error(PROG, e.error.detail)
                return 1
            if e.error.detail:
                error(PROG, e.error.detail)
            error(PROG, f"Unable to create step for job {e.job_id}: {e.error.message}")
            return 1
        if all(c.step is not None for c in created):
            return created
        time.sleep(RETRY_S)


#: What each task of srun's own step over a new heterogeneous job sees of every component,
#: under its offset (the oracle: these, ``_PACK_GROUP_K`` alone).
_PACK_GROUP_VARIABLES = (
    "SLURM_JOB_ACCOUNT", "SLURM_JOB_CPUS_PER_NODE", "SLURM_JOB_ID", "SLURM_JOB_NODELIST",
    "SLURM_JOB_PARTITION", "SLURM_JOB_QOS",
)  # fmt: skip


def new_het_job(argv: Sequence[str]) -> int:
    """``srun A : B`` outside a job: a heterogeneous job of those components, and srun's
    own step 0 over all of them (one ``MPI_COMM_WORLD``); the job ends with its tasks.
    Each component starts from the options the one before left in force that Slurm
    passes on, and one with no command runs the next one's."""
    from cli._allocate import allocate, with_environment
    from cli._multi_prog import task_program
    from cli._step import step_io, task_variables
    from slurmsim.api import interactive as api
    from slurmsim.parse.option_tables import SRUN_ENV

    read = [(values, operands) for _, values, operands in pieces(argv)]
    commands = [next_command([ops for _, ops in read[i:]]) for i in range(len(read))]
    if not commands[-1]:
        err(f"{PROG}: fatal: No command given to execute.\n")
        return 1
    given = set(read[0][0])  # the first component's own options (none carried to it)
    first = with_environment(read[0][0], os.environ, SRUN_ENV, SRUN_OPTIONS)
    parts = [first, *(values for values, _ in read[1:])]
    # The name the first command gives passes on as an option given would (the oracle:
    # `srun sh ... : true` names component 1 sh too).
    for values in parts:
        values.setdefault("job-name", os.path.basename(commands[0][0]))
    programs = []
    for values, command in zip(parts, commands, strict=True):
        chosen = task_program(values, command, values.get("ntasks"))
        if isinstance(chosen, int):
            return chosen
        programs.append(chosen)
    got = allocate(PROG, first, argv, commands[0], given, components=parts[1:])
    if isinstance(got, int):
        return got
    het = got.job.het
    allocs = [got, *(api.allocation(i, claim=False) for i in (het.ids[1:] if het else ()))]
    made = [
        (alloc, api.own_step_environment(alloc, {**os.environ, **task_variables(values)}))
        for alloc, (values, _) in zip(allocs, programs, strict=True)
    ]
    ios = [step_io(values) for values, _ in programs]
    return _run_own(made, [program for _, program in programs], ios)


def _run_own(
    made: Sequence[tuple[Allocation, dict[str, str]]],
    programs: Sequence[Program],
    ios: Sequence[StepIo],
) -> int:
    """Run srun's step 0 over the components ``made`` (each with its tasks' environment),
    end the job, and say how its tasks ended as srun does; srun's exit status."""
    from cli._step import interrupt_report, report_ends
    from slurmsim.api import interactive as api
    from slurmsim.api.launch import Cut, StepPart, run_het_step
    from slurmsim.api.processes import children_cpu_us
    from slurmsim.api.steps import Watch
    from slurmsim.execution.step_environment import het_step_variables
    from slurmsim.format.steps import own_step
    from slurmsim.model.jobs import JobState

    leader = made[0][0]
    shares = [(alloc.job, own_step(alloc.job)) for alloc, _ in made]
    whole = het_step_variables(shares)
    size = str(len(made))
    whole |= {"SLURM_JOB_ID": str(leader.job_id), "SLURM_JOBID": str(leader.job_id)}
    whole |= {"SLURM_HET_SIZE": size, "SLURM_PACK_SIZE": size}
    whole |= {"SLURM_STEP_ID": "0", "SLURM_STEPID": "0"}
    if (per_task := made[0][1].get("SLURM_CPUS_PER_TASK")) is not None:
        whole["SLURM_CPUS_PER_TASK"] = per_task  # the leader's, for every task (the oracle)
    for offset, (_, env) in enumerate(made):
        for name in _PACK_GROUP_VARIABLES:
            if name in env:
                whole[f"{name}_PACK_GROUP_{offset}"] = env[name]
    parts = []
    for offset, ((_, env), (job, step)) in enumerate(zip(made, shares, strict=True)):
        base = {k: v for k, v in env.items() if not k.startswith("SLURM_MEM_PER_")} | whole
        parts.append(StepPart(job, step, programs[offset], base, ios[offset], offset))
    step_text = f"{leader.job_id}.0"
    seen: list[Watch] = []

    def look() -> Watch:
        # (A writing session: it waits for the command that ended the job to commit.)
        gone = api.revoked(leader.job_id)
        seen.append(Watch(job_ended=True, at=gone.job.end_time) if gone else Watch())
        return seen[-1]

    before = children_cpu_us()
    ends, cut = run_het_step(parts, look=look, report=interrupt_report(step_text))
    after = children_cpu_us()
    if cut is Cut.JOB_ENDED:  # scancel's: srun's lines first (the oracle)
        cancelled = api.revoked(leader.job_id)
        by_scancel = cancelled is not None and cancelled.job.state is JobState.CANCELLED
        _aborted(parts, seen[-1], leader.kill_wait, by_scancel=by_scancel)
    every: list[Ended] = [e for share in ends for e in share]
    report_ends(every, step_text, cut, parts[0].io, leader.kill_wait)
    code = max((e.exit_code for e in every), default=0)
    sig = max((e.signal for e in every), default=0)
    by_user = cut in (Cut.INTERRUPTED, Cut.FORCED, Cut.PASSED_ON)
    if sig and cut is not Cut.JOB_ENDED and not by_user:
        err(f"{PROG}: Force Terminated StepId={step_text}\n")
    api.end(
        leader.job_id,
        code,
        sig,
        aborted=cut in (Cut.INTERRUPTED, Cut.FORCED),
        cancel=cut is Cut.INTERRUPTED,
        cpu=(after[0] - before[0], after[1] - before[1]),
        shares={
            part.job.job_id: max((e.exit_code for e in share), default=0)
            for part, share in zip(parts, ends, strict=True)
        },
    )
    return 128 + sig if sig else code
