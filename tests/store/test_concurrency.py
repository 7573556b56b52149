"""Many processes on one SQLite store: no lost or duplicated job ids, no torn writes."""

import multiprocessing
import os
import signal
import sqlite3
import time
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

import pytest

from slurmsim.store.repository import Store
from tests.store.builders import full_state, pending_job

PROCESSES = 20
JOBS_EACH = 20

fork = multiprocessing.get_context("fork")


def submit(db: str, go: EventType, ids: "multiprocessing.Queue[list[int]]") -> None:
    """What sbatch does: take next_job_id and insert the job, in one write transaction."""
    store = Store.open(db)
    go.wait()
    mine = []
    for _ in range(JOBS_EACH):
        with store.transaction(write=True) as tx:
            state = tx.load()
            job_id = state.next_job_id
            state.jobs[job_id] = pending_job(job_id, user=f"u{os.getpid()}")
            state.next_job_id += 1
            tx.save(state)
        mine.append(job_id)
    ids.put(mine)


@pytest.mark.slow
def test_parallel_submissions_never_lose_or_duplicate_a_job_id(tmp_path: Path):
    check_parallel_submissions(str(tmp_path / "slurmsim.db"))


def check_parallel_submissions(db: str, *, force: bool = False) -> None:
    """20 processes submit 20 jobs each at once: every id is handed out exactly once."""
    state = full_state()
    Store.open(db).initialize(state, force=force)
    first = state.next_job_id
    go, ids = fork.Event(), fork.Queue()
    workers = [fork.Process(target=submit, args=(db, go, ids)) for _ in range(PROCESSES)]
    for w in workers:
        w.start()
    go.set()
    got = [ids.get(timeout=60) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    assert [w.exitcode for w in workers] == [0] * PROCESSES

    every = sorted(i for mine in got for i in mine)
    want = list(range(first, first + PROCESSES * JOBS_EACH))
    assert every == want, "each id handed out exactly once"
    with Store.open(db).transaction(write=False) as tx:
        loaded = tx.load()
    assert loaded.next_job_id == want[-1] + 1
    assert sorted(set(loaded.jobs) - set(state.jobs)) == want


def die_inside_a_write(db: str, how: str, ready: Connection) -> None:
    store = Store.open(db)
    with store.transaction(write=True) as tx:
        state = tx.load()
        for _ in range(50):
            state.jobs[state.next_job_id] = pending_job(state.next_job_id)
            state.next_job_id += 1
        state.nodes["dgx1"].drain = True
        tx.save(state)
        if how == "exit":
            os._exit(1)
        ready.send("saved, not committed")
        time.sleep(60)  # killed here by the parent


@pytest.mark.slow
@pytest.mark.parametrize(
    "how",
    [
        pytest.param("exit", id="os._exit before commit"),
        pytest.param("sigkill", id="SIGKILL from outside before commit"),
    ],
)
def test_store_stays_consistent_when_a_writer_is_killed_mid_transaction(tmp_path: Path, how: str):
    db = str(tmp_path / "slurmsim.db")
    Store.open(db).initialize(full_state())
    ours, theirs = fork.Pipe()
    child = fork.Process(target=die_inside_a_write, args=(db, how, theirs))
    child.start()
    if how == "sigkill":
        assert ours.poll(30)
        assert ours.recv() == "saved, not committed"
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]  # started, so pid is set
    child.join(30)
    assert child.exitcode == (1 if how == "exit" else -signal.SIGKILL)

    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    store = Store.open(db)
    started = time.monotonic()
    with store.transaction(write=True) as tx:  # the dead writer's lock is gone
        assert tx.load() == full_state()
    assert time.monotonic() - started < 5
