"""The supervisor: keeps a wall-clock cluster moving while nobody types a command.

Under realtime or scaled with execution on, jobs must start when resources free up
and end when their scripts exit, without a command to notice. The first command that
leaves work behind starts this process (detached); once a second it opens a writing
session, which catches the engine up and reconciles the job processes, and it exits
when no job is pending or running and no script is left. One runs per store: it holds
an exclusive lock on ``<run dir>/supervisor.lock``.

Usage: ``python -m slurmsim.api.supervisor``
"""

import fcntl
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from slurmsim.api.execution import run_root

TICK_S = 1.0


def _lock_path() -> str:
    root = run_root()
    os.makedirs(root, exist_ok=True)
    return os.path.join(root, "supervisor.lock")


def is_running() -> bool:
    """Whether a supervisor holds the lock for this store."""
    with open(_lock_path(), "a") as f:
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
    with open(_lock_path(), "a") as lock:
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


def tick() -> bool:
    """One catch-up; whether there is still work to watch."""
    from slurmsim.api.session import session

    with session(write=True) as s:
        state = s.state
        return s.clock.follows_wall_time and any(
            not j.state.finished or "runner_pid" in j.extra for j in state.jobs.values()
        )


def main() -> int:
    with open(_lock_path(), "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return 0  # another one is at work
        while tick():
            _reap_children()
            time.sleep(TICK_S)
        _reap_children()
    return 0


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
