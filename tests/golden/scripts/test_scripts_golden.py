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
recorded, except what depends on the oracle's host (``scrub``).
"""

import os
import shutil
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import cluster_store, load_case, recorded_at, replay_in_step, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce yet, each with why (strict xfails).
KNOWN_GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    cwd = os.getcwd()
    corpus = JOB_DIR / "corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    shutil.copytree(HERE / "corpus", corpus)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("scripts"))
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
def test_script_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout).decode(), case.stderr.decode())
    assert (got.exit, scrub(got.out.encode()).decode(), got.err) == want
