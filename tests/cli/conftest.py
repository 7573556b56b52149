"""Fixtures for command tests: a fresh cluster in a temporary store, a clean cwd."""

import os
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command


@pytest.fixture
def cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new default cluster in ``tmp_path``, which is also the working directory."""
    db = tmp_path / "cluster.db"
    monkeypatch.setenv("SLURMSIM_DB", str(db))
    monkeypatch.setenv("SLURMSIM_USER", "root")
    inputs = ("SBATCH_", "SQUEUE_", "SINFO_", "SLURM_TIME_FORMAT", "SLURM_CLUSTERS", "SLURM_CONF")
    inputs += ("SALLOC_", "SRUN_")
    for var in [v for v in os.environ if v.startswith(inputs)]:
        monkeypatch.delenv(var)
    monkeypatch.chdir(tmp_path)
    from slurmsim.api import cluster as api

    api.init(None, None, force=True)
    return db


def slurm(*argv: str, user: str = "root", stdin: bytes = b"") -> Result:
    return run_command(list(argv), user, stdin)


def advance(seconds: int) -> None:
    from slurmsim.api import cluster as api

    api.advance_clock(by=seconds)


def dump(db: Path) -> list[str]:
    """Every row of the store, for checking that a refused command changed nothing."""
    import sqlite3

    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())
