"""Real-world batch job scripts as sbatch takes them, recorded from Slurm 22.05.

``corpus/`` holds the ``#SBATCH`` blocks of GPU job scripts found in public centre
documentation, training repositories and bioinformatics pipelines (each with a trivial
body), and variants of the odd spellings they use: ``--mail-type`` on several lines (the
types add up), ``-D .`` (WorkDir keeps the dot), ``--tasks-per-node``, ``--overcommit``
(one task's CPUs per node), node-count ranges, quotes and escapes, options after a stray
word. ``record.sh`` submitted each held as alice and recorded what sbatch printed, then
``scontrol show job`` and the scancel.

The replay copies the corpus where the oracle had it, keeps the simulated clock in step
with the recordings and gives each accepted submission the oracle's job id; instants
are masked (a submission can land in the second after the one capture.sh stamped).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases where slurmsim differs from the recording (docs/differences.md says why).
KNOWN_GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "realworld", tmp_path_factory.mktemp("realworld")
    )


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN_GAPS))
def test_script_is_taken_as_real_slurm_takes_it(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
