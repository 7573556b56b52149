"""srun ``--multi-prog``, recorded from Slurm 22.05 (``record.sh``): what each task runs
(ranks, ranges, lists and ``*``, ``%t`` and ``%o``, quoting, continued lines, a ``%`` that
joins the next line), the task count taken from the file, a program that cannot start,
every refusal srun makes before it asks for a job, steps of a running job, and the
accounting of them all. Compared byte for byte; the corpus is copied where the oracle
had it."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "multiprog", tmp_path_factory.mktemp("multiprog")
    )


@pytest.mark.parametrize("name", list(CASES))
def test_multi_prog_runs_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
