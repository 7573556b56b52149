"""Which node cons_tres gives a one-node job, recorded from real Slurm 22.05.

``record.sh`` submitted jobs one at a time, 4 s apart (each placed by a pass of its
own), as alice, in three scenarios cancelled in between, and recorded where squeue and
sinfo show them. What it shows: the nodes that can hold the job form runs of
consecutive nodes; the run with the fewest free CPUs in all wins (the first of equals),
and in it the node with the fewest. So a 20-CPU job goes to the idle dgx4 alone rather
than to the half-used dgx1 next to the idle dgx2, and a 1-CPU job to the node with the
fewest free CPUs once every node is in one run.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("placement"))


@pytest.mark.parametrize("name", list(CASES))
def test_one_node_jobs_land_where_real_slurm_puts_them(
    name: str, results: dict[str, Result]
) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout).decode(), case.stderr.decode())
    assert (got.exit, scrub(got.out.encode()).decode(), got.err) == want
