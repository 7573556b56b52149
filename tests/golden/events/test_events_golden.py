"""Node events, recorded from Slurm (``record.sh``).

What ``sacctmgr show event`` lists as nodes are drained busy (recorded when the last
job leaves, in the slurm user's name, with the reason set meanwhile) or idle (at
once), given a reason while drained (no new record) or drained again with another
reason (a new one), set DOWN, FAIL (a record that ends as it begins), undrained
while down (DOWN* afresh) and resumed; the cluster's own record; the filters and
refusals; and what sinfo and scontrol show of those nodes on the way. Instants are
masked; durations are compared, the recordings' seconds kept in step.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("events"))


@pytest.mark.parametrize("name", list(CASES))
def test_node_events(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
