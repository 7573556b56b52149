"""Memory and disk amounts as squeue, scontrol and sinfo print them, recorded from Slurm.

``record.sh`` submitted jobs held as alice asking for memory and temporary disk in
every way (per CPU, per node, per GPU, zero, the default, MB and GB), and recorded
``scontrol show job``, then squeue's ``%m``/``%d`` scaled (``3G``) and with
``--noconvert`` (``3072M``, as stored), then the scancel; and sinfo's amounts with and
without ``--noconvert`` (already in MB, so alike). What it shows besides the units:
``--mem-per-cpu=0`` is taken as ``--mem=0``, all of each node's memory.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: A submission can land in the second after the one capture.sh stamped.
_STAMPS = re.compile(rb"(SubmitTime|LastSchedEval)=\S+")

#: Cases where slurmsim differs from the recording (docs/differences.md says why).
KNOWN_DIFFERENCES: dict[str, str] = {}


def _comparable(data: bytes) -> str:
    return _STAMPS.sub(rb"\1=<time>", scrub(data)).decode()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("units"))


@pytest.mark.parametrize("name", list(CASES))
def test_amounts_print_as_real_slurm_prints_them(
    name: str, results: dict[str, Result], request: pytest.FixtureRequest
) -> None:
    reason = next((why for key, why in KNOWN_DIFFERENCES.items() if name.endswith(key)), None)
    if reason is not None:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), case.stderr.decode())
    assert (got.exit, _comparable(got.out.encode()), got.err) == want
