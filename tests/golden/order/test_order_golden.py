"""The order squeue lists jobs in when they tie on its sort keys, recorded from Slurm.

``record.sh`` submitted held jobs (in two partitions, then with an array, folded and
unfolded by ``-r``), and then a job that takes every GPU with jobs waiting on it (given
estimates by a pass and a backfill cycle), jobs depending on it and held ones, and
recorded squeue by default, by id, by start time, for pending jobs only and with
``--start``, as alice.
What it shows: squeue first sorts by start time, newest first, and puts the jobs with
none (held, dependent) last and in reverse order; the ``-S`` keys keep that order for
ties, and ``-S S`` reverses those jobs again.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("order"))


@pytest.mark.parametrize("name", list(CASES))
def test_squeue_orders_ties_as_real_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), case.stderr.decode())
    assert (got.exit, without_times(got.out.encode()), got.err) == want
