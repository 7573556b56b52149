"""Store and Transaction: round trips, minimal writes, history, meta, versions."""

import dataclasses
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import JobState, NodeAlloc
from slurmsim.model.time import EPOCH, Instant
from slurmsim.store import meta
from slurmsim.store.errors import StoreError
from slurmsim.store.repository import Store
from tests.store.builders import full_state, pending_job

URL_FORMS = [
    pytest.param(str, id="a plain path uses stdlib sqlite3"),
    pytest.param(lambda p: f"sqlite:///{p}", id="a sqlite:/// URL uses stdlib sqlite3"),
    pytest.param(lambda p: f"sqlite+pysqlite:///{p}", id="any other URL goes through SQLAlchemy"),
]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "slurmsim.db"


@pytest.fixture
def store(db: Path) -> Store:
    store = Store.open(str(db))
    store.initialize(full_state())
    return store


def load(store: Store) -> ClusterState:
    with store.transaction(write=False) as tx:
        return tx.load()


@pytest.mark.parametrize("url", URL_FORMS)
def test_round_trip_keeps_every_field_of_a_full_state(db: Path, url: Callable[[Path], str]):
    state = full_state()
    with Store.open(url(db)) as store:
        store.initialize(state)
        loaded = load(store)
    assert loaded == state
    assert list(loaded.nodes) == list(state.nodes)  # slurm.conf order survives
    assert list(loaded.partitions) == list(state.partitions)
    assert list(loaded.jobs) == sorted(state.jobs)


def test_round_trip_after_save_keeps_changes_and_reorders_nothing(store: Store):
    with store.transaction(write=True) as tx:
        state = tx.load()
        state.jobs[11].state = JobState.RUNNING
        state.jobs[11].alloc = (NodeAlloc("dgx3", 4, 64, (4, 5, 6, 7)),)
        state.jobs[13] = pending_job(13)
        state.next_job_id = 14
        state.nodes["dgx2"].drain = False
        state.now = Instant(state.now + 60)
        state.last_backfill = state.now
        tx.save(state)
    assert load(store) == state


def _no_change(state: ClusterState) -> None:
    pass


def _job_state(state: ClusterState) -> None:
    state.jobs[11].state = JobState.CANCELLED


def _new_job(state: ClusterState) -> None:
    state.jobs[13] = pending_job(13)


def _new_running_job(state: ClusterState) -> None:
    job = pending_job(13)
    job.state = JobState.RUNNING
    job.alloc = (NodeAlloc("dgx1", 1, 10, (0,)), NodeAlloc("dgx3", 1, 10, (0,)))
    state.jobs[13] = job


def _new_request(state: ClusterState) -> None:
    job = state.jobs[11]
    job.request = dataclasses.replace(job.request, nice=job.request.nice + 10)


def _same_request_new_job(state: ClusterState) -> None:
    old = state.jobs[11]
    state.jobs[11] = dataclasses.replace(old, priority=old.priority + 1)


def _drain(state: ClusterState) -> None:
    state.nodes["dgx1"].drain = True


def _purge(state: ClusterState) -> None:
    del state.jobs[10]


def _requeue(state: ClusterState) -> None:
    state.jobs[10].alloc = ()


def _usage(state: ClusterState) -> None:
    state.usage[5] += 1.0


def _priority_pass(state: ClusterState) -> None:
    state.calc_usage = dict(state.usage)
    state.last_usage_calc = state.now


def _gres_lost(state: ClusterState) -> None:
    node = state.nodes["dgx3"]
    node.config = dataclasses.replace(node.config, gres=node.config.gres[:1])


def _clock(state: ClusterState) -> None:
    state.now = Instant(state.now + 1)


