"""End to end: the installed console scripts, as separate processes, on one store.

This is how people and client libraries use slurmsim; it checks the packaging
(entry points, grammar and preset files shipped) as much as the behaviour.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent

pytestmark = pytest.mark.skipif(
    shutil.which("sbatch", path=str(BIN)) is None, reason="slurmsim is not installed here"
)


def run(env: dict[str, str], *argv: str, user: str = "alice") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / argv[0]), *argv[1:]],
        env={**env, "SLURMSIM_USER": user},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_session_from_first_command_to_idle(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SBATCH_", "SQUEUE_"))}
    env["SLURMSIM_DB"] = str(tmp_path / "e2e.db")
    # The first Slurm command on an empty store creates the default cluster by itself.
    first = run(env, "sinfo")
    assert first.stdout.splitlines()[1:] == [
        "gpu*         up 7-00:00:00      4   idle dgx[1-4]",
        "debug        up    2:00:00      4   idle dgx[1-4]",
    ]
    script = tmp_path / "pretrain.sh"
    script.write_text(
        "#!/bin/bash\n#SBATCH -J pretrain -N 4 --gres=gpu:h100:8 -t 4:00:00\n"
        "srun python train.py\n#SLURMSIM --runtime=3h\n"
    )
    assert run(env, "sbatch", str(script)).stdout == "Submitted batch job 1\n"
    waiting = run(env, "sbatch", "--parsable", "-N", "2", "--gres=gpu:8", "--wrap=sleep 600",
                  user="carol")  # fmt: skip
    assert waiting.stdout == "2\n"
    assert run(env, "slurmsim", "clock", "advance", "5s").returncode == 0
    queue = run(env, "squeue", "-h", "-o", "%i %j %t %R")
    assert queue.stdout.splitlines() == ["2 wrap PD (Resources)", "1 pretrain R dgx[1-4]"]
    assert "JobState=RUNNING" in run(env, "scontrol", "show", "job", "1").stdout
    run(env, "slurmsim", "clock", "advance", "--until", "1")
    assert run(env, "squeue", "-h", "-o", "%i %t").stdout == "2 R\n"
    run(env, "slurmsim", "clock", "advance", "--until-idle")
    assert run(env, "squeue", "-h").stdout == ""
    refused = run(env, "sbatch", "--bogus", "--wrap=true")
    assert (refused.returncode, refused.stderr) == (
        255,
        "sbatch: unrecognized option '--bogus'\nTry \"sbatch --help\" for more information\n",
    )


def test_srun_goes_on_when_its_reader_goes(tmp_path: Path) -> None:
    """``srun ... | head -1``: as slurmstepd's pipes do, srun drops what nobody reads, the
    task runs to its end (its errors still shown) and the job completes (the oracle: exit
    0, COMPLETED); the task was killed by SIGPIPE, leaving the job running."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SBATCH_", "SRUN_"))}
    env["SLURMSIM_DB"] = str(tmp_path / "pipe.db")
    command = "echo a; sleep 1; seq 1 100000; echo done >&2"
    srun = subprocess.Popen(
        [str(BIN / "srun"), "-n1", "-t", "5", "sh", "-c", command],
        env={**env, "SLURMSIM_USER": "alice"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, errors = srun.stdout, srun.stderr
    assert out is not None
    assert errors is not None
    assert out.readline() == b"a\n"
    out.close()  # the reader goes, as head does
    assert (srun.wait(timeout=60), errors.read()) == (0, b"done\n")
    states = run(env, "sacct", "-n", "-P", "--format=JobID,State,ExitCode")
    assert states.stdout.splitlines() == ["1|COMPLETED|0:0", "1.0|COMPLETED|0:0"]
