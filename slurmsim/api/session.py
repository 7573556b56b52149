"""Opening the cluster for one command: store, first-run setup, catch-up, save.

Every command is one transaction: ``with session(write=True) as s:`` takes the
store's write lock before reading, lets the engine catch up to the clock, and
saves what changed (plus the events) when the block ends without an exception.
"""

import gc
import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from slurmsim import clock
from slurmsim.format.times import set_today
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import FatalError
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
    """The store named by ``$SLURMSIM_DB``, initialised with the default preset on first use
    (or from ``$SLURM_CONF``, see ``follow_slurm_conf``)."""
    store = Store.open()
    conf = os.environ.get("SLURM_CONF")
    if conf:
        follow_slurm_conf(store, conf)
    elif not store.is_initialized():
        from slurmsim.api.cluster import initial_state  # first run only: pulls in lark
        from slurmsim.store.repository import StoreError

        try:
            store.initialize(initial_state(DEFAULT_PRESET, None))
        except StoreError:
            if not store.is_initialized():  # else another command created it just now
                raise
    return store


def follow_slurm_conf(store: Store, path: str) -> None:
    """``$SLURM_CONF``: the cluster is the one that slurm.conf describes.

    The store is built from the file when it holds no cluster, and built anew (a new
    cluster: its jobs and its clock start over) whenever the file's bytes differ from
    those it was last built from; otherwise the cluster goes on as it is. A file that
    cannot be read or understood ends the command as Slurm's commands end, with
    ``fatal: Unable to process configuration file``.
    """
    import hashlib

    from slurmsim.store import meta

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise FatalError(
            _UNABLE,
            detail=f"s_p_parse_file: cannot stat file {path}: {e.strerror}, "
            "retrying in 1sec up to 60sec",
        ) from None
    digest = hashlib.sha256(data).hexdigest()
    if store.is_initialized():
        with store.transaction(write=False) as tx:
            if tx.get_meta(meta.SLURM_CONF_DIGEST) == digest:
                return
    from slurmsim.api.cluster import initial_state
    from slurmsim.config.errors import ConfigError

    try:
        state = initial_state(None, path)
    except ConfigError as e:
        raise FatalError(_UNABLE, detail=str(e)) from None
    store.initialize(state, force=True)
    with store.transaction(write=True) as tx:
        tx.set_meta(meta.SLURM_CONF_DIGEST, digest)


_UNABLE = "Unable to process configuration file"


@contextmanager
def session(*, write: bool) -> Iterator[Session]:
    """One command's transaction over the whole cluster state."""
    store = open_store()
    with store.transaction(write=write) as tx:
        state = _load(tx)
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


def _load(tx: Transaction) -> ClusterState:
    """The state, loaded out of the cyclic garbage collector's way.

    It is tens of thousands of objects (a thousand jobs) that live as long as the
    command: the collections their allocation sets off, and every later one (the one at
    the interpreter's exit included), would walk them all to free nothing: 5 % of a
    ``squeue``. So the collector is off while they are made, and ``gc.freeze`` then sets
    aside every object alive, which later collections skip. Objects freed by reference
    counting, nearly all, are freed as ever; a process that runs many sessions and wants
    its older cyclic garbage collected too calls ``gc.unfreeze()`` between them (the
    tests do, in ``tests/conftest.py``).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return tx.load()
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
