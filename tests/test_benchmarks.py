"""The benchmark scripts run to the end. Their figures are for people to read: nothing
here times anything."""

import subprocess
import sys
from pathlib import Path

from benchmarks import engine, reference

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_benchmark_plays_a_small_workload_until_idle() -> None:
    line = engine.run(40, "dgx-h100-4", "spread")
    assert line.startswith("preset dgx-h100-4, 40 jobs, spread arrivals: submitted in ")


def test_the_engine_benchmark_runs_as_a_script() -> None:
    script = ROOT / "benchmarks" / "engine.py"
    argv = [sys.executable, str(script), "--jobs", "20", "--arrivals", "burst", "--no-reference"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "20 jobs, burst arrivals" in done.stdout


def test_the_reference_scales_times_to_the_machine_of_the_targets() -> None:
    assert "takes 500 ms here" in reference.describe(500.0)
    assert "x 0.50 on that machine" in reference.describe(500.0)
