"""What sbatch settles itself before it sends a job, recorded from Slurm.

``record.sh`` submitted held jobs whose node lists (``-w``, ``--nodefile``), node counts
and task counts disagree, and options sbatch refuses together, and showed each job.
What it shows: a node list raises the node count to its length (two tasks on
``-w dgx[1-2]``) and is refused beside a smaller ``-N``; fewer tasks than nodes is
warned about and becomes the node count, the list cut short; ``--nodefile`` reads the
list from a file; a node both required and excluded is the controller's refusal.

The replay runs from the oracle's job directory (with the recording's node files),
keeps the simulated clock in step with the recordings, and gives each accepted
submission the oracle's job id.
"""

import shlex
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import Case, load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


def _run(case: Case) -> Result:
    """A case, run beside the recording's node files."""
    from tests.golden.replay import JOB_DIR

    for name in ("nodes.txt", "empty.txt"):
        (JOB_DIR / name).write_bytes((HERE / name).read_bytes())
    return run_command(shlex.split(case.command), case.user, b"")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("clientchecks"), _run)


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_client_checks_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
