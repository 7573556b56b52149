"""``slurmsim drill``: every shipped drill's reference solution passes, its wrong one fails."""

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.clirunner import Result, run_shell

if TYPE_CHECKING:
    from slurmsim.drills.model import Drill


def _shipped() -> list[str]:
    from slurmsim.api import drills

    return [d.name for d in drills.catalogue()]


def _drill(name: str) -> "Drill":
    from slurmsim.api import drills

    return next(d for d in drills.catalogue() if d.name == name)


def _blocked(name: str) -> str:
    return _drill(name).blocked


def play(name: str, *, wrong: bool = False) -> Result:
    """Start the drill, run its solution (or its wrong one) as alice, and check.

    The lines come from the drill itself: ``drill solution`` prints them for a shell,
    and a quoted newline in one of them would split it here.
    """
    started = run_shell(f"slurmsim drill start {name}")
    assert started.exit == 0, started.err
    drill = _drill(name)
    for line in drill.wrong if wrong else drill.solution:
        run_shell(line, user="alice")
    return run_shell("slurmsim drill check")


def _reference(name: str) -> object:
    reason = _blocked(name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(name, id=f"the {name} reference solution passes", marks=marks)


@pytest.mark.parametrize("name", [_reference(n) for n in _shipped()])
def test_drill_passes_with_reference_solution(cluster: Path, name: str) -> None:
    result = play(name)
    assert result.exit == 0, result.out
    assert "FAIL" not in result.out


@pytest.mark.parametrize(
    "name", [pytest.param(n, id=f"the {n} wrong solution fails") for n in _shipped()]
)
def test_drill_fails_with_wrong_solution(cluster: Path, name: str) -> None:
    result = play(name, wrong=True)
    assert result.exit == 1, result.out
    assert "FAIL" in result.out
