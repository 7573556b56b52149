"""Reservations in accounting (``sacctmgr show reservation``), recorded from real Slurm
22.05 in order, replayed on a new cluster.

``cases/`` was recorded by ``record.sh`` on the oracle (shared/oracle/capture.sh with
``GOLDEN_DIR`` set here), after it emptied the store's reservation table; each case is
replayed with the simulated clock pinned to the second it was recorded at. Two numbers
come from the oracle's history, not from the commands: its reservation counter (seeded
from the first reservation number the cases show) and its job ids (each ``sbatch`` gets
the id the oracle gave). The last cases come after slurmdbd's hourly rollup, which
fills in UnusedWall: a job of half the reservation's CPUs ran in it for ten minutes.
Standard input, where a case reads one (``< answer-n``), is in ``stdin/``.
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import cluster_store, load_case, replay_at_recorded_times

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_NUMBERED = re.compile(rb"^ *(\d+)[ |]", re.MULTILINE)


def _seed_counter() -> int:
    """The oracle's reservation counter before the cases' first reservation."""
    numbers = [
        int(n) for case in CASES.values() if "format=id" in case.command
        for n in _NUMBERED.findall(case.stdout)
    ]  # fmt: skip
    return min(numbers) - 1


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    from slurmsim.api.session import session

    with cluster_store(tmp_path_factory.mktemp("resvacct")):
        with session(write=True) as s:
            s.state.last_resv_id = _seed_counter()
        return replay_at_recorded_times(CASES, HERE / "stdin")


@pytest.mark.parametrize("name", list(CASES))
def test_reservation_record_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())
