"""How many whole nodes an --exclusive job takes when its tasks need more than one node
holds, recorded from Slurm 22.05 (``record.sh``): enough to hold them, refused when no
count of nodes can. Compared with ``to_the_minute`` (a test's start is the second it was
asked in, which the replay pins only to the case's).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("exclusivetasks"))


@pytest.mark.parametrize("name", list(CASES))
def test_an_exclusive_job_takes_the_nodes_its_tasks_need(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
