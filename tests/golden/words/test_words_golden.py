"""Which words scontrol takes, recorded from real Slurm 22.05 as alice on an idle oracle.

``record.sh`` ran ``scontrol show WORD`` for prefixes of every entity (down to the
shortest Slurm takes, and one shorter), the aliases ``jobid``, ``partitionname`` and
``reservationname``, words it refuses, and the entities that describe nothing on a
cluster like this one; then the shortest prefix of each command word, the commands that
take no argument given one, the messages that name a command as typed, which key names
what ``scontrol update`` changes, and the malformed forms of ``create`` and ``delete``.
The replay runs each on a new default cluster; nothing compared depends on the clock.
"""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_each, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


def _comparable(data: bytes) -> str:
    return scrub(data).decode()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_each(CASES, tmp_path_factory.mktemp("words"))


@pytest.mark.parametrize("name", list(CASES))
def test_scontrol_takes_the_words_slurm_takes(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _comparable(case.stdout), _comparable(case.stderr))
    assert (got.exit, _comparable(got.out.encode()), _comparable(got.err.encode())) == want
