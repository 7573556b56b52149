"""How squeue, sinfo, scancel, sbatch, sprio and sacct read odd input, recorded from Slurm.

``record.sh`` ran squeue and sinfo with formats that have runs of ``%``, no letter
or an unknown one, ``-O`` widths left out, ``-j`` ids with text after the number,
bad ``-i``, ``-w`` and ``-S`` values and words that are not options, and sinfo with
filters that leave a partition none of its nodes (it still gets a line, ``0 n/a``),
scancel with jobs and users that do not exist and each of its filters, and sbatch with
values it refuses (or takes) for options slurmsim keeps only to show, on an idle oracle.
The replay runs each on a new default cluster; nothing compared depends on the clock.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_each, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


def _comparable(data: bytes) -> str:
    return scrub(data).decode()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_each(CASES, tmp_path_factory.mktemp("views"))


@pytest.mark.parametrize("name", list(CASES))
def test_views_read_odd_input_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), _comparable(case.stderr))
    assert (got.exit, _comparable(got.out.encode()), _comparable(got.err.encode())) == want
