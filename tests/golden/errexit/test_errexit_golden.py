"""How a batch script's errexit meets an srun that fails, recorded from Slurm 22.05
(``record.sh``): under ``set -e`` (or ``set -o errexit``, ``bash -e`` on the interpreter
line) a refused srun ends the script at once, ``FAILED 1:0``; not without it, after ``set
+e``, when an ``||`` handles it, or as the first of an ``&&`` list, which then skips the
rest of the list; a step killed by a signal ends it with the signal's number.

The replay copies the corpus where the oracle had it and keeps the simulated clock in step
with the recordings; what depends on the oracle rather than on Slurm is masked
(``without_running``), and so is the pass that started each job (the oracle's backfill
cycle came within the submission's second, slurmsim's main pass 2 s on).
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, without_running

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
_SCHEDULER = re.compile(r"Scheduler=\S+")


def _shown(data: bytes) -> str:
    return _SCHEDULER.sub("Scheduler=<s>", without_running(data))


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
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
