"""engine/reservations.py and engine/reservation_control.py, called directly.

The expectations are what the oracle showed (tests/golden/reservations/): a job whose
time limit runs into a MAINT window over the whole cluster waits ``Reserved for
maintenance`` while a shorter one runs; a job for a reservation not yet started waits
``Reservation``; ``-w`` on a reserved node waits ``May be reserved for other job``.
"""

from dataclasses import replace

import pytest

from slurmsim.engine import reservation_control as control
from slurmsim.engine import reservations as resv
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.reservations import Reservation, ReservationRequest
from slurmsim.model.time import EPOCH, Instant, Seconds
from tests.engine.builders import T0, cluster, job

HOUR = 3600
ALL = ("dgx1", "dgx2", "dgx3", "dgx4")


def state_with(*reservations: Reservation) -> ClusterState:
    state = cluster()
    state.reservations = {r.name: r for r in reservations}
    return state


def maint(start: int = 2 * HOUR, hours: int = 4, nodes: tuple[str, ...] = ALL) -> Reservation:
    return Reservation(
        "mnt", Instant(T0 + start), Instant(T0 + start + hours * HOUR), nodes, ("root",),
        flags=("MAINT", "IGNORE_JOBS", "SPEC_NODES"),
    )  # fmt: skip


def carols(start: int = 0, nodes: tuple[str, ...] = ("dgx4",)) -> Reservation:
    return Reservation("rc", Instant(T0 + start), Instant(T0 + start + HOUR), nodes, ("carol",))


def pending(limit_h: float, **kw: object) -> Job:
    request = job(user="carol", **kw)  # type: ignore[arg-type]
    return Job(1, request, T0, time_limit=Seconds(int(limit_h * HOUR)))


@pytest.mark.parametrize(
    ("reservation", "limit_h", "kw", "want"),
    [
        pytest.param(maint(), 3, {}, (resv.NODE_NOT_AVAIL, resv.MAINT_DESC),
                     id="a 3-hour job runs into maintenance in 2 hours"),
        pytest.param(maint(), 1, {}, None, id="a 1-hour job ends before the window"),
        pytest.param(maint(nodes=("dgx4",)), 3, {}, None,
                     id="maintenance of one node leaves the partition usable"),
        pytest.param(carols(HOUR), 0.5, {"reservation": "rc"}, (resv.RESERVATION, None),
                     id="its reservation has not started"),
        pytest.param(carols(), 0.5, {"reservation": "rc"}, None,
                     id="its reservation is active"),
        pytest.param(carols(), 0.5, {"req_nodes": ("dgx4",)},
                     (resv.NODE_NOT_AVAIL, resv.RESERVED_DESC),
                     id="-w names a node reserved for others"),
    ],
)  # fmt: skip
def test_reason_follows_slurm_when_reservations_block(
    reservation: Reservation, limit_h: float, kw: dict[str, object], want: object
) -> None:
    state = state_with(reservation)
    assert resv.reason(state, pending(limit_h, **kw), ALL, T0) == want


@pytest.mark.parametrize(
    ("reservation", "kw", "want"),
    [
        pytest.param(carols(), {}, {"dgx4"}, id="others may not use reserved nodes"),
        pytest.param(carols(), {"reservation": "rc"}, {"dgx1", "dgx2", "dgx3"},
                     id="its own job may use only the reservation's nodes"),
        pytest.param(carols(HOUR), {"reservation": "rc"}, set(ALL),
                     id="nothing before its reservation starts"),
        pytest.param(carols(3 * HOUR), {}, set(), id="a window after the job's end blocks nothing"),
    ],
)  # fmt: skip
def test_blocked_nodes_for_job_in_window(
    reservation: Reservation, kw: dict[str, object], want: set[str]
) -> None:
    state = state_with(reservation)
    j = pending(1, **kw)
    assert resv.blocked_nodes(state, j, T0, resv.window_end(state, j, T0)) == want


def test_wake_times_are_starts_ends_and_the_checks_after_ends_after_now() -> None:
    """A reservation is purged at the first time-limit check after its end (checks fall
    10 s past each half minute: T0 + 9 is one)."""
    state = state_with(maint(), carols(-HOUR, ("dgx3",)))
    six = T0 + 6 * HOUR
    assert resv.wake_times(state, T0) == [T0 + 9, T0 + 2 * HOUR, six, six + 9]
    assert resv.next_change(state, Instant(six)) == six + 9
    assert resv.next_change(state, Instant(six + 9)) is None


