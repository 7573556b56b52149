"""How srun ends a step one of whose tasks failed, recorded from Slurm 22.05
(``record.sh``): ``--kill-on-bad-exit`` (srun's and slurmstepd's lines, the other tasks
Terminated), ``-K0``, a task killed by a signal beside one that exited non-zero, on the
job srun makes for itself and as a step of a running job, and what sacct then shows.
Compared byte for byte but for the second in slurmstepd's ``CANCELLED AT`` line: the
oracle's took a wall second to make a step in a running job, and slurmsim's manual clock
stays at the command's second.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
_CANCELLED_AT = re.compile(rb"CANCELLED AT \S+ \*\*\*")
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("badexit"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_failed_task_ends_its_step_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, case.stdout, _at(case.stderr))
    assert (got.exit, got.out.encode(), _at(got.err.encode())) == want


def _at(data: bytes) -> bytes:
    return _CANCELLED_AT.sub(b"CANCELLED AT <time> ***", data)
