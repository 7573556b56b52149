"""``--ntasks-per-socket``: a node takes at most its sockets times the count of a job's
tasks, so the job spreads over more nodes, recorded from Slurm (``record.sh``).

Held jobs show the node count worked out from their tasks alone; jobs that run are shown
with their cores (``scontrol show -d job``); a count no node can hold is refused at
submission. What is compared: the whole record, with the instants, the run time, the
priority and which scheduler started the job masked (docs/differences.md).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("persocket"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_tasks_per_socket_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
