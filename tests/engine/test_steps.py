"""Placing a step in its job's allocation (engine/steps.py): nodes, tasks, CPUs, GPUs, and
when a step must wait for the resources other steps hold."""

import pytest

from slurmsim.engine.steps import TOO_MANY_CPUS, check, end_step, place
from slurmsim.model.errors import GRES_ERROR, SlurmError
from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.steps import NodeCountError, Step, StepRequest
from slurmsim.model.time import Instant
from tests.engine.builders import job as request_of

T0 = Instant(1000)


def running_job(cpus: tuple[int, ...], gpus: int = 0) -> Job:
    """A running job with ``cpus[i]`` CPUs and ``gpus`` GPUs on node dgx<i+1>."""
    alloc = tuple(
        NodeAlloc(f"dgx{i + 1}", n, n * 16384, tuple(range(gpus))) for i, n in enumerate(cpus)
    )
    return Job(1, request_of(), T0, state=JobState.RUNNING, start_time=T0, alloc=alloc)


def ask(**fields: object) -> StepRequest:
    return StepRequest(name="step", user="alice", **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cpus", "asked", "want"),
    [
        pytest.param((2, 2), ask(num_tasks=4), (("dgx1", "dgx2"), (2, 2), 4, "block"),
                     id="four tasks fill two nodes of two CPUs"),
        pytest.param((3, 1), ask(num_tasks=4), (("dgx1", "dgx2"), (3, 1), 4, "block"),
                     id="a round at a time: tasks follow the CPUs each node has"),
        pytest.param((2, 2), ask(num_tasks=1), (("dgx1",), (1,), 2, "cyclic"),
                     id="one task takes one node and all the job's CPUs there"),
        pytest.param((2, 2), ask(num_tasks=2), (("dgx1", "dgx2"), (1, 1), 4, "cyclic"),
                     id="as many tasks as nodes: one on each"),
        pytest.param((2, 2), ask(num_tasks=1, exact=True), (("dgx1",), (1,), 1, "cyclic"),
                     id="--exact takes only the CPUs its tasks need"),
        pytest.param((4, 4), ask(num_tasks=2, cpus_per_task=2, num_nodes=1),
                     (("dgx1",), (2,), 4, "block"), id="-c counts CPUs per task"),
        pytest.param((2, 2), ask(num_nodes=2), (("dgx1", "dgx2"), (1, 1), 4, "cyclic"),
                     id="-N alone: one task per node"),
        pytest.param((2, 2), ask(num_tasks=2, nodelist=("dgx2",)), (("dgx2",), (2,), 2, "block"),
                     id="-w keeps the step on the nodes named"),
    ],
)  # fmt: skip
def test_place_lays_tasks_over_the_jobs_nodes(
    cpus: tuple[int, ...], asked: StepRequest, want: tuple[object, ...]
) -> None:
    """``want``: the step's nodes, tasks per node, CPUs and distribution."""
    step = place(running_job(cpus), [], asked, T0)
    assert step is not None
    assert (step.nodes, step.tasks, step.num_cpus, step.distribution) == want


@pytest.mark.parametrize(
    ("asked", "error"),
    [
        pytest.param(
            ask(num_nodes=3), "Only allocated 2 nodes asked for 3", id="-N above the job's"
        ),
        pytest.param(ask(num_tasks=5), TOO_MANY_CPUS, id="more tasks than CPUs"),
        pytest.param(ask(num_tasks=2, cpus_per_task=3), TOO_MANY_CPUS, id="-c above a node's CPUs"),
        pytest.param(ask(gpus_per_node=3), GRES_ERROR, id="more GPUs per node than the job's"),
        pytest.param(ask(gpus=5, num_tasks=2), GRES_ERROR, id="more GPUs than the step's nodes"),
    ],
)
def test_place_refuses_what_the_job_cannot_give(asked: StepRequest, error: str) -> None:
    job = running_job((2, 2), gpus=2)
    with pytest.raises(SlurmError) as raised:
        place(job, [], asked, T0)
    assert raised.value.message == error
    assert isinstance(raised.value, NodeCountError) == error.startswith("Only")
    with pytest.raises(SlurmError) as checked:  # as a script's srun is judged, alone
        check(job, asked)
    assert checked.value.message == error


def _holding(job: Job, request: StepRequest) -> list[Step]:
    step = place(job, [], request, T0)
    assert step is not None
    return [step]


@pytest.mark.parametrize(
    ("first", "second", "waits"),
    [
        pytest.param(ask(num_tasks=2), ask(num_tasks=1), True,
                     id="a step holds every CPU of its nodes: the next waits"),
        pytest.param(ask(num_tasks=2), ask(num_tasks=1, overlap=True), False,
                     id="--overlap shares them"),
        pytest.param(ask(num_tasks=2, overlap=True), ask(num_tasks=1), False,
                     id="an --overlap step holds nothing"),
        pytest.param(ask(num_tasks=1, exact=True), ask(num_tasks=1, exact=True), False,
                     id="two --exact steps share a node's CPUs"),
        pytest.param(ask(num_tasks=2, exact=True, gpus_per_node=2),
                     ask(num_tasks=1, exact=True, gpus_per_node=1), True,
                     id="GPUs another step holds are not given twice"),
        pytest.param(ask(num_tasks=1, exact=True, gpus_per_node=2),
                     ask(num_tasks=1, exact=True, gpus_per_node=1), False,
                     id="a step goes to a node no step uses first"),
    ],
)  # fmt: skip
def test_place_waits_for_what_other_steps_hold(
    first: StepRequest, second: StepRequest, waits: bool
) -> None:
    job = running_job((2, 2), gpus=2)
    assert (place(job, _holding(job, first), second, T0) is None) == waits
    check(job, second)  # waiting is no refusal


def test_an_ended_step_holds_nothing() -> None:
    job = running_job((2, 2))
    held = [end_step(_holding(job, ask(num_tasks=2))[0], T0, 0, 0)]
    step = place(job, held, ask(num_tasks=1), T0)
    assert step is not None
    assert step.step_id == 1


@pytest.mark.parametrize(
    ("code", "signal", "state"),
    [
        pytest.param(0, 0, JobState.COMPLETED, id="all tasks exit 0: COMPLETED"),
        pytest.param(4, 0, JobState.FAILED, id="an exit code: FAILED"),
        pytest.param(0, 9, JobState.CANCELLED, id="a signal: CANCELLED"),
    ],
)
def test_end_step_records_how_its_tasks_ended(code: int, signal: int, state: JobState) -> None:
    step = _holding(running_job((2,)), ask())[0]
    assert end_step(step, Instant(T0 + 5), code, signal).state is state
