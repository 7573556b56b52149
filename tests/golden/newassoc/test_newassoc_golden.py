"""An association added since the decay thread's last pass, recorded from Slurm 22.05 in
order (``record.sh``): until the next pass sshare shows no NormUsage and 0 for its
EffectvUsage, FairShare and LevelFS, ``scontrol show assoc_mgr`` Norm 1.00, Efctv 0.00
and Factor 0.00, and its jobs' fair-share factor is 0; the pass ranks it.

The oracle's usage was put at zero and the scenario began as a pass saw none: the replay
starts slurmsim's decay thread there, from the oracle's job directory, the simulated
clock in step with the recordings and each submission given the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import (
    Case,
    decay_pass_without_usage,
    load_case,
    replay_from_job_dir,
    run_as_recorded,
    scrub,
)

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    first = next(iter(CASES))

    def run(case: Case) -> Result:
        if case is CASES[first]:
            # The oracle's slurmdbd had given ids 9 and 10 to associations that an earlier
            # recording (assocmgr/) added and removed: it never reuses one.
            decay_pass_without_usage(next_assoc_id=11)
        return run_as_recorded(case)

    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("newassoc"), run)


@pytest.mark.parametrize("name", list(CASES))
def test_a_new_association_waits_for_the_next_pass(name: str, results: dict[str, Result]) -> None:
    got, case = results[name], CASES[name]
    assert (got.exit, scrub(got.stdout), scrub(got.stderr)) == (
        case.exit,
        scrub(case.stdout),
        scrub(case.stderr),
    )
