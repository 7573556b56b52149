"""What advance reservations mean for scheduling: which nodes a job may use, when.

Pure questions about the state, for the scheduler passes and the event loop:

* ``blocked_nodes(state, job, start, end)``: the nodes a job may not use in ``[start, end)``.
  A job without a reservation is kept off every node of every reservation that overlaps
  the window (active or not yet started); a job in reservation R may use only R's nodes,
  and not before R starts, minus nodes of other MAINT reservations in the window.
* ``maintenance_conflict`` / ``reason``: the pending reason Slurm gives for them
  (``Reservation``, ``ReqNodeNotAvail, Reserved for maintenance``,
  ``ReqNodeNotAvail, May be reserved for other job``).
* ``wake_times`` / ``next_change``: reservation starts and ends, instants at which the
  event loop must look again (nodes become reserved or free at those instants).
* ``finished``: reservations whose end has passed, and ``expire``: drop them at the next
  time-limit check (Slurm purges them then); ``orphans``: the pending jobs that asked for
  them, and ``orphan``: what becomes of one.
  ``renewals`` and ``renew``: a recurring one moves on to its next window instead.
* ``overrun_jobs``: running jobs whose reservation has ended (to be ended TIMEOUT).
* ``check_access``: the submit-time refusal of ``--reservation``.

Only ``expire`` and ``renew`` (``state.reservations``) and ``orphan`` (a job that lost its
reservation) change anything.
"""

from collections.abc import Iterable
from dataclasses import replace

from slurmsim.engine.lifecycle import check_after
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.events import Event
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState
from slurmsim.model.reservations import Reservation
from slurmsim.model.time import Instant, Seconds

#: Reason codes and the descriptions squeue shows instead of them.
RESERVATION = "Reservation"
NODE_NOT_AVAIL = "ReqNodeNotAvail"
MAINT_DESC = "ReqNodeNotAvail, Reserved for maintenance"
RESERVED_DESC = "ReqNodeNotAvail, May be reserved for other job"

#: A job without any time limit is planned as if it ran this long (Slurm: one year).
YEAR = Seconds(365 * 86400)

INVALID = "Requested reservation is invalid"
ACCESS_DENIED = "Access denied to requested reservation"

_RUNNING = frozenset({JobState.RUNNING, JobState.SUSPENDED, JobState.COMPLETING})


def check_access(state: ClusterState, request: JobRequest) -> None:
    """Refuse a submission naming a reservation that does not exist or that the job's
    user and account may not use, with Slurm's string (sbatch exits 1 on it)."""
    if request.reservation is None:
        return
    resv = state.reservations.get(request.reservation)
    if resv is None:
        raise SlurmError(INVALID)
    if not resv.allows(request.user, request.account, _above(state, request.account)):
        raise SlurmError(ACCESS_DENIED)


def _above(state: ClusterState, account: str) -> list[str]:
    """The accounts ``account`` is under, nearest first."""
    parents = {a.account: a.parent_account for a in state.associations if a.user is None}
    chain: list[str] = []
    name = parents.get(account)
    while name is not None and name not in chain:
        chain.append(name)
        name = parents.get(name)
    return chain


def window_end(state: ClusterState, job: Job, start: Instant) -> Instant:
    """Where a job starting at ``start`` is planned to end: its time limit, else its
    partition's MaxTime, else a year (so an unlimited job meets every future window)."""
    limit = job.time_limit
    if limit is None:
        part = state.partitions.get(job.request.partition)
        limit = part.max_time if part is not None else None
    return Instant(start + (limit if limit is not None else YEAR))


def own_reservation(state: ClusterState, job: Job) -> Reservation | None:
    """The reservation the job asked for, if it still exists."""
    name = job.request.reservation
    return state.reservations.get(name) if name is not None else None


