"""What slurmctld tells the accounting store about reservations, and the records it keeps.

The messages come from the commands that create, update and delete reservations
(``engine/reservation_accounting.py``); ``model.reservation_records.replay`` turns them
into the records ``sacctmgr show reservation`` lists (golden ``resvacct/`` checks the
whole against the oracle).
"""

from dataclasses import replace

from slurmsim.config.presets import load_preset
from slurmsim.engine import reservation_accounting as acct
from slurmsim.format.sacctmgr_reservations import unused_text
from slurmsim.model.reservation_records import (
    RESV_ADD,
    RESV_MODIFY,
    RESV_REMOVE,
    ReservationRecord,
    Usage,
    message,
    replay,
    unused_wall,
)
from slurmsim.model.reservations import Reservation
from slurmsim.model.time import EPOCH, Instant

HOUR = 3600
T = Instant(EPOCH // HOUR * HOUR + 600)  # ten minutes into an hour


def _record(start: int, end: int, nodes: str = "dgx1", assocs: str = "5") -> ReservationRecord:
    return ReservationRecord(
        1, "r", Instant(start), Instant(end), nodes, "0", assocs, "SPEC_NODES", 112
    )


def test_a_reservation_not_started_changes_in_place_and_a_removal_drops_it():
    added = _record(T + 100, T + 200)
    moved = replace(added, start=Instant(T + 50), nodes="dgx2")
    log = [message(RESV_ADD, T, added), message(RESV_MODIFY, Instant(T + 10), moved)]
    assert replay(log) == [moved]
    assert replay([*log, message(RESV_REMOVE, Instant(T + 20), moved)]) == []


def test_a_started_reservation_gets_a_new_record_when_what_accounting_sees_changes():
    added = _record(T, T + 600)
    longer = replace(added, end=Instant(T + 900))
    other_users = replace(longer, assocs="5,6")
    log = [
        message(RESV_ADD, T, added),
        message(RESV_MODIFY, Instant(T + 10), replace(longer, id=0)),  # its end: in place
        message(RESV_MODIFY, Instant(T + 20), replace(other_users, id=0)),
    ]
    assert replay(log) == [
        replace(longer, end=Instant(T + 20)),
        replace(other_users, start=Instant(T + 20)),
    ]
    removed = replay([*log, message(RESV_REMOVE, Instant(T + 30), other_users)])
    assert removed[-1] == replace(
        other_users, start=Instant(T + 20), end=Instant(T + 30), deleted=True
    )


def test_a_change_in_the_second_a_record_began_stays_in_that_record():
    added = _record(T, T + 600)
    log = [
        message(RESV_ADD, T, added),
        message(RESV_MODIFY, Instant(T + 5), replace(added, nodes="dgx2")),
        message(RESV_MODIFY, Instant(T + 5), replace(added, nodes="dgx3")),
    ]
    assert [(r.start, r.end, r.nodes) for r in replay(log)] == [
        (T, T + 5, "dgx1"),
        (T + 5, T + 600, "dgx3"),
    ]


def test_unused_wall_counts_only_hours_rolled_up_less_the_jobs_share():
    record = _record(T, T + 2 * HOUR)  # 50 minutes in its first hour
    first_hour_end = Instant(T - 600 + HOUR)
    assert unused_wall(record, Instant(first_hour_end - 1), []) == 0.0
    assert unused_wall(record, first_hour_end, []) == 3000.0
    half = Usage("r", Instant(T + 60), Instant(T + 660), 56)  # half the CPUs, ten minutes
    assert unused_wall(record, first_hour_end, [half]) == 2700.0
    other = Usage("other", Instant(T), Instant(T + 600), 112)
    assert unused_wall(record, first_hour_end, [other]) == 3000.0
    whole = Usage("r", Instant(T), Instant(T + 3 * HOUR), 224)  # more than it holds
    assert unused_wall(record, Instant(T + 3 * HOUR), [whole]) == 0.0


def test_unused_wall_prints_as_sacctmgr_prints_a_double():
    assert unused_text(151.0, 10, parsable=False) == "151.000000"
    assert unused_text(3000.0, 10, parsable=False) == "3.0000e+03"
    assert unused_text(123456.5, 10, parsable=False) == "1.2346e+05"
    assert unused_text(3000.0, 20, parsable=False) == "         3000.000000"
    assert unused_text(3000.0, 10, parsable=True) == "3000.000000"


def test_the_record_names_the_associations_let_in_and_the_nodes_by_index():
    state = load_preset("dgx-h100-4", EPOCH, extra_user=None)
    ids = {(a.account, a.user): a.id for a in state.associations}
    resv = Reservation("r", T, Instant(T + HOUR), ("dgx2", "dgx3", "dgx1"), users=("bob",))
    record = acct.record(state, resv, 7)
    assert (record.nodes, record.node_inx, record.cpus) == ("dgx[1-3]", "0-2", 336)
    assert record.assocs == str(ids[("research", "bob")])
    both = acct.record(state, replace(resv, accounts=("research",)), 7)
    assert both.assocs == str(ids[("research", "bob")])
    accounts = acct.record(state, replace(resv, users=(), accounts=("product", "research")), 7)
    assert accounts.assocs == f"{ids[('product', None)]},{ids[('research', None)]}"


def test_a_list_led_by_a_minus_shuts_its_names_out_and_is_not_recorded():
    state = load_preset("dgx-h100-4", EPOCH, extra_user=None)
    ids = {(a.account, a.user): a.id for a in state.associations}
    resv = Reservation("r", T, Instant(T + HOUR), ("dgx1",), users=("-carol", "-bob"))
    assert not resv.allows("carol", "product")
    assert not resv.allows("bob", "research")
    assert resv.allows("alice", "research")
    assert acct.record(state, resv, 7).assocs == ""
    denied = replace(resv, users=("alice",), accounts=("-product",))
    assert denied.allows("alice", "research")
    assert not denied.allows("bob", "research")
    assert acct.record(state, denied, 7).assocs == str(ids[("research", "alice")])


def test_users_and_accounts_both_named_let_in_each_user_in_each_account():
    resv = Reservation("r", T, Instant(T + HOUR), ("dgx1",), ("alice",), ("research",))
    assert resv.allows("alice", "research")
    assert not resv.allows("bob", "research")
    assert not resv.allows("alice", "product")


def test_an_account_named_lets_in_the_accounts_below_it():
    from slurmsim.engine.reservations import check_access
    from slurmsim.model.accounts import Association
    from tests.engine.builders import job

    state = load_preset("dgx-h100-4", EPOCH, extra_user=None)
    state.associations += [
        Association(90, "vision", None, parent_account="research"),
        Association(91, "vision", "alice"),
    ]
    state.reservations["r"] = Reservation("r", T, Instant(T + HOUR), ("dgx1",), (), ("research",))
    check_access(state, replace(job(reservation="r"), account="vision"))  # no refusal
    pairs = Reservation("p", T, Instant(T + HOUR), ("dgx1",), ("alice",), ("research",))
    assert not pairs.allows("alice", "vision", ["research", "root"])  # each user in each
    shut = replace(pairs, users=(), accounts=("-research",))
    assert not shut.allows("alice", "vision", ["research", "root"])
