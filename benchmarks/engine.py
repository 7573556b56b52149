"""Engine throughput: N mixed jobs advanced until idle, in process, no database.

python benchmarks/engine.py [--jobs 10000] [--preset dgx-h100-4] [--arrivals burst|spread|both]
                            [--no-reference]

Both drive one ``Simulation``, as a trace replay does. ``burst`` submits every job
at the epoch and then runs until idle; ``spread`` submits them one by one at
exponential (Poisson) gaps sized for an offered GPU load of ``LOAD``, advancing the
clock to each arrival first, and then runs until idle. A last line times the reference
import issue 2's targets are stated against (``benchmarks/reference.py``).
"""

import argparse
import random
import time
from contextlib import suppress

from slurmsim.config.presets import load_preset
from slurmsim.engine.simulation import Simulation
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobRequest
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres

try:
    from benchmarks import reference
except ImportError:  # run as a script: benchmarks/ itself is on the path
    import reference  # type: ignore[no-redef]

#: Offered load of the spread arrivals: GPU-seconds asked per second over GPUs in all.
LOAD = 0.9


def workload(n: int, seed: int = 1) -> list[JobRequest]:
    """A reproducible mix: 1-GPU debugging, 8-GPU fine-tunes, 16- and 32-GPU training."""
    rng = random.Random(seed)
    shapes = [(1, 1, 0.4), (1, 8, 0.3), (2, 8, 0.2), (4, 8, 0.1)]
    requests = []
    for i in range(n):
        nodes, gpus, _ = rng.choices(shapes, weights=[s[2] for s in shapes])[0]
        limit = rng.choice([600, 1800, 3600, 4 * 3600])
        user = rng.choice(["alice", "bob", "carol"])
        requests.append(
            JobRequest(
                name=f"job{i}",
                user=user,
                account="product" if user == "carol" else "research",
                partition="gpu",
                qos="normal",
                min_nodes=nodes,
                max_nodes=nodes,
                num_tasks=nodes,
                gres_per_node=(Gres("gpu", None, gpus),),
                time_limit=Seconds(limit),
                time_limit_set=True,
                runtime=Seconds(int(limit * rng.uniform(0.2, 1.0))),
            )
        )
    return requests


def _submit(sim: Simulation, request: JobRequest) -> None:
    with suppress(SlurmError):
        sim.submit(request)


def mean_gap(state: ClusterState, requests: list[JobRequest]) -> float:
    """The mean arrival gap (s) at which ``requests`` offer ``LOAD`` of the cluster's GPUs."""
    gpus = sum(n.config.gres_count("gpu") for n in state.nodes.values())
    work = sum(
        sum(g.count for g in r.gres_per_node) * r.min_nodes * (r.runtime or 0) for r in requests
    )
    return work / len(requests) / (LOAD * gpus)


def run(jobs: int, preset: str, arrivals: str) -> str:
    """Play one benchmark; the figures as one line."""
    state = load_preset(preset, EPOCH, extra_user=None)
    requests = workload(jobs)
    t0 = time.perf_counter()
    sim = Simulation(state)
    if arrivals == "burst":
        for request in requests:
            _submit(sim, request)
    else:
        rng = random.Random(7)
        gap = mean_gap(state, requests)
        at = float(EPOCH)
        for request in requests:
            at += rng.expovariate(1 / gap)
            sim.advance(Instant(int(at)))
            _submit(sim, request)
    t1 = time.perf_counter()
    events = sim.run_until_idle()
    sim.settle()
    t2 = time.perf_counter()
    return (
        f"preset {preset}, {jobs} jobs, {arrivals} arrivals: submitted in {t1 - t0:.2f} s, "
        f"then idle after {t2 - t1:.2f} s more ({len(events)} events); total {t2 - t0:.2f} s, "
        f"{jobs / (t2 - t0):.0f} jobs/s; simulated span {(state.now - EPOCH) / 3600:.1f} h"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--preset", default="dgx-h100-4")
    parser.add_argument("--arrivals", choices=["burst", "spread", "both"], default="both")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference line")
    args = parser.parse_args()
    kinds = ["burst", "spread"] if args.arrivals == "both" else [args.arrivals]
    for kind in kinds:
        print(run(args.jobs, args.preset, kind), flush=True)
    if not args.no_reference:
        print(reference.describe(reference.reference_ms()))


if __name__ == "__main__":
    main()