def blocked_nodes(state: ClusterState, job: Job, start: Instant, end: Instant) -> frozenset[str]:
    """The nodes ``job`` may not use anywhere in ``[start, end)`` because of reservations.

    The passes remove these from the job's candidates before placing it (at ``start`` =
    now with ``end`` = ``window_end``), and backfill does the same for each later start it
    tries. Example: a MAINT reservation of dgx[1-4] from t=7200 blocks all four nodes for
    a 3-hour job at t=0 and none for a 1-hour job.
    """
    name = job.request.reservation
    if name is not None:
        own = state.reservations.get(name)
        if own is None or start < own.start_time:
            return frozenset(state.nodes)  # gone, or not started: no node at all
        blocked = set(state.nodes) - set(own.nodes)
        blocked.update(
            _nodes_of(r for r in _overlapping(state, start, end) if r.maint and r is not own)
        )
        return frozenset(blocked)
    return frozenset(_nodes_of(_overlapping(state, start, end)))


def maintenance_conflict(
    state: ClusterState, job: Job, part_nodes: Iterable[str], start: Instant, end: Instant
) -> bool:
    """Whether a MAINT reservation in ``[start, end)`` covers the whole partition (or the
    whole cluster), the case Slurm reports as ``Reserved for maintenance``."""
    wanted = set(part_nodes)
    if not wanted:
        return False
    own = job.request.reservation
    for resv in _overlapping(state, start, end):
        if (
            resv.maint
            and resv.name != own
            and ("ALL_NODES" in resv.flags or wanted <= set(resv.nodes))
        ):
            return True
    return False


def reason(
    state: ClusterState, job: Job, part_nodes: Iterable[str], now: Instant
) -> tuple[str, str | None] | None:
    """The pending reason reservations alone give ``job`` at ``now``, as (code, desc).

    * its reservation has not started (or is gone): ``("Reservation", None)``; the job
      is not queued at all until then (see ``wait_until``);
    * a MAINT reservation covering its partition meets its run window:
      ``("ReqNodeNotAvail", "ReqNodeNotAvail, Reserved for maintenance")``;
    * nodes it requires (``-w``) are reserved:
      ``("ReqNodeNotAvail", "ReqNodeNotAvail, May be reserved for other job")``.

    None when reservations do not explain why it waits (the pass then gives
    ``Resources`` or ``Priority`` as usual). Call it when a job fails to start.
    """
    if waiting(state, job, now):
        return RESERVATION, None
    end = window_end(state, job, now)
    if maintenance_conflict(state, job, part_nodes, now, end):
        return NODE_NOT_AVAIL, MAINT_DESC
    required = set(job.request.req_nodes)
    if required and required & blocked_nodes(state, job, now, end):
        return NODE_NOT_AVAIL, RESERVED_DESC
    return None


def waiting(state: ClusterState, job: Job, now: Instant) -> bool:
    """Whether the job asked for a reservation that has not started (or is gone): it is
    then not queued at all, with reason ``Reservation`` and no EligibleTime."""
    if job.request.reservation is None:
        return False
    own = own_reservation(state, job)
    return own is None or now < own.start_time


def wait_until(state: ClusterState, job: Job, now: Instant) -> Instant | None:
    """When a job waiting for its reservation may first be queued: the reservation's
    start, or None when it is not waiting for one (or waits for one that is gone)."""
    own = own_reservation(state, job)
    if own is not None and now < own.start_time:
        return own.start_time
    return None


def wake_times(state: ClusterState, after: Instant) -> list[Instant]:
    """Every reservation start and end later than ``after``, sorted, without repeats."""
    times = {
        t
        for r in state.reservations.values()
        for t in (r.start_time, r.end_time, check_after(r.end_time))
        if t > after
    }
    return sorted(times)


def next_change(state: ClusterState, after: Instant) -> Instant | None:
    """The first reservation start or end later than ``after``: the event loop must
    stop there (a pass may start jobs that waited for it, node states change)."""
    times = wake_times(state, after)
    return times[0] if times else None


def not_begun(state: ClusterState, job: Job, now: Instant) -> bool:
    """Is ``job`` bound to a reservation that has not begun by ``now``? Backfill gives
    such a job no estimate (golden ``recurring/``: StartTime N/A, reason Reservation)."""
    resv = state.reservations.get(job.request.reservation or "")
    return resv is not None and resv.start_time > now and "FLEX" not in resv.flags


