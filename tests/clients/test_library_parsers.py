"""The client libraries' own parsers and command builders against slurmsim's output.

Each test imports the library's function that builds a command line or reads a
command's output and runs it against a fresh default cluster; it is skipped when
the library is not installed (``pip install -e '.[clients]'``). Tests that let the
library start the command itself need slurmsim's commands on PATH, which they are
when the library and slurmsim share a virtual environment.
"""

import asyncio
import logging
import os
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import advance, slurm
from tests.clients import commands


def run(argv: list[str], stdin: bytes = b"") -> str:
    got = slurm(*argv, stdin=stdin)
    assert (got.exit, got.err) == (0, ""), got.err
    return got.out


@pytest.fixture
def on_path(cluster: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """slurmsim's commands first on PATH, for a library that starts them itself."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "sbatch").exists():
        pytest.skip("slurmsim's commands are not installed beside this Python")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    assert shutil.which("sbatch") == str(bin_dir / "sbatch")
    return cluster


# ---- submitit ------------------------------------------------------------------------------


@pytest.fixture
def submitit_slurm() -> Any:
    return pytest.importorskip("submitit.slurm.slurm")


def test_submitit_reads_the_job_id_of_its_own_array_script(
    cluster: Path, tmp_path: Path, submitit_slurm: Any
) -> None:
    text = submitit_slurm._make_sbatch_string(
        command="python3 -u -m submitit.core._submit /x",
        folder=tmp_path / "%j",
        map_count=2,
        gpus_per_node=1,
        cpus_per_task=2,
        mem="4GB",
        exclusive=True,
    )
    script = tmp_path / "submission.sh"
    script.write_text(text)
    out = run(["sbatch", str(script)])
    assert submitit_slurm.SlurmExecutor._get_job_id_from_submission_command(out) == "1"


@pytest.mark.parametrize(
    ("clock", "wanted"),
    [
        pytest.param(0, {"1_0": ("PENDING", "None assigned")}, id="pending array"),
        pytest.param(5, {"1_0": ("RUNNING", "dgx1"), "1_1": ("RUNNING", "dgx1")}, id="running"),
    ],
)
def test_submitit_watcher_reads_sacct_states_per_array_task(
    cluster: Path, submitit_slurm: Any, clock: int, wanted: dict[str, tuple[str, str]]
) -> None:
    run(["sbatch", "--array=0-1%2", "-t", "60", "--wrap=python3 -m x"])
    advance(clock)
    watcher = submitit_slurm.SlurmInfoWatcher()
    command = ["sacct", "-o", "JobID,State,NodeList", "--parsable2", "-j", "1"]
    info = watcher.read_info(run(command))
    for task, (state, nodes) in wanted.items():
        assert (info[task]["State"], info[task]["NodeList"]) == (state, nodes)


def test_submitit_expands_a_multi_node_sacct_node_list(cluster: Path, submitit_slurm: Any) -> None:
    run(["sbatch", "-N", "3", "--exclusive", "-t", "60", "--wrap=python3 -m x"])
    advance(5)
    out = run(["sacct", "-X", "-n", "-P", "-o", "NodeList", "-j", "1"])
    assert submitit_slurm._parse_node_list(out.strip()) == ["dgx1", "dgx2", "dgx3"]


# ---- dask-jobqueue -------------------------------------------------------------------------


def test_dask_worker_script_submits_and_its_id_is_read(cluster: Path, tmp_path: Path) -> None:
    slurm_mod = pytest.importorskip("dask_jobqueue.slurm")
    job = slurm_mod.SLURMJob(
        scheduler="tcp://127.0.0.1:8786",
        name="dummy-name",
        cores=2,
        memory="2GB",
        queue="gpu",
        account="research",
        log_directory=str(tmp_path),
        job_extra_directives=["--gres=gpu:1"],
    )
    script = tmp_path / "worker.sh"
    script.write_text(job.job_script())
    out = run(["sbatch", str(script)])
    assert job._job_id_from_submit_output(out) == "1"
    advance(5)
    assert run(["squeue", "-h", "-o", "%T %P %a %C %m %l %b"]) == (
        "RUNNING gpu research 2 2G 30:00 gres:gpu:1\n"
    )


# ---- snakemake-executor-plugin-slurm -------------------------------------------------------


@pytest.fixture
def status_query() -> Any:
    return pytest.importorskip("snakemake_executor_plugin_slurm.job_status_query")


def _pinned(command: str) -> list[str]:
    """The plugin's sacct query with its wall-clock start pinned before the cluster's."""
    return shlex.split(re.sub(r"--starttime \S+", "--starttime 2026-11-27T19:00", command))


def test_snakemake_builds_status_queries_slurmsim_answers(cluster: Path, status_query: Any) -> None:
    job = run(shlex.split(commands.SNAKEMAKE_SBATCH), stdin=commands.SNAKEMAKE_SCRIPT).strip()
    squeue = shlex.split(status_query.query_job_status_squeue(commands.RUN_UUID))
    assert run(squeue) == f"{job}|PENDING\n"
    advance(5)
    sacct = _pinned(status_query.query_job_status_sacct(commands.RUN_UUID))
    assert run(sacct) == f"{job}|RUNNING\n"


def test_snakemake_status_poll_reads_states_through_slurmsim_commands(
    on_path: Path, status_query: Any
) -> None:
    run(shlex.split(commands.SNAKEMAKE_SBATCH), stdin=commands.SNAKEMAKE_SCRIPT)
    run(shlex.split(commands.SNAKEMAKE_SBATCH), stdin=commands.SNAKEMAKE_SCRIPT)
    run(["scancel", "2"])
    advance(5)
    sacct = shlex.join(_pinned(status_query.query_job_status_sacct(commands.RUN_UUID)))
    logger = logging.getLogger("snakemake-test")
    states, _ = asyncio.run(status_query.query_job_status(sacct, logger))
    assert states == {"1": "RUNNING", "2": "CANCELLED by 0"}


def test_snakemake_cluster_probes_read_slurmsim_config(on_path: Path, status_query: Any) -> None:
    partitions = pytest.importorskip("snakemake_executor_plugin_slurm.partitions")
    accounts = pytest.importorskip("snakemake_executor_plugin_slurm.accounts")
    logger = logging.getLogger("snakemake-test")
    assert status_query.get_min_job_age() == 300
    assert status_query.should_recommend_squeue_status_command() is True
    assert partitions.get_default_partition(None, logger) == "gpu"
    assert accounts.validate_account("research", logger) in (None, "research")


def test_snakemake_reads_partition_limits_from_scontrol(cluster: Path) -> None:
    partitions = pytest.importorskip("snakemake_executor_plugin_slurm.partitions")
    parsed = partitions.parse_scontrol_partition_output(run(["scontrol", "show", "partition"]))
    assert sorted(parsed) == ["debug", "gpu"]
    limits = {name: partitions.extract_partition_limits(data) for name, data in parsed.items()}
    assert limits == {
        "gpu": {"max_runtime": "7-00:00:00", "max_threads": 112, "max_gpu": 32},
        "debug": {"max_runtime": "02:00:00", "max_threads": 112, "max_gpu": 32},
    }


def test_snakemake_accepts_the_parsable_job_id(cluster: Path) -> None:
    validation = pytest.importorskip("snakemake_executor_plugin_slurm.validation")
    out = run(shlex.split(commands.SNAKEMAKE_SBATCH), stdin=commands.SNAKEMAKE_SCRIPT)
    job = out.strip().split(";")[0]
    assert validation.validate_or_get_slurm_job_id(job, out) == "1"
