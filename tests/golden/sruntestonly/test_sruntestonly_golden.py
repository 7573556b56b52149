"""``srun --test-only A : B``, recorded from Slurm 22.05 (``record.sh``): each component is
tested in turn as a job of its own on the cluster as it is, each answer its own line and
id, until one is refused. Compared byte for byte, but for ``scrub``'s host facts; the
starts behind a busy job are masked (``_shown``)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("sruntestonly"))


def _shown(name: str, data: bytes) -> bytes | str:
    """``data`` as compared: behind the busy job, the start is the end of a job slurmsim's
    main pass started 2 s after its submission, on its own phase, where the oracle's
    started it at once (docs/differences.md, Time): that instant is masked."""
    return without_times(data) if name.split("-", 1)[1].startswith("busy-") else scrub(data)


@pytest.mark.parametrize("name", list(CASES))
def test_srun_tests_each_component_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(name, case.stdout), _shown(name, case.stderr))
    assert (got.exit, _shown(name, got.out.encode()), _shown(name, got.err.encode())) == want
