"""The steps a simulated batch script's srun lines make, recorded from Slurm
(``record.sh``): sacct's and ``squeue -s``'s view of them while the jobs run, and once
they are cancelled, time out or are signalled. Instants are masked, and so are two races
of the oracle's: how the batch step of the job that times out ended (bash or the step gets
the signal first: ``CANCELLED 0:15`` or ``FAILED 15:0``), and whether a signalled job's
DerivedExitCode had the step's signal when its script ended right after (``0:15`` in one
recording, ``0:0`` in the next: slurmdbd heard of the job's end first)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("scriptsteps"))


def _shown(name: str, text: str) -> str:
    lines = text.splitlines(keepends=True)
    if name.endswith("timeout-sacct"):
        return "".join(line for line in lines if ".batch " not in line)
    if name.endswith("signalled-sacct"):  # the last column, DerivedExitCode
        return "".join(line[:-17] + "\n" for line in lines)
    return text


@pytest.mark.parametrize("name", list(CASES))
def test_a_scripts_srun_lines_are_its_steps(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(name, without_times(case.stdout)), without_times(case.stderr))
    got_out = _shown(name, without_times(got.out.encode()))
    assert (got.exit, got_out, without_times(got.err.encode())) == want
