"""The process that runs one job's batch script and reports how it ended.

Started detached (its own session) by ``slurmsim.api.execution``; it survives the
command that started it. It runs the script in a process group of its own, so that
ending the job ends everything the script started; writes the script's pid to
``child`` and, once the script is gone, ``"<exit code> <signal> <user µs> <system µs>"``
(the CPU time of the script and all it waited for) to ``exit`` (both
in the job's run directory, written whole or not at all), then wakes the supervisor.
A SIGTERM sent to it ends the job: SIGCONT and SIGTERM to the script's group, SIGKILL
after KillWait if still there. Other signals (scancel --signal, suspension) are sent
to the script's processes by ``slurmsim.api.execution`` directly.

Usage: ``python -m slurmsim.execution.runner RUN_DIR``
"""

import contextlib
import json
import os
import resource
import signal
import subprocess
import sys
import threading
from types import FrameType
from typing import Any


def _write(path: str, text: str) -> None:
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def _open(path: str, append: bool) -> int:
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
    return os.open(path, flags, 0o644)


def _kill_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def run(run_dir: str) -> int:
    """Run the script described by ``RUN_DIR/spec.json``; return its shell-style status."""
    with open(os.path.join(run_dir, "spec.json")) as f:
        spec: dict[str, Any] = json.load(f)
    append = bool(spec["append"])
    out = _open(spec["stdout"], append)
    err = out if spec["stderr"] == spec["stdout"] else _open(spec["stderr"], append)
    as_user: dict[str, Any] = {}
    if spec.get("uid") is not None and os.geteuid() == 0:
        as_user = {"user": spec["uid"], "group": spec["gid"], "extra_groups": []}
    group: list[int] = []  # the script's process group, once it exists
    asked = threading.Event()
    kill_wait = float(spec["kill_wait"])

    def end_job() -> None:
        _kill_group(group[0], signal.SIGCONT)  # a suspended (stopped) job must see it
        _kill_group(group[0], signal.SIGTERM)
        timer = threading.Timer(kill_wait, _kill_group, (group[0], signal.SIGKILL))
        timer.daemon = True
        timer.start()

    def on_term(_sig: int, _frame: FrameType | None) -> None:
        asked.set()
        if group:
            end_job()

    signal.signal(signal.SIGTERM, on_term)  # before the script exists: no SIGTERM is lost
    try:
        child = subprocess.Popen(
            [spec["script"], *spec["args"]],
            cwd=spec["cwd"],
            env=spec["env"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            process_group=0,
            **as_user,
        )
    except OSError as e:  # no such directory, not executable: the job fails at once
        os.write(err, f"slurmstepd: error: execve(): {spec['script']}: {e.strerror}\n".encode())
        _write(os.path.join(run_dir, "exit"), "1 0")
        return 1
    group.append(child.pid)
    _write(os.path.join(run_dir, "child"), str(child.pid))
    if asked.is_set():
        end_job()
    code = child.wait()
    _kill_group(child.pid, signal.SIGKILL)  # nothing the script left behind outlives it
    status = f"0 {-code}" if code < 0 else f"{code} 0"
    # The script and all it waited for: its only child's, this process's children's.
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    status += f" {round(used.ru_utime * 1e6)} {round(used.ru_stime * 1e6)}"
    _write(os.path.join(run_dir, "exit"), status)
    _wake_supervisor(os.path.dirname(run_dir))
    return 0


def _wake_supervisor(root: str) -> None:
    """Tell the supervisor (``slurmsim.api.supervisor``) that a script has exited, so that
    its job ends now rather than at its next tick."""
    try:
        with open(os.path.join(root, "supervisor.pid")) as f:
            pid = int(f.read())
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            if b"slurmsim.api.supervisor" not in f.read():
                return  # a stale pid: not ours to signal
    except (OSError, ValueError):
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGUSR1)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1]))
