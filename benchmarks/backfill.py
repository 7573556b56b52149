"""One backfill cycle over a deep queue: N pending jobs on the 64-node preset.

python -m benchmarks.backfill [--jobs 1000 10000] [--preset dgx-h100-64] [--repeat 3]

The cluster is first filled (the jobs that fit start), then a fresh scheduler view
is built and one backfill cycle is timed, as slurmctld runs one after a change: it
plans up to bf_max_job_test jobs against the running jobs' time limits.
"""

import argparse
import statistics
import time
from contextlib import suppress
from dataclasses import replace

from benchmarks.engine import workload
from slurmsim.config.presets import load_preset
from slurmsim.engine.backfill import backfill_pass
from slurmsim.engine.context import Context
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.time import EPOCH, Instant


def one_cycle(jobs: int, preset: str) -> tuple[float, int, int]:
    """(seconds, pending jobs, jobs the cycle started) for one cycle over ``jobs`` jobs."""
    state = load_preset(preset, EPOCH, extra_user=None)
    for request in workload(jobs):
        account = "product" if request.user == "carol" else "research"
        with suppress(SlurmError):
            submit(state, replace(request, account=account))
    advance(state, Instant(state.now + 10))  # the first passes fill the cluster
    pending = sum(1 for j in state.jobs.values() if j.state is JobState.PENDING)
    now = Instant(state.now + 1)
    state.now = now
    t0 = time.perf_counter()
    ctx = Context(state)
    events = backfill_pass(ctx, now)
    ctx.settle()
    return time.perf_counter() - t0, pending, len(events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1000, 10_000])
    parser.add_argument("--preset", default="dgx-h100-64")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for jobs in args.jobs:
        runs = [one_cycle(jobs, args.preset) for _ in range(args.repeat)]
        seconds = statistics.median(r[0] for r in runs)
        _, pending, started = runs[0]
        print(
            f"preset {args.preset}, {jobs} jobs ({pending} pending): one backfill cycle "
            f"{seconds * 1000:.0f} ms (median of {args.repeat}), {started} started",
            flush=True,
        )


if __name__ == "__main__":
    main()
