"""Jobs that list two partitions (``-p gpu,debug``), recorded from Slurm.

``record.sh`` submitted such jobs on an idle cluster (short, without ``--time``, and too
long for debug) and then, every GPU taken, jobs waiting in both partitions, as alice and
bob, and recorded where they ran, their time limits, and the lines ``squeue -P`` and
``sprio`` give the waiting ones.
What it shows: a job runs in the partition ranked first (PriorityTier, then its
PriorityJobFactor) whose limits it fits; without ``--time`` it takes the DefaultTime of
the partition listed first; while it waits it has a queue record in each partition,
which ``squeue -P`` and ``sprio`` list one per line, and it shows the priority of its
lowest-ranked record.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_AT_SUBMISSION = (
    "the oracle started the job in the request that submitted it; slurmsim's first pass "
    "comes 2 s later (docs/differences.md, Time), so its RunTime is 2 s shorter"
)
_STARTED_BY = (
    "started by a backfill cycle, slurmctld left the job the priority of the record it "
    "started from (debug's); started at its submission, the lower one it was given then; "
    "slurmsim shows the lower one and starts it by its main pass"
)
_RECORD_REASON = (
    "slurmctld shows the reason its last record got: this job's gpu record waits for nodes "
    "its debug record holds; slurmsim queues the job once and shows Resources"
)
KNOWN: dict[str, str] = {
    "006-squeue-idle": _STARTED_BY,
    "007-show-short": _STARTED_BY,
    "008-show-default-gpu-first": _AT_SUBMISSION,
    "009-show-default-debug-first": _AT_SUBMISSION,
    "010-show-long": _AT_SUBMISSION,
    "019-squeue-P-default": _RECORD_REASON,
    "022-squeue-P-sort-i": "the order of one job's lines among equal ids: listed order for "
    "1464 and 1465, not for the held 1467",
    "028-show-wait-gpu-first": _RECORD_REASON,
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("partitions"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_partition_lists_work_as_in_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), case.stderr.decode())
    assert (got.exit, without_times(got.out.encode()), got.err) == want
