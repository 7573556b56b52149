"""Dependencies the controller will not take, recorded from Slurm 22.05 (``record.sh``):
one it cannot read and ``expand:``, from sbatch, ``--test-only``, srun and salloc, judged
after the partition, account, QOS, node names and nice and before the features. Compared
byte for byte, but for ``scrub``'s host facts (a login session id); that each refusal uses
up a job id is tested in tests/cli/test_sbatch.py (a replay gives each accepted
submission the oracle's id).
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("deprefusals"))


@pytest.mark.parametrize("name", list(CASES))
def test_refused_dependencies_match_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, scrub(case.stdout), scrub(case.stderr))
    assert (got.exit, scrub(got.out.encode()), scrub(got.err.encode())) == want
