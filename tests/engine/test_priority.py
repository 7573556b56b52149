"""Multifactor priority and Fair Tree against golden 105, 106, 110, 148."""

import math

import pytest

from slurmsim.engine.fairshare import share_rows
from slurmsim.engine.priority import BASIC_TOP, factors, priority
from slurmsim.engine.submit import submit
from tests.engine.builders import GOLDEN_USAGE, cluster, job


@pytest.mark.parametrize(
    ("user", "account", "want"),
    [
        pytest.param("carol", "product", 1.0, id="carol: product's level fair share is highest"),
        pytest.param("root", "research", 0.8, id="research/root: no usage ranks first inside"),
        pytest.param("bob", "research", 0.6, id="bob before alice"),
        pytest.param("alice", "research", 0.4, id="alice used most of research"),
        pytest.param("root", "root", 0.2, id="root/root: used far beyond its 1 share"),
    ],
)
def test_fair_tree_factors_match_golden_110(user, account, want):
    rows = share_rows(cluster(usage=GOLDEN_USAGE))
    row = next(r for r in rows if r.assoc.user == user and r.assoc.account == account)
    assert row.fairshare == pytest.approx(want)


@pytest.mark.parametrize(
    ("request_", "want"),
    [
        pytest.param(
            job("small", nodes=1, gpus_per_node=8),
            (4000, 126, 500, 0, 4626),
            id="alice, 1 node 1 CPU in gpu (golden 105: 239)",
        ),
        pytest.param(
            job("big-eval", user="carol", nodes=2, gpus_per_node=8),
            (10000, 252, 500, 0, 10752),
            id="carol, 2 nodes (golden 105: 238)",
        ),
        pytest.param(
            job("too-long", partition="debug"),
            (4000, 126, 1000, 0, 5126),
            id="debug's PriorityJobFactor 2 is the highest (golden 105: 242)",
        ),
        pytest.param(
            job("urgent", user="carol", qos="high", nodes=1, gpus_per_node=8),
            (10000, 126, 500, 10000, 20626),
            id="QOS high (golden 148)",
        ),
    ],
)
def test_weighted_factors_match_golden_sprio(request_, want):
    s = cluster(usage=GOLDEN_USAGE)
    j = submit(s, request_)
    f = factors(s, j)
    got = (
        round(f.weighted_fairshare),
        round(f.weighted_job_size),
        round(f.weighted_partition),
        round(f.weighted_qos),
        j.priority,
    )
    assert got == want


def test_nice_lowers_priority():
    s = cluster(usage=GOLDEN_USAGE)
    j = submit(s, job(nice=100))
    assert j.priority == 4626 - 100


def test_basic_priority_is_fifo():
    s = cluster(priority_type="priority/basic")
    first, second = submit(s, job()), submit(s, job())
    assert (first.priority, second.priority) == (BASIC_TOP - 1, BASIC_TOP - 2)
    assert priority(s, first) > priority(s, second)


def test_age_factor_grows_with_waiting():
    from slurmsim.engine.simulate import advance

    s = cluster(usage=GOLDEN_USAGE)
    submit(s, job("blocker", nodes=4, gpus_per_node=8, limit=7 * 86400))
    waiting = submit(s, job("w", nodes=1, gpus_per_node=8))
    advance(s, s.now + 86400 + 10)
    f = factors(s, waiting)
    assert f.weighted_age == pytest.approx(1000 / 7, abs=0.2)
    # The blocker's day of running is charged to alice, so fair share moved too.
    assert waiting.priority == math.floor(f.total)
    assert f.fairshare < 0.4