@pytest.mark.parametrize(
    ("change", "rows"),
    [
        pytest.param(_no_change, 0, id="nothing changed: nothing written"),
        pytest.param(_job_state, 1, id="one job changed: one row"),
        pytest.param(_new_job, 1, id="a new pending job: one row"),
        pytest.param(_new_running_job, 3, id="a new running job: its row and two allocations"),
        pytest.param(_new_request, 1, id="a job's request replaced: its row"),
        pytest.param(_same_request_new_job, 1, id="a new job record keeping its request: one row"),
        pytest.param(_drain, 1, id="a drained node: one row"),
        pytest.param(_purge, 1, id="a purged job: marked, allocations kept"),
        pytest.param(_requeue, 2, id="a requeued job: its two allocations deleted"),
        pytest.param(_usage, 1, id="usage of one association: one row"),
        pytest.param(_priority_pass, 3, id="a priority pass: a row per association it saw"),
        pytest.param(_gres_lost, 1, id="a node lost a GRES: one gres row"),
        pytest.param(_clock, 0, id="the clock moved: meta only"),
    ],
)
def test_save_writes_only_changed_rows_when_state_changes(
    store: Store, change: Callable[[ClusterState], None], rows: int
):
    with store.transaction(write=True) as tx:
        state = tx.load()
        change(state)
        tx.save(state)
        assert tx.rows_written == rows
        tx.save(state)
        assert tx.rows_written == rows, "a second save of the same state writes nothing"
    assert load(store) == state


def test_save_keeps_purged_jobs_as_history_when_the_engine_drops_them(store: Store):
    with store.transaction(write=True) as tx:
        state = tx.load()
        purged = state.jobs.pop(10)
        tx.save(state)
    with store.transaction(write=False) as tx:
        assert 10 not in tx.load().jobs
        assert tx.load_history() == [purged]


def test_append_events_keeps_their_order(store: Store):
    events = [
        Event(EPOCH, "job_submit", 13, "alice"),
        Event(EPOCH, "node_drain", None, "dgx2"),
        Event(Instant(EPOCH + 1), "job_start", 13, "dgx1"),
    ]
    with store.transaction(write=True) as tx:
        tx.append_events(events[:2])
        tx.append_events(events[2:])
    with store.transaction(write=False) as tx:
        assert tx.events() == events
        assert tx.events(job_id=13) == [events[0], events[2]]


def test_meta_holds_clock_mode_and_any_key_when_set(store: Store):
    with store.transaction(write=True) as tx:
        assert tx.get_meta(meta.CLOCK_MODE) == "manual"
        assert tx.get_meta(meta.PRESET) is None
        tx.set_meta(meta.PRESET, "dgx-h100-4")
        tx.set_meta(meta.CLOCK_MODE, "scaled")
    with store.transaction(write=False) as tx:
        assert tx.get_meta(meta.PRESET) == "dgx-h100-4"
        assert tx.get_meta(meta.CLOCK_MODE) == "scaled"
        assert tx.get_meta(meta.NOW) == str(full_state().now)


def _submit_then_fail(store: Store) -> None:
    with store.transaction(write=True) as tx:
        state = tx.load()
        state.jobs[13] = pending_job(13)
        state.next_job_id = 14
        tx.save(state)
        raise KeyError("boom")


def test_transaction_rolls_back_when_the_body_raises(store: Store):
    with pytest.raises(KeyError):
        _submit_then_fail(store)
    assert load(store) == full_state()


def test_save_refuses_when_the_transaction_is_read_only(store: Store):
    with store.transaction(write=False) as tx:
        state = tx.load()
        with pytest.raises(RuntimeError, match="read-only"):
            tx.save(state)


def test_is_initialized_is_false_when_the_store_is_new(db: Path):
    with Store.open(str(db)) as store:
        assert not store.is_initialized()
        with pytest.raises(StoreError, match=r"holds no cluster yet\. Run `slurmsim init`"):
            store.transaction(write=False).__enter__()


