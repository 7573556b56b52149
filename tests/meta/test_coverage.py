"""Every option and subcommand of Slurm 22.05 is implemented or listed as a gap.

The probes run once per module on a fresh default cluster; the table they must match is
in docs/differences.md (tests/meta/coverage.py says how it is read and written).
"""

from pathlib import Path

import pytest

from tests.meta import coverage
from tests.meta.coverage import Item


@pytest.fixture(scope="module")
def gaps(tmp_path_factory: pytest.TempPathFactory) -> dict[Item, str]:
    from tests.goldenfile import cluster_store

    with cluster_store(tmp_path_factory.mktemp("coverage")):
        return {i: m for i in coverage.surface() if (m := coverage.answer(i)) is not None}


def test_surface_lists_every_command_of_the_design() -> None:
    """The man page extract covers the eleven Slurm commands slurmsim emulates."""
    commands = {item.command for item in coverage.surface()}
    assert commands == {"sbatch", "srun", "salloc", "squeue", "sinfo", "scontrol", "scancel",
                        "sacct", "sprio", "sshare", "sacctmgr"}  # fmt: skip


def test_every_gap_is_listed_in_differences_with_its_message(gaps: dict[Item, str]) -> None:
    """Fails on an option that is neither implemented nor listed, and on a stale row.

    Fix it with ``PYTHONPATH=. python scripts/update-coverage-table.py``, then read the diff.
    """
    assert coverage.problems(gaps, coverage.listed()) == []


def test_table_markers_are_in_differences() -> None:
    text = Path(coverage.DIFFERENCES).read_text()
    assert coverage.BEGIN in text
    assert coverage.END in text


def test_surface_is_what_the_man_pages_say_when_they_are_installed(tmp_path: Path) -> None:
    """On a machine with Slurm's man pages, surface.txt is what the extractor writes."""
    import shutil
    import subprocess
    import sys

    if (
        shutil.which("man") is None
        or subprocess.run(["man", "-w", "sbatch"], check=False, capture_output=True).returncode
    ):
        pytest.skip("Slurm's man pages are not installed here")
    script = coverage.ROOT / "scripts" / "extract-surface.py"
    subprocess.run(
        [sys.executable, script, tmp_path / "surface.txt"], check=True, capture_output=True
    )
    assert (tmp_path / "surface.txt").read_text() == coverage.SURFACE.read_text()
