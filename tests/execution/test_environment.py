"""The batch script's environment: --export rules, then the job's own variables."""

from dataclasses import replace
from typing import Any

import pytest

from slurmsim.execution.environment import (
    as_script_had,
    batch_environment,
    counted,
    exported,
    het_environment,
    in_het_group,
)
from slurmsim.model.jobs import Job, JobRequest, NodeAlloc
from slurmsim.model.time import Instant
from slurmsim.model.tres import Gres

SHELL = {"HOME": "/home/ana", "PATH": "/bin", "SLURM_SUBMIT_DIR": "/home/ana/run", "EDITOR": "vi"}


@pytest.mark.parametrize(
    ("export", "want"),
    [
        pytest.param(None, SHELL, id="the default passes everything"),
        pytest.param("ALL", SHELL, id="ALL passes everything"),
        pytest.param("NONE", {"SLURM_SUBMIT_DIR": "/home/ana/run"}, id="NONE keeps SLURM_ only"),
        pytest.param(
            "EDITOR,X=1",
            {"SLURM_SUBMIT_DIR": "/home/ana/run", "EDITOR": "vi", "X": "1"},
            id="a list passes its names and values",
        ),
        pytest.param("ALL,X=1", {**SHELL, "X": "1"}, id="ALL first adds values to everything"),
        pytest.param(
            "NOPE", {"SLURM_SUBMIT_DIR": "/home/ana/run"}, id="a name not set is not made up"
        ),
    ],
)
def test_exported_follows_the_export_rules(export: str | None, want: dict[str, str]) -> None:
    assert exported(export, SHELL) == want


@pytest.mark.parametrize(
    ("values", "want"),
    [
        pytest.param([72, 72, 36], "72(x2),36", id="a run then a single"),
        pytest.param([8], "8", id="one node"),
        pytest.param([2, 1, 2], "2,1,2", id="no runs"),
    ],
)
def test_counted_writes_slurms_run_length_lists(values: list[int], want: str) -> None:
    assert counted(values) == want


def _job(**request: Any) -> Job:
    base = JobRequest(name="train", user="ana", account="research", partition="gpu", qos="normal")
    job = Job(job_id=42, request=replace(base, **request), submit_time=Instant(0))
    job.alloc = (
        NodeAlloc("dgx1", cpus=16, mem=64000, gpus=(2, 3)),
        NodeAlloc("dgx2", cpus=16, mem=64000, gpus=(0, 1)),
    )
    return job


@pytest.mark.parametrize(
    ("request_fields", "want", "absent"),
    [
        pytest.param(
            {},
            {
                "SLURM_JOB_ID": "42",
                "SLURM_JOBID": "42",
                "SLURM_JOB_NAME": "train",
                "SLURM_JOB_NODELIST": "dgx[1-2]",
                "SLURM_NODELIST": "dgx[1-2]",
                "SLURM_NNODES": "2",
                "SLURM_JOB_CPUS_PER_NODE": "16(x2)",
                "SLURM_CPUS_ON_NODE": "16",
                "SLURM_MEM_PER_NODE": "64000",
                "SLURM_GPUS_ON_NODE": "2",
                "SLURM_JOB_GPUS": "2,3",
                "CUDA_VISIBLE_DEVICES": "2,3",
                "SLURMD_NODENAME": "dgx1",
                "SLURM_CLUSTER_NAME": "dgxcluster",
                "SLURM_JOB_PARTITION": "gpu",
                "SLURM_JOB_ACCOUNT": "research",
                "SLURM_JOB_QOS": "normal",
                "HOME": "/home/ana",
            },
            ("SLURM_NTASKS", "SLURM_CPUS_PER_TASK", "SLURM_ARRAY_JOB_ID", "SLURM_EXPORT_ENV"),
            id="a plain job gets its ids, nodes, CPUs and the first node's GPUs",
        ),
        pytest.param(
            {"num_tasks": 4, "ntasks_set": True, "cpus_per_task": 4, "ntasks_per_node": 2},
            {
                "SLURM_NTASKS": "4",
                "SLURM_NTASKS_PER_NODE": "2",
                "SLURM_TASKS_PER_NODE": "2(x2)",
                "SLURM_CPUS_PER_TASK": "4",
            },
            (),
            id="task options given appear",
        ),
        pytest.param(
            {
                "min_nodes": 2,
                "num_tasks": 2,
                "cpus_per_task": 8,
                "gres_per_node": (Gres("gpu", None, 2),),
                "shown": (("ntasks-per-gpu", "2"),),
            },
            {"SLURM_NTASKS": "8", "SLURM_TASKS_PER_NODE": "4(x2)", "SLURM_CPUS_PER_TASK": "8"},
            ("SLURM_NTASKS_PER_NODE",),
            id="--ntasks-per-gpu: the GPUs' tasks, whatever the CPUs (the oracle's 8 and 4(x2))",
        ),
        pytest.param(
            {
                "num_tasks": 2,
                "ntasks_set": True,
                "cpus_per_task": 3,
                "shown": (("cpus-per-gpu", "3"),),
            },
            {"SLURM_NTASKS": "2", "SLURM_CPUS_PER_GPU": "3"},
            ("SLURM_CPUS_PER_TASK",),
            id="the CPUs per task --cpus-per-gpu sets are not -c's (the oracle)",
        ),
        pytest.param(
            {"export": "NONE", "mem_per_cpu": 4000},
            {"SLURM_EXPORT_ENV": "NONE", "SLURM_MEM_PER_CPU": "4000"},
            ("HOME", "SLURM_MEM_PER_NODE"),
            id="export NONE drops the shell; memory per CPU replaces per node",
        ),
    ],
)
def test_batch_environment_describes_the_job(
    request_fields: dict[str, object], want: dict[str, str], absent: tuple[str, ...]
) -> None:
    env = batch_environment(
        _job(**request_fields), cluster="dgxcluster", submitted=SHELL, uid=1000, gid=1000
    )
    assert {k: env.get(k) for k in want} == want
    assert [k for k in absent if k in env] == []


