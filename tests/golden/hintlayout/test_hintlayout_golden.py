"""How --hint meets the options that lay a job out on a node's sockets, cores and threads,
recorded from Slurm 22.05 (``record.sh``): it unsets --sockets-per-node and
--cores-per-socket whatever the hint; beside -B, --threads-per-core or --ntasks-per-core it
is ignored. Compared byte for byte, but for ``scrub``'s host facts.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("hintlayout"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_hint_lays_the_job_out_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
