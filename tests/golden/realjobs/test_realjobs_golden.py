"""Real-world GPU job scripts that run, recorded from Slurm 22.05 (``record.sh``): a
two-node exclusive DDP job, a throttled array sweep, eight one-GPU tasks with two srun
steps, a failing job and one depending on it, ranks bound to their GPUs, a short job with
``--time-min``. The queue, the jobs and their steps while they run, and the accounting
once they end, are what Slurm shows.

The replay copies the corpus where the oracle had it, keeps the simulated clock in step
with the recordings and gives each accepted submission the oracle's job id; instants are
masked, and so is what depends on the oracle rather than on Slurm (``without_running``).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, without_running

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "realjobs", tmp_path_factory.mktemp("realjobs")
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_real_job_runs_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_running(case.stdout), without_running(case.stderr))
    assert (got.exit, without_running(got.out.encode()), without_running(got.err.encode())) == want
