"""Which refusal sbatch gives for a submission wrong in two ways, recorded from Slurm 22.05
(``record.sh``): the client's checks first (begin against deadline, GRES names against
GresTypes, a count of 0 passing), then the controller's in its order (nice and array,
required nodes, names given empty, partition, account, QOS, the rest); and -M's list
read as a hostlist. Compared byte for byte, but for ``scrub``'s host facts.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("checkorder"))


@pytest.mark.parametrize("name", list(CASES))
def test_the_first_refusal_is_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
