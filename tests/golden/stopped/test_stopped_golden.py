"""What SIGSTOP and SIGCONT sent with ``scancel`` do to running jobs, recorded from Slurm
(``record.sh``): slurmctld flags a job whose tasks took STOP as STOPPED (squeue ``ST``,
``JobState=STOPPED``, accounting still RUNNING) whichever processes the signal went to,
and CONT takes the flag away; ``squeue -t`` takes every state flag's name. What depends
on the oracle's own history (instants, priorities, the pass that started a job) is masked."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("stopped"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_stopped_job_shows_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
