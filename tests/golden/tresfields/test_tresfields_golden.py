"""squeue -O's TRES request fields (``cpus-per-tres``, ``mem-per-tres``, ``tres-bind``,
``tres-freq``, ``tres-per-socket`` beside the others) and ``Wait4Switch`` for held jobs,
recorded from Slurm (``record.sh``). What is compared: the whole output.
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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("tresfields"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_tres_fields_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
