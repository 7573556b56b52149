"""A job's ``Priority=``, recorded from Slurm (``record.sh``).

An operator's value stays through the priority recalculations (slurmctld's
``direct_set_prio``), drops the job's nice, makes a later ``Nice=`` a no-op and shows in
sprio as the priority alone, every factor 0 (``%y`` unscaled); a hold and release gives
the job a computed priority again. An owner who lowers their job's priority is told it
will not last, and the priority shown stays the computed one. The computed priorities
come from the oracle's fair-share history and are masked; the set ones are compared.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, with_known_gaps, without_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

KNOWN: dict[str, str] = {
    "016-a-show": "the oracle planned the job (StartTime, SchedNodeList) in a pass that "
    "came sooner after the update than slurmsim's",
    "025-a-set-again-show": "slurmctld's immediate pass on release is not modelled "
    "(EligibleTime, Scheduler=Backfill:*)",
}

#: A squeue line ``ID PRIORITY ...``, and the priorities the recording set.
_LINE = re.compile(r"(?m)^(\d+) (\d+)( |$)")
_SET = {"0", "500", "1000000"}


def _masked(text: str) -> str:
    """Computed priorities masked, set ones kept."""
    return _LINE.sub(lambda m: m[0] if m[2] in _SET else f"{m[1]} <p>{m[3]}", text)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("prioset"))


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN))
def test_priority_settings_are_real_slurms(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _masked(without_times(case.stdout)), without_times(case.stderr))
    have = (got.exit, _masked(without_times(got.out.encode())), without_times(got.err.encode()))
    assert have == want
