"""A pending job's task and CPU counts changed by ``scontrol update``, and the node count
the controller shows for it (tests/golden/jobcounts/; the oracle's runs after release)."""

from dataclasses import replace

import pytest

from slurmsim.engine.control import release, update_job
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.format.jobview import counted_nodes
from slurmsim.model.job_update import JobUpdate
from slurmsim.model.jobs import Hold, JobRequest, JobState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job

GB16 = 16384  # DefMemPerCPU of the default cluster


def _run_after(request: JobRequest, update: JobUpdate) -> tuple[int, int, int]:
    """A held job updated, released and run: its nodes, CPUs and memory."""
    state = cluster()
    held = submit(state, request, hold=Hold.USER)
    update_job(state, held.job_id, None, "alice", update)
    release(state, held.job_id, None, "alice")
    advance(state, Instant(T0 + 10))
    assert held.state is JobState.RUNNING
    return len(held.alloc), sum(a.cpus for a in held.alloc), sum(a.mem for a in held.alloc)


@pytest.mark.parametrize(
    ("request_", "update", "ran"),
    [
        pytest.param(
            job(tasks=2, cpus_per_task=2),
            JobUpdate(num_tasks=8),
            (1, 4, 4 * GB16),
            id="-n 2 -c 2, NumTasks=8: still 4 CPUs",
        ),
        pytest.param(
            job(tasks=2),
            JobUpdate(cpus_per_task=3),
            (1, 2, 2 * GB16),
            id="-n 2, CPUsPerTask=3: still 2 CPUs",
        ),
        pytest.param(
            job(), JobUpdate(num_cpus=(8, None)), (1, 8, 8 * GB16), id="NumCPUs=8: 8 CPUs"
        ),
        pytest.param(job(), JobUpdate(min_cpus_node=16), (1, 16, 16 * GB16), id="MinCPUsNode=16"),
        pytest.param(
            job(tasks=4),
            JobUpdate(num_cpus=(2, None)),
            (1, 2, 2 * GB16),
            id="-n 4, NumCPUs=2: 2 CPUs",
        ),
    ],
)
def test_the_cpus_a_job_runs_on_follow_numcpus_not_its_tasks(
    request_: JobRequest, update: JobUpdate, ran: tuple[int, int, int]
) -> None:
    assert _run_after(request_, update) == ran


def test_a_task_wider_than_any_node_is_put_aside_at_release() -> None:
    state = cluster()
    held = submit(state, job(), hold=Hold.USER)
    update_job(state, held.job_id, None, "alice", JobUpdate(cpus_per_task=500))
    release(state, held.job_id, None, "alice")
    assert held.hold is Hold.BAD_CONSTRAINTS


@pytest.mark.parametrize(
    ("request_", "nodes"),
    [
        pytest.param(job(tasks=5, ntasks_per_node=2), 2, id="-n 5 at two a node: 2"),
        pytest.param(job(tasks=1, cpus_per_task=8), 2, id="-n 1 -c 8: one more, 2"),
        pytest.param(job(tasks=56, cpus_per_task=2), 1, id="-n 56 -c 2: a node's worth, 1"),
        pytest.param(job(tasks=100, cpus_per_task=2), 2, id="-n 100 -c 2: 2"),
        pytest.param(job(tasks=1000), 9, id="NumTasks=1000: 9"),
        pytest.param(job(cpus_per_task=200), 1, id="-c 200 without -n: 1"),
        pytest.param(job(nodes=3, cpus_per_task=4), 3, id="-N 3 -c 4 without -n: 3"),
        pytest.param(job(tasks=200), 2, id="-n 200: 2"),
    ],
)
def test_a_held_job_shows_the_nodes_worked_out_from_its_tasks(
    request_: JobRequest, nodes: int
) -> None:
    assert counted_nodes(request_, 112) == nodes


@pytest.mark.parametrize(
    ("request_", "guess"),
    [
        pytest.param(job(tasks=1, cpus_per_task=8), 1, id="-n 1 -c 8: 1"),
        pytest.param(job(gpus=12), 2, id="--gpus=12: 2"),
        pytest.param(replace(job(nodes=2, tasks=4), max_nodes=4), 4, id="-N 2-4 -n 4: 4"),
        pytest.param(job(tasks=5, ntasks_per_node=2), 3, id="-n 5 at two a node: 3"),
    ],
)
def test_a_submission_leaves_the_test_placements_node_count(
    request_: JobRequest, guess: int
) -> None:
    state = cluster()
    assert submit(state, request_).node_guess == guess
    assert submit(state, request_, hold=Hold.USER).node_guess is None


def test_an_update_of_what_a_job_asks_for_drops_the_guess() -> None:
    state = cluster()
    pending = submit(state, job(tasks=2))
    update_job(state, pending.job_id, None, "alice", JobUpdate(num_tasks=3))
    assert pending.node_guess == 1  # the CPUs stay: so does the guess
    update_job(state, pending.job_id, None, "alice", JobUpdate(num_cpus=(4, None)))
    assert pending.node_guess is None
