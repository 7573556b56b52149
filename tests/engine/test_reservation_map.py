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
