"""A second set of real-world job scripts that run, recorded from Slurm 22.05
(``record.sh``): CPU preprocessing on the debug partition with ``--hint`` and
``--distribution``, a job pinned to a node with ``--gres-flags`` and ``--export=NONE``, one
that begins 30 s later, two singletons of one name, a whole-node evaluation under QOS high
with ``--nice``, a CPU-only job with two srun steps, a job whose last srun is refused, and a
throttled GPU array with mail and log patterns, all queued behind a job holding every node.
The queue, the jobs and their steps while they run, and the accounting once they end, are
what Slurm shows.

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
        CASES, HERE / "corpus", JOB_DIR / "realjobs2", tmp_path_factory.mktemp("realjobs2")
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_real_script_runs_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_running(case.stdout), without_running(case.stderr))
    assert (got.exit, without_running(got.out.encode()), without_running(got.err.encode())) == want
