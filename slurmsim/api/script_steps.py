"""The steps a simulated batch script's ``srun`` lines make, as the clock reaches them.

A simulated script does not run, but what it would run is read at submission
(``parse.simulated``: when each srun starts, for how long, with which options), so
that sacct, ``squeue -s`` and ``scontrol show step`` show the steps Slurm would: a
step starts when the script reaches its srun, placed in the job as srun places it
(``engine.steps.place``, with the environment the script gives srun), and ends
COMPLETED when its command is done; one still running when the job ends ends with it.
An srun that srun or the controller refuses makes none: srun exits at once (1, or 255
for a value it cannot read), so what follows starts sooner, but for an ``&&`` list after
it, which is skipped; a script whose last command it is, or that runs under ``set -e``,
ends there (``begin``, as the job starts). A step killed by a signal fails alike.
They are written onto the job (``model.steps.STEPS``) whenever a command looks, and
once more when the job has ended. A job into which a real srun has put a step of its
own (``srun --jobid``) gets no more of them: their ids would clash.
"""

import json
from dataclasses import astuple, replace

from slurmsim.engine import steps as placing
from slurmsim.engine.execution import is_executed, process_exited
from slurmsim.execution.environment import batch_environment
from slurmsim.model.accounting import note_step_exit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import InvalidOption, SlurmError
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobState
from slurmsim.model.signals import LIVES_THROUGH
from slurmsim.model.steps import (
    SCRIPT_STEPS,
    NumberedRefusal,
    Step,
    StepRequest,
    put_steps,
    steps_of,
)
from slurmsim.model.time import Instant, Seconds
from slurmsim.parse.script_flow import OWN_STATUS
from slurmsim.parse.shown_checks import BadNumber, check_shown
from slurmsim.parse.simulated import Part, ScriptStep, refused_status
from slurmsim.parse.step_options import step_request, tasks_per_gpu_conflict

#: Where the made-up process ids of a script's sruns start (shown as ``SrunHost:Pid``).
_SRUN_PID = 4000
#: Key in ``Job.extra``: how many steps this module wrote onto the job last time.
WRITTEN = "script_steps_written"


#: Where ``ScriptStep.parts`` is among the fields after its options, as kept.
_PARTS = 10

#: A script step as kept: the step, and when (seconds into the job) and by which signal
#: it was killed, if it was.
_Entry = tuple[ScriptStep, tuple[int, int] | None]


def keep(job: Job, steps: tuple[ScriptStep, ...]) -> None:
    """Keep what a simulated script's srun lines would do, for when the job runs."""
    if steps:
        _write(job, [(s, None) for s in steps])


def _write(job: Job, entries: list[_Entry]) -> None:
    rows = [[*astuple(s), killed] for s, killed in entries]
    job.extra[SCRIPT_STEPS] = json.dumps(rows, separators=(",", ":"))


def _read(text: str) -> list[_Entry]:
    entries: list[_Entry] = []
    for *fields, killed in json.loads(text):
        at, runs, name, options, *rest = fields  # a store written before a field came keeps fewer
        if len(rest) > _PARTS:
            rest[_PARTS] = tuple((n, tuple(map(tuple, o)), t) for n, o, t in rest[_PARTS])
        step = ScriptStep(at, runs, name, tuple(map(tuple, options)), *rest)
        entries.append((step, None if killed is None else (killed[0], killed[1])))
    return entries


def bring_up_to_date(state: ClusterState) -> None:
    """Write the steps each simulated batch job's script has made by now (or by its end),
    those of jobs purged since the last look too (a job may start, end and be purged
    within one clock advance)."""
    for job in (*state.jobs.values(), *state.purged):
        if SCRIPT_STEPS in job.extra:
            _bring_up_to_date(state, job)


def _bring_up_to_date(state: ClusterState, job: Job) -> list[tuple[int, Step]]:
    """``bring_up_to_date`` for one job: its steps, each with its place in the script."""
    text = job.extra.get(SCRIPT_STEPS)
    if text is None or job.state is JobState.PENDING or job.start_time is None:
        return []
    if is_executed(job) or len(steps_of(job)) != int(job.extra.get(WRITTEN, "0")):
        del job.extra[SCRIPT_STEPS]  # the script itself runs, or srun added its own
        return []
    finished = job.state.finished
    until = job.end_time if finished and job.end_time is not None else state.now
    made = _made(state, job, _read(text), until)
    if made or steps_of(job):
        put_steps(job, [step for _, step in made])
    job.extra[WRITTEN] = str(len(made))
    if finished:
        del job.extra[SCRIPT_STEPS]
    return made


