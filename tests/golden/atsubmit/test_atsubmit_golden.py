"""The reasons jobs show in the second they are submitted and a few seconds on, recorded
from Slurm (``record.sh``): what the submission's own test says (Resources, none for a
job that may preempt, PartitionConfig over a partition limit, a QOS wall limit before
BeginTime) and what the first pass makes of it. What is compared: everything, with the
instants masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {
    "009-at-once": "the oracle's main pass ran between the submissions (preempting big for "
    "high, the rest behind it: Priority); slurmsim's comes TRIGGER_DELAY (2 s) after the "
    "first, so this squeue still shows the submissions' own reasons",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("atsubmit"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_reasons_at_submission_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
