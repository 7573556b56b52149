"""The machine's speed against the one issue 2 set its targets on.

Issue 2 states its time targets for a 2-core machine on which
``python -c 'import sqlalchemy.orm'`` takes about 250 ms. This machine's own time for
that import says how much slower or faster it is (it has slow and fast phases too),
so that a figure can be read against a target set elsewhere.
"""

import statistics
import subprocess
import sys
import time

#: What the import takes on the machine issue 2's targets were set for.
ISSUE_REFERENCE_MS = 250.0
IMPORT = [sys.executable, "-c", "import sqlalchemy.orm"]


def reference_ms(repeat: int = 7) -> float:
    """The median wall time (ms) of the reference import here, as a fresh process."""
    subprocess.run(IMPORT, capture_output=True, check=True)  # warm the page cache
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(IMPORT, capture_output=True, check=True)
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def describe(ms: float) -> str:
    """One line on the reference, and the factor that scales times here to that machine."""
    return (
        f"reference: 'import sqlalchemy.orm' takes {ms:.0f} ms here, "
        f"{ISSUE_REFERENCE_MS:.0f} ms where issue 2's targets were set "
        f"(times here x {ISSUE_REFERENCE_MS / ms:.2f} on that machine)"
    )
