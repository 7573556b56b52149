"""Which jobs sacct lists in a time window, with and without job ids, recorded from Slurm.

``record.sh`` submitted as alice a job held and then cancelled (never eligible), one that
ran to its end and one still running, and asked sacct for them by id with ``-S``, with
``-S``/``-E`` windows (one before they existed) and with none, then for alice's jobs by
time alone and by state. What it shows: jobs named by id are listed when submitted
before the window's end and not ended before its start, eligible or not; otherwise only
jobs that became eligible in time are, so the cancelled held job is left out. Then four
held jobs of 5, 10 and 60 minutes and UNLIMITED, asked for by time limit: ``-k`` alone
selects that very limit, with ``-K`` a range, UNLIMITED is the largest, no time is refused;
and their Reserved time (0: never eligible; INVALID for one that begins in an hour).

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("window"))


@pytest.mark.parametrize("name", list(CASES))
def test_sacct_window_lists_jobs_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), case.stderr.decode())
    assert (got.exit, without_times(got.out.encode()), got.err) == want
