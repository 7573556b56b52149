"""A store or run directory the user may not write: a command's clean error, never a
traceback, and the store as it was."""

from pathlib import Path

import pytest

from slurmsim.store.connection import SqliteConnection
from slurmsim.store.errors import StoreError
from tests.cli.conftest import dump, slurm


def test_a_store_that_refuses_writes_ends_the_command_cleanly(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = dump(cluster)

    def refuse_writes(conn: SqliteConnection) -> None:
        # What a store file the user may only read does once a command writes (the
        # write lock itself can still be taken where the WAL files are the user's).
        conn.execute("PRAGMA query_only = ON")

    monkeypatch.setattr(SqliteConnection, "lock_for_write", refuse_writes)
    r = slurm("sbatch", "--wrap=true")
    assert (r.exit, r.out) == (1, "")
    assert r.err == (
        f"sbatch: error: slurmsim: cannot use the store at {cluster}: "
        "attempt to write a readonly database\n"
    )
    monkeypatch.undo()
    assert dump(cluster) == before


def test_a_run_directory_that_cannot_be_made_ends_the_command_cleanly(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a wall clock with execution on, a command that leaves work behind makes sure
    a supervisor runs, whose lock lives in the store's run directory."""
    from slurmsim.api import supervisor

    run_dir = Path(f"{cluster}.run")
    run_dir.write_text("")  # a file where the directory should be
    with pytest.raises(StoreError, match=f"cannot use the run directory {run_dir}"):
        supervisor.is_running()
