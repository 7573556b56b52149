"""The limit a job with --time-min runs with, recorded from Slurm 22.05 (``record.sh``).

Backfill plans such a job for its --time-min and starts it with that limit, though more
would fit before the reservation in its way; one whose --time-min does not fit before
that reservation waits; the main scheduler starts such a job with its full limit.

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings and gives each submission the oracle's job id. Instants are compared to
the minute: the oracle started the first job in its submission's second, slurmsim at
its pass two seconds on (``TRIGGER_DELAY``).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("timemin"))


@pytest.mark.parametrize("name", list(CASES))
def test_a_time_min_job_runs_with_the_limit_slurm_gives_it(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