def signal_steps(state: ClusterState, job: Job, signal: int) -> list[Event]:
    """``scancel --signal`` (without ``-b`` or ``-f``) for a simulated batch job: the
    script's steps running now die of it (``CANCELLED`` with the signal) unless tasks
    live through it; each one's srun exits with the signal's number, so the script goes
    on with what follows (sooner than planned) or, when nothing does, ends with that
    status (the oracle: ``srun sleep 100`` and ``-s INT``: the job ``FAILED 2:0``, its
    DerivedExitCode ``0:2``)."""
    if job.state is not JobState.RUNNING or job.start_time is None or signal in LIVES_THROUGH:
        return []
    made = _bring_up_to_date(state, job)
    text = job.extra.get(SCRIPT_STEPS)
    if text is None:
        return []
    entries = _read(text)
    now = state.now - job.start_time
    running = (i for i, step in made if step.state is JobState.RUNNING)
    killed = [i for i in dict.fromkeys(running) if entries[i][1] is None]  # (once each srun)
    for i in killed:
        step, _ = entries[i]
        entries[i] = (step, (now, signal))
        note_step_exit(job, 0, signal)
        if i < len(entries) and _failed(job, entries, i, now)[0]:
            _write(job, entries)
            _bring_up_to_date(state, job)
            return process_exited(state, job, _script_status(step, signal), 0)
    _write(job, entries)
    _bring_up_to_date(state, job)
    return []


def begin(state: ClusterState, job: Job) -> None:
    """The simulated script of ``job`` begins on the job's nodes (called as it starts,
    before its end is planned): each srun refused there for good, by srun or the
    controller (GPUs typed and untyped, more nodes, CPUs or GPUs than the job has),
    exits 1 at once, so the script goes on with what follows that much sooner or, when
    nothing does, ends right then with status 1. srun's error goes to the job's output,
    which a simulated script does not write."""
    text = job.extra.get(SCRIPT_STEPS)
    if text is None or not job.alloc or job.start_time is None:
        return
    started = job.start_time
    entries = _read(text)
    env = _environment(state, job)
    statuses = [_asked(state, job, env, s, i)[1] for i, (s, _) in enumerate(entries)]
    refused = [i for i, status in enumerate(statuses) if status]
    dropped, skipped_to = 0, -1  # entries an && list took out so far; the last one's index
    ended = False
    for index in refused:
        if index <= skipped_to:
            continue  # in an && list a refusal before it skipped: its srun never runs
        i = index - dropped
        step = entries[i][0]
        ended, skipped = _failed(job, entries, i, step.at)
        if ended:
            job.request = replace(job.request, exit_code=_script_status(step, statuses[index]))
            break
        dropped, skipped_to = dropped + skipped, index + skipped
    waited = False
    for _ in range(2 * len(entries)):  # each round settles one srun: a bound, not a guess
        if ended:
            break
        found: list[tuple[int, int]] = []
        made = _made(state, job, entries, _NEVER, found)
        lags = ((i, step.start_time - started - entries[i][0].at) for i, step in made)
        late = next(((i, lag) for i, lag in lags if lag > 0), None)
        if late is not None and (not found or late[0] < found[0][0]):
            _waits(job, entries, *late)  # srun waits for what other steps hold
            waited = True
        elif found:  # the controller refuses it for what other steps hold
            i, at = found[0]
            entries[i] = (replace(entries[i][0], refused=True), entries[i][1])
            refused.append(i)
            ended = _failed(job, entries, i, at)[0]
            if ended:
                job.request = replace(job.request, exit_code=_script_status(entries[i][0], 1))
        else:
            break
    if refused or waited:
        _write(job, entries)


