"""``--signal`` warnings and ``scancel --signal``, as the engine decides them."""

from dataclasses import replace

import pytest

from slurmsim.engine import control, failures
from slurmsim.engine.execution import EXECUTION
from slurmsim.engine.signals import warn_at
from slurmsim.engine.submit import submit
from slurmsim.model.jobs import JobState
from slurmsim.model.signals import (
    PENDING_SIGNALS,
    WARN_SIGNAL,
    Target,
    WarnSignal,
    take_signals,
    trapped,
)
from slurmsim.model.time import EPOCH, Instant
from tests.engine.builders import T0, cluster, job

USR1, USR2, KILL, TERM, CONT = 10, 12, 9, 15, 18


def _running(*, executed: bool = False, spec: WarnSignal | None = None):
    s = cluster()
    if executed:
        s.extra[EXECUTION] = "on"
    a = submit(s, job("a", limit="10:00"))  # starts at EPOCH + 3, killed at EPOCH + 610
    if spec is not None:
        a.extra[WARN_SIGNAL] = spec.encode()
    failures.advance(s, Instant(T0 + 10))
    assert a.state is JobState.RUNNING
    return s, a


@pytest.mark.parametrize(
    ("before", "want"),
    [
        pytest.param(60, 520, id="60 s: at the check that sees the end within 90 s"),
        pytest.param(90, 490, id="90 s: at the check that sees the end within 120 s"),
        pytest.param(0, 580, id="0 s: at the last check before the end"),
    ],
)
def test_warning_goes_at_the_time_limit_check_before_it_falls_due(before, want):
    """Checks run 10 s past each half minute; the job ends at EPOCH + 603."""
    _, a = _running()
    assert warn_at(a, WarnSignal(USR1, before)) == EPOCH + want


@pytest.mark.parametrize(
    ("executed", "queued", "final"),
    [
        pytest.param(
            False, [], JobState.FAILED, id="a simulated job's shell dies of it (oracle: B:USR1)"
        ),
        pytest.param(
            True,
            [(CONT, Target.BATCH), (USR1, Target.BATCH)],
            JobState.TIMEOUT,
            id="a job whose script runs gets it, with a SIGCONT (oracle)",
        ),
    ],
)
def test_warning_is_an_event_once_and_queued_for_a_running_script(executed, queued, final):
    s, a = _running(executed=executed, spec=WarnSignal(USR1, 120, batch_only=True))
    events = failures.advance(s, Instant(T0 + 590))
    signals = [e for e in events if e.kind == "job_signal"]
    assert [(e.job_id, e.detail) for e in signals] == [(a.job_id, "10 before the time limit")]
    assert take_signals(a) == queued
    later = failures.advance(s, Instant(T0 + 3600))
    assert not [e for e in later if e.kind == "job_signal"]
    assert a.state is final


@pytest.mark.parametrize(
    ("spec", "script", "want"),
    [
        pytest.param(
            WarnSignal(USR1, 120, batch_only=True),
            "#!/bin/bash\nsleep 9999\n",
            (JobState.FAILED, 0, USR1, "JobLaunchFailure", EPOCH + 460),
            id="B:USR1 kills the shell at the warning",
        ),
        pytest.param(
            WarnSignal(1, 120, batch_only=True),
            "#!/bin/bash\nsleep 9999\n",
            (JobState.FAILED, 0, 1, "JobLaunchFailure", EPOCH + 460),
            id="B:HUP kills it too (sacct alone shows 1:0)",
        ),
        pytest.param(
            WarnSignal(USR1, 120, batch_only=True),
            "#!/bin/bash\ntrap 'touch stop' USR1\nsleep 9999\n",
            (JobState.TIMEOUT, 0, TERM, "TimeLimit", EPOCH + 610),
            id="a shell that traps it lives on",
        ),
        pytest.param(
            WarnSignal(USR1, 120),
            "#!/bin/bash\nsleep 9999\n",
            (JobState.TIMEOUT, 0, TERM, "TimeLimit", EPOCH + 610),
            id="without B: the steps get it, not the shell",
        ),
    ],
)
def test_a_warning_that_kills_a_simulated_shell_ends_the_job_then(spec, script, want):
    s = cluster()
    a = submit(s, job("a", limit="10:00", script=script, runtime=None))
    a.extra[WARN_SIGNAL] = spec.encode()
    failures.advance(s, Instant(T0 + 3600))
    assert (a.state, a.exit_code, a.exit_signal, a.reason, a.end_time) == want


