"""A process that runs many sessions (the supervisor, ``squeue -i``, a library user) keeps
neither their connections nor, once it collects, what they loaded."""

import gc
import os
from pathlib import Path

import pytest

from slurmsim.api.session import session


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_sessions_close_their_connections(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / "cluster.db"))
    with session(write=True):
        pass  # the store is made
    before = _open_files()
    for i in range(40):
        with session(write=i % 2 == 0):
            pass
    assert _open_files() <= before + 2


def test_a_collected_session_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / "cluster.db"))

    def load() -> int:
        with session(write=False) as s:
            return len(s.state.nodes)

    load()
    gc.unfreeze()
    gc.collect()
    alive = len(gc.get_objects())
    for _ in range(10):
        load()
        gc.unfreeze()
        gc.collect()
    assert len(gc.get_objects()) <= alive + 50


def test_only_the_first_session_freezes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Freezing again would set aside the cycles earlier sessions left, for good."""
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / "cluster.db"))
    with session(write=False):
        pass
    frozen = gc.get_freeze_count()
    for _ in range(5):
        with session(write=False):
            pass
    assert gc.get_freeze_count() == frozen
