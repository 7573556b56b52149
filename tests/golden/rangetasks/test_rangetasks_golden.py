"""How sbatch counts tasks a node over a node range, what NumTasks says once such a job
runs, and where ``--spread-job`` puts a job, recorded from Slurm 22.05 (``record.sh``).
A running job's ``scontrol show -d job`` is compared for what it holds where (its times,
priority and the pass that started it come from the oracle's timing); everything else
byte for byte, but for instants (a recording's second can turn between a submission and
its show) and ``scrub``'s host facts."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import holdings_or_times, load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("rangetasks"))


@pytest.mark.parametrize("name", list(CASES))
def test_tasks_over_node_ranges_match_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, holdings_or_times(case, case.stdout), holdings_or_times(case, case.stderr))
    seen = (holdings_or_times(case, got.out.encode()), holdings_or_times(case, got.err.encode()))
    assert (got.exit, *seen) == want
