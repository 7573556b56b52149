"""How a batch script's shell structure meets its sruns, recorded from Slurm 22.05
(``record.sh``): ``srun ... || exit 7`` (a node the cluster lacks: refused, exit 1) ends
the script with 7, and a function ending in ``exit 4`` after ``||`` with 4; an srun in an
``if``/``while`` condition is out of ``set -e``'s reach; a ``for`` loop runs its srun once
per value, the steps named from the loop variable; guards, here-documents, command
substitutions, ``case``, ``if``/``else`` and a ``while`` over a pipe take no time; a job of
``--ntasks-per-gpu=2`` refuses ``srun -n 1`` (its inherited ``SLURM_NTASKS_PER_GPU``) but
not ``srun``.

The replay copies the corpus where the oracle had it and keeps the simulated clock in step
with the recordings; instants, run times, priorities and the pass that started each job
are masked (``without_run``).
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
        CASES, HERE / "corpus", JOB_DIR / "shellflow", tmp_path_factory.mktemp("shellflow")
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_scripts_shell_structure_meets_its_sruns_as_on_slurm(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
