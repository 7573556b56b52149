"""Thirty simulated days of two teams sharing the default cluster, with fair share.

python -m benchmarks.fairshare [--days 30] [--preset dgx-h100-4]

``research`` (alice, bob) submits twice as much work as ``product`` (carol), in a
steady stream of mixed jobs offered at 95 % of the GPUs; fair share keeps the team
that used less ahead. Prints the wall time, jobs per second, and each team's share
of the GPU-hours delivered per week.
"""

import argparse
import random
import time
from contextlib import suppress
from dataclasses import replace

from benchmarks.engine import workload
from slurmsim.config.presets import load_preset
from slurmsim.engine.priority import job_gpus
from slurmsim.engine.simulation import Simulation
from slurmsim.model.errors import SlurmError
from slurmsim.model.events import Event
from slurmsim.model.time import EPOCH, Instant

WEEK = 7 * 86400


def run(days: int, preset: str) -> str:
    state = load_preset(preset, EPOCH, extra_user=None)
    gpus = sum(n.config.gres_count("gpu") for n in state.nodes.values())
    rng = random.Random(3)
    shapes = workload(5000, seed=5)
    work = sum(
        sum(g.count for g in r.gres_per_node) * r.min_nodes * (r.runtime or 0) for r in shapes
    )
    gap = work / len(shapes) / (0.95 * gpus)
    sim = Simulation(state)
    teams: dict[int, tuple[str, int]] = {}  # job id -> (team, GPUs)
    starts: dict[int, int] = {}
    delivered: dict[tuple[int, str], float] = {}

    def tally(events: list[Event]) -> None:
        for event in events:
            if event.job_id is None or event.job_id not in teams:
                continue
            if event.kind == "job_start":
                starts[event.job_id] = event.time
            elif event.kind in ("job_end", "job_requeue") and event.job_id in starts:
                began = starts.pop(event.job_id)
                team, n = teams[event.job_id]
                key = ((began - EPOCH) // WEEK, team)
                delivered[key] = delivered.get(key, 0.0) + n * (event.time - began) / 3600

    t0 = time.perf_counter()
    at, end, submitted = float(EPOCH), EPOCH + days * 86400, 0
    while at < end:
        at += rng.expovariate(1 / gap)
        tally(sim.advance(Instant(int(at))))
        user = rng.choice(["alice", "bob", "carol"])
        team = "product" if user == "carol" else "research"
        request = replace(shapes[submitted % len(shapes)], user=user, account=team)
        with suppress(SlurmError):
            job = sim.submit(request)
            teams[job.job_id] = (team, job_gpus(request))
            submitted += 1
    sim.settle()
    seconds = time.perf_counter() - t0
    weeks = sorted({w for w, _ in delivered})
    split = ", ".join(
        f"week {w + 1}: research {delivered.get((w, 'research'), 0):.0f} / "
        f"product {delivered.get((w, 'product'), 0):.0f} GPU-h"
        for w in weeks
    )
    return (
        f"preset {preset}, {days} simulated days, {submitted} jobs: {seconds:.1f} s, "
        f"{submitted / seconds:.0f} jobs/s\n  {split}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--preset", default="dgx-h100-4")
    args = parser.parse_args()
    print(run(args.days, args.preset), flush=True)


if __name__ == "__main__":
    main()
