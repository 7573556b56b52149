"""What every test shares."""

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _collector_unfrozen() -> Iterator[None]:
    """Hand back to the garbage collector what a session set aside while loading
    (``slurmsim/api/session.py``), so that thousands of commands in one process still
    have their cyclic garbage freed."""
    yield
    gc.unfreeze()
