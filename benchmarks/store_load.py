"""How long Transaction.load() takes with 1,000 jobs in a SQLite store.

Run from the repository root: ``PYTHONPATH=. python benchmarks/store_load.py [JOBS]``.
Prints the best and median of 30 loads, and of a load + save() that finds nothing to
write (the path of every command).
"""

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from slurmsim.model.jobs import Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres
from slurmsim.store.repository import Store
from tests.store.builders import full_state


def jobs(count: int) -> dict[int, Job]:
    out = {}
    for i in range(1, count + 1):
        request = JobRequest(
            name=f"job{i}",
            user=("alice", "bob", "carol")[i % 3],
            account="research",
            partition="gpu",
            qos="normal",
            gres_per_node=(Gres("gpu", None, 1 + i % 8),),
            time_limit=Seconds(3600),
            script="#!/bin/bash\nsleep 60\n",
            command="/tmp/job.sh",
        )
        job = Job(i, request, Instant(EPOCH + i), priority=1000 + i)
        if i % 10 == 0:
            job.state = JobState.RUNNING
            job.start_time = Instant(EPOCH + i)
            job.alloc = (NodeAlloc("dgx1", 1, 16384, (i % 8,)),)
        out[i] = job
    return out


def timing(action: Callable[[], None], repeat: int = 30) -> str:
    """Best and median of ``repeat`` runs; the best is the figure on a busy machine."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return f"best {min(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    state = full_state()
    state.jobs = jobs(count)
    state.next_job_id = count + 1
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(str(Path(folder) / "slurmsim.db"))
        store.initialize(state)

        def load() -> None:
            with store.transaction(write=False) as tx:
                tx.load()

        def load_and_save() -> None:
            with store.transaction(write=True) as tx:
                tx.save(tx.load())

        print(f"load of {count} jobs: {timing(load)}")
        print(f"load + save (nothing changed) of {count} jobs: {timing(load_and_save)}")


if __name__ == "__main__":
    main()
