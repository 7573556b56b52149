"""How slurmctld counts nodes against a node limit, recorded from Slurm (``record.sh``).

``MaxTRESPerUser=node=1`` and then ``GrpTRES=node=2`` on QOS normal: a node counts once
however many of the jobs the limit binds share it, and a pending job is judged once its
nodes are chosen, by those new to the limit (a job without ``-w`` placed on a node the
user holds starts; one naming another node waits). What is compared: everything, with
the instants masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("nodelimits"))


@pytest.mark.parametrize("name", list(CASES))
def test_node_limits_count_as_in_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
