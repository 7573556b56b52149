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


def test_drill_hints_come_in_order_and_status_counts_them(cluster: Path) -> None:
    run_shell("slurmsim drill start backfill")
    first, second = run_shell("slurmsim drill hint"), run_shell("slurmsim drill hint")
    assert first.out.startswith("Hint 1 of 3: squeue --start shows")
    assert second.out.startswith("Hint 2 of 3: The backfill scheduler")
    assert "Hints used: 2 of 3." in run_shell("slurmsim drill status").out


def test_drill_reset_starts_again_from_the_setup(cluster: Path) -> None:
    run_shell("slurmsim drill start backfill")
    run_shell("sbatch -J eval --gres=gpu:8 -t 1:30:00 --wrap='sleep 1h'", user="alice")
    run_shell("slurmsim drill reset")
    assert "eval" not in run_shell("squeue").out
    assert run_shell("slurmsim clock").out == "2026-11-29T19:11:00 (manual)\n"


def test_drill_check_without_drill_says_how_to_start_one(cluster: Path) -> None:
    result = run_shell("slurmsim drill check")
    assert (result.exit, result.err) == (
        1,
        "Error: no drill in progress (start one: slurmsim drill start NAME)\n",
    )


def test_drill_from_instructors_folder_replaces_shipped_one(
    cluster: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    mine = "\n".join(
        [
            'name = "backfill"',
            'title = "Our own backfill"',
            'task = "t"',
            'explanation = "e"',
            "[[check]]",
            'kind = "no_job_killed"',
        ]
    )
    (folder / "backfill.toml").write_text(mine)
    monkeypatch.setenv("SLURMSIM_DRILLS", str(folder))
    listed = run_shell("slurmsim drill list").out
    assert [line.split(None, 1) for line in listed.splitlines()].count(
        ["backfill", "Our own backfill"]
    ) == 1
    assert "Backfill: fill the hole" not in listed
    assert run_shell("slurmsim drill start backfill").exit == 0
    assert run_shell("slurmsim drill check").exit == 0


def test_drill_check_json_lists_every_verdict(cluster: Path) -> None:
    import json

    run_shell("slurmsim drill start all-or-nothing")
    doc = json.loads(run_shell("slurmsim drill check --json").out)
    assert doc["drill"] == "all-or-nothing"
    assert doc["passed"] is False
    assert doc["checks"][0] == {
        "check": "job 'pretrain' ran on 4 nodes at once, 8 GPUs on each",
        "passed": False,
        "why": "no job named 'pretrain' was submitted",
    }
