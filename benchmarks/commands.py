"""Command start-up and latency: median wall time of squeue, sinfo and sbatch as processes.

Fills a fresh store with N jobs (default 1,000), then times each command as a
subprocess, the way a user or a client library runs it. Prints a table.

Two rows are references, not commands: ``python -c pass``, the floor no command goes
under, and ``python -c 'import sqlalchemy.orm'``, which issue 2 states costs about 250 ms
on the machine its targets (squeue <= 150 ms, sbatch <= 250 ms) were set for
(``benchmarks/reference.py``). The last column gives each time as a share of that
reference, which compares across machines and across a machine's slow and fast phases.

    python benchmarks/commands.py [--jobs 1000] [--repeat 15]
"""

import argparse
import contextlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    from benchmarks import reference
except ImportError:  # run as a script: benchmarks/ itself is on the path
    import reference  # type: ignore[no-redef]

#: The reference row (``benchmarks/reference.py``).
REFERENCE = "python -c 'import sqlalchemy.orm'"


def _bin(name: str) -> str:
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else (shutil.which(name) or name)


def _fill(jobs: int, env: dict[str, str]) -> None:
    """Queue ``jobs`` jobs of mixed shapes through the library (fast), as alice and carol."""
    from slurmsim.api import cluster

    os.environ.update(env)
    cluster.init(None, None, force=True)
    shapes = [("1", "gpu:8"), ("2", "gpu:8"), ("1", "gpu:4"), ("4", "gpu:8"), ("1", "gpu:1")]
    for i in range(jobs):
        nodes, gres = shapes[i % len(shapes)]
        os.environ["SLURMSIM_USER"] = "alice" if i % 3 else "carol"
        script = f"#!/bin/sh\n#SBATCH -N {nodes} --gres={gres} -t 1:00:00\nsleep {600 + i}\n"
        from cli.sbatch import sbatch

        path = Path(env["SLURMSIM_BENCH_DIR"]) / "job.sh"
        path.write_text(script)
        with contextlib.redirect_stdout(io.StringIO()):
            code = sbatch(["--parsable", str(path)], os.environ)
        assert code == 0
    cluster.advance_clock(by=10)


def _time(argv: list[str], env: dict[str, str], repeat: int) -> list[float]:
    subprocess.run(argv, env=env, capture_output=True, check=False)  # warm the page cache
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(argv, env=env, capture_output=True, check=False)
        samples.append((time.perf_counter() - t0) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(
            os.environ, SLURMSIM_DB=f"{tmp}/bench.db", SLURMSIM_USER="alice", SLURMSIM_BENCH_DIR=tmp
        )
        t0 = time.perf_counter()
        _fill(args.jobs, env)
        fill_s = time.perf_counter() - t0
        rows = [
            ("squeue", [_bin("squeue")]),
            ("squeue -h -o %i", [_bin("squeue"), "-h", "-o", "%i"]),
            ("sinfo", [_bin("sinfo")]),
            ("scontrol show node dgx1", [_bin("scontrol"), "show", "node", "dgx1"]),
            ("sbatch --wrap=true", [_bin("sbatch"), "--wrap=true"]),
            ("python -c pass (floor)", [sys.executable, "-c", "pass"]),
            (REFERENCE, reference.IMPORT),
        ]
        print(f"store: {args.jobs} jobs queued in {fill_s:.1f} s; {args.repeat} runs each")
        medians = {}
        table = []
        for label, argv in rows:
            s = sorted(_time(argv, env, args.repeat))
            medians[label] = statistics.median(s)
            table.append((label, medians[label], s[int(0.9 * (len(s) - 1))], s[0]))
        print(f"{'command':<34} {'median ms':>10} {'p90 ms':>8} {'min ms':>8} {'of ref':>7}")
        for label, median, p90, low in table:
            share = median / medians[REFERENCE]
            print(f"{label:<34} {median:>10.1f} {p90:>8.1f} {low:>8.1f} {share:>7.0%}")
        ref = reference.ISSUE_REFERENCE_MS
        print(f"targets as shares of the reference: squeue {150 / ref:.0%}, sbatch {250 / ref:.0%}")


if __name__ == "__main__":
    main()
