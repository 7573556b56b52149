"""Slurm's input environment variables: SBATCH_*, SQUEUE_*, SINFO_*, SLURM_TIME_FORMAT,
SLURM_CLUSTERS, SLURM_EXIT_ERROR and SLURM_CONF, each as Slurm 22.05 reads it."""

import re
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import dump, slurm

ROOT = Path(__file__).parents[2]
SCRIPT = b"#!/bin/bash\n#SBATCH -p gpu\n#SBATCH -t 20\n#SBATCH -J fromscript\nsleep 600\n"


def _field(text: str, name: str) -> str:
    found = re.search(rf"\b{name}=(\S*)", text)
    assert found is not None, f"{name}= not in output"
    return found.group(1)


def _submit_and_show(*argv: str, stdin: bytes = SCRIPT) -> str:
    got = slurm("sbatch", "-H", *argv, user="alice", stdin=stdin)
    assert got.exit == 0, got.err
    job = got.out.split()[-1]
    return slurm("scontrol", "show", "job", job).out


@pytest.mark.parametrize(
    ("env", "argv", "want"),
    [
        pytest.param({}, (), ("gpu", "fromscript", "00:20:00"), id="directives alone"),
        pytest.param(
            {"SBATCH_PARTITION": "debug", "SBATCH_JOB_NAME": "fromenv"},
            (),
            ("debug", "fromenv", "00:20:00"),
            id="SBATCH_* override the directives",
        ),
        pytest.param(
            {"SBATCH_PARTITION": "debug", "SBATCH_TIMELIMIT": "30"},
            ("-p", "gpu", "-J", "cmdline"),
            ("gpu", "cmdline", "00:30:00"),
            id="the command line overrides SBATCH_*",
        ),
    ],
)
def test_sbatch_options_rank_directives_then_environment_then_command_line(
    cluster: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    argv: tuple[str, ...],
    want: tuple[str, str, str],
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    shown = _submit_and_show(*argv)
    assert (
        _field(shown, "Partition"),
        _field(shown, "JobName"),
        _field(shown, "TimeLimit"),
    ) == want


@pytest.mark.parametrize(
    ("value", "directive", "requeue"),
    [
        pytest.param("", False, "0", id="empty sets a flag"),
        pytest.param("yes", False, "0", id="yes sets a flag"),
        pytest.param("2", False, "0", id="a non-zero number sets a flag"),
        pytest.param("no", False, "1", id="anything else leaves it unset"),
        pytest.param("0", True, "1", id="anything else clears what a directive set"),
    ],
)
def test_sbatch_flag_variables_follow_slurm_s_rule(
    cluster: Path, monkeypatch: pytest.MonkeyPatch, value: str, directive: bool, requeue: str
) -> None:
    monkeypatch.setenv("SBATCH_NO_REQUEUE", value)
    script = b"#!/bin/bash\n" + (b"#SBATCH --no-requeue\n" if directive else b"") + b"true\n"
    assert _field(_submit_and_show(stdin=script), "Requeue") == requeue


def test_sbatch_exclusive_variable_without_a_value_is_exclusive(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SBATCH_EXCLUSIVE", "")
    assert _field(_submit_and_show("--wrap", "true", stdin=b""), "OverSubscribe") == "NO"


@pytest.mark.parametrize(
    ("env", "argv", "want_exit", "want_err"),
    [
        pytest.param(
            {"SBATCH_TIMELIMIT": "abc"},
            ("-t", "5"),
            255,
            "sbatch: error: Invalid --time specification\n",
            id="a bad value in the environment ends sbatch though the command line has one",
        ),
        pytest.param(
            {"SBATCH_MEM_PER_CPU": "1G", "SBATCH_MEM_PER_NODE": "2G"},
            (),
            1,
            "sbatch: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE "
            "are mutually exclusive.\n",
            id="two memory variables are refused",
        ),
        pytest.param(
            {"SLURM_EXIT_ERROR": "7"},
            ("-p", "nosuch"),
            7,
            "sbatch: error: invalid partition specified: nosuch\n"
            "sbatch: error: Batch job submission failed: Invalid partition name specified\n",
            id="SLURM_EXIT_ERROR is the status of a refused submission",
        ),
        pytest.param(
            {"SLURM_EXIT_ERROR": "7"},
            ("--time=abc",),
            255,
            "sbatch: error: Invalid --time specification\n",
            id="SLURM_EXIT_ERROR leaves option errors at 255",
        ),
        pytest.param(
            {"SLURM_EXIT_ERROR": "0"},
            ("-p", "nosuch"),
            1,
            "sbatch: error: SLURM_EXIT_ERROR has zero value\n"
            "sbatch: error: invalid partition specified: nosuch\n"
            "sbatch: error: Batch job submission failed: Invalid partition name specified\n",
            id="a zero SLURM_EXIT_ERROR is refused",
        ),
        pytest.param(
            {"SLURM_CLUSTERS": "other"},
            (),
            1,
            "sbatch: error: No cluster 'other' known by database.\n"
            "sbatch: error: 'other' can't be reached now, or it is an invalid entry for "
            "--cluster.  Use 'sacctmgr list clusters' to see available clusters.\n",
            id="another cluster cannot be reached",
        ),
    ],
)
def test_sbatch_refuses_bad_environment_as_slurm_does(
    cluster: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    env: dict[str, str],
    argv: tuple[str, ...],
    want_exit: int,
    want_err: str,
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    before = dump(cluster)
    got = slurm("sbatch", *argv, "--wrap", "true", user="alice")
    assert (got.exit, got.out, got.err) == (want_exit, "", want_err)
    if want_exit != 7 and "SLURM_EXIT_ERROR" not in env:
        assert dump(cluster) == before


def test_sbatch_command_line_memory_clears_the_environment_s(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SBATCH_MEM_PER_CPU", "1G")
    shown = _submit_and_show("--mem=2G", "--wrap", "true", stdin=b"")
    assert _field(shown, "MinMemoryNode") == "2G"


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        pytest.param((), "Submitted batch job 1 on cluster dgxcluster\n", id="plain"),
        pytest.param(("--parsable",), "1;dgxcluster\n", id="parsable"),
    ],
)
def test_sbatch_names_the_cluster_asked_for(
    cluster: Path, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...], want: str
) -> None:
    monkeypatch.setenv("SLURM_CLUSTERS", "dgxcluster")
    got = slurm("sbatch", "-H", *argv, "--wrap", "true", user="alice")
    assert (got.exit, got.out) == (0, want)


@pytest.fixture
def queue(cluster: Path) -> Path:
    """Three held jobs: alice's in debug, carol's two in gpu."""
    slurm("sbatch", "-H", "-p", "debug", "-J", "a1", "--wrap", "true", user="alice")
    slurm("sbatch", "-H", "-J", "c1", "--wrap", "true", user="carol")
    slurm("sbatch", "-H", "-J", "c2", "--qos=high", "--wrap", "true", user="carol")
    return cluster


@pytest.mark.parametrize(
    ("env", "argv", "want"),
    [
        pytest.param({"SQUEUE_FORMAT": "%i %j"}, (), "JOBID NAME\n1 a1\n3 c2\n2 c1\n",
                     id="SQUEUE_FORMAT is -o"),
        pytest.param({"SQUEUE_FORMAT": "%i %j"}, ("-o", "%i %u"),
                     "JOBID USER\n1 alice\n3 carol\n2 carol\n", id="-o overrides SQUEUE_FORMAT"),
        pytest.param({"SQUEUE_FORMAT2": "JobID:6,Name:4"}, (),
                     "JOBID NAME\n1     a1  \n3     c2  \n2     c1  \n",
                     id="SQUEUE_FORMAT2 is -O"),
        pytest.param({"SQUEUE_FORMAT": "%i", "SQUEUE_FORMAT2": "Name"}, (),
                     "JOBID\n1\n3\n2\n", id="SQUEUE_FORMAT comes before SQUEUE_FORMAT2"),
        pytest.param({"SQUEUE_SORT": "-j", "SQUEUE_FORMAT": "%j"}, (), "NAME\nc2\nc1\na1\n",
                     id="SQUEUE_SORT is -S"),
        pytest.param({"SQUEUE_PARTITION": "debug", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n1\n",
                     id="SQUEUE_PARTITION is -p"),
        pytest.param({"SQUEUE_PARTITION": "debug", "SQUEUE_FORMAT": "%i"}, ("-p", "gpu"),
                     "JOBID\n3\n2\n", id="-p overrides SQUEUE_PARTITION"),
        pytest.param({"SQUEUE_USERS": "carol", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n3\n2\n",
                     id="SQUEUE_USERS is -u"),
        pytest.param({"SQUEUE_ACCOUNT": "research", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n1\n",
                     id="SQUEUE_ACCOUNT is -A"),
        pytest.param({"SQUEUE_STATES": "R", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n",
                     id="SQUEUE_STATES is -t"),
        pytest.param({"SQUEUE_NAMES": "c2", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n3\n",
                     id="SQUEUE_NAMES is -n"),
        pytest.param({"SQUEUE_QOS": "high", "SQUEUE_FORMAT": "%i"}, (), "JOBID\n3\n",
                     id="SQUEUE_QOS is -q"),
        pytest.param({"SLURM_CLUSTERS": "dgxcluster", "SQUEUE_FORMAT": "%i"}, (),
                     "CLUSTER: dgxcluster\nJOBID\n1\n3\n2\n",
                     id="a named cluster heads the output"),
        pytest.param({"SLURM_CLUSTERS": "all", "SQUEUE_FORMAT": "%i"}, ("-h",), "1\n3\n2\n",
                     id="-h drops the cluster line too"),
    ],
)  # fmt: skip
def test_squeue_reads_its_variables(
    queue: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    argv: tuple[str, ...],
    want: str,
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    got = slurm("squeue", *argv)
    assert (got.exit, got.out, got.err) == (0, want, "")


@pytest.mark.parametrize(
    ("command", "argv", "env", "source"),
    [
        pytest.param("squeue", (), {"SLURM_CLUSTERS": "other"}, "SLURM_CLUSTERS", id="squeue env"),
        pytest.param("squeue", ("-M", "other"), {}, "--cluster", id="squeue -M"),
        pytest.param("sinfo", (), {"SLURM_CLUSTERS": "other"}, "SLURM_CLUSTERS", id="sinfo env"),
        pytest.param("sprio", (), {"SLURM_CLUSTERS": "other"}, "SLURM_CLUSTERS", id="sprio env"),
        pytest.param("scancel", ("1",), {"SLURM_CLUSTERS": "other"}, "--cluster",
                     id="scancel names the variable --cluster"),
        pytest.param("scontrol", ("show", "partition"), {"SLURM_CLUSTERS": "other"},
                     "SLURM_CLUSTERS", id="scontrol env"),
        pytest.param("squeue", ("-M", "dgxcluster"), {"SLURM_CLUSTERS": "other"},
                     "SLURM_CLUSTERS", id="the environment is read before the command line"),
    ],
)  # fmt: skip
def test_another_cluster_cannot_be_reached(
    cluster: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    command: str,
    argv: tuple[str, ...],
    env: dict[str, str],
    source: str,
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    got = slurm(command, *argv)
    assert (got.exit, got.out) == (1, "")
    assert got.err == (
        f"{command}: error: No cluster 'other' known by database.\n"
        f"{command}: error: 'other' can't be reached now, or it is an invalid entry for "
        f"{source}.  Use 'sacctmgr list clusters' to see available clusters.\n"
    )


@pytest.mark.parametrize(
    ("env", "argv", "want"),
    [
        pytest.param({"SINFO_FORMAT": "%P %D"}, (), "PARTITION NODES\ngpu* 4\ndebug 4\n",
                     id="SINFO_FORMAT is -o"),
        pytest.param({"SINFO_FORMAT": "%P %D"}, ("-o", "%P"), "PARTITION\ngpu*\ndebug\n",
                     id="-o overrides SINFO_FORMAT"),
        pytest.param({"SINFO_FORMAT": "%P"}, ("-N",),
                     "NODELIST   NODES PARTITION STATE \n"
                     "dgx1           1      gpu* idle  \ndgx1           1     debug idle  \n"
                     "dgx2           1      gpu* idle  \ndgx2           1     debug idle  \n"
                     "dgx3           1      gpu* idle  \ndgx3           1     debug idle  \n"
                     "dgx4           1      gpu* idle  \ndgx4           1     debug idle  \n",
                     id="-N keeps its own layout"),
        pytest.param({"SINFO_PARTITION": "debug", "SINFO_FORMAT": "%P"}, (), "PARTITION\ndebug\n",
                     id="SINFO_PARTITION is -p"),
        pytest.param({"SLURM_CLUSTERS": "dgxcluster", "SINFO_FORMAT": "%P"}, (),
                     "CLUSTER: dgxcluster\nPARTITION\ngpu*\ndebug\n",
                     id="a named cluster heads the output"),
    ],
)  # fmt: skip
def test_sinfo_reads_its_variables(
    cluster: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    argv: tuple[str, ...],
    want: str,
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    got = slurm("sinfo", *argv)
    assert (got.exit, got.out, got.err) == (0, want, "")


def test_sinfo_refuses_sinfo_all_with_sinfo_partition(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SINFO_ALL", "1")
    monkeypatch.setenv("SINFO_PARTITION", "debug")
    got = slurm("sinfo")
    assert (got.exit, got.out, got.err) == (
        1,
        "",
        "sinfo: error: Conflicting options, SINFO_ALL and SINFO_PARTITION, specified. "
        "Please choose one or the other.\n",
    )


# The default cluster's clock starts at 2026-11-29T19:00:00 (a Sunday).
@pytest.mark.parametrize(
    ("spec", "begin", "want", "complaint"),
    [
        pytest.param(None, "now+1day", "2026-11-30T19:00:00", "", id="unset is standard"),
        pytest.param("standard", "now+1day", "2026-11-30T19:00:00", "", id="standard"),
        pytest.param("relative", "now+1hour", "20:00:00", "", id="relative today"),
        pytest.param("relative", "now+1day", "Tomorr 19:00", "", id="relative tomorrow"),
        pytest.param("relative", "now+3days", "Wed 19:00", "", id="relative this week"),
        pytest.param("relative", "now+20days", "19 Dec 19:00", "", id="relative this year"),
        pytest.param("relative", "now+400days", "3 Jan 2028", "", id="relative far away"),
        pytest.param("%d/%m %H:%M", "now+1day", "30/11 19:00", "", id="a strftime pattern"),
        pytest.param("%A %d %B %Y at %H:%M:%S", "now+1day", "Monday 30 November 2026 at 19:0",
                     "", id="a result is cut to 31 characters"),
        pytest.param("bogus", "now+1day", "2026-11-30T19:00:00",
                     "squeue: error: invalid SLURM_TIME_FORMAT = 'bogus'\n",
                     id="no percent sign is refused"),
        pytest.param("%Y-%m-%d %H:%M:%S and that is all", "now+1day", "2026-11-30T19:00:00",
                     "squeue: error: invalid SLURM_TIME_FORMAT = "
                     "'%Y-%m-%d %H:%M:%S and that is all'\n",
                     id="a pattern of 32 characters or more is refused"),
    ],
)  # fmt: skip
def test_slurm_time_format_writes_instants(
    cluster: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    spec: str | None,
    begin: str,
    want: str,
    complaint: str,
) -> None:
    slurm("sbatch", f"--begin={begin}", "--wrap", "true", user="alice")
    if spec is not None:
        monkeypatch.setenv("SLURM_TIME_FORMAT", spec)
    got = slurm("squeue", "-h", "-o", "%S")
    assert (got.exit, got.out, got.err) == (0, f"{want}\n", complaint)


def test_slurm_time_format_is_said_wrong_only_when_an_instant_is_written(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURM_TIME_FORMAT", "bogus")
    got = slurm("squeue")
    assert (got.exit, got.err) == (0, "")


def test_slurm_time_format_reaches_scontrol(cluster: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slurm("sbatch", "-H", "--wrap", "true", user="alice")
    monkeypatch.setenv("SLURM_TIME_FORMAT", "relative")
    shown = slurm("scontrol", "show", "job", "1").out
    assert (_field(shown, "SubmitTime"), _field(shown, "StartTime")) == ("19:00:00", "Unknown")


def test_slurm_time_format_lasts_one_command(
    cluster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slurm("sbatch", "-H", "--wrap", "true", user="alice")
    monkeypatch.setenv("SLURM_TIME_FORMAT", "%s")
    assert slurm("squeue", "-h", "-o", "%V").out != "2026-11-29T19:00:00\n"
    monkeypatch.delenv("SLURM_TIME_FORMAT")
    assert slurm("squeue", "-h", "-o", "%V").out == "2026-11-29T19:00:00\n"


@pytest.fixture
def conf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A slurm.conf of the default cluster renamed, named by SLURM_CONF, and a new store."""
    path = tmp_path / "etc" / "slurm.conf"
    path.parent.mkdir()
    shutil.copy(ROOT / "slurmsim/config/presets/dgx-h100-4.conf", path)
    path.write_text(path.read_text().replace("ClusterName=dgxcluster", "ClusterName=lab"))
    monkeypatch.setenv("SLURMSIM_DB", str(tmp_path / "conf.db"))
    monkeypatch.setenv("SLURMSIM_USER", "root")
    monkeypatch.setenv("SLURM_CONF", str(path))
    for var in ("SLURM_CLUSTERS", "SLURM_TIME_FORMAT"):
        monkeypatch.delenv(var, raising=False)
    return path


def test_slurm_conf_builds_the_cluster_from_that_file(
    conf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURM_CLUSTERS", "lab")
    assert slurm("squeue").out.startswith("CLUSTER: lab\n")


def test_slurm_conf_keeps_the_cluster_while_the_file_is_unchanged(conf: Path) -> None:
    slurm("sbatch", "-H", "--wrap", "true")
    assert slurm("squeue", "-h", "-o", "%i").out == "1\n"


def test_slurm_conf_builds_a_new_cluster_when_the_file_changes(conf: Path) -> None:
    slurm("sbatch", "-H", "--wrap", "true")
    conf.write_text(conf.read_text().replace("PartitionName=debug", "PartitionName=short"))
    assert slurm("squeue", "-h", "-o", "%i").out == ""
    assert slurm("sinfo", "-h", "-o", "%P").out == "gpu*\nshort\n"


def test_slurm_conf_that_does_not_exist_is_fatal(
    conf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURM_CONF", str(conf.parent / "nosuch.conf"))
    got = slurm("sinfo")
    assert (got.exit, got.out, got.err) == (
        1,
        "",
        f"sinfo: error: s_p_parse_file: cannot stat file {conf.parent / 'nosuch.conf'}: "
        "No such file or directory, retrying in 1sec up to 60sec\n"
        "sinfo: fatal: Unable to process configuration file\n",
    )