def test_expire_drops_ended_reservations_and_names_overrun_jobs_and_orphans() -> None:
    state = state_with(carols())
    running = Job(7, job(user="carol", reservation="rc"), T0)
    running.state = JobState.RUNNING
    waiting = Job(8, job(user="carol", reservation="rc"), T0)
    state.jobs.update({7: running, 8: waiting})
    later = Instant(T0 + HOUR)
    assert resv.overrun_jobs(state, later) == [(running, carols())]
    assert resv.finished(state, later) == [carols()]
    assert resv.orphans(state, resv.finished(state, later)) == [(waiting, carols())]
    assert resv.expire(state, later) == []  # listed INACTIVE until the next check
    gone = resv.expire(state, Instant(later + 9))
    assert [resv.ended(r).detail for r in gone] == ["rc"]
    assert state.reservations == {}


@pytest.mark.parametrize(
    ("request_", "actor", "message"),
    [
        pytest.param(ReservationRequest(nodes=("dgx4",), users=("carol",)), "carol",
                     control.INVALID_USER, id="only operators"),
        pytest.param(ReservationRequest(nodes=("nosuch",), users=("carol",)), "root",
                     control.INVALID_NODE, id="unknown node"),
        pytest.param(ReservationRequest(nodes=("dgx4",), users=("nosuch",)), "root",
                     control.INVALID_USER, id="unknown user"),
        pytest.param(ReservationRequest(nodes=("dgx4",), accounts=("nosuch",)), "root",
                     control.INVALID_ACCOUNT, id="unknown account"),
        pytest.param(ReservationRequest(nodes=("dgx3",), users=("carol",)), "root",
                     control.BUSY, id="a running job's limit reaches the start"),
        pytest.param(ReservationRequest(nodes=("dgx4",), users=("carol",)), "root",
                     control.OVERLAPS, id="another reservation holds the node"),
    ],
)  # fmt: skip
def test_create_refuses_like_slurmctld(
    request_: ReservationRequest, actor: str, message: str
) -> None:
    state = state_with(carols())
    busy = Job(3, job(), T0, state=JobState.RUNNING, end_time=Instant(T0 + 2 * HOUR))
    busy.alloc = (NodeAlloc("dgx3", 1, 1),)
    state.jobs[3] = busy
    before = (dict(state.reservations), state.last_resv_id)
    full = ReservationRequest(
        start_time=T0, duration=Seconds(HOUR), nodes=request_.nodes,
        users=request_.users, accounts=request_.accounts,
    )  # fmt: skip
    with pytest.raises(SlurmError, match=message):
        control.create(state, full, actor)
    assert (state.reservations, state.last_resv_id) == before


def test_create_numbers_names_and_duplicates_use_up_a_number() -> None:
    state = state_with()
    ask = ReservationRequest(start_time=T0, duration=Seconds(HOUR), users=("carol",))
    assert (
        control.create(
            state, ReservationRequest(**{**_fields(ask), "nodes": ("dgx1",)}), "root"
        ).name
        == "carol_1"
    )
    dup = ReservationRequest(**{**_fields(ask), "nodes": ("dgx2",), "name": "carol_1"})
    with pytest.raises(SlurmError, match=control.DUPLICATE):
        control.create(state, dup, "root")
    made = control.create(state, ReservationRequest(**{**_fields(ask), "node_count": 2}), "root")
    assert (made.name, made.nodes, made.partition) == ("carol_3", ("dgx2", "dgx3"), "gpu")


def test_delete_refused_while_a_job_asks_for_it() -> None:
    state = state_with(carols(HOUR))
    state.jobs[5] = Job(5, job(user="carol", reservation="rc"), T0)
    with pytest.raises(SlurmError, match=control.IN_USE):
        control.delete(state, "rc", "root")
    state.jobs[5].state = JobState.CANCELLED
    control.delete(state, "rc", "root")
    assert state.reservations == {}


def test_update_start_keeps_end_and_duration_keeps_start() -> None:
    state = state_with(carols(HOUR))
    moved = control.update(state, "rc", ReservationRequest(start_time=T0), "root")
    assert (moved.start_time, moved.end_time) == (T0, T0 + 2 * HOUR)
    longer = control.update(state, "rc", ReservationRequest(duration=Seconds(3 * HOUR)), "root")
    assert (longer.start_time, longer.end_time) == (T0, T0 + 3 * HOUR)


