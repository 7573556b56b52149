"""sbatch --wait: the job's end decides sbatch's exit code."""

from pathlib import Path

import pytest

from tests.cli.conftest import slurm


@pytest.mark.parametrize(
    ("argv", "code", "state"),
    [
        pytest.param(["--wrap=sleep 60"], 0, "COMPLETED", id="a job that completes exits 0"),
        pytest.param(["--wrap=sleep 60\nexit 3"], 3, "FAILED", id="a failed job gives its code"),
        pytest.param(["-t", "1", "--wrap=sleep 600"], 1, "TIMEOUT", id="a job timed out gives 1"),
        pytest.param(
            ["-N", "4", "--gres=gpu:8", "--wrap=sleep 60"],
            0,
            "COMPLETED",
            id="a job that must wait for a whole cluster still completes",
        ),
    ],
)
def test_wait_exits_with_the_jobs_end_under_the_manual_clock(
    cluster: Path, argv: list[str], code: int, state: str
) -> None:
    slurm("sbatch", "-N", "4", "--gres=gpu:8", "-t", "10", "--wrap=sleep 300", user="bob")
    got = slurm("sbatch", "--wait", *argv, user="alice")
    assert (got.exit, got.out, got.err) == (code, "Submitted batch job 2\n", "")
    assert slurm("squeue", "-h", "-j", "2").out == ""
    assert slurm("sacct", "-n", "-X", "-P", "-j", "2", "-o", "State").out == f"{state}\n"


def test_wait_from_the_environment(cluster: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SBATCH_WAIT", "1")
    got = slurm("sbatch", "--wrap=sleep 60\nexit 5", user="alice")
    assert got.exit == 5
