"""``sbatch --test-only`` of heterogeneous jobs, recorded from Slurm 22.05 (``record.sh``):
each component is tested alone on the cluster as it is, and the answer is the first
one's id, the latest start, every processor and node, with no partition; a component's
refusal is a job's. Compared byte for byte, but for ``scrub``'s host facts.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import load_case, replay_corpus, scrub, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_corpus(
        CASES, HERE / "corpus", JOB_DIR / "hettestonly", tmp_path_factory.mktemp("hettestonly")
    )


def _shown(name: str, data: bytes) -> bytes | str:
    """``data`` as compared: when every node is busy, the start is the end of a job that
    slurmsim's main pass started 2 s after its submission, on its own phase, where the
    oracle's started it at once (docs/differences.md, Time): that instant is masked."""
    return without_times(data) if name.endswith("busy-all") else scrub(data)


@pytest.mark.parametrize("name", list(CASES))
def test_a_heterogeneous_jobs_test_is_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(name, case.stdout), _shown(name, case.stderr))
    assert (got.exit, _shown(name, got.out.encode()), _shown(name, got.err.encode())) == want
