"""Jobs that run and end, recorded from real Slurm 22.05, replayed on a new cluster.

``corpus/`` holds ten scripts with ``sleep`` bodies and ``#SLURMSIM`` lines after their
first command (a comment to real Slurm, the run time and exit code to slurmsim): a
two-node GPU training job, an ``--exclusive`` one, a throttled GPU array, ``-n 4`` with
``--cpus-per-task``, ``--mem-per-gpu``, a job that exits 3, one killed by its one-minute
limit, one cancelled while it runs, one that depends on the failing job and a short
one. ``record.sh`` submitted them as alice and recorded them while they ran and after
they ended: ``scontrol show job``, two wide squeue formats, sinfo's allocation columns,
``scontrol show node`` and sacct.

The replay copies the corpus where the oracle had it, starts the simulated clock at the
first recording's second and keeps it in step with the recordings, and gives each
accepted submission the job id the oracle gave it; so start and end times, run times
and elapsed times are compared as recorded. Only what depends on the oracle's host
(``scrub``) and the submit-time stamps (``_STAMPS``) are placeholders.
"""

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import cluster_store, load_case, recorded_at, replay_in_step, scrub

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
    cwd = os.getcwd()
    corpus = JOB_DIR / "lifecycle"
    shutil.rmtree(corpus, ignore_errors=True)
    shutil.copytree(HERE / "corpus", corpus)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("lifecycle"))
    finally:
        os.chdir(cwd)


def _replay(directory: Path) -> dict[str, Result]:
    from slurmsim.api import cluster

    with cluster_store(directory):
        first = recorded_at(next(iter(CASES.values())))
        cluster.advance_clock(by=first - cluster.now())
        return replay_in_step(CASES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_GAPS[name], strict=True))
        if name in KNOWN_GAPS
        else name
        for name in CASES
    ],
)
def test_lifecycle_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), _comparable(case.stderr))
    assert (got.exit, _comparable(got.out.encode()), _comparable(got.err.encode())) == want
