"""Which refusal sbatch gives when several options are bad, recorded from Slurm 22.05
(``record.sh``): counts, times and sizes are read as getopt reaches them, so the first
bad one in the order given is refused, before the GRES, which is checked with the
request as a whole; and after a node list longer than -N allows, the task count's
warning still follows. Compared byte for byte, but for ``scrub``'s host facts.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("readorder"))


@pytest.mark.parametrize("name", list(CASES))
def test_the_first_refusal_is_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
