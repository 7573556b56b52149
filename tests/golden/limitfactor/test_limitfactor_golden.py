"""A QOS's LimitFactor, recorded from Slurm 22.05 (``record.sh``).

How sacctmgr reads, summarises and shows it, and that it scales an association's GrpTRES
and MaxTRES for the jobs under that QOS, up (2) and down (0.5), but not MaxTRESPerNode,
MaxTRESMins or GrpTRESRunMins.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("limitfactor"))


@pytest.mark.parametrize("name", list(CASES))
def test_limit_factor_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
