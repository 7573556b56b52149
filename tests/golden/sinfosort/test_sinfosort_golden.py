"""The order of sinfo's partition lines under ``-S o`` and ``-S n``, recorded from Slurm
(``record.sh``).

sinfo fills a line's node addresses and host names only when a column shows them; an
empty list compares as greater than anything, itself included, so without ``%o`` (or
``%n``) the key turns the lines round under the C library's merge sort and ``-o`` keeps
them. Compared byte for byte.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("sinfosort"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_sinfo_sorts_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
