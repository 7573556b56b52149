"""A sweep over real-world batch scripts, recorded from real Slurm 22.05, replayed on a new cluster.

``corpus/`` holds the kind of scripts users copy from centre docs, training repos and
tutorials: multi-node torchrun and deepspeed launches, throttled arrays, MPI jobs, GPU
requests of every spelling, dependency chains, other interpreters, and directive lines
written oddly (several options on a line, quotes, trailing comments, disabled or late
lines, CR LF ends, no shebang). ``record.sh`` submitted each one held as alice (so only
what Slurm decides at submission shows) and recorded what sbatch printed, then
``scontrol show job`` and two wide squeue formats, then the scancel.

The replay copies the corpus where the oracle had it, starts the simulated clock at the
first recording's second and keeps it in step with the recordings, and gives each
accepted submission the job id the oracle gave it; so everything is compared as
recorded, except what depends on the oracle's host (``scrub``) and the submit-time
stamps (``_STAMPS``).
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, scrub, with_known_gaps

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


#: Cases slurmsim does not reproduce yet, each with why (strict xfails; docs/differences.md).
KNOWN_GAPS: dict[str, str] = {}

#: capture.sh stamps a case with the second it started; a submission can land in the
#: next one, so the submit-time stamps are compared as placeholders.
_STAMPS = re.compile(rb"(SubmitTime|LastSchedEval)=\S+")


def _comparable(data: bytes) -> str:
    return _STAMPS.sub(rb"\1=<time>", scrub(data)).decode()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "corpus", tmp_path_factory.mktemp("scripts")
    )


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN_GAPS))
def test_script_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), case.stderr.decode())
    assert (got.exit, _comparable(got.out.encode()), got.err) == want
