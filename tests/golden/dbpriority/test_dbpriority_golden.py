"""sacct's Priority, recorded from Slurm 22.05 (``record.sh``): what slurmdbd's record of a
job holds, its priority at the first scheduling pass after the submission, whatever came
after (a hold, a release, ``Priority=``). Compared byte for byte, but for instants and the
priorities fair share makes: the oracle's users had run other recordings' jobs."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: A computed priority (fair share in it), in the cases that show one: ``squeue %Q`` of the
#: jobs pending without a set priority, and the blocker's Priority in sacct.
_FAIR_SHARE = re.compile(r"(PD|blocker +COMPLETED) +\d{4,}")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("dbpriority"))


def _shown(text: bytes) -> str:
    return _FAIR_SHARE.sub(r"\1 <prio>", without_times(text))


@pytest.mark.parametrize("name", list(CASES))
def test_sacct_priority_is_the_one_the_first_pass_recorded(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
