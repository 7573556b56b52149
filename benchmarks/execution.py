"""Real execution: what running jobs through slurmsim costs over running their commands.

python -m benchmarks.execution [--jobs 200] [--sruns 10]

* N trivial batch jobs (``sbatch --wrap=true``, each sbatch its own process, as at a
  shell) on a fresh default cluster under ``slurmsim clock mode realtime`` (execution
  on): the wall time from the first submission until every job is COMPLETED, against
  running ``true`` N times directly; the difference per job is slurmsim's overhead.
* The latency of one job on an idle cluster: from ``sbatch`` returning to its job
  being COMPLETED (Slurm's own part: the scheduler pass a submission triggers comes
  2 s after it).
* ``srun -n 8 true`` outside an allocation (a job of its own), against starting 8
  ``true`` at once directly.
* ``srun --jobid=J -n 8 true``: an 8-task step inside a running allocation (what srun in
  a batch script costs per launch).

The commands run with their bytecode cached (PYTHONDONTWRITEBYTECODE is dropped), as
an installed slurmsim runs.

Prints figures; nothing is asserted. Run it on a quiet machine.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _command(env: dict[str, str], name: str, *argv: str) -> list[str]:
    module = "cli.slurmsim" if name == "slurmsim" else f"cli.{name}"
    return [sys.executable, "-c", f"from {module} import main; main()", *argv]


def _run(env: dict[str, str], name: str, *argv: str) -> str:
    done = subprocess.run(
        _command(env, name, *argv), env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def _environment(store: Path) -> dict[str, str]:
    skip = ("SBATCH_", "SLURM", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if not k.startswith(skip)}
    return env | {"SLURMSIM_DB": str(store), "PYTHONPATH": str(ROOT), "SLURMSIM_USER": "root"}


def _fresh(env: dict[str, str]) -> None:
    _run(env, "slurmsim", "init", "--force")
    _run(env, "slurmsim", "clock", "mode", "realtime")


def _states(env: dict[str, str]) -> list[str]:
    return _run(env, "sacct", "-X", "-n", "-P", "-o", "state").split()


def direct(n: int) -> float:
    """Seconds to run ``true`` n times, one after another."""
    t0 = time.perf_counter()
    for _ in range(n):
        subprocess.run(["true"], check=True)
    return time.perf_counter() - t0


def batch(env: dict[str, str], n: int) -> tuple[float, float, float]:
    """(seconds to submit n jobs, seconds until all COMPLETED, ms one sbatch takes)."""
    _fresh(env)
    t0 = time.perf_counter()
    for _ in range(n):
        _run(env, "sbatch", "--wrap=true")
    submitted = time.perf_counter()
    deadline = submitted + 600
    while True:
        states = _states(env)
        if len(states) == n and all(s == "COMPLETED" for s in states):
            break
        if time.perf_counter() > deadline:
            sys.exit(f"not all COMPLETED after 10 minutes: {sorted(set(states))}")
        time.sleep(0.2)
    done = time.perf_counter()
    return submitted - t0, done - t0, (submitted - t0) / n * 1000


def latency(env: dict[str, str], repeat: int) -> list[float]:
    """Seconds from each ``sbatch --wrap=true`` returning to its job's COMPLETED."""
    from slurmsim.api.session import session
    from slurmsim.model.jobs import JobState

    _fresh(env)
    os.environ["SLURMSIM_DB"] = env["SLURMSIM_DB"]
    out = []
    for _ in range(repeat):
        job_id = int(_run(env, "sbatch", "--parsable", "--wrap=true"))
        t0 = time.perf_counter()
        while True:
            with session(write=False) as s:
                if s.state.jobs[job_id].state is JobState.COMPLETED:
                    break
            time.sleep(0.01)
        out.append(time.perf_counter() - t0)
    return out


def srun_tasks(env: dict[str, str], tasks: int, repeat: int) -> tuple[float, float]:
    """(median seconds of ``srun -n TASKS true``, of TASKS ``true`` started at once)."""
    _fresh(env)
    through: list[float] = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(_command(env, "srun", "-n", str(tasks), "true"), env=env, check=True)
        through.append(time.perf_counter() - t0)
    alone: list[float] = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        procs = [subprocess.Popen(["true"]) for _ in range(tasks)]
        for p in procs:
            p.wait()
        alone.append(time.perf_counter() - t0)
    return statistics.median(through), statistics.median(alone)


def step_tasks(env: dict[str, str], tasks: int, repeat: int) -> float:
    """Median seconds of an 8-task step (``srun --jobid``) inside a running job."""
    _fresh(env)
    job = _run(env, "sbatch", "--parsable", "-n", str(tasks), "--wrap", "sleep 600").strip()
    while _run(env, "squeue", "-h", "-j", job, "-o", "%T").strip() != "RUNNING":
        time.sleep(0.1)
    through: list[float] = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        argv = ("--jobid", job, "-n", str(tasks), "true")
        subprocess.run(_command(env, "srun", *argv), env=env, check=True)
        through.append(time.perf_counter() - t0)
    _run(env, "scancel", job)
    return statistics.median(through)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--sruns", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = _environment(Path(tmp) / "bench.db")
        os.chdir(tmp)  # the jobs' output files
        alone = direct(args.jobs)
        submit_s, total_s, sbatch_ms = batch(env, args.jobs)
        drain_s = total_s - submit_s
        per_job_ms = (total_s - alone) / args.jobs * 1000
        print(
            f"{args.jobs} x sbatch --wrap=true under realtime: all COMPLETED after "
            f"{total_s:.1f} s ({submit_s:.1f} s submitting, {sbatch_ms:.0f} ms per sbatch; "
            f"the last ones done {drain_s:.1f} s after the last submission)",
            flush=True,
        )
        print(
            f"{args.jobs} x true run directly: {alone:.2f} s; slurmsim's overhead "
            f"{per_job_ms:.0f} ms per job",
            flush=True,
        )
        waits = latency(env, args.sruns)
        print(
            f"one job on an idle cluster, sbatch returned -> COMPLETED: median "
            f"{statistics.median(waits):.2f} s, max {max(waits):.2f} s (of {args.sruns}; "
            "Slurm's scheduler pass comes 2 s after a submission)",
            flush=True,
        )
        srun_s, tasks_s = srun_tasks(env, 8, args.sruns)
        print(
            f"srun -n 8 true outside an allocation: {srun_s * 1000:.0f} ms (median of "
            f"{args.sruns}); 8 x true at once directly: {tasks_s * 1000:.1f} ms",
            flush=True,
        )
        step_s = step_tasks(env, 8, args.sruns)
        print(
            f"srun --jobid=J -n 8 true (a step inside a running job): {step_s * 1000:.0f} ms "
            f"(median of {args.sruns})",
            flush=True,
        )
        _run(env, "slurmsim", "clock", "mode", "manual")  # lets the supervisor exit


if __name__ == "__main__":
    main()
