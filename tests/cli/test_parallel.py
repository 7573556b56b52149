"""Nothing lost: sbatch processes running at the same time never share or lose a job id."""

import os
import subprocess
import sys
from pathlib import Path

from tests.cli.conftest import slurm

SUBMIT = "from cli.sbatch import main; main()"


def test_parallel_sbatch_processes_get_distinct_ids(cluster: Path) -> None:
    processes, each = 6, 4
    env = dict(os.environ, SLURMSIM_USER="alice", PYTHONPATH=str(Path(__file__).parents[2]))
    argv = [sys.executable, "-c", SUBMIT, "--parsable", "--wrap=sleep 60"]
    script = " ; ".join([" ".join(f"'{a}'" for a in argv)] * each)
    runs = [
        subprocess.Popen(["sh", "-c", script], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(processes)
    ]
    ids = [int(line) for p in runs for line in p.communicate(timeout=120)[0].split()]
    assert all(p.returncode == 0 for p in runs)
    assert sorted(ids) == list(range(1, processes * each + 1))
    queued = slurm("squeue", "-h", "-o", "%i").out.split()
    assert sorted(map(int, queued)) == sorted(ids)
