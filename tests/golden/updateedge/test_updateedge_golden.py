"""Two corners of ``scontrol update job``, recorded from Slurm 22.05 (``record.sh``): a
pending job's TRES keep the GPUs they counted when its node count moves, until its GRES
change or it runs; ``JobId=`` with no id succeeds but for the changes scontrol must load
the job for. Compared byte for byte, but for ``scrub``'s host facts.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("updateedge"))


@pytest.mark.parametrize("name", list(CASES))
def test_an_update_answers_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
