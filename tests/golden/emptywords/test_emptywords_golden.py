"""An empty word (``""`` or ``''``) in a directive line, as sbatch reads it, recorded from
Slurm 22.05 (``record.sh``): it ends the line, so nothing after it counts (not even a bad
word), and an option just before it has no argument; ``-N ''`` is no node count.

The replay copies the corpus where the oracle had it and keeps the simulated clock in step
with the recordings. Compared byte for byte, but for ``scrub``'s host facts (a login session
id) and the second a job was submitted in.
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
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "emptywords", tmp_path_factory.mktemp("emptywords")
    )


_SUBMITTED = re.compile(rb"(SubmitTime|LastSchedEval)=\S+")


def _shown(data: bytes) -> bytes:
    return _SUBMITTED.sub(rb"\1=<submitted>", scrub(data))


@pytest.mark.parametrize("name", list(CASES))
def test_empty_words_read_as_slurm_reads_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
