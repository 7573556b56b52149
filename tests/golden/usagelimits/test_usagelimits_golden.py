"""The limits on usage, GrpTRESMins and GrpWall, recorded from Slurm 22.05 (``record.sh``).

A job held or refused at once (a limit of 0; under DenyOnLimit a job that would go over
on its own, which without it runs), their place among the other group limits, and over
two passes of the decay thread the running jobs an account's GPU-minutes or a QOS's wall
minutes run out for, ended TIMEOUT by the time-limit check, and new jobs held for them.
The decay thread's passes run on their own phase here and on the oracle, so instants,
run times and the pass that started a job are masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("usagelimits"))


@pytest.mark.parametrize("name", list(CASES))
def test_usage_limit_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