def _waits(job: Job, entries: list[_Entry], i: int, lag: int) -> None:
    """The srun of ``entries[i]`` waits ``lag`` seconds for what other steps hold (srun's
    "step creation temporarily disabled") before its step starts: the script waits with it,
    so what follows starts that much later and the job runs that much longer; in the
    background, only the ``wait`` for it may end later (the oracle: two ``srun -n2 sleep 5
    &`` in a two-task job run one after the other, and the ``wait`` for them ends at 10 s)."""
    step, killed = entries[i]
    if not step.background:
        entries[i:] = [(_moved(s, -lag), k) for s, k in entries[i:]]
        _ran_longer(job, lag)
        return
    entries[i] = (replace(step, at=step.at + lag), killed)
    if step.wait_until < 0 or step.runs is None:
        return  # no wait waits for it, or nobody can tell when it ends
    end = step.at + lag + step.runs
    over = end - step.wait_until
    if over <= 0:
        return
    for j in range(i, len(entries)):
        s, k = entries[j]
        if s.at >= step.wait_until and j > i:  # after the wait
            entries[j] = (_moved(s, -over), k)
        elif s.wait_until == step.wait_until:  # waited for by the same wait
            others = s.wait_others if j == i else max(s.wait_others, end)
            entries[j] = (replace(s, wait_until=end, wait_others=others), k)
    _ran_longer(job, over)


def _ran_longer(job: Job, seconds: int) -> None:
    """The script runs ``seconds`` longer (unless nobody can tell how long it runs)."""
    runtime = job.request.runtime
    if runtime is not None:
        job.request = replace(job.request, runtime=Seconds(runtime + seconds))


#: Far enough ahead to place every step of a script.
_NEVER = 1 << 62


def _script_status(step: ScriptStep, status: int) -> int:
    """The status the script ends with when ``step``'s srun fails with ``status``: its own,
    unless an ``exit N`` follows it after ``||``."""
    return status if step.or_exit is None or step.or_exit == OWN_STATUS else step.or_exit


def _failed(job: Job, entries: list[_Entry], i: int, now: int) -> tuple[bool, int]:
    """The srun of ``entries[i]`` returned ``now`` (seconds into the job) with a failing
    status: whether the script ends with it (nothing follows, ``set -e``, or an ``exit``
    after ``||``: the steps after it never come), and how many steps after it it took out
    otherwise (an ``&&`` list after it is skipped, and what follows that starts that much
    sooner)."""
    step = entries[i][0]
    _returned(job, entries, i, now)
    if step.last or step.errexit or step.or_exit is not None:
        if not step.last:  # the script exits right there
            del entries[i + 1 :]
            job.request = replace(job.request, runtime=Seconds(job.work_done + now))
        return True, 0
    if not (step.chain_steps or step.chain_seconds):
        return False, 0
    skipped = step.chain_seconds
    del entries[i + 1 : i + 1 + step.chain_steps]
    entries[i + 1 :] = [(_moved(s, skipped), k) for s, k in entries[i + 1 :]]
    runtime = job.request.runtime
    if runtime is not None:
        job.request = replace(job.request, runtime=Seconds(runtime - skipped))
    # Skipped once for all: a second look at the script moves nothing more.
    entries[i] = (replace(entries[i][0], chain_seconds=0, chain_steps=0), entries[i][1])
    return False, step.chain_steps


def _returned(job: Job, entries: list[_Entry], i: int, now: int) -> None:
    """The srun of ``entries[i]`` returned ``now`` (seconds into the job), sooner than its
    command was to end: unless it ran in the background, the script goes on at once, so
    what follows starts that much sooner and the job runs that much less (or, when
    nobody could tell the command's length, until ``now`` and what follows)."""
    step, killed = entries[i]
    if step.background:
        _returned_behind(job, entries, i, now)
        return
    sooner = step.at + (step.runs or 0) - now
    entries[i] = (replace(step, runs=now - step.at), killed)  # a second look moves nothing
    entries[i + 1 :] = [(_moved(s, sooner), k) for s, k in entries[i + 1 :]]
    runtime = job.request.runtime
    if step.runs is None:
        runtime = None if step.after is None else Seconds(job.work_done + now + step.after)
    elif runtime is not None:
        runtime = Seconds(runtime - sooner)
    job.request = replace(job.request, runtime=runtime)


