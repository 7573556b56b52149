"""A node's CPU binding, address and host name set by ``scontrol update NodeName=...``,
recorded from Slurm (``record.sh``): what each takes and refuses, and how scontrol and
sinfo show them. Compared byte for byte but for the host's fields (``scrub``)."""

from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.goldenfile import load_case, replay_from_job_dir, scrub

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    return replay_from_job_dir(CASES, tmp_path_factory.mktemp("nodeaddr"))


@pytest.mark.parametrize("name", list(CASES))
def test_node_addresses_and_binding_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, scrub(got.out.encode()), got.err.encode()) == (
        case.exit,
        scrub(case.stdout),
        case.stderr,
    )
