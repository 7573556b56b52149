"""Every command line submitit, dask-jobqueue and the snakemake SLURM plugin run,
through slurmsim, with the output shape each one parses.

These need none of the libraries: the command lines are copied from their sources
(tests/clients/commands.py) and the expected outputs are what their parsers read.
"""

import re
import shlex
from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm
from tests.clients import commands
from tests.clirunner import Result


def run(line: str, stdin: bytes = b"") -> Result:
    return slurm(*shlex.split(line), stdin=stdin)


def submit_script(tmp_path: Path, text: str, *options: str) -> str:
    path = tmp_path / "job.sh"
    path.write_text(text)
    got = slurm("sbatch", *options, str(path))
    assert (got.exit, got.err) == (0, ""), got.err
    match = re.fullmatch(r"Submitted batch job (\d+)\n", got.out)
    assert match, got.out
    return match[1]


# ---- submitit ------------------------------------------------------------------------------


def test_submitit_array_script_is_accepted_and_listed_by_sacct(
    cluster: Path, tmp_path: Path
) -> None:
    job = submit_script(tmp_path, commands.SUBMITIT_SCRIPT)
    pending = run(f"sacct -o JobID,State,NodeList --parsable2 -j {job}")
    advance(5)
    running = run(f"sacct -o JobID,State,NodeList --parsable2 -j {job}")
    assert pending.out == f"JobID|State|NodeList\n{job}_[0-1%2]|PENDING|None assigned\n"
    assert running.out == (
        "JobID|State|NodeList\n"
        f"{job}_0|RUNNING|dgx1\n{job}_0.batch|RUNNING|dgx1\n{job}_0.0|RUNNING|dgx1\n"
        f"{job}_1|RUNNING|dgx2\n{job}_1.batch|RUNNING|dgx2\n{job}_1.0|RUNNING|dgx2\n"
    )  # the script's srun line is each task's step 0


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("scancel {job}", id="cancel"),
        pytest.param("scancel {job} --signal SIGTERM", id="preemption signal first"),
        pytest.param("scancel {job} --signal USR2", id="submitit's own signal"),
        pytest.param("scontrol requeue {job}", id="requeue on preemption or timeout"),
    ],
)
def test_submitit_control_lines_succeed_silently_on_a_running_job(cluster: Path, line: str) -> None:
    job = run("sbatch --parsable -t 60 --wrap='python3 -u -m submitit.core._submit /f'").out
    advance(5)
    got = run(line.format(job=job.strip()))
    assert (got.exit, got.out, got.err) == (0, "", "")


def test_submitit_sacct_of_several_jobs_lists_each_by_its_id(cluster: Path) -> None:
    run("sbatch --wrap='sleep 10'")
    run("sbatch --wrap='exit 3'")
    advance(60)
    got = run("sacct -o JobID,State,NodeList --parsable2 -j 1 -j 2")
    assert got.out == (
        "JobID|State|NodeList\n"
        "1|COMPLETED|dgx1\n1.batch|COMPLETED|dgx1\n"
        "2|FAILED|dgx1\n2.batch|FAILED|dgx1\n"
    )


# ---- dask-jobqueue -------------------------------------------------------------------------


def test_dask_worker_script_is_accepted_and_cancelled(cluster: Path, tmp_path: Path) -> None:
    job = submit_script(tmp_path, commands.DASK_SCRIPT)
    advance(5)
    state = run(f"squeue --job {job} -h -o %T")
    cancel = run(f"scancel {job}")
    assert state.out == "RUNNING\n"
    assert (cancel.exit, cancel.out, cancel.err) == (0, "", "")


def test_dask_cancel_of_a_finished_worker_is_quiet(cluster: Path) -> None:
    """dask-jobqueue ignores a failing scancel; Slurm's is silent for an ended job."""
    run("sbatch --wrap=true")
    advance(60)
    got = run("scancel 1")
    assert (got.exit, got.out, got.err) == (0, "", "")


# ---- snakemake-executor-plugin-slurm -------------------------------------------------------