def _returned_behind(job: Job, entries: list[_Entry], i: int, now: int) -> None:
    """``_returned`` for an srun in the background: the ``wait`` that waits for it ends
    when the last of the others does, if sooner, and what follows it that much sooner."""
    step, killed = entries[i]
    if step.wait_until < 0:
        return  # no wait waits for it
    sooner = step.wait_until - max(step.wait_others, now)
    entries[i] = (replace(step, runs=now - step.at, wait_until=-1), killed)
    if sooner <= 0:
        return
    for j in range(i + 1, len(entries)):
        s, k = entries[j]
        if s.at >= step.wait_until:  # after the wait
            entries[j] = (_moved(s, sooner), k)
        elif s.wait_until == step.wait_until:  # waited for by the same wait
            entries[j] = (replace(s, wait_until=s.wait_until - sooner), k)
    runtime = job.request.runtime
    if runtime is not None:
        job.request = replace(job.request, runtime=Seconds(runtime - sooner))


def _moved(step: ScriptStep, sooner: int) -> ScriptStep:
    """``step`` coming ``sooner`` seconds sooner, with the wait it is in."""
    if step.wait_until < 0:
        return replace(step, at=step.at - sooner)
    return replace(
        step,
        at=step.at - sooner,
        wait_until=step.wait_until - sooner,
        wait_others=step.wait_others - sooner,
    )


def _made(
    state: ClusterState,
    job: Job,
    script: list[_Entry],
    until: int,
    refusals: list[tuple[int, int]] | None = None,
) -> list[tuple[int, Step]]:
    """The steps ``job``'s script has started by ``until``, each ended if its command is
    done by then. An srun refused makes none (``begin``); one whose resources other
    steps hold starts when they let go, as srun waits for them. One the controller
    refuses for what the others hold makes none either, and is noted in ``refusals``
    (its place in the script, and when, in seconds into the job)."""
    if job.start_time is None or not job.alloc:
        return []
    env = _environment(state, job)
    # The steps are placed as they were while the job ran (placing reads a step still
    # running in an ended job as ended with it).
    running = job if job.state is JobState.RUNNING else replace(job, state=JobState.RUNNING)
    made: list[Step] = []
    ends: list[_End] = []
    places: list[int] = []
    used = 0  # step ids refused steps used up
    for i, (s, killed) in enumerate(script):
        if s.refused:
            used += 1  # the controller numbered it before it refused it
            continue
        requests = _request(state, job, env, s, i)
        if requests is None:
            continue
        start: int | None = job.start_time + s.at
        steps: list[Step] = []
        while start is not None and start <= until and not steps:
            current = _as_of(made, ends, start)
            step_id = len({step.step_id for step in made}) + used
            try:
                steps = _placed(running, current, requests, Instant(start), step_id)
            except NumberedRefusal:
                if refusals is not None:
                    refusals.append((i, start - job.start_time))
                break
            if not steps:  # it waits for the first step holding what it needs to end
                start = min((e[0] for e in ends if e and e[0] > start), default=None)
        for step in steps:
            made.append(step)
            places.append(i)
            # (A part of ``srun A : B`` runs as long as its own command, when that is known:
            # one done before its srun was killed stays done.)
            runs = s.runs if step.component is None else _part_runs(s, step.component)
            done = (
                runs is not None
                and step.component is not None
                and step.start_time + runs < job.start_time + (killed[0] if killed else 0)
            )
            if step.end_time is not None:  # a part made before one refused: ended at once
                ends.append((step.end_time, step.state, 0, 0))
            elif killed is not None and not done:
                ends.append((job.start_time + killed[0], JobState.CANCELLED, killed[1], 0))
            elif runs is not None:
                ends.append((step.start_time + runs, *_status(job, s)))
            else:
                ends.append(None)
    return list(zip(places, _as_of(made, ends, until), strict=True))


def _parts_of(job: Job, s: ScriptStep) -> tuple[Part, ...]:
    """The parts of a job of one component the srun ``s`` runs its step over (none: one
    step; in a heterogeneous job ``srun A : B`` is one over its components, which a
    simulated script leaves to its first)."""
    named = any(key == "het-group" for _, options, _ in s.parts for key, _ in options)
    return () if job.het is not None or named else s.parts


def _part_runs(s: ScriptStep, k: int) -> int | None:
    """How long part ``k`` of the srun ``s`` runs: its own command's time, else the srun's."""
    own = s.parts[k][2] if k < len(s.parts) else None
    return own if own is not None else s.runs


