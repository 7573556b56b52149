"""Fixtures for the grading tests: the folder's scripts, rubric and schema."""

import os
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import cluster

#: ``cluster``: the command tests' fixture, a new default cluster in ``tmp_path``.
__all__ = ["cluster"]

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
SCENARIO = ROOT / "examples" / "grading" / "busy-evening.toml"
RUBRIC = HERE / "rubric.toml"
SCRIPTS = HERE / "scripts"
EXPECTED = HERE / "expected"
#: Set to rewrite the expected reports from what the grader says now.
REGRADE = bool(os.environ.get("SLURMSIM_REGRADE"))


@pytest.fixture
def scripts(cluster: Path) -> Path:
    """The scripts copied into the working directory, so that reports name them bare."""
    for script in SCRIPTS.glob("*.sh"):
        shutil.copy(script, script.name)
    return Path.cwd()


def validate_junit(path: Path) -> None:
    """Raise unless ``path`` is valid JUnit XML (README.md says where the schema is from)."""
    import xmlschema

    xmlschema.XMLSchema(HERE / "junit-10.xsd").validate(path)
