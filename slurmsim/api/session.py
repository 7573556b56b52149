"""Opening the cluster for one command: store, first-run setup, catch-up, save.

Every command is one transaction: ``with session(write=True) as s:`` takes the
store's write lock before reading, lets the engine catch up to the clock, and
saves what changed (plus the events) when the block ends without an exception.
"""

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from slurmsim import clock
from slurmsim.format.times import set_today
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.store.repository import Store, Transaction

DEFAULT_PRESET = "dgx-h100-4"


def current_user() -> str:
    """Who is acting: ``$SLURMSIM_USER`` when set, else the login name."""
    return os.environ.get("SLURMSIM_USER") or getpass.getuser()


@dataclass
class Session:
    state: ClusterState
    user: str
    tx: Transaction
    events: list[Event] = field(default_factory=list)


def open_store() -> Store:
    """The store named by ``$SLURMSIM_DB``, initialised with the default preset on first use."""
    store = Store.open()
    if not store.is_initialized():
        from slurmsim.api.cluster import initial_state  # first run only: pulls in lark
        from slurmsim.store.repository import StoreError

        try:
            store.initialize(initial_state(DEFAULT_PRESET, None))
        except StoreError:
            if not store.is_initialized():  # else another command created it just now
                raise
    return store


@contextmanager
def session(*, write: bool) -> Iterator[Session]:
    """One command's transaction over the whole cluster state."""
    store = open_store()
    with store.transaction(write=write) as tx:
        state = tx.load()
        set_today(state.now)  # what SLURM_TIME_FORMAT=relative is relative to
        s = Session(state=state, user=current_user(), tx=tx)
        mode = tx.get_meta("clock_mode") or clock.MANUAL
        until = clock.target(mode, state.now)
        if write and until > state.now:
            from slurmsim.engine.failures import advance  # writers only

            s.events.extend(advance(state, until))
        yield s
        if write:
            tx.save(state)
            tx.append_events(s.events)
