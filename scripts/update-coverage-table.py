#!/usr/bin/env python3
"""Rewrite the gap table of docs/differences.md from what slurmsim answers today.

Run from the repository root: ``PYTHONPATH=. python scripts/update-coverage-table.py``.
It probes every option and subcommand in tests/meta/surface.txt on a throwaway cluster
and puts one row per gap (a ``*`` row for most of a command's options) between the
coverage-gaps markers. Read the diff: a row that goes away is something that now works.
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.goldenfile import cluster_store  # after the path is set
from tests.meta import coverage  # after the path is set


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, cluster_store(Path(tmp)):
        gaps = {i: m for i in coverage.surface() if (m := coverage.answer(i)) is not None}
    rows = coverage.gap_rows(gaps)
    text = coverage.DIFFERENCES.read_text()
    head, rest = text.split(coverage.BEGIN, 1)
    _, tail = rest.split(coverage.END, 1)
    body = f"{coverage.BEGIN}\n{coverage.table(rows)}{coverage.END}"
    coverage.DIFFERENCES.write_text(head + body + tail)
    print(f"{coverage.DIFFERENCES}: {len(rows)} rows, {len(gaps)} gaps")


if __name__ == "__main__":
    main()
