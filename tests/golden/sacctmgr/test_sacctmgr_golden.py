"""sacctmgr's changes, recorded from real Slurm 22.05 in order, replayed on a new cluster.

``cases/`` was recorded by running each command on the oracle (shared/oracle/capture.sh,
``GOLDEN_DIR`` set here), from the state of the default cluster, which the last
commands restore. Standard input, where a case reads one (``< answer-y``), is in ``stdin/``.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import argv_and_stdin, cluster_store, load_case

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("sacctmgr")):
        out = {}
        for name, case in CASES.items():
            argv, stdin = argv_and_stdin(case, HERE / "stdin")
            out[name] = run_command(argv, case.user, stdin)
        return out


@pytest.mark.parametrize("name", list(CASES))
def test_sacctmgr_change_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())
