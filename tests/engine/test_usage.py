"""Fair-share usage: billing, charging, decay, resets and the decay thread's passes."""

import calendar
import time
from dataclasses import replace

import pytest

from slurmsim.engine.fairshare import fairshare_factors, share_rows
from slurmsim.engine.priority import factors
from slurmsim.engine.submit import submit
from slurmsim.engine.usage import (
    billing,
    charge,
    charge_end,
    decay,
    decay_factor,
    next_calc,
    recalc,
    reset_due,
)
from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job

DAY = 86400
WEEK = 7 * DAY


def running_job(s, job_id, *, user="alice", nodes=1, cpus=1, gpus=0, start=T0, partition="gpu"):
    """A job already running since ``start`` with ``cpus`` and ``gpus`` on each of ``nodes``."""
    alloc = tuple(
        NodeAlloc(f"dgx{i + 1}", cpus, cpus * 16384, tuple(range(gpus))) for i in range(nodes)
    )
    j = Job(job_id, job(user=user, nodes=nodes, partition=partition), T0, JobState.RUNNING)
    j.start_time, j.alloc, j.time_limit = Instant(start), alloc, 3600
    s.jobs[job_id] = j
    return j


@pytest.mark.parametrize(
    ("weights", "flags", "want"),
    [
        pytest.param((), (), 16.0, id="no weights: billed its CPUs"),
        pytest.param((("cpu", 1.0), ("gres/gpu", 4.0)), (), 16 + 4 * 16, id="weights add up"),
        pytest.param(
            (("cpu", 1.0), ("gres/gpu", 4.0)), ("MAX_TRES",), 64.0, id="MAX_TRES: largest only"
        ),
        pytest.param((("gres/gpu:h100", 2.0),), (), 32.0, id="a typed GPU weight weighs GPUs"),
        pytest.param((("mem", 1 / 1024),), (), 256.0, id="memory is weighed per MB"),
    ],
)
def test_billing_follows_the_partition_weights(weights, flags, want):
    s = cluster()
    s.partitions["gpu"] = replace(s.partitions["gpu"], tres_billing_weights=weights)
    s.config = replace(s.config, priority_flags=flags)
    j = running_job(s, 1, nodes=2, cpus=8, gpus=8)
    assert billing(s, j) == pytest.approx(want)


def test_charge_decays_the_interval_and_scales_by_usage_factor():
    s = cluster()
    s.qos["normal"] = replace(s.qos["normal"], usage_factor=2.0)
    j = running_job(s, 1, cpus=8)
    added = charge(s, j, T0, Instant(T0 + 3600))
    d = decay_factor(WEEK)
    assert added == pytest.approx(8 * 3600 * d**3600 * 2.0)
    assert s.usage == {6: pytest.approx(added)}


def test_charge_of_less_than_a_second_adds_nothing():
    s = cluster()
    j = running_job(s, 1)
    assert charge(s, j, T0, T0) == 0.0
    assert s.usage == {}


def test_usage_halves_over_one_half_life():
    s = cluster(usage={6: 1000.0})
    decay(s, T0, Instant(T0 + WEEK))
    assert s.usage[6] == pytest.approx(500.0, rel=1e-3)


def test_no_half_life_means_no_decay():
    s = cluster(usage={6: 1000.0})
    s.config = replace(s.config, priority_decay_half_life=0)
    decay(s, T0, Instant(T0 + WEEK))
    assert s.usage[6] == 1000.0


