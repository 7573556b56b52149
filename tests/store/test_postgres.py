"""The same store on PostgreSQL, through SQLAlchemy's raw DB-API connection.

Runs only when ``SLURMSIM_TEST_POSTGRES`` names an empty database, e.g.
``postgresql+psycopg2://postgres@/slurmsim?host=/tmp/pg&port=55432`` (needs psycopg2).
"""

import os

import pytest

from slurmsim.model.jobs import JobState
from slurmsim.store.errors import StoreError
from slurmsim.store.repository import Store
from tests.store import test_concurrency
from tests.store.builders import full_state, pending_job

URL = os.environ.get("SLURMSIM_TEST_POSTGRES", "")
pytestmark = pytest.mark.skipif(not URL, reason="set SLURMSIM_TEST_POSTGRES to a database URL")


@pytest.fixture
def store() -> Store:
    store = Store.open(URL)
    store.initialize(full_state(), force=True)
    return store


def test_round_trip_keeps_every_field_on_postgres(store: Store):
    with store.transaction(write=False) as tx:
        assert tx.load() == full_state()


def test_save_writes_only_changed_rows_and_keeps_history_on_postgres(store: Store):
    with store.transaction(write=True) as tx:
        state = tx.load()
        state.jobs[11].state = JobState.CANCELLED
        state.jobs[13] = pending_job(13)
        purged = state.jobs.pop(10)
        tx.save(state)
        assert tx.rows_written == 3
    with store.transaction(write=False) as tx:
        assert tx.load() == state
        assert tx.load_history() == [purged]


def test_unknown_schema_version_is_a_store_error_on_postgres(store: Store):
    with store.transaction(write=True) as tx:
        tx.set_meta("schema_version", "99")
    with pytest.raises(StoreError, match="written by schema version 99"):
        Store.open(URL).is_initialized()


@pytest.mark.slow
def test_parallel_submissions_never_lose_or_duplicate_a_job_id_on_postgres(store: Store):
    test_concurrency.check_parallel_submissions(URL, force=True)
