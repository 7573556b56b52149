"""Allocations that cannot start at once, recorded from Slurm (``record.sh``).

srun and salloc with ``--immediate``: refused as not top priority while a job that
comes first waits, as a dependency problem under a begin time, a hold or a
dependency, as busy when the nodes are taken; ``--immediate=SECONDS`` running out
(the client cancels the job it waited for); the records each leaves (squeue, sacct:
a dependent one was never eligible, so sacct's window leaves it out) and what the
other jobs' reasons stay; and a ``--constraint`` no node has, which uses up a job
id but leaves no record. Instants are masked.

salloc hears a refused allocation revoked on a thread of its own: the oracle wrote
that line before or after the error as the race went, so for salloc the lines of
stderr are compared as a set in order of their text.
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


def _stderr(command: str, data: bytes) -> str:
    text = without_times(data)
    if "salloc" not in command.split()[:3]:
        return text
    return "".join(sorted(text.splitlines(keepends=True)))


def _run(case: Case) -> Result:
    return run_as_recorded(case, unset=("SLURM_EXIT_IMMEDIATE",))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("immediate"), _run)


@pytest.mark.parametrize("name", list(CASES))
def test_allocations_that_cannot_start_at_once(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), _stderr(case.command, case.stderr))
    assert (
        got.exit,
        without_times(got.out.encode()),
        _stderr(case.command, got.err.encode()),
    ) == want
