"""What scancel does when it reads the jobs itself, recorded from Slurm.

``record.sh`` submitted as alice a job that keeps running and one cancelled at once, then
ran scancel with filters, signals and ``-b`` on them: a filter the named job does not pass
leaves it alone; a job that has ended is one scancel does not find (``Invalid job id
specified``, exit 1), where plain ``scancel ID`` asks the controller and stays quiet; with
``-v`` scancel logs the select plugins it loads and lists the filters no job passed. Then
two arrays of six tasks, two at a time: a filter that picks one pending task cancels every
pending task with it, and naming the last pending tasks leaves their record naming no task.
Last, ``-i`` asks before each cancel (its answers are in ``stdin/``).

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings, and gives each accepted submission the oracle's job id.
"""

import shlex
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import Case, load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


def _run(case: Case) -> Result:
    """The case's command, with its standard input from ``stdin/`` when it read one."""
    words = shlex.split(case.command)
    if len(words) >= 2 and words[-2] == "<":
        return run_command(words[:-2], case.user, (HERE / "stdin" / words[-1]).read_bytes())
    return run_command(words, case.user, b"")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("scancel"), run=_run)


@pytest.mark.parametrize("name", list(CASES))
def test_scancel_acts_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), case.stderr.decode())
    assert (got.exit, without_times(got.out.encode()), got.err) == want