@pytest.mark.parametrize(
    ("sig", "target", "state", "queued"),
    [
        pytest.param(KILL, Target.STEPS, JobState.CANCELLED, None, id="-s KILL cancels"),
        pytest.param(TERM, Target.STEPS, JobState.RUNNING, "15:steps", id="-s TERM: steps only"),
        pytest.param(USR1, Target.BATCH, JobState.RUNNING, "10:batch", id="-b: the shell"),
        pytest.param(KILL, Target.FULL, JobState.CANCELLED, None, id="-f -s KILL cancels"),
        pytest.param(KILL, Target.BATCH, JobState.RUNNING, "9:batch", id="-b -s KILL: a signal"),
    ],
)
def test_scancel_signal_to_a_running_script_is_delivered_unless_it_cancels(
    sig, target, state, queued
):
    s, a = _running(executed=True)
    events = control.cancel(s, a.job_id, None, "root", signal=sig, target=target)
    assert a.state is state
    assert a.extra.get(PENDING_SIGNALS) == queued
    assert events


INT, HUP, STOP = 2, 1, 19


@pytest.mark.parametrize(
    ("sig", "target", "ends"),
    [
        pytest.param(USR1, Target.BATCH, (0, USR1), id="-b USR1: the shell dies of it"),
        pytest.param(TERM, Target.FULL, (0, TERM), id="-f TERM"),
        pytest.param(KILL, Target.BATCH, (0, KILL), id="-b KILL: the shell is killed"),
        pytest.param(INT, Target.BATCH, None, id="-b INT: bash waits for its command"),
        pytest.param(INT, Target.FULL, (0, INT), id="-f INT: the command dies of it too"),
        pytest.param(HUP, Target.BATCH, (0, HUP), id="-b HUP (sacct alone shows 1:0)"),
        pytest.param(CONT, Target.BATCH, None, id="CONT: ignored"),
        pytest.param(STOP, Target.FULL, None, id="STOP: stopped, not ended"),
        pytest.param(USR2, Target.STEPS, None, id="no -b or -f: no steps to get it"),
    ],
)
def test_scancel_signal_ends_a_simulated_batch_job_as_bash_would(sig, target, ends):
    """The oracle's answers for a script waiting for ``sleep`` (golden shellsignals/)."""
    s, a = _running()
    events = control.cancel(s, a.job_id, None, "root", signal=sig, target=target)
    assert a.extra.get(PENDING_SIGNALS) is None  # no process to deliver it to
    if ends is None:
        assert a.state is JobState.RUNNING
        return
    assert (a.state, a.exit_code, a.exit_signal, a.end_time) == (JobState.FAILED, *ends, s.now)
    assert a.reason == "JobLaunchFailure"  # as slurmctld names any batch shell killed
    assert [e.kind for e in events][:2] == ["job_signal", "job_end"]


def test_a_signal_the_script_traps_leaves_it_running():
    s, a = _running()
    a.request = replace(a.request, script="#!/bin/bash\ntrap 'touch saved' USR1 TERM\nsleep 600\n")
    for sig in (USR1, TERM):
        control.cancel(s, a.job_id, None, "root", signal=sig, target=Target.FULL)
    assert a.state is JobState.RUNNING
    control.cancel(s, a.job_id, None, "root", signal=USR2, target=Target.BATCH)
    assert (a.state, a.exit_signal) == (JobState.FAILED, USR2)


@pytest.mark.parametrize(
    ("line", "signals"),
    [
        ("trap '' USR1; sleep 100", {10}),
        ('trap "echo hi; exit 4" SIGUSR2 15', {12, 15}),
        ("x && trap cleanup INT EXIT", {2}),
        ("trap - TERM", set()),  # back to the default
        ("echo trap USR1", set()),
        ("trap 'unbalanced USR1", set()),
    ],
)
def test_trapped_signals_are_read_off_the_trap_commands(line, signals):
    assert trapped(f"#!/bin/bash\n{line}\n") == signals
