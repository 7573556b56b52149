"""GPU jobs as they end, recorded from Slurm (``record.sh``): ``scontrol show job -d`` of
an ended job, sacct's frequency, energy and usage fields, a hold before ``--begin``, and
``--signal=B:`` warnings. Compared byte for byte, but for the instants (slurmsim's passes
run on their own phase) and the priorities (the oracle's fair share shapes them)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times_or_priorities

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
_masked = without_times_or_priorities


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpuends"))


@pytest.mark.parametrize("name", list(CASES))
def test_gpu_jobs_end_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, _masked(got.out.encode()), _masked(got.err.encode())) == (
        case.exit,
        _masked(case.stdout),
        _masked(case.stderr),
    )
