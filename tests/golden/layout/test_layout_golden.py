"""The node layout options, recorded from real Slurm 22.05 in order, replayed on a new cluster.

``record.sh`` submitted jobs held as alice with -B (``--extra-node-info``),
``--sockets-per-node``, ``--cores-per-socket``, ``--threads-per-core`` and
``--gpus-per-socket`` in their combinations, and recorded what sbatch printed, then
``scontrol show job`` and an squeue of the layout fields, then the scancel; then the
values sbatch refuses, and the layouts no node has, refused by the controller (not held:
a held job is not checked against the nodes). What it shows: a fixed node count with no
task count gives every socket, core or thread asked for a task; the GPUs of
``--gpus-per-socket`` are counted for every socket.

The replay runs from the oracle's job directory (the recordings show it as WorkDir),
starts the simulated clock at the first recording's second and keeps it in step, and
gives each accepted submission the job id the oracle gave it.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: capture.sh stamps a case with the second it started; a submission can land in the
#: next one, so the submit-time stamps are compared as placeholders.
_STAMPS = re.compile(rb"(SubmitTime|LastSchedEval)=\S+")


def _comparable(data: bytes) -> str:
    return _STAMPS.sub(rb"\1=<time>", scrub(data)).decode()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("layout"))


@pytest.mark.parametrize("name", list(CASES))
def test_layout_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), case.stderr.decode())
    assert (got.exit, _comparable(got.out.encode()), got.err) == want
