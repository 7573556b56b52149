"""What sbatch, salloc and srun print at ``-v``, recorded from Slurm.

``record.sh`` submitted held jobs with many option forms at ``-v`` (and ``-vv``, and
``SBATCH_DEBUG``), an allocation with salloc and a will-run with srun, as alice.
What it shows: a "defined options" block on standard error, each option in force by
name with its value as the client gives it back (times in whole minutes, memory in G
or T when whole, paths made absolute, ``--gres`` with its ``gres:`` prefix, mail types
as a set, ``--begin`` as an instant, ``--signal`` without its default ``@60``, flags
as ``set``), then at ``-v`` given on the command line the select plugins loading.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import (
    Case,
    load_case,
    replay_from_job_dir,
    run_as_recorded,
    with_known_gaps,
    without_times,
)

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {
    "007-twice": "-vv: the RLIMIT_* propagation and plugin debug lines are not printed",
}


def _run(case: Case) -> Result:
    """A case, with the variables of a leading ``env VAR=value`` set while it runs."""
    return run_as_recorded(case)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("verbose"), _run)


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_verbose_output_is_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
