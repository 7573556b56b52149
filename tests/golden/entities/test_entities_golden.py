"""Which words ``scontrol show`` takes for which entity, recorded from real Slurm 22.05.

``record.sh`` ran ``scontrol show WORD`` on an idle oracle for prefixes of every entity
(down to the shortest Slurm takes, and one shorter), the aliases ``jobid``,
``partitionname`` and ``reservationname``, words it refuses, and the entities that
describe nothing on a cluster like this one. The replay runs each on a new default
cluster; nothing it shows depends on the clock.
"""

import shlex
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import cluster_store, load_case, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("entities")):
        return {
            name: run_command(shlex.split(case.command), case.user, b"")
            for name, case in CASES.items()
        }


@pytest.mark.parametrize("name", list(CASES))
def test_show_takes_the_words_slurm_takes(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout).decode(), scrub(case.stderr).decode())
    assert (got.exit, scrub(got.out.encode()).decode(), scrub(got.err.encode()).decode()) == want
