"""CPU counts a node that sbatch's submission is refused for, recorded from Slurm (``record.sh``).

A task's CPUs, ``--mincpus`` or ``--ntasks-per-node``'s tasks' CPUs above any node's name
the CPU count (not beyond ``-n``'s tasks, nor under ``--overcommit``, which still refuses
more tasks than CPUs); more ``--ntasks-per-socket`` than a socket's cores is refused
without it.

The replay runs from the oracle's job directory, keeps the simulated clock in step with
the recordings and gives each submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("cpucounts"))


@pytest.mark.parametrize("name", list(CASES))
def test_cpu_counts_a_node_are_refused_as_real_slurm_refuses_them(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
