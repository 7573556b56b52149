"""Recurring reservations (``Flags=HOURLY``, ``DAILY``, ``WEEKDAY``, ``WEEKLY``) at the end
of their window, recorded from real Slurm 22.05 in order, replayed on a new cluster.

``cases/`` was recorded by ``record.sh`` on the oracle (shared/oracle/capture.sh with
``GOLDEN_DIR`` set here); each case is replayed with the simulated clock pinned to the
second it was recorded at, and each ``sbatch`` gets the job id the oracle gave. The
windows end 11-13 s past a half minute, so that the cases 9 s after the end come before
both the oracle's and slurmsim's time-limit checks, and those 34 s after come past both
(record.sh says why that matters).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import cluster_store, load_case, replay_at_recorded_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("recurring")):
        return replay_at_recorded_times(CASES, HERE / "stdin")


@pytest.mark.parametrize("name", list(CASES))
def test_recurring_reservation_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())
