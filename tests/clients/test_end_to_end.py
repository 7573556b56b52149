"""Whole flows of the client libraries, unmodified, with slurmsim's commands on PATH.

The cluster runs under ``clock mode realtime`` with execution on, so jobs really run
their scripts: submitit's result is pickled from inside its job, dask's workers connect
back to the scheduler, snakemake's rules write their files. Each flow is bounded in time
(``DEADLINE``), and the cluster is left with no job and no process behind.
"""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.clients.test_library_parsers import on_path

__all__ = ["on_path"]

#: How long a flow may take before its test fails: the whole job, start to result.
DEADLINE = 60


def _slurm(*argv: str) -> str:
    return subprocess.run(argv, capture_output=True, text=True, check=True, timeout=30).stdout


#: The project's root: jobs must import this module to unpickle submitit's functions.
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def live(on_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The default cluster running in wall time with execution on; idle again afterwards."""
    # Jobs inherit the environment (--export=ALL), as on a cluster that shares $HOME.
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    _slurm("slurmsim", "clock", "mode", "realtime")
    _slurm("slurmsim", "exec", "on")
    yield on_path
    _slurm("scancel", "--user", os.environ.get("SLURMSIM_USER", "root"))
    end = time.monotonic() + 30
    while _slurm("slurmsim", "exec") or _slurm("squeue", "-h"):
        if time.monotonic() > end:
            pytest.fail("jobs or their processes outlived the test")
        time.sleep(0.5)


def within_deadline(what: str, done: Any) -> None:
    end = time.monotonic() + DEADLINE
    while not done():
        if time.monotonic() > end:
            pytest.fail(f"{what} not done after {DEADLINE} s")
        time.sleep(0.5)


# ---- submitit ------------------------------------------------------------------------------


@pytest.fixture
def executor(live: Path, tmp_path: Path) -> Iterator[Any]:
    submitit = pytest.importorskip("submitit")
    # submitit remembers job states process-wide, and every test's new cluster numbers
    # its jobs from 1 again: forget the last test's jobs.
    watcher = submitit.slurm.slurm.SlurmJob.watcher
    watcher.clear()
    ex = submitit.AutoExecutor(folder=tmp_path / "submitit", cluster="slurm")
    ex.update_parameters(timeout_min=5, slurm_partition="gpu")
    yield ex
    watcher.clear()


def result(job: Any) -> Any:
    """The job's result, failing the test when it is not done within DEADLINE."""
    within_deadline(f"job {job.job_id}", lambda: job.done(force_check=True))
    return job.result()


def add(a: int, b: int) -> int:
    return a + b


def fail() -> None:
    raise ValueError("the job's own error")


def test_submitit_returns_a_function_result(executor: Any) -> None:
    assert result(executor.submit(add, 2, 3)) == 5


def test_submitit_map_array_returns_each_result(executor: Any) -> None:
    jobs = executor.map_array(add, [1, 2, 3], [10, 20, 30])
    assert [result(job) for job in jobs] == [11, 22, 33]


def test_submitit_failing_job_raises_its_traceback(executor: Any) -> None:
    with pytest.raises(Exception, match="the job's own error"):
        result(executor.submit(fail))


def test_submitit_cancel_ends_the_job_as_cancelled(executor: Any) -> None:
    job = executor.submit(time.sleep, 300)
    within_deadline(f"job {job.job_id} start", lambda: job.state == "RUNNING")
    job.cancel()
    within_deadline(f"job {job.job_id} cancel", lambda: job.done(force_check=True))
    assert job.state.startswith("CANCELLED")


# ---- dask-jobqueue -------------------------------------------------------------------------


def test_dask_jobqueue_workers_connect_back_and_compute(live: Path, tmp_path: Path) -> None:
    """SLURMCluster scaled to two workers: both jobs start, connect, compute, and end."""
    dask_jobqueue = pytest.importorskip("dask_jobqueue")
    distributed = pytest.importorskip("distributed")
    with dask_jobqueue.SLURMCluster(
        cores=1,
        memory="1GB",
        queue="gpu",
        walltime="00:05:00",
        processes=1,
        log_directory=str(tmp_path / "logs"),
    ) as cluster:
        cluster.scale(2)
        with distributed.Client(cluster) as client:
            client.wait_for_workers(2, timeout=DEADLINE)
            futures = client.map(lambda x: x * x, range(10))
            assert sum(client.gather(futures)) == 285
            workers = client.scheduler_info()["workers"].values()
            assert len({(w["host"], w["name"]) for w in workers}) == 2


# ---- snakemake -----------------------------------------------------------------------------

SNAKEFILE = """\
rule all:
    input: "shout.txt"

rule greet:
    output: "greeting.txt"
    shell: "echo hello from $SLURM_JOB_ID > {output}"

rule shout:
    input: "greeting.txt"
    output: "shout.txt"
    shell: "tr a-z A-Z < {input} > {output}"
"""


def test_snakemake_runs_a_two_rule_workflow_on_the_cluster(live: Path, tmp_path: Path) -> None:
    """Each rule is its own sbatch job whose step (srun) runs the rule; sacct follows them."""
    pytest.importorskip("snakemake_executor_plugin_slurm")
    snakemake = Path(sys.executable).parent / "snakemake"
    if not snakemake.exists():
        pytest.skip("snakemake is not installed beside this Python")
    (tmp_path / "Snakefile").write_text(SNAKEFILE)
    done = subprocess.run(
        [
            str(snakemake),
            *("--executor", "slurm", "--jobs", "2", "--latency-wait", "5"),
            *("--default-resources", "slurm_partition=gpu", "slurm_account=research", "runtime=5"),
            *("--slurm-init-seconds-before-status-checks", "1"),
            *("--seconds-between-status-checks", "1"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=DEADLINE * 4,  # snakemake polls its jobs every 40 s or so
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "shout.txt").read_text().startswith("HELLO FROM ")
    states = _slurm("sacct", "-X", "-n", "-P", "-o", "state")
    assert states == "COMPLETED\nCOMPLETED\n"


# ---- PSI/J -------------------------------------------------------------------------------


def test_psij_runs_a_job_and_cancels_another(
    live: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PSI/J's Slurm executor: a script by file, squeue -O ... -t all --me to follow it,
    its exit code from the file the script writes, scancel for the other."""
    psij = pytest.importorskip("psij")
    from psij.executors.batch.slurm import SlurmExecutorConfig

    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".psij").mkdir()  # psij 0.9 expects it
    config = SlurmExecutorConfig(queue_polling_interval=1, initial_queue_polling_delay=1)
    executor = psij.JobExecutor.get_instance("slurm", config=config)
    out = tmp_path / "out.txt"
    spec = psij.JobSpec(
        executable="/bin/sh", arguments=["-c", "echo hello"], stdout_path=out, directory=tmp_path
    )
    spec.attributes = psij.JobAttributes(queue_name="gpu", duration=timedelta(minutes=5))
    job = psij.Job(spec)
    executor.submit(job)
    status = job.wait(timeout=timedelta(seconds=DEADLINE))
    assert (status.state, status.exit_code) == (psij.JobState.COMPLETED, 0)
    assert out.read_text() == "hello\n"
    other = psij.Job(psij.JobSpec(executable="/bin/sleep", arguments=["300"], directory=tmp_path))
    executor.submit(other)
    other.cancel()
    assert other.wait(timeout=timedelta(seconds=DEADLINE)).state == psij.JobState.CANCELED


# ---- Parsl -------------------------------------------------------------------------------


def test_parsl_slurm_provider_submits_follows_and_cancels(live: Path, tmp_path: Path) -> None:
    """Parsl's SlurmProvider: sbatch with its own script, sacct -X to follow the jobs."""
    providers = pytest.importorskip("parsl.providers")
    provider = providers.SlurmProvider(
        partition="gpu", nodes_per_block=1, walltime="00:05:00", exclusive=False
    )
    provider.script_dir = str(tmp_path)  # set by parsl's executors in a whole workflow
    mark = tmp_path / "mark.txt"
    job = provider.submit(f"echo hello > {mark}", tasks_per_node=1, job_name="parsl.test")
    within_deadline(f"parsl job {job}", lambda: provider.status([job])[0].terminal)
    assert provider.status([job])[0].state.name == "COMPLETED"
    assert mark.read_text() == "hello\n"
    other = provider.submit("sleep 300", tasks_per_node=1, job_name="parsl.other")
    assert provider.cancel([other]) == [True]
    within_deadline(f"parsl job {other}", lambda: provider.status([other])[0].terminal)
    assert provider.status([other])[0].state.name == "CANCELLED"
