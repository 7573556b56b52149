"""sprio on a live cluster: each option, against what the oracle printed for the same jobs."""

from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm

HEADER = (
    "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE"
    "  PARTITION        QOS\n"
)
ROWS = {
    2: "              2 gpu            11209          0          0      10000        710"
    "        500          0\n",
    3: "              3 debug          11121          0          0      10000        128"
    "       1000          0\n",
    4: "              4 debug          11126          0          0      10000        126"
    "       1000          0\n",
}


@pytest.fixture
def waiting(cluster: Path) -> Path:
    """A whole-cluster job runs; three jobs wait behind it (the oracle's own experiment)."""
    slurm("sbatch", "-N4", "--exclusive", "-t", "5:00", "--wrap=sleep 120", user="alice")
    advance(5)
    slurm("sbatch", "-N3", "-n", "300", "-t", "5:00", "--wrap=sleep 1", user="bob")
    slurm("sbatch", "-p", "debug", "-n3", "--nice=7", "-t", "5:00", "--wrap=sleep 1", user="carol")
    slurm("sbatch", "-p", "debug", "--gres=gpu:2", "-t", "5:00", "--wrap=sleep 1", user="alice")
    return cluster


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        pytest.param([], HEADER + ROWS[2] + ROWS[3] + ROWS[4], id="default: non-zero weights"),
        pytest.param(["-h"], ROWS[2] + ROWS[3] + ROWS[4], id="-h: no header"),
        pytest.param(["-j", "3"], HEADER + ROWS[3], id="-j: one job"),
        pytest.param(["--jobs=2,4"], HEADER + ROWS[2] + ROWS[4], id="--jobs= a list"),
        pytest.param(["-p", "debug"], HEADER + ROWS[3] + ROWS[4], id="-p: one partition"),
        pytest.param(["-S", "-y"], HEADER + ROWS[2] + ROWS[4] + ROWS[3], id="--sort by priority"),
        pytest.param(["-j", "999"], "Unable to find jobs matching user/id(s) specified\n",
                     id="-j: no such pending job"),
        pytest.param(["-o", "%i|%.6Y|%N|%c"], "JOBID|PRIORI|NICE|CLUSTER\n2| 11209|0|(null)\n"
                     "3| 11121|7|(null)\n4| 11126|0|(null)\n", id="-o: Slurm's % fields"),
        pytest.param(["-n", "-h", "-o", "%j|%f|%p"], "0.7098214|1.0000000|0.5000000\n"
                     "0.1283482|1.0000000|1.0000000\n0.1261161|1.0000000|1.0000000\n",
                     id="-n values: 7 decimals"),
    ],
)  # fmt: skip
def test_sprio_prints_what_slurm_prints(waiting: Path, argv: list[str], want: str) -> None:
    got = slurm("sprio", *argv)
    assert (got.exit, got.out, got.err) == (0, want, "")


def test_sprio_long_adds_user_nice_and_every_factor(waiting: Path) -> None:
    got = slurm("sprio", "-l", "-j", "3")
    assert got.out == (
        "          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE"
        "    JOBSIZE  PARTITION        QOS        NICE                 TRES\n"
        "              3 debug        carol      11121          0          0          0      10000"
        "        128       1000          0           7                     \n"
    )


def test_sprio_user_filter_adds_a_user_column(waiting: Path) -> None:
    got = slurm("sprio", "-u", "alice")
    assert got.out.splitlines()[1].split() == ["4", "debug", "alice", "11126", "0", "0",
                                               "10000", "126", "1000", "0"]  # fmt: skip


def test_sprio_norm_long_header(waiting: Path) -> None:
    got = slurm("sprio", "-n", "-l", "-j", "2")
    assert got.out.splitlines()[0] == (
        "          JOBID PARTITION     USER PRIORITY   AGE        ASSOC      FAIRSHARE  JOBSIZE"
        "    PARTITION  QOS        TRES                "
    )
    assert got.out.splitlines()[1].startswith("              2 gpu            bob 0.00000260 ")


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        pytest.param(["-w"], HEADER + "        Weights                               1       1000"
                     "      10000       1000       1000      10000\n", id="-w"),
        pytest.param(["-w", "-l"], "        Weights                                        1"
                     "       1000          0      10000       1000       1000      10000"
                     "                           (null)\n", id="-w -l"),
        pytest.param(["-w", "-n", "-l"], "        Weights                               1000"
                     "       0          10000      1000       1000       10000"
                     "                          \n", id="-w -n -l"),
    ],
)  # fmt: skip
def test_sprio_weights_row(waiting: Path, argv: list[str], want: str) -> None:
    assert slurm("sprio", *argv).out.endswith(want)


@pytest.mark.parametrize(
    ("argv", "code", "out", "err"),
    [
        pytest.param(["-u", "nosuch"], 0, HEADER.replace("PARTITION  ", "PARTITION     USER  ", 1),
                     "sprio: error: Invalid user: nosuch\n\n", id="unknown user"),
        pytest.param(["-S", "z"], 1, HEADER, "sprio: error: Invalid sort specification: z\n",
                     id="unknown sort key"),
        pytest.param(["-j", "2x"], 1, "", "sprio: error: Invalid job id: 2x\n",
                     id="an id with text after the number"),
        pytest.param(["-o", "%i %Z"], 0, "JOBID \n2 \n3 \n4 \n",
                     "sprio: error: Invalid job format specification: Z\n", id="unknown field"),
        pytest.param(["-j", "2", "3"], 1, "Usage: sprio [-j jid[s]] [-u user_name[s]] [-o format]"
                     " [-p partitions]\n   [--federation] [--local] [--sibling] [--usage]"
                     " [-hlnvVw]\n", "sprio: error: Unrecognized option: 3\n", id="stray operand"),
        pytest.param(["--bogus"], 1, "", "sprio: unrecognized option '--bogus'\n"
                     'Try "sprio --help" for more information\n', id="unknown option"),
    ],
)  # fmt: skip
def test_sprio_complaints(waiting: Path, argv: list[str], code: int, out: str, err: str) -> None:
    got = slurm("sprio", *argv)
    assert (got.exit, got.out, got.err) == (code, out, err)


def test_sprio_needs_multifactor(cluster: Path) -> None:
    from dataclasses import replace

    from slurmsim.api.session import session

    with session(write=True) as s:
        s.state.config = replace(s.state.config, priority_type="priority/basic")
    got = slurm("sprio")
    assert (got.exit, got.err) == (1, "You are not running a supported priority plugin\n"
                                      "(priority/basic).\nOnly 'priority/multifactor' is "
                                      "supported.\n")  # fmt: skip


def test_sprio_reads_the_sort_keys_only_with_jobs_to_sort(cluster: Path) -> None:
    """On an empty queue a bad -S key goes unnoticed (oracle: tests/golden/views)."""
    got = slurm("sprio", "-S", "z")
    assert (got.exit, got.err) == (0, "")
