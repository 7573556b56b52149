"""A QOS's UsageThreshold under Flags=EnforceUsageThreshold, recorded from Slurm 22.05
(``record.sh``): the settings as sacctmgr reads and shows them, and jobs of a user whose
first job the decay thread has charged, under the QOS, under another and without the flag.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("usagethreshold"))


@pytest.mark.parametrize("name", list(CASES))
def test_usage_threshold_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
