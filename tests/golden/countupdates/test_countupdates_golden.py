"""``NumNodes=`` and ``TresPerNode=`` updates and ``--time-min`` limits, recorded from
Slurm (``record.sh``).

A held job's node count moved by ``scontrol update``, accepted and refused, each shown
after: slurmctld keeps the maximum when given a lone count, sets the CPUs before it
judges the count (a refusal leaves them set) and counts the job's TRES afresh only when
it accepts. ``TresPerNode=`` changes a job's GRES only in the ``gres:name:count`` form;
any other is only shown (and refused for a job without GRES). Then submissions whose
``--time-min`` is unlimited (``0`` too) or over the partition's limits. What is compared:
everything, with the instants and the priority (the oracle's fair-share history) masked.
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
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("countupdates"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_count_updates_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, without_times(case.stdout), without_times(case.stderr))
    assert (got.exit, without_times(got.out.encode()), without_times(got.err.encode())) == want
