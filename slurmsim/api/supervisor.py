"""The supervisor: keeps a wall-clock cluster moving while nobody types a command.

Under realtime or scaled with execution on, jobs must start when resources free up
and end when their scripts exit, without a command to notice. The first command that
leaves work behind starts this process (detached); it opens a writing session, which
catches the engine up and reconciles the job processes, whenever something may have
happened, and exits when no job is pending or running and no script is left. One runs
per store: it holds an exclusive lock on ``<run dir>/supervisor.lock``.

It does not poll blindly: it sleeps until the engine's next event (a scheduler pass, a
time limit) or at most ``TICK_S``, and a SIGUSR1 wakes it at once. A runner sends one
when its script exits, so that the job ends as its script does, not up to a tick
later. A submission needs no such call: the pass it triggers comes 2 s later, and the
supervisor, awake at least once a second, sleeps exactly until it.

Usage: ``python -m slurmsim.api.supervisor``
"""

import contextlib
import fcntl
import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from slurmsim.api.execution import run_root
from slurmsim.store.errors import StoreError

TICK_S = 1.0
#: In the run directory: the supervisor's pid, for those who wake it.
PID_FILE = "supervisor.pid"


def _open_lock() -> IO[str]:
    """This store's supervisor lock file, opened (the run directory made if need be)."""
    root = run_root()
    try:
        os.makedirs(root, exist_ok=True)
        return open(os.path.join(root, "supervisor.lock"), "a")
    except OSError as exc:  # a store set up by another user, say root
        raise StoreError(f"slurmsim: cannot use the run directory {root}: {exc.strerror}") from None


def is_running() -> bool:
    """Whether a supervisor holds the lock for this store."""
    with _open_lock() as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(f, fcntl.LOCK_UN)
        return False


@contextmanager
def standing_in() -> Iterator[None]:
    """Hold this store's supervisor lock while the block runs, for a caller that opens the
    writing sessions itself: no supervisor is started meanwhile (``slurmsim grade``)."""
    with _open_lock() as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def ensure_running() -> None:
    """Start a supervisor for this store unless one is running."""
    if is_running():
        return
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.Popen(
        [sys.executable, "-m", "slurmsim.api.supervisor"],
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": here},
    )


def tick() -> float | None:
    """One catch-up; the wall seconds until the engine's next event (capped at
    ``TICK_S``), or None when there is no work left to watch."""
    from slurmsim import clock
    from slurmsim.api.session import session
    from slurmsim.engine.simulate import next_event_time

    with session(write=True) as s:
        state = s.state
        busy = s.clock.follows_wall_time and any(
            not j.state.finished or "runner_pid" in j.extra for j in state.jobs.values()
        )
        if not busy:
            return None
        upcoming = next_event_time(state)
        if upcoming is None:
            return TICK_S
        return min(TICK_S, clock.wall_until(s.clock, upcoming))


def main() -> int:
    with _open_lock() as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return 0  # another one is at work
        woken = _wakeable()
        pid_file = os.path.join(run_root(), PID_FILE)
        with open(pid_file, "w") as f:
            f.write(str(os.getpid()))
        while (wait := tick()) is not None:
            _reap_children()
            if wait > 0 and select.select([woken], [], [], wait)[0]:
                with contextlib.suppress(BlockingIOError):
                    os.read(woken, 512)
        with contextlib.suppress(OSError):
            os.remove(pid_file)
        _reap_children()
    return 0


def _wakeable() -> int:
    """A pipe that becomes readable when SIGUSR1 arrives (its read end).

    Not a blocked signal and ``sigtimedwait``: a blocked signal stays blocked in every
    process started from here, the jobs' scripts included."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)
    signal.set_wakeup_fd(write)
    signal.signal(signal.SIGUSR1, lambda _sig, _frame: None)  # handled: no longer fatal
    return read


def _reap_children() -> None:
    """Collect the runners this process started, so that none lingers as a zombie."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


if __name__ == "__main__":
    sys.exit(main())
