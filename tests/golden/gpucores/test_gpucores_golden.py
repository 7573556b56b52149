"""Which cores (``CPU_IDs=``) cons_tres gives a GPU job, recorded from Slurm (``record.sh``).

Each line of ``options.txt`` ran alone as alice and was shown with ``scontrol show -d
job``; then five jobs ran side by side on dgx1, each shown. What is compared: the whole
record, with the instants, the run time, the priority (the oracle's fair-share history)
and which scheduler started the job masked (slurmsim's passes run on their own phase:
docs/differences.md).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("gpucores"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_a_gpu_jobs_cores_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
