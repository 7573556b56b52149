"""The SLURM_* environment of srun's tasks, recorded from Slurm 22.05 (``record.sh``): on
the job srun makes for itself (none of sbatch's variables; srun's own: SLURM_SUBMIT_DIR,
SLURM_TOPOLOGY_ADDR, SLURM_LABELIO, SLURM_CPU_BIND*, SLURMD_TRES_BIND; the step's CPUs
under --exclusive), as steps of a running job attached from outside, and salloc's
command's. The command leaves out what depends on the host or the caller. Compared byte
for byte, but for the order of the error lines of a task that could not be started (its
slurmstepd's and srun's come in either order: tests/golden/steps/ says why) and salloc's
line that its job was revoked, which the oracle prints after the relinquishing in some
runs and not in others."""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("srunenv"))


_REVOKED = re.compile(rb"(?m)^salloc: Job allocation \d+ has been revoked\.\n")


def _lines(name: str, err: bytes) -> bytes:
    unstarted = CASES[name].command.startswith("srun") and b"execve()" in err
    return b"".join(sorted(err.splitlines(True))) if unstarted else _REVOKED.sub(b"", err)


@pytest.mark.parametrize("name", list(CASES))
def test_srun_tasks_see_slurms_variables(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, case.stdout, _lines(name, case.stderr))
    assert (got.exit, got.out.encode(), _lines(name, got.err.encode())) == want
