"""``squeue --json`` and ``sinfo --json`` rendering over a deep queue on the 64-node preset.

python benchmarks/json_dump.py [--jobs 1000 10000] [--preset dgx-h100-64] [--repeat 3]

The cluster is filled (the jobs that fit start, the rest pend), then the whole
dump is rendered, as the command does after loading the state; loading is not timed.
"""

import argparse
import statistics
import time
from contextlib import suppress
from dataclasses import replace

from benchmarks.engine import workload
from slurmsim.config.presets import load_preset
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.format import sinfo_json, squeue_json
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.time import EPOCH, Instant


def filled(jobs: int, preset: str) -> ClusterState:
    state = load_preset(preset, EPOCH, extra_user=None)
    for request in workload(jobs):
        account = "product" if request.user == "carol" else "research"
        with suppress(SlurmError):
            submit(state, replace(request, account=account))
    advance(state, Instant(state.now + 10))
    return state


def timed(render: object, state: ClusterState, repeat: int) -> tuple[float, int]:
    assert callable(render)
    runs, size = [], 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        size = len(render(state))
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1000, 10_000])
    parser.add_argument("--preset", default="dgx-h100-64")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for jobs in args.jobs:
        state = filled(jobs, args.preset)
        renderers = (("squeue", squeue_json.render_json), ("sinfo", sinfo_json.render_json))
        for name, render in renderers:
            seconds, size = timed(render, state, args.repeat)
            print(
                f"preset {args.preset}, {len(state.jobs)} jobs: {name} --json "
                f"{seconds * 1000:.0f} ms (median of {args.repeat}), {size} bytes",
                flush=True,
            )


if __name__ == "__main__":
    main()