def test_batch_environment_names_an_array_task() -> None:
    job = _job()
    job.array_job_id, job.array_task_id = 40, 3
    env = batch_environment(job, cluster="c", submitted={}, uid=0, gid=0)
    assert (env["SLURM_ARRAY_JOB_ID"], env["SLURM_ARRAY_TASK_ID"]) == ("40", "3")


@pytest.mark.parametrize(
    ("shown", "want"),
    [
        pytest.param((("gpus-per-node", "h100:2"),), {"SLURM_GPUS_PER_NODE": "h100:2"},
                     id="--gpus-per-node as typed"),
        pytest.param((("gpus-per-task", "1"), ("gpus", "3")),
                     {"SLURM_GPUS_PER_TASK": "1", "SLURM_GPUS": "3"}, id="per task and per job"),
        pytest.param((("tres-per-node", "gres:gpu:2"),), {}, id="--gres sets none"),
    ],
)  # fmt: skip
def test_the_gpu_options_are_repeated_as_typed(shown, want) -> None:
    env = batch_environment(_job(shown=shown), cluster="c", submitted={}, uid=1, gid=1)
    got = {k: v for k, v in env.items() if k.startswith("SLURM_GPUS") and k != "SLURM_GPUS_ON_NODE"}
    assert got == want


LEADER = {
    "SLURM_JOB_ID": "7",
    "SLURM_JOBID": "7",
    "SLURM_JOB_NODELIST": "dgx3",
    "SLURM_NODELIST": "dgx3",
    "SLURM_JOB_NUM_NODES": "1",
    "SLURM_NNODES": "1",
    "SLURM_CPUS_PER_TASK": "4",
    "SLURM_MEM_PER_CPU": "16384",
}
SECOND = {
    "SLURM_JOB_ID": "8",
    "SLURM_JOB_NODELIST": "dgx[1-2]",
    "SLURM_JOB_NUM_NODES": "2",
    "SLURM_NTASKS": "2",
    "SLURM_MEM_PER_NODE": "10240",
}


def test_a_heterogeneous_jobs_script_sees_every_component_suffixed() -> None:
    env = het_environment(LEADER, [LEADER, SECOND])
    assert env["SLURM_HET_SIZE"] == env["SLURM_PACK_SIZE"] == "2"
    assert (
        env["SLURM_JOB_NODELIST_HET_GROUP_1"]
        == env["SLURM_JOB_NODELIST_PACK_GROUP_1"]
        == "dgx[1-2]"
    )
    assert env["SLURM_NTASKS_HET_GROUP_1"] == "2"
    assert "SLURM_NTASKS_HET_GROUP_0" not in env
    # What sbatch sets from the leader's options shows only suffixed (the oracle); what
    # the controller sets stays.
    assert "SLURM_CPUS_PER_TASK" not in env
    assert env["SLURM_CPUS_PER_TASK_HET_GROUP_0"] == "4"
    assert env["SLURM_MEM_PER_CPU"] == "16384"


def test_srun_het_group_takes_that_components_variables() -> None:
    env = het_environment(LEADER, [LEADER, SECOND])
    assert in_het_group(env, "1") == 8  # the step goes to component 1's job
    assert (env["SLURM_JOB_ID"], env["SLURM_JOBID"]) == ("7", "7")  # its tasks see the leader
    assert (env["SLURM_NODELIST"], env["SLURM_NNODES"]) == ("dgx[1-2]", "2")
    assert env["SLURM_MEM_PER_NODE"] == "10240"
    assert "SLURM_MEM_PER_CPU" not in env  # the leader's, not this component's
    before = dict(env)
    assert in_het_group(env, "0,1") is None
    assert in_het_group(env, "5") is None
    assert env == before


def test_a_component_steps_tasks_see_the_leaders_memory_and_no_options() -> None:
    env = het_environment(LEADER, [LEADER, {**SECOND, "SLURM_GPUS_PER_NODE": "1"}])
    in_het_group(env, "1")  # what srun reads its step from: component 1's
    assert (env["SLURM_GPUS_PER_NODE"], env["SLURM_MEM_PER_NODE"]) == ("1", "10240")
    as_script_had(env)  # what its tasks see: the leader's script's (the oracle)
    assert "SLURM_GPUS_PER_NODE" not in env
    assert "SLURM_MEM_PER_NODE" not in env  # the leader asked memory per CPU
    assert env["SLURM_MEM_PER_CPU"] == "16384"
    assert env["SLURM_JOB_NODELIST"] == "dgx[1-2]"