def _placed(
    job: Job, steps: list[Step], requests: list[StepRequest], now: Instant, step_id: int
) -> list[Step]:
    """The step an srun makes (its parts, for ``srun A : B``), or none while it waits for
    what other steps hold; raises ``NumberedRefusal`` when the controller refuses it for
    that. A part refused leaves those made before it ended at once (srun exits 1: the
    script went on at ``begin``), as the oracle kept them."""
    if len(requests) == 1:
        step = placing.place(job, steps, requests[0], now, ids_used=step_id - len(steps))
        return [] if step is None else [step]
    parts = placing.place_parts(job, steps, requests, now, step_id)
    if isinstance(parts.refused, NumberedRefusal):
        raise parts.refused
    if parts.refused is not None:
        return [placing.end_step(step, now, 0, 0) for step in parts.made]
    return [] if parts.waits else parts.made


def _environment(state: ClusterState, job: Job) -> dict[str, str]:
    """The environment the script gives its sruns: the job's options they inherit."""
    return batch_environment(
        job,
        cluster=state.config.cluster_name,
        submitted={},
        uid=0,
        gid=0,
        def_mem_per_cpu=state.config.def_mem_per_cpu,
    )


def _request(
    state: ClusterState, job: Job, env: dict[str, str], s: ScriptStep, i: int
) -> list[StepRequest] | None:
    """What the script's ``i``th srun asks of ``job`` (which has its nodes), a request a
    part (one but for ``srun A : B``); None when srun or the controller refuses it,
    whatever other steps hold."""
    return _asked(state, job, env, s, i)[0]


def _asked(
    state: ClusterState, job: Job, env: dict[str, str], s: ScriptStep, i: int
) -> tuple[list[StepRequest] | None, int]:
    """``_request``, with srun's exit status when it is refused: 255 for a value it cannot
    read (``-m foo``, ``--mem=1Q``), else 1 (the oracle: tests/golden/srunopts). Over
    parts of the job, srun reads no node count from the job's environment (``cli``'s
    ``parts_step``)."""
    status = refused_status(s.options)
    if status is not None:
        return None, status  # srun exits at once: an option it does not know, no command
    parts = _parts_of(job, s)
    if parts:
        env = {k: v for k, v in env.items() if k != "SLURM_NNODES"}
    requests = []
    for name, pairs, _ in parts or ((s.name, s.options, s.runs),):
        options = dict(pairs)
        try:
            check_shown(options)
        except InvalidOption as e:
            return None, 1 if isinstance(e, BadNumber) else 255
        if tasks_per_gpu_conflict(options, env) is not None:
            return None, 1  # srun's fatal
        try:
            request, _ = step_request(
                options,
                env,
                name,
                user=job.request.user,
                srun_host=job.alloc[0].node,  # srun runs where the script does
                srun_pid=_SRUN_PID + 10 * job.job_id + i,
            )
            placing.check_names(state, request)  # ``-x`` naming a node the cluster lacks
            if not parts:
                placing.check(job, request)
        except InvalidOption as e:
            return None, 1 if e.status is None else e.status
        except SlurmError:
            return None, 1
        requests.append(request)
    if parts:  # refused for good, on the job's nodes with no other step: srun exits 1,
        # the parts before the refused one made all the same (``_placed``)
        start = Instant(job.start_time or 0)
        if placing.place_parts(job, [], requests, start, 0).refused is not None:
            return requests, 1
    return requests, 0


#: How a step ends: when, in which state, by which signal, with which status (None: it
#: runs on).
_End = tuple[int, JobState, int, int] | None


def _status(job: Job, s: ScriptStep) -> tuple[JobState, int, int]:
    """How a step whose command is done ends: COMPLETED, but for the script's last
    command when the script exits with a failing status (``#SLURMSIM --exit-code``):
    that status is the command's."""
    code = job.request.exit_code if s.last else 0
    return (JobState.FAILED, 0, code) if code else (JobState.COMPLETED, 0, 0)


def _as_of(made: list[Step], ends: list[_End], at: int) -> list[Step]:
    """The steps as they stand at ``at``: those that have ended by then, ended."""
    return [
        replace(step, state=end[1], end_time=Instant(end[0]), exit_code=end[3], exit_signal=end[2])
        if end is not None and end[0] <= at
        else step
        for step, end in zip(made, ends, strict=True)
    ]
