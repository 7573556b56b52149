"""``#PBS`` directives as sbatch reads them, recorded from Slurm 22.05 (``record.sh``):
each script of ``corpus/`` submitted held, shown with ``scontrol show job`` and cancelled,
or refused with sbatch's words. Its PBS options overrule its ``#SBATCH`` ones, the
environment and the command line overrule them, every ``#PBS`` line counts (even after the
first command) and ``--ignore-pbs`` or ``SBATCH_IGNORE_PBS`` leaves them out.

The replay copies the corpus where the oracle had it, keeps the simulated clock in step with
the recordings and gives each accepted submission the oracle's job id. Compared byte for
byte, but for ``scrub``'s host facts (a login session id) and the second a job was submitted
in (the oracle's submission could end in the second after its recording's).
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(CASES, HERE / "corpus", JOB_DIR / "pbs", tmp_path_factory.mktemp("pbs"))


_SUBMITTED = re.compile(rb"(SubmitTime|LastSchedEval)=\S+")


def _shown(data: bytes) -> bytes:
    return _SUBMITTED.sub(rb"\1=<submitted>", scrub(data))


@pytest.mark.parametrize("name", list(CASES))
def test_pbs_directives_read_as_slurm_reads_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
