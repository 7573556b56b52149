"""What a held job asks for when submitted with ``--hint`` (alone, and beside the options
it yields to: ``--ntasks-per-core``, ``--threads-per-core``, ``-B``), with ``-B`` and no
task count (a task for each socket x core x thread of each node), and with
``--cpu-freq`` (the ``CPU_min_freq``/``CPU_max_freq``/``Governor`` line, and the values
sbatch refuses), recorded from Slurm (``record.sh``). What is compared: the whole record,
with the run time masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("layouthints"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_layout_hints_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
