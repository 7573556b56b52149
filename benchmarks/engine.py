"""Engine throughput: N mixed jobs advanced until idle, in process, no database.

python benchmarks/engine.py [--jobs 10000] [--preset dgx-h100-4]
"""

import argparse
import random
import time
from contextlib import suppress
from dataclasses import replace

from slurmsim.config.presets import load_preset
from slurmsim.engine.simulate import run_until_idle
from slurmsim.engine.submit import submit
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobRequest
from slurmsim.model.time import EPOCH, Seconds
from slurmsim.model.tres import Gres


def workload(n: int, seed: int = 1) -> list[JobRequest]:
    """A reproducible mix: 1-GPU debugging, 8-GPU fine-tunes, 16- and 32-GPU training."""
    rng = random.Random(seed)
    shapes = [(1, 1, 0.4), (1, 8, 0.3), (2, 8, 0.2), (4, 8, 0.1)]
    requests = []
    for i in range(n):
        nodes, gpus, _ = rng.choices(shapes, weights=[s[2] for s in shapes])[0]
        limit = rng.choice([600, 1800, 3600, 4 * 3600])
        requests.append(
            JobRequest(
                name=f"job{i}",
                user=rng.choice(["alice", "bob", "carol"]),
                account="research",
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--preset", default="dgx-h100-4")
    args = parser.parse_args()
    state = load_preset(args.preset, EPOCH, extra_user=None)
    t0 = time.perf_counter()
    for request in workload(args.jobs):
        account = "product" if request.user == "carol" else "research"
        with suppress(SlurmError):
            submit(state, replace(request, account=account))
    t1 = time.perf_counter()
    events = run_until_idle(state)
    t2 = time.perf_counter()
    print(
        f"preset {args.preset}: {args.jobs} jobs submitted in {t1 - t0:.2f} s; "
        f"advanced until idle in {t2 - t1:.2f} s ({len(events)} events, "
        f"{args.jobs / (t2 - t1):.0f} jobs/s); simulated span {(state.now - EPOCH) / 3600:.1f} h"
    )


if __name__ == "__main__":
    main()
