"""A pool's copies share node entries, so no change to the pool may show in a copy."""

from collections.abc import Callable

import pytest

from slurmsim.engine.select import Pool
from slurmsim.model.jobs import NodeAlloc
from tests.engine.builders import cluster

TAKEN = (NodeAlloc("dgx1", 16, 1000, (0, 1)),)


def _take(pool: Pool) -> None:
    pool.take(TAKEN)


def _give(pool: Pool) -> None:
    pool.give(TAKEN)


def _lend(pool: Pool) -> None:
    pool.lend_cores(TAKEN)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_take, id="the pool takes a job's share"),
        pytest.param(_give, id="the pool is given a job's share back"),
        pytest.param(_lend, id="the pool lends a job's cores"),
    ],
)
def test_copy_keeps_what_was_free_when_the_pool_then_changes(
    change: Callable[[Pool], None],
) -> None:
    pool = Pool.of(cluster().nodes, ())
    pool.take(TAKEN)  # something to give back
    copy = pool.copy()
    part = pool.copy(["dgx1"])
    before = {name: (f.cpus, f.mem, list(f.gpus), f.jobs) for name, f in copy.free.items()}
    change(pool)
    assert {n: (f.cpus, f.mem, list(f.gpus), f.jobs) for n, f in copy.free.items()} == before
    only = part.free["dgx1"]
    assert (only.cpus, only.mem, list(only.gpus), only.jobs) == before["dgx1"]
