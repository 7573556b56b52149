"""Hardware failures and repairs, as slurmctld sees them happen.

* A node that stops answering goes DOWN with reason ``Not responding`` (set by
  ``slurm``); its jobs end NODE_FAIL, and batch jobs that may be requeued go back
  to the queue (``control.kill_jobs_on``).
* A GPU that falls off the bus makes the node report fewer GPUs than slurm.conf
  says: slurmctld drains it with ``gres/gpu count reported lower than configured
  (7 < 8)``; running jobs go on, nothing new lands there.
* A repair returns the node to service with its GPUs, as a resume does.

Failures staged for a later instant (``model.failures``) are applied by
``advance``/``run_until_idle`` here, which play the clock up to each one first: a
failure acts like an operator's command issued at that instant. The ``--signal``
warnings that fall due on the way are sent here too (``engine/signals.py``).
"""

from collections.abc import Callable

from slurmsim.engine import simulate
from slurmsim.engine.control import kill_jobs_on
from slurmsim.engine.liveness import ping
from slurmsim.engine.node_accounting import SLURM_USER, busy, down, drained_on, up
from slurmsim.engine.signals import warnings_since
from slurmsim.engine.trigger import trigger
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.events import Event
from slurmsim.model.failures import Failure, FailureKind, scheduled, set_scheduled
from slurmsim.model.jobs import JobState
from slurmsim.model.nodes import FAILED, Node
from slurmsim.model.time import Instant

NOT_RESPONDING = "Not responding"
_LOST = "gpus_lost"  # key in Node.extra: GPUs fallen off the bus


def _node(state: ClusterState, name: str) -> Node:
    node = state.nodes.get(name)
    if node is None:
        raise SlurmError("Invalid node name specified")
    return node


def fail(state: ClusterState, failure: Failure) -> list[Event]:
    """Apply ``failure`` now."""
    node = _node(state, failure.node)
    now = state.now
    if failure.kind is FailureKind.NODE:
        node.down = True
        node.not_responding = True
        node.reason, node.reason_user, node.reason_time = NOT_RESPONDING, SLURM_USER, now
        events = [Event(now, "node_fail", None, failure.node), down(node, now, SLURM_USER)]
        return events + kill_jobs_on(state, failure.node)
    configured = node.configured_count("gpu")
    lost = min(configured, int(node.extra.get(_LOST, "0")) + failure.count)
    node.extra[_LOST] = str(lost)
    node.drain = True
    left = configured - lost
    node.reason = f"gres/gpu count reported lower than configured ({left} < {configured})"
    node.reason_user, node.reason_time = SLURM_USER, now
    events = [Event(now, "gpu_fail", None, f"{failure.node}: {lost} lost")]
    return events + drained_on(state, [node.name], now)


def repair(state: ClusterState, name: str) -> list[Event]:
    """The node is fixed: back in service with all its GPUs, as after a resume."""
    node = _node(state, name)
    recorded = node.down or (node.drain and not busy(state, name))
    events = [up(node, state.now)] if recorded else []
    node.down = node.drain = False
    node.extra.pop(FAILED, None)
    node.reason = node.reason_user = None
    node.reason_time = None
    node.extra.pop(_LOST, None)
    ping(node, state.now)
    trigger(state)
    return [*events, Event(state.now, "node_repair", None, name)]


def gpus_lost(state: ClusterState, name: str) -> int:
    """GPUs of node ``name`` that have fallen off the bus (0 when none)."""
    return int(state.nodes[name].extra.get(_LOST, "0"))


def stage(state: ClusterState, failure: Failure) -> None:
    """Keep ``failure`` for its instant (checked now: the node must exist)."""
    _node(state, failure.node)
    set_scheduled(state, [*scheduled(state), failure])


def advance(state: ClusterState, until: Instant) -> list[Event]:
    """``simulate.advance``, applying the failures staged before ``until`` on the way
    (and sending the ``--signal`` warnings that fell due)."""
    since = state.now
    events = _through(state, until, lambda t: simulate.advance(state, t))
    return events + warnings_since(state, since)


def run_until_idle(state: ClusterState) -> list[Event]:
    """``simulate.run_until_idle``; a staged failure still to come is applied first if the
    cluster has work at its instant (an idle cluster does not wait for it)."""
    since = state.now
    events: list[Event] = []
    while True:
        pending = scheduled(state)
        if not pending:
            events += simulate.run_until_idle(state)
            break
        events += simulate.run_until_idle(state, limit=pending[0].at)
        if state.now < pending[0].at:
            break  # idle before the failure
        events += _apply_due(state)
    return events + warnings_since(state, since)


def run_until_job_ends(state: ClusterState, job_id: int) -> list[Event]:
    """``simulate.run_until_job_ends`` with the staged failures applied on the way."""
    return _until(state, lambda limit: simulate.run_until_job_ends(state, job_id, limit))


def run_until_job_starts(
    state: ClusterState, job_id: int, deadline: Instant | None = None
) -> list[Event]:
    """``simulate.run_until_job_starts`` with the staged failures applied on the way;
    with ``deadline``, the clock is at it at the latest when the job has not started."""
    if deadline is None:
        return _until(state, lambda limit: simulate.run_until_job_starts(state, job_id, limit))

    def play(limit: Instant | None) -> list[Event]:
        until = deadline if limit is None or deadline < limit else limit
        return simulate.run_until_job_starts(state, job_id, until)

    events = _until(state, play)
    job = state.jobs.get(job_id)
    if job is not None and job.state is JobState.PENDING and state.now < deadline:
        events += advance(state, deadline)  # nothing happened before it: time still passes
    return events


def _until(state: ClusterState, play: Callable[[Instant | None], list[Event]]) -> list[Event]:
    """Play until a condition ``play`` checks, applying each staged failure it reaches."""
    since = state.now
    events: list[Event] = []
    while True:
        pending = scheduled(state)
        if not pending:
            events += play(None)
            break
        events += play(pending[0].at)
        if state.now < pending[0].at:
            break
        events += _apply_due(state)
    return events + warnings_since(state, since)


def _through(
    state: ClusterState, until: Instant, play: Callable[[Instant], list[Event]]
) -> list[Event]:
    events: list[Event] = []
    for failure in scheduled(state):
        if failure.at >= until:
            break
        events += play(failure.at)
        events += _apply_due(state)
    return events + play(until)


def _apply_due(state: ClusterState) -> list[Event]:
    """Apply (and forget) the staged failures due by now."""
    due = [f for f in scheduled(state) if f.at <= state.now]
    set_scheduled(state, [f for f in scheduled(state) if f.at > state.now])
    events: list[Event] = []
    for failure in due:
        events += fail(state, failure)
    return events
