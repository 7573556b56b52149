"""A pending array's task ids as slurmctld writes them, recorded from Slurm 22.05
(``record.sh``): ranges, lists, and a stride (``0-12:2``) only for six or more tasks evenly
spaced and more than ten apart from first to last. Compared byte for byte, but for
``scrub``'s host facts (a login session id).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("arraysteps"))


@pytest.mark.parametrize("name", list(CASES))
def test_array_task_ids_read_as_slurm_writes_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
