"""Under the manual clock the same commands print the same bytes, run after run."""

from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm

SESSION = [
    ("alice", ["sbatch", "-J", "pretrain", "-N", "4", "--gres=gpu:8", "-t", "2:00:00",
               "--wrap=sleep 5000"]),
    ("carol", ["sbatch", "-J", "eval", "-N", "2", "--gres=gpu:8", "-t", "30", "--wrap=sleep 900"]),
    ("bob", ["sbatch", "--array=0-5%2", "--gres=gpu:4", "-t", "10", "--wrap=sleep 300"]),
    ("bob", ["sbatch", "-p", "debug", "-t", "3:00:00", "--wrap=true"]),
    ("root", ["scontrol", "update", "NodeName=dgx3", "State=DRAIN", "Reason=maintenance"]),
]  # fmt: skip
VIEWS = [
    ["squeue"], ["squeue", "--start"], ["squeue", "-r", "-l"], ["sinfo"], ["sinfo", "-N", "-l"],
    ["scontrol", "show", "job"], ["scontrol", "show", "node", "dgx3"],
]  # fmt: skip


def _play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> list[bytes]:
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / f"{name}.db"))
    from slurmsim.api import cluster

    cluster.init(None, None, force=True)
    seen = []
    for step, (user, argv) in enumerate(SESSION):
        result = slurm(*argv, user=user)
        seen.append(result.stdout + result.stderr)
        advance(37 * (step + 1))
        for view in VIEWS:
            shown = slurm(*view)
            seen.append(shown.stdout + shown.stderr)
    advance(7200)
    seen.extend(slurm(*view).stdout for view in VIEWS)
    return seen


def test_same_commands_print_the_same_bytes(
    cluster: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _play(tmp_path, monkeypatch, "first")
    second = _play(tmp_path, monkeypatch, "second")
    assert first == second
    assert any(b"PD" in out for out in first)
