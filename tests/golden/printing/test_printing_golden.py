"""How squeue lays values into widths, recorded from Slurm.

``record.sh`` ran a job on two nodes and held another, and printed them with right-
and left-justified widths, over node lists, reasons, empty fields and text, and tried
``-o`` beside ``-O`` and ``-l``, as alice.
What it shows: ``%.N`` right-justifies and cuts to N, but not node lists (nor the
NODELIST, SCHEDNODES and NODELIST(REASON) headers); ``%N`` is a precision and cuts
everything, and an empty field it would cut prints nothing where ``%.N`` prints
``(null`` (C's printf on a NULL string); ``-o`` with ``-O`` is refused as the second
is read, ``-o`` with ``-l`` once all are.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("printing"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_squeue_prints_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
