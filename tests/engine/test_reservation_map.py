"""Backfill's reservation map remembers the stretches plans ask about (hypothesis).

``ReservationMap.stretch`` keeps each stretch's answer and brings it up to date with
the reservations added since; whatever the order of reservations and questions, it
must answer as a map that was never asked before does, from its slots.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.engine.backfill import ReservationMap
from slurmsim.model.time import Instant, Seconds

NOW = Instant(1_000)
BITS = {f"n{i}": 1 << i for i in range(6)}

times = st.integers(NOW - 300, NOW + 4_000)
reservation = st.tuples(st.just("add"), times, st.integers(0, 1_500), st.integers(1, 63))
question = st.tuples(st.just("ask"), times, st.integers(0, 1_500), st.just(0))


def fresh_map() -> ReservationMap:
    return ReservationMap(NOW, Seconds(60), Seconds(3_600), BITS)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(reservation, question), max_size=40))
def test_remembered_stretches_answer_as_the_slots_do(steps):
    kept = fresh_map()
    added: list[tuple[int, int, int]] = []
    asked: list[tuple[int, int]] = []
    for what, start, length, mask in steps:
        if what == "add":
            kept.add(start, start + length, mask)
            added.append((start, start + length, mask))
        else:
            asked.append((start, start + length))
        for a, b in asked:  # every stretch asked so far, asked again
            again = fresh_map()
            for s, e, m in added:
                again.add(s, e, m)
            assert kept.stretch(a, b) == again.stretch(a, b)


def _slurm_table(adds: list[tuple[int, int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """slurmctld's table of records, as its backfill keeps it: each record a time span
    and the nodes reserved in it; a reservation splits the records its start and end
    fall strictly inside (a start at the table's very beginning leaves an empty record
    before it), each split using up a record, and then joins the first two neighbours
    alike from the record before the one ahead of its start to the one after its end.
    How many records it used, and the non-empty ones as (start, nodes)."""
    m = fresh_map()  # only for the grid: the same rounding as the map under test
    recs = [[m.begin, m.end, 0]]
    used = 1
    for start, stop, mask in adds:
        s = start // m.res * m.res
        s, e = max(s, m.begin), min(max(stop // m.res * m.res, s + m.res), m.end)
        if s >= e:
            continue
        j, before, placed = 0, 0, False
        while j < len(recs):
            if recs[j][1] > s:
                recs.insert(j + 1, [s, recs[j][1], recs[j][2]])
                recs[j][1] = s
                used += 1
                placed = True
                break
            if recs[j][1] == s:
                placed = True
                break
            before = j
            j += 1
        after = None
        while placed and j + 1 < len(recs):
            j += 1
            if e < recs[j][1]:
                recs.insert(j + 1, [e, recs[j][1], recs[j][2]])
                recs[j][1] = e
                used += 1
            recs[j][2] |= mask
            if e == recs[j][1]:
                after = j + 1 if j + 1 < len(recs) else None
                break
        i = before
        while i != after and i + 1 < len(recs):
            if recs[i][2] == recs[i + 1][2]:
                recs[i][1] = recs[i + 1][1]
                del recs[i + 1]
                break
            i += 1
    return used, [(b, nodes) for b, end, nodes in recs if b < end]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(times, st.integers(0, 1_500), st.integers(1, 63)), max_size=30))
def test_the_map_uses_records_as_slurmctlds_table_does(adds):
    """The map's slots are slurmctld's records, joined where it joins them, and it counts
    the records slurmctld's table would have used (``bf_node_space_size`` bounds them)."""
    kept = fresh_map()
    added = []
    for start, length, mask in adds:
        kept.add(start, start + length, mask)
        added.append((start, start + length, mask))
        used, records = _slurm_table(added)
        assert kept.records == used
        assert list(zip(kept.times, kept.sets, strict=True)) == records


def test_a_reservation_that_begins_as_a_run_ends_is_in_its_way():
    """slurmctld takes every record that begins by the run's end (``begin_time <=
    end_time``): a job whose limit ends just as a higher job's reservation begins on
    its node may not backfill there (the oracle: it waited for that job)."""
    m = fresh_map()
    begins = 1_620  # on the map's 60 s grid
    m.add(begins, begins + 600, BITS["n1"])
    assert m.reserved(NOW, begins) == BITS["n1"]
    assert m.reserved(NOW, begins - 1) == 0