def _utc(text: str) -> Instant:
    return Instant(calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%S")))


@pytest.mark.parametrize(
    ("period", "last", "now", "want"),
    [
        pytest.param("NONE", "2026-11-29T19:00:00", "2026-12-29T19:00:00", False, id="NONE never"),
        pytest.param("NOW", "2026-11-29T19:00:00", "2026-12-29T19:00:00", False, id="NOW: start"),
        pytest.param(
            "DAILY", "2026-11-29T19:00:00", "2026-11-29T23:59:59", False, id="DAILY: not yet"
        ),
        pytest.param("DAILY", "2026-11-29T19:00:00", "2026-11-30T00:00:00", True, id="DAILY"),
        pytest.param(
            "WEEKLY", "2026-11-28T19:00:00", "2026-11-29T00:00:00", True, id="WEEKLY: Sunday"
        ),
        pytest.param(
            "WEEKLY", "2026-11-29T19:00:00", "2026-11-30T00:00:00", False, id="WEEKLY: Monday"
        ),
        pytest.param("MONTHLY", "2026-11-30T19:00:00", "2026-12-01T00:05:00", True, id="MONTHLY"),
        pytest.param(
            "QUARTERLY", "2026-11-30T19:00:00", "2026-12-01T00:05:00", False, id="not a quarter"
        ),
        pytest.param("QUARTERLY", "2026-12-31T19:00:00", "2027-01-01T00:05:00", True, id="Q1"),
        pytest.param("YEARLY", "2026-12-31T23:55:00", "2027-01-01T00:00:00", True, id="YEARLY"),
    ],
)
def test_reset_happens_at_the_period_boundary(period, last, now, want):
    """Boundaries are in UTC; 2026-11-29 (the golden day) is a Sunday."""
    assert reset_due(period, _utc(last), _utc(now)) is want


def test_recalc_decays_charges_running_jobs_and_takes_the_snapshot():
    s = cluster(usage={6: 100.0})
    j = running_job(s, 1, cpus=4)
    recalc(s, T0)  # the first pass only takes the snapshot (of every association)
    none = dict.fromkeys((a.id for a in s.associations), 0.0)
    assert (s.usage, s.calc_usage, s.last_usage_calc) == ({6: 100.0}, {**none, 6: 100.0}, T0)
    recalc(s, Instant(T0 + 300))
    d = decay_factor(WEEK)
    want = 100.0 * d**300 + 4 * 300 * d**300
    assert s.usage[6] == pytest.approx(want)
    assert s.calc_usage == {**none, **s.usage}
    assert next_calc(s) == T0 + 600
    assert j.state is JobState.RUNNING


def test_recalc_resets_usage_at_a_boundary():
    s = cluster(usage={6: 100.0})
    s.config = replace(s.config, priority_usage_reset_period="DAILY")
    recalc(s, T0)
    recalc(s, Instant(T0 + DAY))
    assert s.usage == {}


def test_a_job_end_raises_raw_usage_but_not_fair_share_until_the_next_pass():
    s = cluster(usage={6: 100.0, 7: 100.0})
    recalc(s, T0)
    before = fairshare_factors(s)
    j = running_job(s, 1, user="alice", cpus=100, start=T0)
    charge_end(s, j, Instant(T0 + 60))
    assert s.usage[6] > 6000
    assert fairshare_factors(s) == before
    row = next(r for r in share_rows(s) if r.assoc.user == "alice")
    assert row.raw_usage == pytest.approx(s.usage[6])
    assert row.norm_usage == pytest.approx(100.0 / 200.0)


def test_the_team_that_used_less_rises_in_priority():
    """research and product share 32 GPUs; research runs the whole cluster for a day
    while product runs one node: product's pending job overtakes research's."""
    s = cluster()
    weights = (("cpu", 1.0), ("gres/gpu", 10.0))
    s.partitions["gpu"] = replace(s.partitions["gpu"], tres_billing_weights=weights)
    waiting_research = submit(s, job("r", user="alice", nodes=1, gpus_per_node=8))
    waiting_product = submit(s, job("p", user="carol", nodes=1, gpus_per_node=8))
    recalc(s, s.now)
    even = (factors(s, waiting_research).fairshare, factors(s, waiting_product).fairshare)
    running_job(s, 100, user="alice", nodes=3, cpus=8, gpus=8, start=s.now)
    running_job(s, 101, user="carol", nodes=1, cpus=8, gpus=8, start=s.now)
    for step in range(1, DAY // 300 + 1):
        recalc(s, Instant(T0 + step * 300))
    research = factors(s, waiting_research).fairshare
    product = factors(s, waiting_product).fairshare
    assert even[0] == even[1] == 1.0
    assert product > research
    assert s.usage[4] < s.usage[6]  # carol (product) used less than alice (research)


def test_passes_charge_each_tres_and_wall_to_the_association_and_the_qos():
    """What GrpTRESMins and GrpWall count: per association and per QOS, each TRES times
    the decayed seconds, and the seconds themselves as ``wall``; a job that started within
    the period is charged from its start only."""
    s = cluster()
    running_job(s, 1, cpus=4, gpus=2)
    late = running_job(s, 2, user="bob", cpus=1, start=T0 + 100)
    recalc(s, T0)
    recalc(s, Instant(T0 + 300))
    d = decay_factor(WEEK)
    whole, part = 300 * d**300, 200 * d**200
    alice = s.tres_usage[6]
    assert alice["gres/gpu"] == pytest.approx(2 * whole)
    assert alice["cpu"] == pytest.approx(4 * whole)
    assert alice["wall"] == pytest.approx(whole)
    assert s.tres_usage[7]["wall"] == pytest.approx(part)
    assert s.qos_usage["normal"]["wall"] == pytest.approx(whole + part)
    assert s.qos_usage["normal"]["cpu"] == pytest.approx(4 * whole + part)
    charge_end(s, late, Instant(T0 + 360))
    assert s.tres_usage[7]["wall"] == pytest.approx(part + 60 * d**60)


def test_a_nodecay_qos_keeps_its_usage_through_decay_and_resets():
    s = cluster()
    s.qos["high"] = replace(s.qos["high"], flags=("NoDecay",))
    s.qos_usage = {"high": {"wall": 100.0}, "normal": {"wall": 100.0}}
    s.tres_usage = {6: {"wall": 100.0}}
    decay(s, T0, Instant(T0 + WEEK))
    assert s.qos_usage["high"]["wall"] == 100.0
    assert s.qos_usage["normal"]["wall"] == pytest.approx(50.0, rel=0.01)
    assert s.tres_usage[6]["wall"] == pytest.approx(50.0, rel=0.01)
    s.config = replace(s.config, priority_usage_reset_period="DAILY")
    recalc(s, T0)
    recalc(s, Instant(T0 + DAY))
    assert (s.tres_usage, s.qos_usage) == ({}, {"high": {"wall": 100.0}})
