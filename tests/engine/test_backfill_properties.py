"""Backfill never delays the job it plans for first (hypothesis).

Lower jobs are started only where they cannot push back the planned start of the
highest-priority job that is waiting. Running jobs here run exactly to their time
limits, so backfill's picture of the future is the real one, and the top job's
planned start may only come earlier as cycles go by, never later; when it starts,
it starts no later than planned.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.engine import backfill
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job

small_jobs = st.lists(
    st.tuples(st.integers(1, 2), st.sampled_from([1, 2, 4, 8]), st.sampled_from([300, 900, 3600])),
    max_size=12,
)
running = st.lists(st.sampled_from([600, 1200, 2400, 4800]), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None)
@given(running, small_jobs)
def test_backfill_never_moves_the_top_jobs_planned_start_later(limits, smalls):
    s = cluster(bf_interval=30)
    for i, limit in enumerate(limits):  # fill the nodes with jobs that run to their limits
        submit(s, job(f"r{i}", user="bob", gpus_per_node=8, limit=limit, runtime=limit))
    advance(s, Instant(T0 + 5))
    top = submit(s, job("top", user="carol", nodes=4, gpus_per_node=8, limit=3600, runtime=3600))
    for i, (nodes, gpus, limit) in enumerate(smalls):
        submit(s, job(f"s{i}", nodes=nodes, gpus_per_node=gpus, limit=limit, runtime=limit))
    planned: int | None = None
    for step in range(1, 400):
        advance(s, Instant(T0 + 5 + step * 30))
        if top.state is not JobState.PENDING:
            assert planned is None or top.start_time <= planned
            return
        if top.start_time is not None:
            assert planned is None or top.start_time <= planned, "the top job was pushed back"
            planned = top.start_time


deep_queue = st.lists(
    st.tuples(
        st.integers(1, 4),
        st.sampled_from([1, 2, 8]),
        st.sampled_from([300, 900, 3600]),
        st.sampled_from(["alice", "carol"]),
    ),
    min_size=4,
    max_size=30,
)


def _history(
    smalls: list[tuple[int, int, int, str]], most: int, records: int
) -> list[tuple[object, ...]]:
    """Each job's state, start and plan after every step of a run with ``bf_max_job_test``
    = ``most`` and ``bf_node_space_size`` = ``records`` (what ``squeue --start`` would
    show then)."""
    s = cluster(bf_interval=30)
    params = replace(
        s.config.scheduler_parameters, bf_max_job_test=most, bf_node_space_size=records
    )
    s.config = replace(s.config, scheduler_parameters=params)
    for i, (nodes, gpus, limit, user) in enumerate(smalls):
        submit(s, job(f"q{i}", user=user, nodes=nodes, gpus_per_node=gpus, limit=limit))
    seen = []
    for step in range(1, 60):
        advance(s, Instant(T0 + step * 127))
        seen.extend(
            (j.job_id, j.state, j.start_time, j.sched_nodes, j.reason, j.last_sched_eval)
            for j in s.jobs.values()
        )
    return seen


@settings(max_examples=40, deadline=None)
@given(deep_queue, st.integers(1, 6), st.integers(2, 12))
def test_a_cycle_that_stops_where_nothing_in_range_can_start_plans_as_a_whole_one(
    smalls, most, records
):
    """A cycle stops planning ahead once no job left in its range could start, and
    works its estimates out when they are read: the same ones, and the same starts,
    as a cycle that plans its whole range at once, wherever its map's table fills."""
    with patch.object(backfill, "_PROVE_AFTER", 0):  # from the first job on
        lazy = _history(smalls, most, records)
    with _planning_whole_ranges():
        whole = _history(smalls, most, records)
    assert lazy == whole


@contextmanager
def _planning_whole_ranges() -> Iterator[None]:
    """Backfill cycles that plan every job of their range at once: every request is
    taken to be able to start until reached."""
    startable = backfill._Startable
    init = startable.__init__

    def never_done(self: backfill._Startable, *args: object) -> None:
        init(self, *args)  # type: ignore[arg-type]
        self.left = 1 << 62

    with (
        patch.object(startable, "__init__", never_done),
        patch.object(startable, "update", lambda _: None),
        patch.object(startable, "in_reach", lambda *_: True),
    ):
        yield
