"""What the tasks of a step over several components of a heterogeneous job see: the
oracle's ``srun --het-group=0 ... : --het-group=1 ...`` with the leader's two tasks on
dgx3 and component 1's two on dgx1 and dgx2 (``tests/e2e/data/hetstep.oracle.out``)."""

from dataclasses import replace

from slurmsim.execution.step_environment import (
    StepTask,
    het_step_variables,
    het_task_variables,
    step_layout,
)
from slurmsim.model.jobs import Job, JobRequest, NodeAlloc
from slurmsim.model.steps import Step
from slurmsim.model.time import Instant

REQUEST = JobRequest(name="h", user="ana", account="research", partition="gpu", qos="normal")


def _component(job_id: int, alloc: tuple[NodeAlloc, ...]) -> Job:
    job = Job(job_id=job_id, request=REQUEST, submit_time=Instant(0))
    job.alloc = alloc
    return job


LEADER = _component(7, (NodeAlloc("dgx3", cpus=2, mem=2048),))
SECOND = _component(8, (NodeAlloc("dgx1", cpus=1, mem=1024), NodeAlloc("dgx2", cpus=1, mem=1024)))


def _step(job: Job, tasks: tuple[int, ...], distribution: str) -> Step:
    return Step(0, "sh", Instant(0), job.alloc[: len(tasks)], tasks, distribution=distribution)


def test_the_step_is_counted_over_its_components_in_the_nodes_order() -> None:
    shares = [(LEADER, _step(LEADER, (2,), "block")), (SECOND, _step(SECOND, (1, 1), "cyclic"))]
    assert het_step_variables(shares) == {
        "SLURM_JOB_NODELIST": "dgx[1-3]",
        "SLURM_NODELIST": "dgx[1-3]",
        "SLURM_JOB_NUM_NODES": "3",
        "SLURM_NNODES": "3",
        "SLURM_JOB_CPUS_PER_NODE": "1(x2),2",  # dgx1 and dgx2 first, as their names go
        "SLURM_STEP_NODELIST": "dgx[1-3]",
        "SLURM_STEP_NUM_NODES": "3",
        "SLURM_STEP_NUM_TASKS": "4",
        "SLURM_STEP_TASKS_PER_NODE": "1(x2),2",
        "SLURM_TASKS_PER_NODE": "1(x2),2",
        "SLURM_NTASKS": "4",
        "SLURM_NPROCS": "4",
        "SLURM_JOB_NAME": "h",  # the last share's, for every task
        "SLURM_DISTRIBUTION": "cyclic",  # the same
    }


def test_a_step_on_part_of_a_component_shows_its_nodes_as_the_jobs() -> None:
    shown = het_step_variables([(SECOND, _step(SECOND, (1,), "cyclic"))])
    assert (shown["SLURM_JOB_NODELIST"], shown["SLURM_JOB_NUM_NODES"]) == ("dgx1", "1")
    assert shown["SLURM_JOB_CPUS_PER_NODE"] == "1(x2)"  # the whole component's


def test_a_share_ranks_its_tasks_and_indexes_its_nodes_after_the_ones_before() -> None:
    step = _step(SECOND, (1, 1), "cyclic")
    second = step_layout(step)[1]  # the share's task 1, on its node 1 (dgx2)
    assert second == StepTask(rank=1, node_index=1, local_id=0)
    assert het_task_variables(step, second, first_rank=2, first_node=1) == {
        "SLURM_PROCID": "3",
        "SLURM_NODEID": "2",
        "SLURM_GTIDS": "3",
    }
    two = replace(step, alloc=step.alloc[:1], tasks=(2,))
    assert het_task_variables(two, StepTask(1, 0, 1), 2, 1)["SLURM_GTIDS"] == "2,3"
