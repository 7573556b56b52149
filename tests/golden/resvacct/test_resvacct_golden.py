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

import calendar
import re
import shlex
import time
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import Case, cluster_store, load_case

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

_SUBMITTED = re.compile(rb"Submitted batch job (\d+)")
_NUMBERED = re.compile(rb"^ *(\d+)[ |]", re.MULTILINE)


def _instant(when: str) -> int:
    return calendar.timegm(time.strptime(when, "%Y-%m-%dT%H:%M:%S"))


def _seed_counter() -> int:
    """The oracle's reservation counter before the cases' first reservation."""
    numbers = [
        int(n) for case in CASES.values() if "format=id" in case.command
        for n in _NUMBERED.findall(case.stdout)
    ]  # fmt: skip
    return min(numbers) - 1


def _argv_and_stdin(case: Case) -> tuple[list[str], bytes]:
    words = shlex.split(case.command)
    if len(words) >= 2 and words[-2] == "<":
        return words[:-2], (HERE / "stdin" / words[-1]).read_bytes()
    return words, b""


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    from slurmsim.api import cluster
    from slurmsim.api.session import session

    with cluster_store(tmp_path_factory.mktemp("resvacct")):
        with session(write=True) as s:
            s.state.last_resv_id = _seed_counter()
        out = {}
        for name, case in CASES.items():
            now = cluster.now()
            if _instant(case.when) > now:
                cluster.advance_clock(by=_instant(case.when) - now)
            submitted = _SUBMITTED.search(case.stdout)
            if submitted:
                with session(write=True) as s:
                    s.state.next_job_id = int(submitted.group(1))
            argv, stdin = _argv_and_stdin(case)
            out[name] = run_command(argv, case.user, stdin)
        return out


@pytest.mark.parametrize("name", list(CASES))
def test_reservation_record_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())
