"""Where a backfill cycle ends when its map is full, recorded from Slurm 22.05 (``record.sh``).

slurmctld's map of reservations is a table of ``bf_node_space_size`` records (as many
as ``bf_max_job_test`` unless set); a reservation splits the records its start and end
fall inside, each split taking a record for good, and two records alike next to each
other are joined. The recording sets ``bf_node_space_size=5``: behind a four-node job,
j1 and j2 are planned one after the other on dgx1 (their records, alike, are joined),
j3 on dgx2 needs a record again for its end (five), j4 finds the table full and keeps
its estimate with nothing reserved (``Scheduler=Backfill:*``), and the cycle ends there:
j5 gets no estimate (``StartTime=Unknown``, ``Scheduler=Main``).

The replay sets the same parameter on a new default cluster and runs from the oracle's
job directory, with the clock in step and the oracle's job ids. Instants are compared
to the minute and priorities masked, as in ``arrayplans/``.
"""

import shlex
from dataclasses import replace
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import Case, load_case, replay_from_job_dir, run_command, to_the_minute

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


def _with_small_map(case: Case) -> Result:
    """The recorded command, on a cluster with ``bf_node_space_size=5`` from the first."""
    from slurmsim.api.session import session

    with session(write=True) as s:
        params = replace(s.state.config.scheduler_parameters, bf_node_space_size=5)
        s.state.config = replace(s.state.config, scheduler_parameters=params)
    return run_command(shlex.split(case.command), case.user, b"")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("nodespace"), _with_small_map)


@pytest.mark.parametrize("name", list(CASES))
def test_a_backfill_cycle_ends_where_its_map_is_full_as_slurm_does(
    name: str, results: dict[str, Result]
) -> None:
    assert to_the_minute(results[name]) == to_the_minute(CASES[name])
