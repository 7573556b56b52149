"""``scontrol update JobId=...`` as a user sends it, recorded from Slurm.

``record.sh`` gave each update to a new held job of alice's and showed the job after.
What it shows: scontrol refuses some values itself (``scontrol: error: Invalid TimeLimit
value``; memory only as a number of MB) and names fields it does not know (``StdErr``,
``BeginTime``); the controller answers a user ``Access/permission denied`` for the
fields only an operator may change; node lists may be hostlists, partitions a list;
``UserId`` is sent but changes nothing; mail settings show as ``MailUser``/``MailType``.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("jobupdate"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_job_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
