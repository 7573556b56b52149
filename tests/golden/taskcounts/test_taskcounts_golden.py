"""The tasks --ntasks-per-gpu gives and the nodes a -N range runs on, recorded from Slurm.

``record.sh`` submitted held jobs with ``--ntasks-per-gpu`` and showed them: the task count
is the GPUs asked for times it, even beside ``-n``; the CPUs stay the client's (its tasks,
or one a node, times ``-c``) unless the GPU tasks are more; a node whose GPUs' tasks need
more CPUs than it has is refused. Then it ran jobs one at a time and showed where they
ran: a node takes no more tasks than its GPUs' share, and a ``-N min-max`` range runs on
as many nodes as its tasks can use (the fewest under ``--gpus``). ``-n`` with
``--ntasks-per-node`` needs as many nodes as that makes (refused above four),
``--cpus-per-gpu`` adds CPUs a GPU, and beside ``-w`` nodes the nodes after the first
required one are taken, then those before it, the required ones filled with tasks first.
The clients refuse ``--ntasks-per-gpu`` beside ``--ntasks-per-node``, and, without GPUs,
a ``-n`` that is not a multiple of it or a node range without ``-n``.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("taskcounts"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_task_counts_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
