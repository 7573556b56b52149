"""The limits sacctmgr takes from before TRES, recorded from real Slurm 22.05 in order.

``record.sh`` set GrpCPUs, GrpMemory, GrpNodes, MaxCPUsPerJob, MaxNodesPerUser and the
rest on a new QOS, a new user and bob, showed them as the TRES limits they are, had each
refused with a value sacctmgr cannot read, and ran bob's jobs into his CPU limits and QOS
normal's node limit. The replay keeps the simulated clock in step with the recordings and
gives each submission the oracle's job id.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import cluster_store, load_case, replay_in_step, with_known_gaps

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce, each with why (strict xfails; docs/differences.md).
KNOWN_GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("legacylimits")):
        return replay_in_step(CASES)


@pytest.mark.parametrize("name", with_known_gaps(CASES, KNOWN_GAPS))
def test_legacy_limit_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())
