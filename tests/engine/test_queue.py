"""The ready queue's written-down order across admissions (``slurmsim.engine.queue``).

A job admitted after every place written down leaves the order standing: walks begun
before the admission never see it, walks begun after see it in its place, and kept
walks resume where they stopped.
"""

import random
from collections.abc import Iterator

import pytest

from slurmsim.engine.queue import ReadyQueue, Walker
from slurmsim.model.jobs import Job
from slurmsim.model.time import Instant
from tests.engine.builders import job as request


class Harness:
    """A queue with its pass sequence, as ``Context`` drives it; with no age weight (the
    default) a job's priority is its own part, fresh or recalculated."""

    def __init__(self, weight: float = 0.0, max_age: int = 0) -> None:
        self.queue = ReadyQueue(weight, max_age, key_of=lambda job: job.priority)
        self.seq = 0
        self.tiers: dict[int, int] = {}

    def admit(
        self, job_id: int, priority: int, tier: int = 1, own: float | None = None, cohort: int = 0
    ) -> Job:
        """Queue a job that accrues age from now and comes with ``priority``."""
        self.seq += 1
        job = Job(job_id, request(), Instant(job_id), priority=priority)
        job.accrue_time = Instant(self.seq)
        self.tiers[job_id] = tier
        self.queue.admit(job, tier, cohort, float(priority if own is None else own), self.seq)
        return job

    def remove(self, job: Job) -> None:
        """``job`` starts, in a pass of its own."""
        self.seq += 1
        self.queue.remove(job, self.seq)

    def walk(self) -> Walker:
        self.seq += 1
        return self.queue.walk(self.seq)

    def expected(self) -> list[int]:
        """Slurm's order of the queued jobs: tier, priority, submit time, id."""
        jobs, priority = self.queue.jobs.values(), self.queue.priority
        key = {
            j.job_id: (-self.tiers[j.job_id], -priority(j.job_id), j.submit_time, j.job_id)
            for j in jobs
        }
        return sorted(key, key=key.__getitem__)


def ids(jobs: Iterator[Job]) -> list[int]:
    return [job.job_id for job in jobs]


def test_a_walk_begun_before_an_admission_does_not_see_the_job() -> None:
    h = Harness()
    h.admit(1, 100)
    h.admit(2, 50)
    old = h.walk()
    assert next(old).job_id == 1
    old.keep()
    h.admit(3, 10)  # after every place written down
    new = h.walk()
    assert new.order is old.order
    assert ids(old) == [2]
    assert ids(new) == [1, 2, 3]


def test_a_job_that_goes_before_a_written_place_makes_a_new_order() -> None:
    h = Harness()
    for job_id, priority in ((1, 100), (2, 50), (3, 10)):
        h.admit(job_id, priority)
    old = h.walk()
    assert ids([next(old), next(old)]) == [1, 2]
    old.keep()
    h.admit(4, 75)  # before job 2, written down
    new = h.walk()
    assert new.order is not old.order
    assert ids(old) == [3]
    assert ids(new) == [1, 4, 2, 3]


def test_an_admitted_job_goes_before_the_fresh_entry_the_merge_holds() -> None:
    h = Harness()
    h.admit(1, 100)
    h.admit(2, 50)
    h.queue.recalculate(Instant(10))
    h.admit(3, 60)  # fresh, held by the merge while job 1 is written down
    old = h.walk()
    assert next(old).job_id == 1
    old.keep()
    h.admit(4, 70)
    new = h.walk()
    assert new.order is old.order
    assert ids(new) == [1, 4, 3, 2]
    assert ids(old) == [3, 2]


def test_a_kept_walk_resumes_at_its_job_past_admissions_and_removals() -> None:
    h = Harness()
    jobs = [h.admit(job_id, 100 - job_id) for job_id in range(1, 5)]
    old = h.walk()
    assert ids([next(old), next(old)]) == [1, 2]
    old.keep()
    h.remove(jobs[0])
    h.admit(5, 1)
    h.remove(jobs[2])
    new = h.walk()
    assert new.order is old.order
    assert ids(old) == [3, 4]  # job 3 left after the walk began: still seen
    assert ids(new) == [2, 4, 5]


def test_a_complete_order_writes_an_admitted_job_down_at_once() -> None:
    h = Harness()
    h.admit(1, 100)
    old = h.walk()
    assert ids(old) == [1]  # the merge is done
    h.admit(2, 50)
    h.admit(3, 40, tier=0)  # a tier the merge never had
    new = h.walk()
    assert new.order is old.order
    assert ids(old) == []
    assert ids(new) == [1, 2, 3]


def test_a_new_lower_tier_is_merged_in_its_turn() -> None:
    h = Harness()
    h.admit(1, 100, tier=2)
    h.admit(2, 90, tier=2)
    old = h.walk()
    assert next(old).job_id == 1
    h.admit(3, 500, tier=1)
    new = h.walk()
    assert new.order is old.order
    assert ids(new) == [1, 2, 3]


def test_skip_passes_admitted_jobs_by_their_keys() -> None:
    h = Harness()
    h.admit(1, 100)
    h.admit(2, 7)
    old = h.walk()
    assert next(old).job_id == 1
    h.admit(3, 7)
    new = h.walk()
    assert next(new).job_id == 1
    assert new.skip({7}, 10) == (1, 2)
    assert next(new, None) is None


@pytest.mark.parametrize("seed", range(40))
def test_walks_match_slurms_order_under_random_admissions_and_removals(seed: int) -> None:
    _random_run(random.Random(seed), Harness(), ageing=False)


@pytest.mark.parametrize("seed", range(40))
def test_walks_match_slurms_order_as_jobs_age_and_shares_move(seed: int) -> None:
    _random_run(random.Random(seed), Harness(1000.0, 40), ageing=True)


@pytest.mark.parametrize("seed", [75, 620, 684, 761, 1177])
def test_kept_walks_keep_slurms_order_over_lists_of_mixed_values(seed: int) -> None:
    """Runs that once failed: a kept walk read the copies it took of lists whose entries
    had different values as if all had one (``_copy`` dropped ``uniform``), and merged
    them out of order."""
    _random_run(random.Random(seed), Harness(1000.0, 40), ageing=True)


def _random_run(rng: random.Random, h: Harness, ageing: bool) -> None:
    """Random admissions, starts, recalculations and walks; every walk, resumed at the
    end, has seen exactly the queue as it was when it began, in Slurm's order."""
    kept: list[tuple[Walker, list[int]]] = []  # a walk, and the jobs it has still to see
    next_id = 1
    for _ in range(60):
        roll = rng.random()
        if roll < 0.45:
            tier = rng.choice((1, 1, 1, 0, 2))
            if ageing:
                own, cohort = rng.randrange(300), rng.randrange(2)
                h.admit(next_id, rng.randrange(1, 600), tier, own, cohort)
            else:
                h.admit(next_id, rng.randrange(1, 20), tier)
            next_id += 1
        elif roll < 0.6 and h.queue.jobs:
            h.remove(rng.choice(list(h.queue.jobs.values())))
        elif roll < 0.65:
            shares = {0: rng.randrange(100) / 3, 1: rng.randrange(100) / 7} if ageing else None
            h.queue.recalculate(Instant(h.seq), shares)
        else:
            walk, want = h.walk(), h.expected()
            seen = ids(next(walk) for _ in range(min(len(want), rng.randrange(4))))
            assert seen == want[: len(seen)]
            walk.keep()
            kept.append((walk, want[len(seen) :]))
    for walk, want in kept:
        assert ids(walk) == want
