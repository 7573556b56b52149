"""How sacctmgr and scontrol read their words, recorded from real Slurm 22.05 and replayed
on a new cluster.

sacctmgr tries its commands and entities in a fixed order, each taking a prefix of at
least its own number of letters (``sho u``, ``lis q``, ``m q``; not ``sh``, ``show a``
or ``del q``), and so does scontrol the keys of a node update (``s=drain r=...``);
sacctmgr's ``show configuration`` prints the accounting settings of slurm.conf and
slurmdbd's. ``cases/`` was recorded on the oracle by ``record.sh``, which changes
nothing; standard input, where a case reads one, is in ``stdin/``.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import cluster_store, load_case, replay_at_recorded_times, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("keywords")):
        return replay_at_recorded_times(CASES, HERE / "stdin")


@pytest.mark.parametrize("name", list(CASES))
def test_words_read_as_real_slurm_reads_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    expected = (case.exit, scrub(case.stdout).decode(), case.stderr.decode())
    assert (got.exit, scrub(got.out.encode()).decode(), got.err) == expected
