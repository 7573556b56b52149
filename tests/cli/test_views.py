"""squeue and sinfo on a live cluster: filters, formats and errors."""

from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm


@pytest.fixture
def busy(cluster: Path) -> Path:
    """The pretrain on all 32 GPUs, a 16-GPU job waiting, a debug job waiting behind it."""
    slurm("sbatch", "-J", "pretrain", "-N", "4", "--gres=gpu:8", "-t", "4:00:00",
          "--wrap=sleep 10000", user="alice")  # fmt: skip
    advance(5)
    slurm("sbatch", "-J", "eval", "-N", "2", "--gres=gpu:8", "-t", "1:00:00",
          "--wrap=sleep 100", user="carol")  # fmt: skip
    slurm("sbatch", "-J", "dbg", "-p", "debug", "-N", "1", "--gres=gpu:1", "-t", "10",
          "--wrap=sleep 100", user="bob")  # fmt: skip
    advance(10)
    return cluster


def test_whole_cluster_job_runs_and_others_wait_for_resources(busy: Path) -> None:
    got = slurm("squeue", "-h", "-o", "%j %t %D %R", "-S", "i")
    assert got.out.splitlines()[0] == "pretrain R 4 dgx[1-4]"
    # dbg (debug partition, higher priority) is blocked first; the shared nodes are then
    # withheld from the gpu partition for the rest of the pass, as in Slurm.
    assert "eval PD 2 (Nodes required for job are DOWN, DRAINED or reserved" in got.out
    assert "dbg PD 1 (Resources)" in got.out


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        pytest.param(["-u", "carol"], ["eval"], id="by user"),
        pytest.param(["-p", "debug"], ["dbg"], id="by partition"),
        pytest.param(["-t", "R"], ["pretrain"], id="by state"),
        pytest.param(["-j", "1,3"], ["pretrain", "dbg"], id="by job ids"),
        pytest.param(["-n", "eval"], ["eval"], id="by name"),
    ],
)
def test_squeue_filters_select_the_right_jobs(
    busy: Path, argv: list[str], names: list[str]
) -> None:
    got = slurm("squeue", "-h", "-o", "%j", *argv)
    assert sorted(got.out.split()) == sorted(names)


def test_squeue_me_shows_only_my_jobs(busy: Path) -> None:
    assert slurm("squeue", "--me", "-h", "-o", "%j", user="bob").out == "dbg\n"


def test_squeue_format_from_environment(busy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUEUE_FORMAT", "%i|%u")
    assert slurm("squeue", "-h", "-t", "R").out == "1|alice\n"


def test_squeue_unknown_job_and_bad_option(cluster: Path) -> None:
    missing = slurm("squeue", "-j", "999999")
    bad = slurm("squeue", "--bogus")
    assert (missing.exit, missing.err) == (1, "slurm_load_jobs error: Invalid job id specified\n")
    assert (bad.exit, bad.err) == (
        1,
        "squeue: unrecognized option '--bogus'\nTry \"squeue --help\" for more information\n",
    )


def test_sinfo_shows_allocated_and_idle_per_partition(busy: Path) -> None:
    got = slurm("sinfo", "-h", "-o", "%P %t %D")
    assert got.out == "gpu* mix 4\ndebug mix 4\n"


def test_sinfo_unknown_partition_prints_only_the_header(cluster: Path) -> None:
    got = slurm("sinfo", "-p", "nosuch")
    assert (got.exit, got.out) == (0, "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n")


@pytest.mark.parametrize("key", list("PRtTDcmwlpSNE"))
def test_sinfo_sorts_lines_without_nodes(cluster: Path, key: str) -> None:
    """``-d`` on a cluster with no node down leaves partition lines without nodes; every
    ``-S`` key sorts them (a node-based key once read the first node of none)."""
    got = slurm("sinfo", "-d", "-S", key, "-h", "-o", "%P %D")
    assert (got.exit, sorted(got.out.splitlines()), got.err) == (0, ["debug 0", "gpu* 0"], "")


def test_reads_do_not_move_the_clock(busy: Path) -> None:
    from slurmsim.api import cluster

    before = cluster.now()
    for _ in range(3):
        slurm("squeue")
        slurm("sinfo")
    assert cluster.now() == before


class _Stop(Exception):
    pass


@pytest.mark.parametrize("command", ["squeue", "sinfo"])
def test_iterate_reports_again_dated_until_interrupted(
    busy: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """-i N: a dated report, a blank line, N seconds of wall time, again (the store read
    afresh each time), until Ctrl-C ends the command with 130."""
    naps: list[float] = []

    def sleep(seconds: float) -> None:
        naps.append(seconds)
        if len(naps) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", sleep)
    got = slurm(command, "-i", "7")
    reports = got.out.split("\n\n")
    assert (got.exit, naps) == (130, [7, 7])
    assert reports[0] == reports[1]
    assert reports[0].startswith("Sun Nov 29 19:00:15 2026\n")
    assert reports[2] == ""


@pytest.mark.parametrize("value", ["0", "-1", "x"])
def test_iterate_needs_a_positive_number(cluster: Path, value: str) -> None:
    squeue, sinfo = slurm("squeue", "-i", value), slurm("sinfo", "-i", value)
    assert (squeue.exit, squeue.out, squeue.err) == (1, "", f"squeue: error: --iterate={value}\n\n")
    assert (sinfo.exit, sinfo.err) == (
        1,
        f"sinfo: error: Error: invalid entry for --iterate={value}\n",
    )


@pytest.mark.parametrize(
    ("filters", "left"),
    [
        (["-A", "product"], ["dbg", "pretrain"]),
        (["-q", "normal", "-u", "bob"], ["eval", "pretrain"]),
        (["-w", "dgx2"], ["dbg", "eval"]),
    ],
)
def test_scancel_filters_select_only_their_jobs(
    busy: Path, filters: list[str], left: list[str]
) -> None:
    """Each filter narrows what root cancels; the jobs it does not select stay."""
    got = slurm("scancel", *filters)
    assert (got.exit, got.err) == (0, "")
    assert sorted(slurm("squeue", "-h", "-o", "%j").out.split()) == left
