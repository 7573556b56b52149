"""How srun --wait ends a step whose other tasks outlive the first to exit, recorded from
Slurm 22.05 (``record.sh``): srun's lines (how long ago the first exited, which tasks run
on, which exited, Terminating, the step aborted), slurmstepd's CANCELLED line, the rest
Killed and srun's exit 137; the values srun refuses; on the job srun makes for itself and
as a step of a running job; and what sacct then shows (the job FAILED 0:9, the step as the
tasks that exited say).

Compared byte for byte but for the second in slurmstepd's CANCELLED line (the oracle's
wall clock against slurmsim's manual one) and the order of that line and srun's "Job step
aborted" line, which the two processes write at the same moment (the oracle's order
varies from run to run).
"""

import re
import shlex
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import Case, load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
_CANCELLED_AT = re.compile(rb"CANCELLED AT \S+ \*\*\*")
_ABORTED_FIRST = re.compile(rb"(srun: Job step aborted: [^\n]*\n)((?:\d+: )?slurmstepd-[^\n]*\n)")
_OWN_STEP = re.compile(rb"StepId=(\d+)\.0 ")


def _as_recorded(case: Case) -> Result:
    """``case`` as its user; a job srun makes for itself takes the id its step line shows
    (srun names no job that starts at once)."""
    from slurmsim.api.session import session

    found = _OWN_STEP.search(case.stderr)
    if found is not None and "--jobid" not in case.command:
        with session(write=True) as s:
            s.state.next_job_id = int(found[1])
    return run_command(shlex.split(case.command), case.user, b"")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("srunwait"), _as_recorded)


@pytest.mark.parametrize("name", list(CASES))
def test_srun_wait_ends_a_step_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, case.stdout, _comparable(case.stderr))
    assert (got.exit, got.out.encode(), _comparable(got.err.encode())) == want


def _comparable(data: bytes) -> bytes:
    data = _CANCELLED_AT.sub(b"CANCELLED AT <time> ***", data)
    return _ABORTED_FIRST.sub(rb"\2\1", data)