def test_unknown_schema_version_gives_a_store_error_when_opened(store: Store, db: Path):
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    want = (
        f"slurmsim: the store at {db} was written by schema version 99; this slurmsim reads "
        f"version {meta.SCHEMA_VERSION}. Run `slurmsim init --force` to start a new cluster."
    )
    reopened = Store.open(str(db))
    with pytest.raises(StoreError) as error:
        reopened.is_initialized()
    assert str(error.value) == want
    with pytest.raises(StoreError, match="schema version 99"):
        reopened.transaction(write=True).__enter__()
    reopened.initialize(full_state(), force=True)
    assert reopened.is_initialized()


def test_initialize_refuses_when_a_cluster_exists_unless_forced(store: Store):
    with pytest.raises(StoreError, match=r"already holds a cluster\. Run `slurmsim init --force`"):
        store.initialize(full_state())
    fresh = full_state()
    fresh.jobs = {}
    store.initialize(fresh, force=True)
    assert load(store).jobs == {}
    with store.transaction(write=False) as tx:
        assert tx.load_history() == [], "a forced init starts a new history"


def test_open_gives_a_store_error_when_the_path_cannot_be_created(tmp_path: Path):
    with pytest.raises(StoreError, match="cannot open the store"):
        Store.open(str(tmp_path / "missing" / "dir" / "x.db"))


def test_a_store_that_refuses_writes_gives_a_store_error_and_keeps_its_state(store: Store):
    """A store file the user may read but not write (root's, say): the driver's error
    becomes the command's clean one, whether the write lock or a later write meets it, and
    nothing of the transaction is kept. ``query_only`` refuses writes even to root."""
    before = load(store)

    def write(refuse_at_begin: bool) -> None:
        if refuse_at_begin:
            store._conn.execute("PRAGMA query_only = ON")
        try:
            with store.transaction(write=True) as tx:
                state = tx.load()
                state.jobs = {}
                store._conn.execute("PRAGMA query_only = ON")  # a file that takes the lock only
                tx.save(state)
        finally:
            store._conn.execute("PRAGMA query_only = OFF")

    with pytest.raises(StoreError, match=r"store at .* cannot be written: attempt to write a read"):
        write(refuse_at_begin=True)
    with pytest.raises(StoreError, match=r"cannot use the store at .*: attempt to write a read"):
        write(refuse_at_begin=False)
    assert load(store) == before


def test_store_uses_wal_when_it_is_a_sqlite_file(store: Store, db: Path):
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_reading_a_sqlite_store_does_not_import_sqlalchemy(store: Store, db: Path):
    code = (
        "import sys\n"
        "from slurmsim.store.repository import Store\n"
        f"store = Store.open({str(db)!r})\n"
        "with store.transaction(write=True) as tx:\n"
        "    tx.save(tx.load())\n"
        "print(sorted(m for m in sys.modules if m.startswith('sqlalchemy')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out == "[]\n"


@pytest.mark.parametrize(
    "saved_first",
    [
        pytest.param(True, id="a job saved pending, then ended and purged in one command"),
        pytest.param(False, id="a job submitted, ended and purged in one command"),
    ],
)
def test_save_keeps_a_purged_job_as_it_ended_when_it_ended_since_the_last_save(
    store: Store, saved_first: bool
):
    with store.transaction(write=True) as tx:
        state = tx.load()
        job = dataclasses.replace(state.jobs[10], job_id=77)
        if saved_first:
            state.jobs[77] = job
            tx.save(state)
            del state.jobs[77]
        ended = dataclasses.replace(
            job,
            state=JobState.COMPLETED,
            start_time=Instant(EPOCH + 5),
            end_time=Instant(EPOCH + 65),
            alloc=(NodeAlloc("dgx1", 8, 1024, (0, 1)),),
        )
        state.purged.append(ended)
        tx.save(state)
        assert state.purged == [], "save() takes the purged jobs"
    with store.transaction(write=False) as tx:
        assert 77 not in tx.load().jobs
        assert [j for j in tx.load_history() if j.job_id == 77] == [ended]
