"""--help, --usage and the version probes, recorded from real Slurm 22.05.8 and replayed.

``cases/`` was recorded by ``record.sh`` (shared/oracle/capture.sh with ``GOLDEN_DIR``
set here). The oracle runs Debian 12's build, which calls itself ``slurm-wlm``, and so
does slurmsim: everything is compared byte for byte.
"""

import shlex
from pathlib import Path

import pytest

from tests.clirunner import run_command
from tests.goldenfile import load_case

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}


@pytest.mark.parametrize("name", list(CASES))
def test_probe_prints_what_slurm_prints(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / "cluster.db"))  # no probe opens it
    case = CASES[name]
    got = run_command(shlex.split(case.command), case.user, b"")
    want = (case.exit, case.stdout.decode(), case.stderr.decode())
    assert (got.exit, got.out, got.err) == want


def test_slurmsim_version_says_what_it_emulates() -> None:
    from click.testing import CliRunner

    from cli.slurmsim import cli

    got = CliRunner().invoke(cli, ["--version"])
    assert (got.exit_code, got.output) == (0, "slurmsim 0.1.0 (emulating Slurm 22.05.8)\n")
