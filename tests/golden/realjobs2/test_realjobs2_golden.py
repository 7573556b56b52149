"""A second set of real-world job scripts that run, recorded from Slurm 22.05
(``record.sh``): CPU preprocessing on the debug partition with ``--hint`` and
``--distribution``, a job pinned to a node with ``--gres-flags`` and ``--export=NONE``, one
that begins 30 s later, two singletons of one name, a whole-node evaluation under QOS high
with ``--nice``, a CPU-only job with two srun steps, a job whose last srun is refused, and a
throttled GPU array with mail and log patterns, all queued behind a job holding every node.
The queue, the jobs and their steps while they run, and the accounting once they end, are
what Slurm shows.

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
    # The blocking job's cancellation starts the others at the next pass: a second or so
    # later on Slurm, 2 s in slurmsim (docs/differences.md); run times differ by as much.
    (re.compile(r"RunTime=\S+"), "RunTime=<t>"),
    (re.compile(r"(?m)(RUNNING|  R) +\d+:\d\d "), r"\1 <t> "),
]


#: An array's tasks left pending after a backfill cycle planned them and a main pass started
#: the others: every main pass clears the backfill flag of all pending jobs on Slurm
#: (Scheduler=Main), slurmsim only of those it plans again (Backfill:*).
_SCHEDULER = re.compile(r"Scheduler=\S+")


def _shown(data: bytes, name: str = "") -> str:
    text = without_times(data)
    for pattern, mask in _MASKS:
        text = pattern.sub(mask, text)
    if name.endswith("show-hpo"):
        text = _SCHEDULER.sub("Scheduler=<s>", text)
    return text


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "realjobs2", tmp_path_factory.mktemp("realjobs2")
    )


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN_GAPS))
def test_a_real_script_runs_as_on_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout, name), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode(), name), _shown(got.err.encode())) == want
