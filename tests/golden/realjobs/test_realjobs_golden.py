"""Real-world GPU job scripts that run, recorded from Slurm 22.05 (``record.sh``): a
two-node exclusive DDP job, a throttled array sweep, eight one-GPU tasks with two srun
steps, a failing job and one depending on it, ranks bound to their GPUs, a short job with
``--time-min``. The queue, the jobs and their steps while they run, and the accounting
once they end, are what Slurm shows.

The replay copies the corpus where the oracle had it, keeps the simulated clock in step
with the recordings and gives each accepted submission the oracle's job id; instants are
masked, and so is what depends on the oracle rather than on Slurm (``_MASKS``).
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases where slurmsim differs from the recording (docs/differences.md says why).
KNOWN_GAPS: dict[str, str] = {}

_MASKS = [
    # The oracle's accounts have a fair-share history; a new simulated cluster has none.
    (re.compile(r"Priority=\d+"), "Priority=<p>"),
    # The oracle's slurmd all run on one host, "vm"; slurmsim names the batch node.
    (re.compile(r"SrunHost:Pid=\S+"), "SrunHost:Pid=<host:pid>"),
    # The oracle started the first wave in the second it came, slurmsim's pass runs 2 s
    # later (docs/differences.md): run times differ by a second or two.
    (re.compile(r"RunTime=\S+"), "RunTime=<t>"),
    (re.compile(r"(?m)(RUNNING|  R) +\d+:\d\d "), r"\1 <t> "),
]


def _shown(data: bytes) -> str:
    text = without_times(data)
    for pattern, mask in _MASKS:
        text = pattern.sub(mask, text)
    return text


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "realjobs", tmp_path_factory.mktemp("realjobs")
    )


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN_GAPS))
def test_a_real_job_runs_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
