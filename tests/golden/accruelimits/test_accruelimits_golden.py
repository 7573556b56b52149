"""The accrue limits and MinPrioThresh, recorded from Slurm 22.05 (``record.sh``).

How sacctmgr reads, summarises (its odd ``MaxJobsPrioAcc`` label and padding included),
inherits and shows GrpJobsAccrue, MaxJobsAccrue, MaxJobsAccruePerAccount/PerUser and
MinPrioThresh, and that slurmctld lets pending jobs over MaxJobsAccrue accrue age all the
same. When a job first accrues is the first scheduling pass that looks at it, whose phase
here is not the oracle's, so the instants of ``accrue-times`` are masked: the case checks
that each job has one.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("accruelimits"))


def _masked(name: str, text: bytes) -> bytes:
    if not name.endswith("accrue-times"):
        return text
    return re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", b"<instant>", text)


@pytest.mark.parametrize("name", list(CASES))
def test_accrue_limit_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _masked(name, case.stdout), case.stderr)
    assert (got.exit, _masked(name, got.out.encode()), got.err.encode()) == want
