"""How sbatch reads empty option values, the values it checks itself, other spellings of
options and abbreviations, recorded from Slurm.

``record.sh`` submitted held jobs as alice with every option it could given an empty
value (``--partition=`` is refused, ``--gpus=`` and ``--array=`` are as if not given,
``--constraint=`` shows ``Features=``), with good and bad values of options slurmsim
keeps only to show (``--distribution``, ``--gres-flags``, ``--gpu-bind``, ``--gpu-freq``,
``--cpu-freq``, ``--mem-bind``, ``--delay-boot``, ``--switches``, ``--core-spec``), with
``--tasks-per-node``, ``--cluster`` and ``--ntasks-per-tres`` (other spellings in Slurm's
option table) and with abbreviations (which ones are ambiguous, and how the
possibilities are listed: in the order of Slurm's table), on an idle oracle.
The replay runs from the oracle's job directory on a new default cluster, giving each
accepted submission the oracle's job id; instants are masked.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("options"))


@pytest.mark.parametrize("name", list(CASES))
def test_sbatch_reads_options_as_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