def _fields(req: ReservationRequest) -> dict[str, object]:
    return {f: getattr(req, f) for f in req.__dataclass_fields__}


@pytest.mark.parametrize(
    ("flags", "held"),
    [
        pytest.param((), True, id="held when its reservation ends"),
        pytest.param(("NO_HOLD_JOBS_AFTER",), False, id="NO_HOLD_JOBS_AFTER leaves it queued"),
    ],
)
def test_a_job_still_waiting_when_its_reservation_ends_loses_it(
    flags: tuple[str, ...], held: bool
) -> None:
    from slurmsim.engine.simulate import advance
    from slurmsim.engine.submit import submit

    state = state_with(replace(carols(), flags=flags))
    # The reservation's one node, all of it, for longer than the reservation lasts.
    whole = {"reservation": "rc", "gpus_per_node": 8, "limit": 2 * HOUR}
    first = submit(state, job(user="carol", **whole))  # type: ignore[arg-type]
    second = submit(state, job(user="carol", **whole))  # type: ignore[arg-type]
    advance(state, Instant(T0 + HOUR + 60))
    assert first.state is JobState.TIMEOUT  # ended with the reservation
    assert second.request.reservation is None
    assert (second.state, second.reason) == (
        (JobState.PENDING, "ReservationDeleted") if held else (JobState.RUNNING, "None")
    )
    assert (second.priority == 0) is held


@pytest.mark.parametrize(
    ("runtime", "ends"),
    [
        pytest.param(None, (JobState.TIMEOUT, 3610), id="ended at the next check"),
        pytest.param(3602, (JobState.COMPLETED, 3605), id="done before the check"),
    ],
)
def test_a_job_outliving_its_reservation_runs_until_the_next_time_limit_check(
    runtime: int | None, ends: tuple[JobState, int]
) -> None:
    """slurmctld's time-limit check, every 30 s, ends a job whose reservation has ended
    (the oracle: still RUNNING 22 s after the end). The checks fall 10 s past each half
    minute: the reservation ends at EPOCH + 3601, the check after it is at EPOCH + 3610
    (the job starts at EPOCH + 3, with the pass two seconds after its submission)."""
    from slurmsim.engine.simulate import advance
    from slurmsim.engine.submit import submit

    state = state_with(carols())
    running = submit(state, job(user="carol", reservation="rc", limit=2 * HOUR, runtime=runtime))
    advance(state, Instant(EPOCH + 3602))
    assert running.state is JobState.RUNNING
    assert "rc" in state.reservations  # listed, INACTIVE, until the check purges it
    advance(state, Instant(EPOCH + 3700))
    assert "rc" not in state.reservations  # the job still names it
    assert (running.state, running.end_time) == (ends[0], EPOCH + ends[1])


@pytest.mark.parametrize(
    ("flag", "day", "days"),
    [
        pytest.param("HOURLY", "2026-12-03", 0, id="hourly: an hour on"),
        pytest.param("DAILY", "2026-12-04", 1, id="daily"),
        pytest.param("WEEKLY", "2026-12-03", 7, id="weekly"),
        pytest.param("WEEKDAY", "2026-12-03", 1, id="weekday from a Thursday"),
        pytest.param("WEEKDAY", "2026-12-04", 3, id="weekday from a Friday: Monday"),
        pytest.param("WEEKDAY", "2026-12-05", 2, id="weekday from a Saturday: Monday"),
        pytest.param("WEEKEND", "2026-12-02", 3, id="weekend from a Wednesday: Saturday"),
        pytest.param("WEEKEND", "2026-12-05", 1, id="weekend from a Saturday: Sunday"),
        pytest.param("WEEKEND", "2026-12-06", 6, id="weekend from a Sunday: Saturday"),
    ],
)
def test_a_recurring_reservation_moves_on_as_slurmctld_moves_it(
    flag: str, day: str, days: int
) -> None:
    """By the day it ends on (slurmctld's ``_advance_resv_time``; golden ``recurring/`` has
    HOURLY, DAILY, WEEKDAY from a Thursday and WEEKLY)."""
    import calendar
    import time

    end = calendar.timegm(time.strptime(f"{day}T10:00:00", "%Y-%m-%dT%H:%M:%S"))
    window = Reservation("r", Instant(end - 60), Instant(end), ("dgx1",), ("bob",), flags=(flag,))
    shift = days * 86400 if days else 3600
    assert window.next_window(Instant(end + 5)) == (end - 60 + shift, end + shift)
