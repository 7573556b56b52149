"""sshare on a live cluster: each option, in the layouts the oracle printed."""

from pathlib import Path

import pytest

from tests.cli.conftest import slurm

HEADER = (
    "Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare \n"
    "-------------------- ---------- ---------- ----------- ----------- ------------- ---------- \n"
)
ROOT = (
    "root                                          0.000000        4039      1.000000            \n"
)
ROOT_USER = (
    " root                      root          1    0.009901        1005      0.248824   0.200000 \n"
)
PRODUCT = (
    " product                                40    0.396040         680      0.168359            \n"
)
CAROL = (
    "  product                 carol          1    1.000000         680      1.000000   1.000000 \n"
)
RESEARCH = (
    " research                               60    0.594059        2354      0.582818            \n"
)
ALICE = (
    "  research                alice          1    0.333333        1308      0.555650   0.400000 \n"
)
BOB = (
    "  research                  bob          1    0.333333        1046      0.444350   0.600000 \n"
)
RES_ROOT = (
    "  research                 root          1    0.333333           0      0.000000   0.800000 \n"
)


def at(line: str, depth: int) -> str:
    """``line`` with its Account cell indented ``depth`` spaces instead."""
    return (" " * depth + line[:20].strip()).ljust(20) + line[20:]


@pytest.fixture
def used(cluster: Path) -> Path:
    """The usage of golden 110 (RawUsage), as if the last priority pass saw it too."""
    from slurmsim.api.session import session

    usage = {("root", "root"): 1005.0, ("product", "carol"): 680.0,
             ("research", "alice"): 1308.0, ("research", "bob"): 1046.0}  # fmt: skip
    with session(write=True) as s:
        for a in s.state.associations:
            if (a.account, a.user) in usage:
                s.state.usage[a.id] = usage[(a.account, a.user)]
    return cluster


@pytest.mark.parametrize(
    ("user", "argv", "want"),
    [
        pytest.param("root", [], HEADER + ROOT + ROOT_USER + PRODUCT + RESEARCH + RES_ROOT,
                     id="default: accounts and my own user rows"),
        pytest.param("alice", [], HEADER + ROOT + PRODUCT + RESEARCH + ALICE, id="as alice"),
        pytest.param("root", ["-a"], HEADER + ROOT + ROOT_USER + PRODUCT + CAROL + RESEARCH
                     + ALICE + BOB + RES_ROOT, id="-a: every user"),
        pytest.param("root", ["-u", "bob,carol"], HEADER + ROOT + PRODUCT + CAROL + RESEARCH
                     + BOB, id="-u: named users"),
        pytest.param("root", ["-A", "research", "-a"], HEADER + at(RESEARCH, 0) + at(ALICE, 1)
                     + at(BOB, 1) + at(RES_ROOT, 1), id="-A: the account's subtree, re-indented"),
        pytest.param("root", ["-A", "product,research", "-u", "carol"], HEADER + at(PRODUCT, 0)
                     + at(CAROL, 1) + at(RESEARCH, 0), id="-A with -u"),
        pytest.param("root", ["-U"], HEADER + at(ROOT_USER, 0) + at(RES_ROOT, 0),
                     id="-U: users only"),
        pytest.param("root", ["-n", "-A", "product"], at(PRODUCT, 0), id="-n: no header"),
        pytest.param("root", ["-A", "nosuch"], HEADER, id="-A: unknown account"),
    ],
)  # fmt: skip
def test_sshare_prints_what_slurm_prints(used: Path, user: str, argv: list[str], want: str) -> None:
    got = slurm("sshare", *argv, user=user)
    assert (got.exit, got.out, got.err) == (0, want, "")


def test_sshare_long_adds_norm_usage_level_fs_and_tres_columns(used: Path) -> None:
    got = slurm("sshare", "-l", "-a", "-A", "product")
    assert got.out.splitlines()[0].split() == [
        "Account", "User", "RawShares", "NormShares", "RawUsage", "NormUsage", "EffectvUsage",
        "FairShare", "LevelFS", "GrpTRESMins", "TRESRunMins",
    ]  # fmt: skip
    assert got.out.splitlines()[3] == (
        " product                  carol          1    1.000000         680    0.168359"
        "      1.000000   1.000000   1.000000                                "
        "cpu=0,mem=0,energy=0,node=0,b+ "
    )


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        pytest.param(["-P", "-A", "product", "-a"], "Account|User|RawShares|NormShares|RawUsage|"
                     "EffectvUsage|FairShare\nproduct||40|0.396040|680|0.168359|\n"
                     " product|carol|1|1.000000|680|1.000000|1.000000\n", id="-P"),
        pytest.param(["-p", "-n", "-U", "-u", "carol"],
                     "product|carol|1|1.000000|680|1.000000|1.000000|\n", id="-p: trailing bar"),
        pytest.param(["-n", "-A", "research", "-o", "Account%-8,User%3,RawUsage%3,Fairshare%4",
                      "-u", "alice"], "research     2354      \n resear+ al+ 1308 4.000000e-01 \n",
                     id="-o: widths, cut text, uncut numbers"),
        pytest.param(["-P", "-n", "-o", "acc,levelfs,id", "-U"],
                     "root|0.039791|2\nresearch|inf|8\n", id="-o: prefixes"),
    ],
)  # fmt: skip
def test_sshare_formats(used: Path, argv: list[str], want: str) -> None:
    got = slurm("sshare", *argv)
    assert (got.exit, got.out) == (0, want)


@pytest.mark.parametrize(
    ("argv", "out", "err"),
    [
        pytest.param(["-o", "foo"], "", 'sshare: error: Invalid field requested: "foo"\n',
                     id="unknown field"),
        pytest.param(["--me"], "", "sshare: unrecognized option '--me'\n"
                     'Try "sshare --help" for more information\n', id="--me is not 22.05's"),
    ],
)  # fmt: skip
def test_sshare_complaints(cluster: Path, argv: list[str], out: str, err: str) -> None:
    got = slurm("sshare", *argv)
    assert (got.exit, got.out, got.err) == (1, out, err)


def test_sshare_helpformat_lists_the_fields(cluster: Path) -> None:
    got = slurm("sshare", "-e")
    assert got.out.split() == [
        "Account", "Cluster", "EffectvUsage", "FairShare", "GrpTRESMins", "GrpTRESRaw", "ID",
        "LevelFS", "NormShares", "NormUsage", "Partition", "RawShares", "RawUsage",
        "TRESRunMins", "User",
    ]  # fmt: skip


def test_sshare_running_jobs_show_in_tres_run_mins(cluster: Path) -> None:
    slurm("sbatch", "-N2", "--gres=gpu:8", "-t", "30:00", "--wrap=sleep 900", user="alice")
    from tests.cli.conftest import advance

    advance(5)
    got = slurm("sshare", "-P", "-n", "-a", "-A", "research", "-o", "User,TRESRunMins")
    alice = next(line for line in got.out.splitlines() if line.startswith("alice|"))
    assert alice == (
        "alice|cpu=60,mem=983040,energy=0,node=60,billing=60,fs/disk=0,vmem=0,pages=0,gres/gpu=480"
    )
