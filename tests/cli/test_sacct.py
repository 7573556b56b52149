"""sacct: records per job run and step, filters, the time window, layouts and bad input."""

import time
from pathlib import Path

import pytest

from tests.cli.conftest import advance, dump, slurm

HEADER = (
    "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode \n"
    "------------ ---------- ---------- ---------- ---------- ---------- -------- \n"
)


@pytest.fixture
def jobs(cluster: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Job 1 (alice) cancelled while running, 2 (bob) completed, 3 (carol) failed with 3,
    4 an array of three tasks (alice), 5 (bob) still pending behind a hold."""
    monkeypatch.delenv("SACCT_FORMAT", raising=False)
    submits = [
        ("alice", ["-J", "train", "-N", "1", "--gres=gpu:8", "-t", "30", "--wrap", "sleep 600"]),
        ("bob", ["-J", "quick", "-t", "5", "--wrap", "sleep 20"]),
        ("carol", ["-J", "bad", "-t", "5", "--wrap", "exit 3"]),
        ("alice", ["-J", "sweep", "--array=0-2", "-t", "5", "--wrap", "sleep 60"]),
        ("bob", ["-H", "-J", "held", "-t", "5", "--wrap", "sleep 1"]),
    ]
    for user, args in submits:
        assert slurm("sbatch", *args, user=user).exit == 0
    advance(90)
    assert slurm("scancel", "1").exit == 0
    return cluster


@pytest.mark.parametrize(
    ("argv", "user", "want"),
    [
        pytest.param(
            ["sacct", "-X", "-n", "-o", "JobID,User,State%16"],
            "root",
            "1                alice   CANCELLED by 0 \n2                  bob        COMPLETED \n"
            "3                carol           FAILED \n4_0              alice        COMPLETED \n"
            "4_1              alice        COMPLETED \n4_2              alice        COMPLETED \n",
            id="root sees every user's jobs; the canceller's uid is in the state",
        ),
        pytest.param(
            ["sacct", "-n", "-P", "-o", "JobID,State,ExitCode"],
            "carol",
            "3|FAILED|3:0\n3.batch|FAILED|3:0\n",
            id="a user sees only their own jobs, each with its batch step",
        ),
        pytest.param(
            ["sacct", "-a", "-X", "-n", "-P", "-o", "JobID", "-u", "bob"],
            "carol",
            "2\n",
            id="-u picks a user; a held job never eligible is outside the window",
        ),
        pytest.param(
            ["sacct", "-X", "-n", "-P", "-o", "JobID,User", "-u", "1003"],
            "root",
            "3|carol\n",
            id="-u takes a uid too",
        ),
        pytest.param(
            ["sacct", "-j", "5", "-n", "-P", "-o", "JobID,State,Eligible,NodeList"],
            "root",
            "5|PENDING|Unknown|None assigned\n",
            id="-j shows a held job whatever the window",
        ),
        pytest.param(
            ["sacct", "-j", "4_1", "-n", "-P", "-o", "JobID,JobIDRaw"],
            "root",
            "4_1|7\n4_1.batch|7.batch\n",
            id="-j names one array task; JobIDRaw is its own id",
        ),
        pytest.param(
            ["sacct", "-j", "2.batch", "-n", "-P", "-o", "JobID,JobName"],
            "root",
            "2.batch|batch\n",
            id="-j names one step",
        ),
        pytest.param(
            ["sacct", "-j", "1", "-P", "-o", "JobID,Elapsed,AllocTRES,Timelimit"],
            "root",
            "JobID|Elapsed|AllocTRES|Timelimit\n"
            "1|00:01:30|billing=1,cpu=1,gres/gpu=8,mem=16G,node=1|00:30:00\n"
            "1.batch|00:01:30|cpu=1,gres/gpu=8,mem=16G,node=1|\n",
            id="a cancelled running job: its batch step ends CANCELLED by SIGTERM",
        ),
        pytest.param(
            [
                "sacct",
                "-X",
                "-s",
                "CD,f",
                "-S",
                "2026-11-29",
                "-E",
                "now",
                "-n",
                "-p",
                "-o",
                "jobid",
            ],
            "root",
            "2|\n3|\n4_0|\n4_1|\n4_2|\n",
            id="-s takes short and long state names, any case; -p ends each field with |",
        ),
        pytest.param(
            ["sacct", "-X", "-s", "CD", "-n", "-o", "JobID"],
            "root",
            "",
            id="-s alone looks at the present instant only",
        ),
        pytest.param(
            ["sacct", "-X", "-A", "product", "-n", "-P", "--delimiter=;", "-o", "JobID,Account"],
            "root",
            "3;product\n",
            id="-A filters by account; --delimiter replaces |",
        ),
        pytest.param(
            ["sacct", "-X", "--name=quick,bad", "-n", "-o", "JobID%-5,jobn%3"],
            "root",
            "2     qu+ \n3     bad \n",
            id="--name filters; %-N left-justifies, a cut value ends in +",
        ),
        pytest.param(
            ["sacct", "-b", "-j", "3"],
            "root",
            "JobID             State ExitCode \n------------ ---------- -------- \n"
            "3                FAILED      3:0 \n3.batch          FAILED      3:0 \n",
            id="-b is JobID, State, ExitCode",
        ),
        pytest.param(
            ["sacct", "-j", "2", "-n", "-P", "-o", "JobID,User,UID,ReqMem,AssocID,Flags,Layout"],
            "root",
            "2|bob|1002|16G|6|SchedMain,StartRecieved|\n2.batch||||6||Unknown\n",
            id="a step leaves the job's user, memory and flags blank",
        ),
        pytest.param(
            ["sacct", "-X", "-j", "2", "-n", "-P", "-o", "SubmitLine"],
            "root",
            "sbatch -J quick -t 5 --wrap sleep 20\n",
            id="SubmitLine is the sbatch command line, its words joined by blanks",
        ),
        pytest.param(
            ["sacct", "-X", "-j", "2", "-n", "-P", "--units=K", "-o", "ReqMem"],
            "root",
            "16777216K\n",
            id="--units shows memory in the unit given",
        ),
        pytest.param(
            ["sacct", "-X", "-j", "2", "-n", "-P", "--noconvert", "-o", "ReqMem"],
            "root",
            "16384M\n",
            id="--noconvert shows memory in MB",
        ),
        pytest.param(
            ["sacct", "-X", "-a", "-g", "bob", "-n", "-P", "-o", "JobID,User"],
            "root",
            "2|bob\n",
            id="-g picks a group by name (each user's own group)",
        ),
        pytest.param(
            ["sacct", "-X", "-a", "--group=1003,bob", "-u", "carol", "-n", "-P", "-o", "JobID"],
            "root",
            "3\n",
            id="--group takes gids too; -u narrows it further",
        ),
        pytest.param(
            ["sacct", "-X", "-x", "7", "-n", "-P", "-o", "JobID,Account"],
            "root",
            "3|product\n",
            id="-x filters by association id",
        ),
        pytest.param(
            [
                "sacct",
                "-X",
                "-j",
                "1",
                "-T",
                "-S",
                "now-30seconds",
                "-E",
                "now",
                "-n",
                "-P",
                "-o",
                "JobID,Elapsed",
            ],
            "root",
            "1|00:00:30\n",
            id="-T cuts a run to the window",
        ),
        pytest.param(
            ["sacct", "-X", "-j", "2", "-n", "-o", "JobID%0,State"],
            "root",
            "  COMPLETED \n",
            id="a width of 0 leaves the value out",
        ),
    ],
)
def test_sacct_lists_what_slurm_lists(jobs: Path, argv: list[str], user: str, want: str) -> None:
    got = slurm(*argv, user=user)
    assert (got.exit, got.out, got.err) == (0, want, "")


def test_sacct_default_layout_has_slurm_columns(jobs: Path) -> None:
    got = slurm("sacct", "-j", "3")
    assert got.out == HEADER + (
        "3                   bad        gpu    product          1     FAILED      3:0 \n"
        "3.batch           batch               product          1     FAILED      3:0 \n"
    )


def test_sacct_format_comes_from_sacct_format_unless_given(
    jobs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACCT_FORMAT", "JobID,User%5")
    assert slurm("sacct", "-X", "-n", "-j", "2").out == "2              bob \n"
    assert slurm("sacct", "-X", "-n", "-j", "2", "-o", "State").out == " COMPLETED \n"


def test_sacct_duplicates_show_the_runs_a_requeue_ended(jobs: Path) -> None:
    assert slurm("sbatch", "-J", "again", "-t", "10", "--wrap", "sleep 300").exit == 0
    advance(10)
    assert slurm("scontrol", "requeue", "8").exit == 0
    want_new = "8|PENDING|0:0|None assigned\n"
    assert slurm("sacct", "-j", "8", "-n", "-P", "-o", "JobID,State,ExitCode,NodeList").out == (
        want_new
    )
    got = slurm("sacct", "-D", "-j", "8", "-n", "-P", "-o", "JobID,State,ExitCode,NodeList")
    assert got.out == "8|REQUEUED|0:0|dgx1\n8.batch|CANCELLED|0:15|dgx1\n" + want_new


def test_sacct_helpformat_lists_every_field(cluster: Path) -> None:
    got = slurm("sacct", "-e")
    assert got.out.startswith("Account             AdminComment        AllocCPUS ")
    assert got.out.endswith("WorkDir            \n")


@pytest.mark.parametrize(
    ("argv", "want_err"),
    [
        pytest.param(
            ["sacct", "-o", "JobID,Bogus"],
            'sacct: error: Invalid field requested: "Bogus"\n',
            id="an unknown field",
        ),
        pytest.param(
            ["sacct", "foo", "bar"],
            "sacct: error: Unknown arguments:\nsacct: error:  foo\nsacct: error:  bar\n",
            id="words that are not options",
        ),
        pytest.param(
            ["sacct", "-S", "now", "-E", "2020-01-01T00:00:00"],
            "sacct: error: Start time (2026-11-29T19:01:30) requested is after end time "
            "(2020-01-01T00:00:00).\n",
            id="a window that ends before it starts",
        ),
        pytest.param(
            ["sacct", "--bogus"],
            "sacct: unrecognized option '--bogus'\n",
            id="an unknown option",
        ),
        pytest.param(
            ["sacct", "-j", "abc"], "sacct: fatal: Bad job/step specified: abc\n", id="a bad job id"
        ),
        pytest.param(
            ["sacct", "-j", "12_[1-2]"],
            "sacct: fatal: Bad job array element specified: 12\n",
            id="an array range in -j",
        ),
        pytest.param(
            ["sacct", "-j", "12.nosuch"], "sacct: fatal: Bad step specified: 12\n", id="a bad step"
        ),
        pytest.param(
            ["sacct", "-s", "bogus"],
            "sacct: fatal: unrecognized job state value 'bogus'\n",
            id="an unknown state",
        ),
        pytest.param(
            ["sacct", "-S", "garbage"],
            "Invalid time specification (pos=0): garbage\n",
            id="an unreadable start time",
        ),
        pytest.param(
            ["sacct", "-u", "nosuchuser"],
            "sacct: error: Invalid user id: nosuchuser\n",
            id="an unknown user",
        ),
        pytest.param(
            ["sacct", "--units=X"],
            "sacct: error: Invalid unit type 'X'. Possible options are 'KMGTP'\n"
            "sacct: fatal: Invalid unit type\n",
            id="an unknown unit",
        ),
        pytest.param(
            ["sacct", "-c"], "Slurm job completion is disabled\n", id="job completion data"
        ),
    ],
)
def test_sacct_refuses_bad_input_and_changes_nothing(
    jobs: Path, argv: list[str], want_err: str
) -> None:
    before = dump(jobs)
    got = slurm(*argv)
    assert (got.exit, got.out, got.err) == (1, "", want_err)
    assert dump(jobs) == before


def test_sacct_shows_a_job_that_ran_and_was_purged_within_one_advance(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SACCT_FORMAT", raising=False)
    assert slurm("sbatch", "-J", "brief", "-t", "5", "--wrap", "sleep 20", user="bob").exit == 0
    advance(3 * 3600)  # it starts, ends and is purged (MinJobAge) in this one command
    assert "brief" not in slurm("squeue", "-h").out
    got = slurm("sacct", "-X", "-n", "-o", "JobName,State,ExitCode")
    assert got.out.split() == ["brief", "COMPLETED", "0:0"]


def test_sacct_shows_a_job_purged_while_it_caught_up_with_a_scaled_clock(cluster: Path) -> None:
    """A reader catches the clock up in memory: jobs purged then (MinJobAge) are in neither
    the stored history nor the state until a writer saves them, and sacct still shows them."""
    slurm("slurmsim", "clock", "mode", "scaled", "10000")
    slurm("sbatch", "-t", "10", "--wrap=true", user="alice")
    time.sleep(0.2)  # 2,000 simulated seconds: the job ran, ended and was purged
    got = slurm("sacct", "-X", "-n", "-P", "-o", "jobid,state", user="alice")
    assert got.out in ("1|COMPLETED\n", "1|TIMEOUT\n")


@pytest.mark.parametrize(
    ("limits", "ids"),
    [
        (["-k", "10"], []),
        (["-k", "30"], ["1"]),
        (["-k", "5", "-K", "5"], ["2", "3", "4"]),
        (["-k", "5", "-K", "30"], ["1", "2", "3", "4"]),
        (["-K", "5"], ["1", "2", "3", "4"]),  # -K alone bounds nothing
        (["-k", "31"], []),
    ],
)
def test_time_limit_range_selects_jobs(jobs: Path, limits: list[str], ids: list[str]) -> None:
    """-k alone: that very time limit; with -K: the range (oracle: tests/golden/window/).
    Job 1 has 30 minutes, the others 5; the held job 5 was never eligible, so the window
    leaves it out."""
    got = slurm("sacct", "-X", "-n", "-a", "-o", "JobID", "-S", "2026-11-29", *limits)
    assert sorted({line.split("_")[0].strip() for line in got.out.splitlines()}) == ids


@pytest.mark.parametrize("option", ["-k", "-K"])
def test_a_bad_time_limit_is_fatal(jobs: Path, option: str) -> None:
    got = slurm("sacct", option, "x")
    assert (got.exit, got.out, got.err) == (
        1,
        "",
        "sacct: fatal: Invalid time limit specification\n",
    )


def test_an_unknown_qos_is_refused_naming_the_cluster_s(jobs: Path) -> None:
    got = slurm("sacct", "-q", "nope")
    assert (got.exit, got.out) == (1, "")
    assert got.err == (
        "sacct: error: You gave a bad qos 'nope'. Valid QOS's are normal,high\n"
        "sacct: fatal: problem processing qos list\n"
    )


def test_text_after_a_job_id_is_ignored(jobs: Path) -> None:
    assert slurm("sacct", "-X", "-n", "-o", "JobID", "-j", "2x").out.split() == ["2"]


def test_comments_are_kept_only_with_accounting_store_flags_job_comment(cluster: Path) -> None:
    from dataclasses import replace

    from slurmsim.api.session import session

    assert slurm("sbatch", "-H", "--comment=hello", "--wrap", "true", user="alice").exit == 0
    advance(2)
    comment = ["sacct", "-j", "1", "-X", "-n", "-P", "-o", "JobID,Comment"]
    assert slurm(*comment).out == "1|\n"  # the oracle: slurmdbd keeps none by default
    with session(write=True) as s:
        raw = (*s.state.config.raw, ("AccountingStoreFlags", "job_comment"))
        s.state.config = replace(s.state.config, raw=raw)
    assert slurm(*comment).out == "1|hello\n"
