"""What the commands answer to bad input, recorded from Slurm (``record.sh``).

Each line of ``commands.txt`` was run as alice with a held job of hers and one of bob's
in the queue: unknown job ids, users, partitions, states, formats and options, and
another user's job, for squeue, sinfo, scontrol, scancel, sacct, sprio, sshare and the
submitting commands. The replay runs from the oracle's job directory, keeps the clock in
step and gives each accepted job the oracle's id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {
    "015-squeue-t-all": "the oracle still listed the jobs an earlier recording had just "
    "cancelled (MinJobAge)",
    "123-sshare-u-nosuch": "RawUsage comes from the oracle's usage history",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("cmderrors"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_command_answers_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