def submit_rule() -> str:
    got = run(commands.SNAKEMAKE_SBATCH, stdin=commands.SNAKEMAKE_SCRIPT)
    assert (got.exit, got.err) == (0, ""), got.err
    assert re.fullmatch(r"\d+\n", got.out), got.out
    return got.out.strip()


def test_snakemake_status_queries_report_each_job_as_id_bar_state(cluster: Path) -> None:
    job = submit_rule()
    queued = run(commands.SNAKEMAKE_SQUEUE)
    advance(5)
    running = run(commands.SNAKEMAKE_SACCT)
    assert queued.out == f"{job}|PENDING\n"
    assert running.out == f"{job}|RUNNING\n"


def test_snakemake_sacct_window_ending_now_takes_in_a_job_eligible_this_second(
    cluster: Path,
) -> None:
    """As in Slurm, a window that ends now takes in the present second (sacct moves such
    an end one second on), so a job eligible this very second is listed."""
    job = submit_rule()
    assert run(commands.SNAKEMAKE_SACCT).out == f"{job}|PENDING\n"


@pytest.mark.parametrize(
    ("line", "wanted"),
    [
        pytest.param(
            "sacctmgr -n -s list user root format=account%256",
            {"root", "research"},
            id="account validation through sacctmgr",
        ),
        pytest.param(
            "sshare -U --format Account%256 --noheader",
            {"root", "research"},
            id="account validation through sshare",
        ),
    ],
)
def test_snakemake_account_lists_hold_one_account_per_line(
    cluster: Path, line: str, wanted: set[str]
) -> None:
    got = run(line)
    assert got.exit == 0
    assert {word.strip().lower() for word in got.out.split("\n") if word} == wanted
    assert all(len(row) == 257 for row in got.out.splitlines())  # %256 and a space


def test_snakemake_default_partition_is_starred_by_sinfo(cluster: Path) -> None:
    assert run("sinfo -o %P").out == "PARTITION\ngpu*\ndebug\n"


def test_snakemake_reads_min_job_age_from_scontrol_show_config(cluster: Path) -> None:
    lines = run("scontrol show config").out.splitlines()
    assert [line for line in lines if line.strip().startswith("MinJobAge")] == [
        "MinJobAge               = 300 sec"
    ]


def test_snakemake_cancel_names_all_clusters(cluster: Path) -> None:
    job = submit_rule()
    got = run(f"scancel {job} --clusters=all")
    assert (got.exit, got.err) == (0, "")
    assert run(f"sacct -X -n -P -o State -j {job}").out == "CANCELLED by 0\n"


def test_snakemake_failure_lookups_print_node_and_step_reason(cluster: Path) -> None:
    run("sbatch --wrap='exit 1'")
    advance(60)
    node = run("sacct -j 1 -n -X -o nodelist%-256")
    reason = run("sacct -j 1.0 --format=Reason --noheader")
    assert node.out == "dgx1" + " " * 252 + " \n"
    assert (reason.exit, reason.out) == (0, "")


def test_snakemake_efficiency_report_query_has_one_field_per_column(cluster: Path) -> None:
    job = submit_rule()
    advance(5)
    got = run(
        f"sacct --name={commands.RUN_UUID} --parsable2 --noheader"
        " --format=JobID,JobName,Comment,Elapsed,TotalCPU,NNodes,NCPUS,MaxRSS,ReqMem"
    )
    rows = [line.split("|") for line in got.out.splitlines()]
    # The rule's name rides in --comment, which slurmdbd keeps only with
    # AccountingStoreFlags=job_comment: the default cluster, like the oracle, has none.
    assert [row[:3] for row in rows] == [
        [job, commands.RUN_UUID, ""],
        [f"{job}.batch", "batch", ""],
    ]
    assert {len(row) for row in rows} == {9}


def test_snakemake_account_guess_with_a_pipe_fails_as_in_slurm(cluster: Path) -> None:
    """The plugin splits ``sacct -nu USER -o Account%256 | tail -1`` without a shell;
    Slurm's sacct refuses ``-1``, and the plugin then carries on without an account."""
    got = run("sacct -nu root -o Account%256 | tail -1")
    assert got.exit == 1
    assert got.out == ""