def overrun_jobs(state: ClusterState, now: Instant) -> list[tuple[Job, Reservation]]:
    """Running jobs whose reservation has ended by ``now``, each with it: Slurm's next
    time-limit check ends them TIMEOUT (``lifecycle.outlived_reservation``), unless the
    reservation has FLEX."""
    found = []
    for job in state.jobs.values():
        name = job.request.reservation
        if job.state not in _RUNNING or name is None:
            continue
        resv = state.reservations.get(name)
        if resv is not None and resv.end_time <= now and "FLEX" not in resv.flags:
            found.append((job, resv))
    return found


def renewals(state: ClusterState, now: Instant) -> list[Reservation]:
    """The recurring reservations that move on to their next window at ``now``.

    slurmctld moves one on at the first time-limit check after its end, after that
    check has ended the jobs still running in it; or sooner, as soon as a pass tests a
    job waiting for it, which the passes right after the end do, and then the jobs
    running in it run on (the oracle: a reservation with a job waiting had moved on 11 s
    after its end, with its running job; one without showed its old window until then).
    """
    return [
        r
        for r in state.reservations.values()
        if r.recurs and r.end_time <= now and (check_after(r.end_time) <= now or _awaited(state, r))
    ]


def _awaited(state: ClusterState, resv: Reservation) -> bool:
    """Does a job the passes test (pending, not held) wait for ``resv``?"""
    return any(
        job.state is JobState.PENDING and job.priority > 0 and job.request.reservation == resv.name
        for job in state.jobs.values()
    )


def renew(state: ClusterState, resv: Reservation, now: Instant) -> Reservation:
    """Move recurring ``resv`` on to its next window; the reservation as it is then."""
    start, end = resv.next_window(now)
    moved = state.reservations[resv.name] = replace(resv, start_time=start, end_time=end)
    return moved


def finished(state: ClusterState, now: Instant) -> list[Reservation]:
    """The reservations that have ended by ``now`` for good (not recurring ones)."""
    return [r for r in state.reservations.values() if r.end_time <= now and not r.recurs]


def expire(state: ClusterState, now: Instant) -> list[Reservation]:
    """Remove the reservations ``finished`` before the last time-limit check by ``now``,
    and return them: slurmctld purges one there, after the check has ended the jobs still
    running in it, and lists it ``INACTIVE`` until then.

    Call it after ``overrun_jobs`` has been dealt with, at each ``next_change`` instant.
    """
    gone = [r for r in finished(state, now) if check_after(r.end_time) <= now]
    for resv in gone:
        del state.reservations[resv.name]
    return gone


def ended(resv: Reservation) -> Event:
    return Event(resv.end_time, "resv_end", None, resv.name)


def orphans(state: ClusterState, gone: Iterable[Reservation]) -> list[tuple[Job, Reservation]]:
    """The pending jobs that asked for a reservation of ``gone`` (ended), each with it."""
    by_name = {resv.name: resv for resv in gone}
    return [
        (job, by_name[job.request.reservation])
        for job in state.jobs.values()
        if job.state is JobState.PENDING and job.request.reservation in by_name
    ]


def _overlapping(state: ClusterState, start: Instant, end: Instant) -> list[Reservation]:
    return [r for r in state.reservations.values() if r.overlaps(start, end)]


def _nodes_of(reservations: Iterable[Reservation]) -> set[str]:
    return {node for r in reservations for node in r.nodes}


def orphan(job: Job, resv: Reservation) -> None:
    """Pending ``job`` asked for ``resv``, which has ended: slurmctld drops the reservation
    from the job and, unless the reservation had NO_HOLD_JOBS_AFTER or an administrator
    holds the job, holds it with priority 0 until it is released (the oracle:
    golden ``reservations/``)."""
    job.request = replace(job.request, reservation=None)
    if "NO_HOLD_JOBS_AFTER" in resv.flags or job.hold is Hold.ADMIN:
        return
    job.hold = Hold.RESV_DELETED
    job.reason = job.hold.value
    job.state_desc = f"Reservation {resv.name} was deleted"
    job.priority = 0
