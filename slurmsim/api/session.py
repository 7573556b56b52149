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
from slurmsim.api.host_files import HostFiles
from slurmsim.clock import Clock
from slurmsim.format.times import set_today
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import FatalError
from slurmsim.model.events import Event
from slurmsim.model.time import Instant
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
    clock: Clock = field(default_factory=Clock)
    events: list[Event] = field(default_factory=list)


def open_store() -> Store:
    """The store named by ``$SLURMSIM_DB``, initialised with the default preset on first use
    (or from ``$SLURM_CONF``, see ``follow_slurm_conf``)."""
    store = Store.open()
    try:
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
    except BaseException:
        store.close()
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


def _execution_on(s: Session) -> bool:
    """Whether jobs run their scripts; tells the engine so (only when some process may
    be involved, so that a manual cluster's state stays exactly as it was)."""
    from slurmsim.store import meta

    setting = s.tx.get_meta(meta.EXECUTION)
    if setting is None and not s.clock.follows_wall_time:
        return False
    from slurmsim.api import execution

    on = execution.enabled(setting, s.clock)
    execution.set_engine_flag(s.state, on)
    return on or any("runner_pid" in j.extra for j in s.state.jobs.values())


def _busy(state: ClusterState) -> bool:
    return any(not j.state.finished or "runner_pid" in j.extra for j in state.jobs.values())


def read_clock(tx: Transaction) -> clock.Clock:
    """The clock as the store keeps it (manual when nothing else was set)."""
    from slurmsim.store import meta

    mode = tx.get_meta(meta.CLOCK_MODE) or clock.MANUAL
    if mode == clock.MANUAL:
        return clock.Clock()
    return clock.Clock(
        mode,
        float(tx.get_meta(meta.CLOCK_FACTOR) or 1),
        Instant(int(tx.get_meta(meta.CLOCK_ANCHOR) or 0)),
        float(tx.get_meta(meta.CLOCK_WALL_ANCHOR) or 0),
    )


def write_clock(tx: Transaction, new: clock.Clock) -> None:
    """Keep ``new`` in the store (the anchor only matters to scaled/realtime)."""
    from slurmsim.store import meta

    tx.set_meta(meta.CLOCK_MODE, new.mode)
    tx.set_meta(meta.CLOCK_FACTOR, f"{new.factor:g}")
    tx.set_meta(meta.CLOCK_ANCHOR, str(new.anchor))
    tx.set_meta(meta.CLOCK_WALL_ANCHOR, repr(new.wall_anchor))


_UNABLE = "Unable to process configuration file"


@contextmanager
def session(*, write: bool) -> Iterator[Session]:
    """One command's transaction over the whole cluster state."""
    # Closed when the command is done: a process that runs many sessions (the supervisor,
    # a library user) would otherwise keep a connection, and its cache, for each.
    with open_store() as store, store.transaction(write=write) as tx:
        state = _load(tx)
        state.launcher = HostFiles()  # a job the engine starts needs its files to open
        set_today(state.now)  # what SLURM_TIME_FORMAT=relative is relative to
        s = Session(state=state, user=current_user(), tx=tx, clock=read_clock(tx))
        executing = write and _execution_on(s)
        until = clock.target(s.clock, state.now)
        # Readers catch up too under a wall clock (in memory: what they show is the
        # present), though only writers save what the engine did.
        if until > state.now and (write or s.clock.follows_wall_time):
            from slurmsim.engine.failures import advance  # writers only

            s.events.extend(advance(state, until))
        if executing:
            from slurmsim.api import execution

            s.events.extend(execution.reconcile(state, s.clock))
        _write_script_steps(state)
        yield s
        if executing:
            s.events.extend(execution.reconcile(state, s.clock))
            if s.clock.follows_wall_time and _busy(state):
                from slurmsim.api.supervisor import ensure_running

                ensure_running()
        if write:
            _write_script_steps(state)  # the command may have moved the clock
            tx.save(state)
            tx.append_events(s.events)


def _write_script_steps(state: ClusterState) -> None:
    """Bring the steps of simulated scripts up to the present (``api.script_steps``),
    importing it only when some job has such steps left to write."""
    from slurmsim.model.steps import SCRIPT_STEPS

    if any(SCRIPT_STEPS in job.extra for job in (*state.jobs.values(), *state.purged)):
        from slurmsim.api import script_steps

        script_steps.bring_up_to_date(state)


def _load(tx: Transaction) -> ClusterState:
    """The state, loaded out of the cyclic garbage collector's way.

    It is tens of thousands of objects (a thousand jobs) that live as long as the
    command: the collections their allocation sets off, and every later one (the one at
    the interpreter's exit included), would walk them all to free nothing: 5 % of a
    ``squeue``. So the collector is off while they are made, and ``gc.freeze`` then sets
    aside every object alive, which later collections skip. Objects freed by reference
    counting, nearly all, are freed as ever.

    Only a process's first session freezes: freezing again would also set aside the
    cycles earlier sessions left, which nothing would then ever collect (the supervisor,
    a session a second, grew without end). Later sessions leave their objects to the
    collector; the tests, many sessions a process, unfreeze between tests
    (``tests/conftest.py``).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return tx.load()
    finally:
        if not _FROZEN:
            gc.freeze()
            _FROZEN.append(True)
        if collecting:
            gc.enable()


#: Not empty once a session of this process has frozen what it loaded (``_load``).
_FROZEN: list[bool] = []
