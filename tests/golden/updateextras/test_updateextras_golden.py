"""Job updates the controller answers its own way, recorded from Slurm 22.05
(``record.sh``): an EligibleTime at or before now is now, shown at once (a release clears
it for the next pass); Clusters, ClusterFeatures and BurstBuffer are refused whatever
their value. Compared byte for byte, but for ``scrub``'s host facts (a login session id)
and the priorities (the oracle's fair-share history).
"""

import re
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("updateextras"))


_PRIORITY = re.compile(rb"Priority=\d+")


def _shown(data: bytes) -> bytes:
    return _PRIORITY.sub(b"Priority=<p>", scrub(data))


@pytest.mark.parametrize("name", list(CASES))
def test_updates_answered_as_slurm_answers_them(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (case.exit, _shown(case.stdout), _shown(case.stderr))
    assert (got.exit, _shown(got.out.encode()), _shown(got.err.encode())) == want
