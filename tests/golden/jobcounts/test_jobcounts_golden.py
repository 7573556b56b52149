"""``scontrol update JobId=...`` of task and CPU counts and other fields, recorded from Slurm.

``record.sh`` gave each update to a new held job of alice's (with the sbatch options
named) and showed the job after. What it shows: ``NumTasks`` and ``CPUsPerTask`` change
what is shown but not the CPUs (``NumCPUs`` and the TRES stay); ``NumCPUs`` and
``MinCPUsNode`` set the CPUs but leave the memory figured from the CPUs before; a held
job's ``NumNodes`` is worked out from its tasks (``NumTasks=1000``: 9); ``TasksPerNode``,
``Contiguous=yes`` and ``Reboot`` are an operator's; the TRES requests take only some
forms; ``Switches`` waits at most 5 minutes; keys may be cut short to scontrol's own
least (``timel``, ``na``, ``f``, but not ``time``), take ``+=``/``-=`` only for
``TimeLimit``, and a value may come as the next word. A running job's counts are refused.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {
    "244-run-show": (
        "the oracle started the job by backfill in the second it was submitted, and its "
        "priority comes from the oracle's fair-share history"
    ),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("jobcounts"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_count_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
