"""slurmsim's own command: init, clock, status (click and rich)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.slurmsim import cli
from tests.cli.conftest import slurm


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_init_describes_the_default_cluster(cluster: Path) -> None:
    code, out = invoke("init", "--force")
    assert code == 0
    assert out == (
        "Cluster dgxcluster: 4 nodes, 32 GPUs, partitions gpu, debug; "
        "clock at 2026-11-29T19:00:00 (manual).\n"
    )


def test_init_without_force_keeps_an_existing_cluster(cluster: Path) -> None:
    code, out = invoke("init")
    assert code == 1
    assert "Error:" in out


def test_init_lists_presets(cluster: Path) -> None:
    assert invoke("init", "--list") == (0, "dgx-h100-4\ndgx-h100-64\n")


def test_init_from_a_slurm_conf(cluster: Path, tmp_path: Path) -> None:
    conf = tmp_path / "slurm.conf"
    conf.write_text(
        "ClusterName=tiny\nGresTypes=gpu\n"
        "NodeName=n[1-2] CPUs=8 RealMemory=64000 Gres=gpu:a100:2\n"
        "PartitionName=main Nodes=ALL Default=YES MaxTime=1-00:00:00\n"
    )
    code, out = invoke("init", "--conf", str(conf), "--force")
    assert code == 0, out
    assert slurm("sinfo", "-h").out == "main*        up 1-00:00:00      2   idle n[1-2]\n"


def test_clock_advance_moves_time_and_reports_starts(cluster: Path) -> None:
    slurm("sbatch", "-N", "1", "--gres=gpu:8", "--wrap=sleep 60", user="alice")
    code, out = invoke("clock", "advance", "90s")
    assert code == 0
    assert out.splitlines()[0] == "2026-11-29T19:00:00 -> 2026-11-29T19:01:30"
    assert "job_start job 1" in out
    assert invoke("clock") == (0, "2026-11-29T19:01:30 (manual)\n")


def test_clock_advance_until_idle_runs_everything_out(cluster: Path) -> None:
    for _ in range(3):
        slurm("sbatch", "-N", "4", "--gres=gpu:8", "-t", "1:00:00", "--wrap=sleep 3000", user="bob")
    code, _ = invoke("clock", "advance", "--until-idle")
    assert code == 0
    assert slurm("squeue", "-h").out == ""


def test_clock_advance_rejects_a_bad_duration(cluster: Path) -> None:
    code, out = invoke("clock", "advance", "soon")
    assert code == 2
    assert "invalid duration 'soon'" in out


def test_status_draws_nodes_and_queue(cluster: Path) -> None:
    slurm("sbatch", "-N", "2", "--gres=gpu:8", "--wrap=sleep 600", user="alice")
    invoke("clock", "advance", "5s")
    code, out = invoke("status")
    assert code == 0
    assert "dgx1" in out
    assert "Queue" in out


def test_slurmsim_fail_and_repair_drive_sinfo(cluster: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["fail", "node", "dgx2"])
    assert result.exit_code == 0, result.output
    assert "node_fail dgx2" in result.output
    assert "down* dgx2" in slurm("sinfo").out
    staged = runner.invoke(cli, ["fail", "gpu", "dgx3", "--in", "1m"])
    assert "gpu failure of dgx3 staged for 2026-11-29T19:01:00" in staged.output
    runner.invoke(cli, ["clock", "advance", "2m"])
    assert "gres/gpu count repor slurm" in slurm("sinfo", "-R").out
    assert runner.invoke(cli, ["repair", "dgx2"]).exit_code == 0
    assert runner.invoke(cli, ["fail", "node", "nope"]).exit_code == 1


def test_clock_mode_scaled_moves_time_on_every_command(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scaled x60: two wall seconds later squeue and sbatch see two simulated minutes."""
    from slurmsim import clock

    monkeypatch.setattr(clock, "wall_now", lambda: 1000.0)
    assert invoke("clock", "mode", "scaled", "60") == (0, "2026-11-29T19:00:00 (scaled x60)\n")
    monkeypatch.setattr(clock, "wall_now", lambda: 1002.0)
    assert invoke("clock") == (0, "2026-11-29T19:02:00 (scaled x60)\n")
    assert invoke("clock", "mode", "manual") == (0, "2026-11-29T19:02:00 (manual)\n")
    monkeypatch.setattr(clock, "wall_now", lambda: 5000.0)
    assert invoke("clock") == (0, "2026-11-29T19:02:00 (manual)\n")


def test_clock_advance_under_realtime_reanchors(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slurmsim import clock

    monkeypatch.setattr(clock, "wall_now", lambda: 1000.0)
    invoke("clock", "mode", "realtime")
    invoke("clock", "advance", "1h")
    monkeypatch.setattr(clock, "wall_now", lambda: 1005.0)
    assert invoke("clock") == (0, "2026-11-29T20:00:05 (realtime)\n")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("scaled",), id="scaled without a factor"),
        pytest.param(("scaled", "0"), id="a factor of zero"),
        pytest.param(("scaled", "fast"), id="a factor that is not a number"),
        pytest.param(("realtime", "2"), id="realtime with a factor"),
        pytest.param(("sideways",), id="an unknown mode"),
    ],
)
def test_clock_mode_refuses_bad_input_and_changes_nothing(
    cluster: Path, args: tuple[str, ...]
) -> None:
    from tests.cli.conftest import dump

    before = dump(cluster)
    code, _ = invoke("clock", "mode", *args)
    assert code == 2
    assert dump(cluster) == before
