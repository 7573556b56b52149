"""What a signal sent with ``scancel -b`` or ``-f`` does to a job whose script waits for a
command, recorded from Slurm (``record.sh``): the simulated shell ends as bash does.
Instants are masked, and of a job's record its run time, priority and pass (``without_run``:
the oracle's fair-share history and the phase of its passes)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_run

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("shellsignals"))


@pytest.mark.parametrize("name", list(CASES))
def test_what_a_signal_does_to_a_waiting_shell(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_run(case.stdout), without_run(case.stderr))
    assert (got.exit, without_run(got.out.encode()), without_run(got.err.encode())) == want
