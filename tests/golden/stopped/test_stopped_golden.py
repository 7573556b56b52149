"""What SIGSTOP and SIGCONT sent with ``scancel`` do to running jobs, recorded from Slurm
(``record.sh``): slurmctld flags a job whose tasks took STOP as STOPPED (squeue ``ST``,
``JobState=STOPPED``, accounting still RUNNING) whichever processes the signal went to,
and CONT takes the flag away; ``squeue -t`` takes every state flag's name. What depends
on the oracle's own history (instants, priorities, the pass that started a job) is masked."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_running

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
#: Which pass started a job: the oracle's backfill cycle came within the submission's
#: second, before its main pass (slurmsim's first pass is the main one, 2 s on).
_SCHEDULER = re.compile(r"Scheduler=\S+")


def _shown(data: bytes) -> str:
    return _SCHEDULER.sub("Scheduler=<s>", without_running(data))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("stopped"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_stopped_job_shows_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
