"""``scontrol reboot`` and ``cancel_reboot`` on a cluster without RebootProgram, recorded
from Slurm (``record.sh``): what scontrol reads before it asks the controller, and the
refusals, for a user and for root. Compared byte for byte."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("reboots"))


@pytest.mark.parametrize("name", list(CASES))
def test_reboots_are_answered_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out.encode(), got.err.encode()) == (case.exit, case.stdout, case.stderr)
