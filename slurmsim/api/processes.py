"""The processes a step's tasks started, found and signalled as slurmstepd does."""

import contextlib
import os
import resource
from collections.abc import Sequence


def signal_tree(pids: Sequence[int], sig: int) -> None:
    """``sig`` to the processes ``pids`` and to everything below them: slurmstepd signals
    every process of a step, so a shell's ``sleep`` ends with the shell instead of
    holding the task's output open (the oracle: SIGUSR1 to srun ends ``bash -c 'sleep
    20'`` at once). Children first, so that none is left without its parent's signal (a
    task in srun's own process group cannot be signalled as a group)."""
    if not pids:
        return
    for pid in (*descendants(pids), *pids):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


def descendants(pids: Sequence[int]) -> list[int]:
    """The processes below ``pids``, as /proc shows them (none where there is no /proc)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # The parent follows the command name in parentheses, which may hold anything.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    todo = list(pids)
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def children_cpu_us() -> tuple[int, int]:
    """The CPU time (user, system; µs) this process's waited-for children have used: what a
    step's tasks used is the difference across their run."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return round(used.ru_utime * 1e6), round(used.ru_stime * 1e6)
