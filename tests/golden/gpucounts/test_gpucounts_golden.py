"""How the clients settle a job's GPU counts against one another (``api.gpu_counts``):
the combinations of ``--gpus``, ``--gpus-per-node``/``--gres``, ``--gpus-per-task``,
``--gpus-per-socket``, ``-n``, ``-N``, the tasks per node and socket and ``--cpus-per-gpu``
they refuse, each with the controller's GRES count test's line, and held jobs whose counts
they fill in, recorded from Slurm (``record.sh``). What is compared: the whole output.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: A held job shows what the client sent before the controller settled its counts:
#: slurmsim shows the settled counts, which are what the job is given when it runs
#: (the oracle's running job has them too).
_SENT = (
    "the pending job shows the CPUs and tasks the client counted before the GPU counts "
    "settled them; slurmsim shows the settled ones, which the job runs with on both"
)
KNOWN: dict[str, str] = {
    "035-nodes-from-gpus-range-show": _SENT,
    "044-nodes-from-gpus-alone-show": _SENT,
    "047-per-node-tasks-show": _SENT,
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpucounts"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_gpu_counts_are_settled_as_in_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
