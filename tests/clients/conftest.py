"""Fixtures for the client-library tests: the command tests' fresh default cluster, and
the directories each library makes before it submits (a job whose output directory does
not exist fails as it starts, as on Slurm)."""

import os

import pytest

from tests.cli.conftest import cluster

__all__ = ["cluster", "library_directories"]

#: submitit's folder, dask-jobqueue's log_directory, the snakemake plugin's log folder
#: and working directory (tests/clients/commands.py).
LIBRARY_DIRECTORIES = ("/tmp/submitit", "/tmp/dask-logs", "/tmp/smk/slurm_logs/rule_a")


@pytest.fixture(autouse=True)
def library_directories() -> None:
    for path in LIBRARY_DIRECTORIES:
        os.makedirs(path, exist_ok=True)
