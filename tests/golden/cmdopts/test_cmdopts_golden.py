"""The commands' option tables and srun's own checks of its options, recorded from Slurm.

``record.sh`` ran, as alice on an idle oracle: the other spellings Slurm's option tables
list (``squeue --accounts``, ``--partitions``, ``--users``, ``--nodes``; ``sacct
--fields``, ``--group``, ``--help-fields``; ``sprio --users``), the short letters kept
for old scripts (``squeue -U``, ``sacct -t``, ``sshare -h``) and those sshare reads but
handles in no case (``-q``, ``-t``), abbreviations and how their ambiguity is listed,
options only some of srun, salloc and sbatch have, srun's ``--cpu-bind`` words on a
cluster that binds no tasks (``TaskPlugin=task/none``), the options srun refuses
together, what sbatch and salloc check once every option is read (``--bb`` with
``--bbf``, a ``--bbf`` file, whose text sbatch puts after the script's first line,
``--begin`` after ``--deadline``, a plane distribution too large for the nodes), and
where ``--x11`` stops when no display can be forwarded.

The replay runs each command with the variables its ``env`` prefix sets and without
``DISPLAY`` otherwise (srun reads it), from the oracle's job directory on a new default
cluster; instants are masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import (
    Case,
    load_case,
    replay_from_job_dir,
    run_as_recorded,
    without_times,
)

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Variables a case's outcome depends on, unset unless the case sets them.
_READ = ("DISPLAY", "SLURM_CPU_BIND", "SLURM_THREADS_PER_CORE")


def _run(case: Case) -> Result:
    from tests.golden.replay import JOB_DIR

    (JOB_DIR / "bb.txt").write_bytes((HERE / "bb.txt").read_bytes())  # the --bbf file
    return run_as_recorded(case, unset=_READ)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("cmdopts"), _run)


@pytest.mark.parametrize("name", list(CASES))
def test_options_are_read_as_slurm_reads_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
