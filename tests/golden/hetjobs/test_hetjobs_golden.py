"""Heterogeneous jobs, recorded from Slurm 22.05 (``record.sh``).

A script's ``#SBATCH hetjob`` groups (or ``packjob``, with its warning) and ``sbatch A :
B`` make one job per component, with ids running on from the leader's; each component
takes on what the one before it left in force but its node, task and GRES requests, and
on the command line the leader also takes what later components set. squeue, scontrol
and sacct name a component ``N+k``, a leader's id names every component (scancel, hold,
release, squeue -j, scontrol show job), a component's own id only itself and scancel
refuses it. A component refused after the ones before it were made leaves those
cancelled. Backfill plans each component on nodes apart and starts them all at once.

The replay copies the corpus where the oracle had it, keeps the simulated clock in step
with the recordings and gives each accepted submission the oracle's job id; instants
and priorities are masked (slurmsim's passes run on their own phase, and the oracle's
priorities carry its fair-share history).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, without_times_or_priorities

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "hetjobs", tmp_path_factory.mktemp("hetjobs")
    )


def _shown(name: str, data: bytes) -> str:
    """``data`` without instants and priorities; right after a release, a job waiting on
    a dependency shows ``Dependency`` once a pass has looked at it and ``None`` before,
    and the oracle's passes run on their own phase (both were recorded): one reason."""
    text = without_times_or_priorities(data)
    return text.replace("|Dependency|", "|None|") if "release" in name else text


@pytest.mark.parametrize("name", list(CASES))
def test_heterogeneous_job_is_what_slurm_makes_of_it(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(name, case.stdout), _shown(name, case.stderr))
    assert (got.exit, _shown(name, got.out.encode()), _shown(name, got.err.encode())) == want
