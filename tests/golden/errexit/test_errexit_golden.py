"""How a batch script's shell meets an srun that fails, recorded from Slurm 22.05
(``record.sh``): under ``set -e`` (or ``set -o errexit``, ``bash -e`` on the interpreter
line) a refused srun ends the script at once, ``FAILED 1:0``; not without it, after ``set
+e``, when an ``||`` handles it, or as the first of an ``&&`` list, which then skips the
rest of the list; a step killed by a signal ends it with the signal's number; a ``wait``
does not wait for a failed srun in the background; srun's own refusal of an option exits
255, which sacct shows as 127 (it keeps an exit code's low seven bits).

The replay copies the corpus where the oracle had it and keeps the simulated clock in step
with the recordings; instants, run times, priorities and the pass that started each job
are masked (``without_run``): the oracle's backfill cycle came within the submission's
second, slurmsim's main pass 2 s on.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "errexit", tmp_path_factory.mktemp("errexit")
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_failing_srun_under_errexit_ends_as_on_slurm(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
