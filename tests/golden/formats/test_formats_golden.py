"""squeue's and sinfo's every-field formats, and the lines partitions share, recorded from Slurm.

``record.sh`` recorded, as alice, sinfo on an idle cluster with formats that show only
partition attributes the two partitions share (``%a``, ``%h``: one line for both) or
not (``%l``: one each), with ``-s``, ``-N`` and ``-e``; then submitted a job on two whole
nodes, an array two of whose tasks run and a job that waits for them, and recorded
``-o %all`` (the whole format, in any case: every field, ``|`` between them) of squeue
and sinfo, sinfo's ``-O all`` (alone, or with other fields), and the same line sharing
on a busy cluster. What it shows: ``%all`` elsewhere in a format is ``%a`` then ``ll``;
sinfo's free memory and load are a range over a line's nodes, not a reason to split it.

The replay runs from the oracle's job directory, keeps the simulated clock in step
with the recordings, and gives each accepted submission the oracle's job id; instants
and run times are compared masked (the first pass after a submission comes at its own
moment on each side), everything else byte for byte.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Run times and times left (``0:12``, ``1:59:43``): the oracle's first pass after a
#: submission comes 0-3 s later, slurmsim's 2 s (docs/differences.md, Time).
_DURATIONS = re.compile(r"(?<=\|)(?:\d+-)?(?:\d+:)?\d+:\d\d(?=\|)")


def _comparable(data: bytes) -> str:
    return _DURATIONS.sub("<duration>", without_times(data))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("formats"))


@pytest.mark.parametrize("name", list(CASES))
def test_formats_print_as_real_slurm_does(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), case.stderr.decode())
    assert (got.exit, _comparable(got.out.encode()), got.err) == want
