"""Values Slurm scans itself rather than by a grammar, recorded from Slurm (``record.sh``).

Points in time (``times.txt``) as sbatch ``--begin`` reads them, through ``--test-only``,
and as sacct ``-S`` reads them (a past time: today's time of day even when still to
come): what is accepted (``T10:00``, ``today tomorrow``, ``now + 1 hour``), what is
refused and the position each refusal names. Job array specs (empty items skipped, each
item read by strtol, a ``%`` item being index 0), a node count of 0 (the batch job's
record kept FAILED; srun and salloc refused), no GPUs per job or per task (taken, and
shown as ``gres:gpu:0``), and hostlists (``hostlists.txt``, and a bad one given to each
command that reads one: each says it in its own words, some after the parser's complaint
about the range).

The replay runs on a new default cluster with the clock at each recording's second;
``--test-only``'s job ids (the will-run request uses one up) are masked, and instants
too, since a command may have run in the second after its stamp.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_WILL_RUN = re.compile(r"Job \d+ to start")


def _comparable(data: bytes) -> str:
    return _WILL_RUN.sub("Job <id> to start", without_times(data))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("specs"))


@pytest.mark.parametrize("name", list(CASES))
def test_values_are_scanned_as_slurm_scans_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), _comparable(case.stderr))
    assert (got.exit, _comparable(got.out.encode()), _comparable(got.err.encode())) == want
