"""sbatch: options, directives, environment, and Slurm's messages and exit codes."""

from itertools import pairwise
from pathlib import Path

import pytest

from tests.cli.conftest import advance, dump, slurm


def script(path: Path, body: str) -> str:
    path.write_text(body)
    return str(path)


def test_submit_prints_job_id_and_parsable_prints_bare_id(cluster: Path) -> None:
    first = slurm("sbatch", "--wrap=sleep 60", user="alice")
    second = slurm("sbatch", "--parsable", "--wrap=sleep 60", user="alice")
    assert (first.exit, first.out, first.err) == (0, "Submitted batch job 1\n", "")
    assert (second.exit, second.out) == (0, "2\n")


def test_job_starts_two_seconds_after_submission(cluster: Path) -> None:
    """The scheduler runs a moment after a submit: PD (None), then R."""
    slurm("sbatch", "-N", "4", "--gres=gpu:8", "-t", "1:00:00", "--wrap=sleep 60", user="alice")
    before = slurm("squeue", "-h", "-o", "%t %r")
    advance(5)
    after = slurm("squeue", "-h", "-o", "%t %R %D")
    assert before.out == "PD None\n"
    assert after.out == "R dgx[1-4] 4\n"


def test_command_line_beats_environment_beats_directives(
    cluster: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = script(tmp_path / "job.sh", "#!/bin/sh\n#SBATCH -J fromdirective -p debug -t 5\ntrue\n")
    monkeypatch.setenv("SBATCH_JOB_NAME", "fromenv")
    slurm("sbatch", path, user="alice")
    slurm("sbatch", "-J", "fromcli", path, user="alice")
    got = slurm("squeue", "-h", "-o", "%j %P %l")  # no start time yet: the last one first
    assert got.out == "fromcli debug 5:00\nfromenv debug 5:00\n"


def test_directives_after_the_first_command_are_ignored(cluster: Path, tmp_path: Path) -> None:
    path = script(
        tmp_path / "job.sh", "#!/bin/sh\n# comment\n#SBATCH -J early\nhostname\n#SBATCH -J late\n"
    )
    slurm("sbatch", path, user="alice")
    assert slurm("squeue", "-h", "-o", "%j").out == "early\n"


def test_unique_prefix_of_a_long_option_is_accepted(cluster: Path) -> None:
    got = slurm("sbatch", "--gpus-per-nod=8", "--parti=debug", "--wrap=true", user="alice")
    assert got.exit == 0
    assert slurm("squeue", "-h", "-o", "%P %b").out == "debug gres:gpu:8\n"


@pytest.mark.parametrize(
    ("argv", "code", "stderr"),
    [
        pytest.param(["--bogus", "--wrap=x"], 255,
                     "sbatch: unrecognized option '--bogus'\n"
                     'Try "sbatch --help" for more information\n',
                     id="unknown option"),
        pytest.param(["--time=abc", "--wrap=x"], 255,
                     "sbatch: error: Invalid --time specification\n", id="bad time"),
        pytest.param(["--mem=12Q", "--wrap=x"], 255,
                     "sbatch: error: Invalid --mem specification\n", id="bad memory"),
        pytest.param(["-N", "x", "--wrap=x"], 255,
                     'sbatch: error: "x" is not a valid node count\n', id="bad node count"),
        pytest.param(["-n", "abc", "--wrap=x"], 1,
                     'sbatch: error: Invalid numeric value "abc" for --ntasks.\n',
                     id="bad task count"),
        pytest.param(["--wrap=x", "extra"], 1,
                     "sbatch: error: Script arguments not permitted with --wrap option\n",
                     id="wrap with arguments"),
        pytest.param(["nosuch.sh"], 1, "sbatch: error: Unable to open file nosuch.sh\n",
                     id="missing script"),
        pytest.param(["-p", "nosuch", "--wrap=x"], 1,
                     "sbatch: error: invalid partition specified: nosuch\n"
                     "sbatch: error: Batch job submission failed: "
                     "Invalid partition name specified\n",
                     id="unknown partition"),
        pytest.param(["--qos=nosuch", "--wrap=x"], 1,
                     "sbatch: error: Batch job submission failed: Invalid qos specification\n",
                     id="unknown qos"),
    ],
)  # fmt: skip
def test_bad_submission_gets_slurms_message_and_changes_nothing(
    cluster: Path, argv: list[str], code: int, stderr: str
) -> None:
    before = dump(cluster)
    got = slurm("sbatch", *argv, user="alice")
    assert (got.exit, got.out, got.err) == (code, "", stderr)
    assert dump(cluster) == before


def test_script_from_standard_input_is_named_sbatch(cluster: Path) -> None:
    got = slurm("sbatch", user="alice", stdin=b"#!/bin/sh\n#SBATCH -t 10\nsleep 5\n")
    assert got.exit == 0
    assert slurm("squeue", "-h", "-o", "%j %l").out == "sbatch 10:00\n"


def test_empty_standard_input_is_refused(cluster: Path) -> None:
    got = slurm("sbatch", user="alice", stdin=b"")
    assert (got.exit, got.err) == (1, "sbatch: error: Batch script is empty!\n")


def test_stray_word_in_a_directive_is_an_invalid_directive(cluster: Path, tmp_path: Path) -> None:
    path = script(tmp_path / "j.sh", "#!/bin/sh\n#SBATCH --job-name=my job\ntrue\n")
    got = slurm("sbatch", path, user="alice")
    assert (got.exit, got.err) == (
        255,
        "sbatch: error: Invalid directive found in batch script: job\n",
    )


def test_unmatched_quote_in_a_directive_is_fatal(cluster: Path, tmp_path: Path) -> None:
    path = script(tmp_path / "q.sh", '#!/bin/sh\n#SBATCH -J "oops\ntrue\n')
    got = slurm("sbatch", path, user="alice")
    assert got.exit == 1
    assert got.err.startswith('sbatch: fatal: q.sh: line 2: Unmatched `"`')


def test_slurmsim_runtime_directive_sets_how_long_the_job_runs(
    cluster: Path, tmp_path: Path
) -> None:
    path = script(
        tmp_path / "t.sh",
        "#!/bin/sh\n#SBATCH -t 1:00:00\npython train.py\n#SLURMSIM --runtime=10m\n",
    )
    slurm("sbatch", path, user="alice")
    advance(5)
    assert slurm("squeue", "-h", "-o", "%t").out == "R\n"
    advance(10 * 60)
    assert slurm("squeue", "-h").out == ""
    shown = slurm("scontrol", "show", "job", "1").out
    assert "JobState=COMPLETED" in shown
    assert "RunTime=00:10:00" in shown


def test_exit_code_directive_ends_the_job_failed(cluster: Path, tmp_path: Path) -> None:
    path = script(tmp_path / "f.sh", "#!/bin/sh\necho starting\nexit 3\n")
    slurm("sbatch", path, user="carol")
    advance(10)
    shown = slurm("scontrol", "show", "job", "1").out
    assert "JobState=FAILED Reason=NonZeroExitCode" in shown
    assert "ExitCode=3:0" in shown


def test_test_only_prints_the_expected_start_and_queues_nothing(cluster: Path) -> None:
    got = slurm("sbatch", "--test-only", "-N", "2", "--gres=gpu:8", "--wrap=true", user="alice")
    assert got.exit == 0
    assert got.err == (
        "sbatch: Job 1 to start at 2026-11-29T19:00:00 using 2 processors on nodes dgx[1-2]"
        " in partition gpu\n"
    )
    assert slurm("squeue", "-h").out == ""


@pytest.mark.parametrize(
    "option",
    [
        pytest.param("--constraint=h100", id="a feature no node has"),
        pytest.param("--prefer=h100", id="a preferred feature no node has"),
        pytest.param("--gres=gpu:9", id="more GPUs than a node has"),
    ],
)
def test_a_test_only_that_fails_still_uses_up_its_job_id(cluster: Path, option: str) -> None:
    """The oracle: ids 67 to 69 and 71 went to will-run tests that failed, between a
    job 66 and an estimate naming 70."""
    refused = slurm("sbatch", "--test-only", option, "--wrap=true", user="alice")
    assert (refused.exit, refused.err.startswith("allocation failure: ")) == (1, True)
    got = slurm("sbatch", "--wrap=true", user="alice")
    assert got.out == "Submitted batch job 2\n"


@pytest.mark.parametrize(
    ("components", "used"),
    [
        pytest.param(["-N1", ":", "-N2"], 2, id="each component tested uses its id"),
        pytest.param(["-N1", ":", "-p", "nope"], 1, id="not the one refused before its record"),
        pytest.param(["-p", "nope", ":", "-N1"], 0, id="nor those after a refusal"),
        pytest.param(["-N1", ":", "--gres=gpu:9"], 2, id="but one refused once made"),
    ],
)
def test_a_heterogeneous_test_only_uses_an_id_per_component_tested(
    cluster: Path, components: list[str], used: int
) -> None:
    """The oracle: ``-N1 : -p nope`` then ``--test-only`` named the next id but one,
    ``-N1 : --gres=gpu:9`` the next but two."""
    slurm("sbatch", "--test-only", "-t", "5", *components, "--wrap=true", user="alice")
    got = slurm("sbatch", "--wrap=true", user="alice")
    assert got.out == f"Submitted batch job {used + 1}\n"


def test_test_only_does_not_offer_nodes_a_maintenance_reservation_holds(cluster: Path) -> None:
    create = ["create", "reservation", "reservationname=m", "starttime=now", "duration=60"]
    assert slurm("scontrol", *create, "nodes=dgx1", "flags=maint", "users=root").exit == 0
    got = slurm("sbatch", "--test-only", "-N", "1", "--gres=gpu:8", "--wrap=true", user="alice")
    assert got.err == (
        "sbatch: Job 1 to start at 2026-11-29T19:00:00 using 1 processors on nodes dgx2"
        " in partition gpu\n"
    )


@pytest.mark.parametrize(
    "option",
    [
        pytest.param("--nodelist=nosuch", id="a required node that does not exist"),
        pytest.param("--exclude=dgx9", id="an excluded node that does not exist"),
    ],
)
def test_an_unknown_node_name_is_refused_without_using_a_job_id(cluster: Path, option: str) -> None:
    got = slurm("sbatch", option, "--wrap=true", user="alice")
    assert (got.exit, got.err) == (
        1,
        "sbatch: error: Batch job submission failed: Invalid node name specified\n",
    )
    assert slurm("sbatch", "--wrap=true", user="alice").out == "Submitted batch job 1\n"


def test_a_deadline_already_past_is_refused_without_using_a_job_id(cluster: Path) -> None:
    got = slurm("sbatch", "--deadline=2020-01-01", "--wrap=true", user="alice")
    assert (got.exit, got.err) == (
        1,
        "sbatch: error: Batch job submission failed: "
        "Requested time limit is invalid (missing or exceeds some limit)\n",
    )  # the oracle; a deadline of now is taken
    assert slurm("sbatch", "--deadline=now", "--wrap=true", user="alice").exit == 0
    assert slurm("squeue", "-h", "-o", "%i").out == "1\n"


def test_more_gpus_than_a_node_has_is_refused_and_uses_a_job_id(cluster: Path) -> None:
    got = slurm("sbatch", "--gres=gpu:9", "--wrap=true", user="alice")
    again = slurm("sbatch", "--wrap=true", user="alice")
    assert got.err == (
        "sbatch: error: Batch job submission failed: "
        "Requested node configuration is not available\n"
    )
    assert again.out == "Submitted batch job 2\n"


def test_held_job_waits_with_job_held_user(cluster: Path) -> None:
    slurm("sbatch", "-H", "--wrap=true", user="bob")
    advance(5)
    assert slurm("squeue", "-h", "-o", "%i %t %r %Q").out == "1 PD JobHeldUser 0\n"


@pytest.mark.parametrize(
    ("prog", "args", "err"),
    [
        (
            "salloc",
            ["--gres=foo:1"],
            "salloc: error: Invalid generic resource (gres) specification\n",
        ),
        (
            "srun",
            ["--gres=gpu:h100:1,gpu:1"],
            "srun: error: Invalid GRES specification (with and without type identification)\n",
        ),
        (
            "srun",
            ["--gpus-per-task=1"],
            "srun: error: Failed to validate job spec. --gpus-per-task used without either "
            "--gpus or -n/--ntasks is not allowed.\n"
            "srun: error: Invalid generic resource (gres) specification\n",
        ),
    ],
)
def test_allocations_refuse_gres_as_sbatch_does(
    cluster: Path, prog: str, args: list[str], err: str
) -> None:
    """The oracle (2026-11-30): exit 1, and no job id used."""
    got = slurm(prog, "-p", "debug", "-t", "1", *args, "true", user="alice")
    assert (got.exit, got.out, got.err) == (1, "", err)
    assert slurm("sbatch", "--parsable", "--wrap=true", user="alice").out == "1\n"


@pytest.mark.parametrize(
    ("update", "shown"),
    [
        ("Gres=gpu:02", "TresPerNode=gres:gpu:02"),  # Gres= as typed, with the gres: prefix
        ("TresPerNode=gpu:3", "TresPerNode=gpu:3"),  # TresPerNode= as typed
        ("Gres=gpu", "TresPerNode=gres:gpu"),
    ],
)
def test_gres_update_shows_the_request_as_typed(cluster: Path, update: str, shown: str) -> None:
    """The oracle (2026-11-30) shows an updated GRES request the way it was written."""
    slurm("sbatch", "-H", "--gres=gpu:1", "--wrap=true", user="alice")
    assert slurm("scontrol", "update", "JobId=1", update, user="alice").exit == 0
    assert shown in slurm("scontrol", "show", "job", "1").out.split()


def test_partition_list_shows_as_typed_and_runs_in_the_first_that_fits(cluster: Path) -> None:
    """The oracle (2026-11-30): ``-p debug,gpu`` ran a 10-minute job in debug and a 3-hour
    one in gpu (debug's MaxTime is 2 h); pending, the list shows as typed."""
    slurm("sbatch", "-H", "-p", "debug,gpu", "-t", "10", "--wrap=true", user="alice")
    slurm("sbatch", "-p", "debug,gpu", "-t", "10", "--gres=gpu:1", "--wrap=x", user="alice")
    slurm("sbatch", "-p", "debug,gpu", "-t", "3:00:00", "--gres=gpu:1", "--wrap=x", user="alice")
    advance(5)
    got = slurm("squeue", "-h", "-o", "%i %P %T")
    assert got.out == "2 debug RUNNING\n1 debug,gpu PENDING\n3 gpu RUNNING\n"  # as the oracle
    assert slurm("squeue", "-h", "-p", "gpu", "-o", "%i").out == "1\n3\n"  # either listed
    bad = slurm("sbatch", "-p", "gpu,nosuch", "--wrap=true", user="alice")
    assert bad.err == (
        "sbatch: error: invalid partition specified: nosuch\n"
        "sbatch: error: Batch job submission failed: Invalid partition name specified\n"
    )


def test_partition_list_runs_where_slurm_ranks_first_with_the_first_listed_default_time(
    cluster: Path,
) -> None:
    """The oracle (2026-12-01): listed ``gpu,debug``, a short job ran in debug (its
    PriorityJobFactor ranks it first) with gpu's DefaultTime (an hour) when it gave no
    ``--time``; listed ``debug,gpu``, with debug's (30 minutes)."""
    slurm("sbatch", "-p", "gpu,debug", "-t", "10", "--wrap=x", user="alice")
    slurm("sbatch", "-p", "gpu,debug", "--wrap=x", user="alice")
    slurm("sbatch", "-p", "debug,gpu", "--wrap=x", user="alice")
    advance(5)
    got = slurm("squeue", "-h", "-o", "%i %P %l")
    assert got.out == "1 debug 10:00\n2 debug 1:00:00\n3 debug 30:00\n"
    assert "Priority=10626" in slurm("scontrol", "show", "job", "1").out  # gpu's, its lowest


def test_unlimited_time_waits_on_a_partition_with_a_max_time(cluster: Path) -> None:
    slurm("sbatch", "--time=UNLIMITED", "--wrap=true", user="alice")
    advance(5)
    got = slurm("squeue", "-h", "-o", "%l %T %r")
    assert got.out == "UNLIMITED PENDING PartitionTimeLimit\n"


def test_licenses_are_refused_without_using_a_job_id(cluster: Path) -> None:
    """The oracle (scripts golden 181): no Licenses= configured, so every name is unknown."""
    got = slurm("sbatch", "-L", "matlab:1", "--wrap=true", user="alice")
    assert (got.exit, got.err) == (
        1,
        "sbatch: error: Batch job submission failed: Invalid license specification\n",
    )
    assert slurm("sbatch", "--parsable", "--wrap=true", user="alice").out == "1\n"


def test_srun_test_only_of_a_heterogeneous_job_tests_each_component_and_queues_none(
    cluster: Path,
) -> None:
    """Golden ``sruntestonly/`` has the lines; each component uses up an id of its own."""
    got = slurm("srun", "--test-only", "-N1", "true", ":", "-N2", "true", user="alice")
    assert (got.exit, got.out, got.err.count("srun: Job ")) == (0, "", 2)
    assert slurm("squeue", "-h", user="alice").out == ""
    assert slurm("sbatch", "--parsable", "--wrap=true", user="alice").out == "3\n"


@pytest.mark.parametrize(
    ("command", "body"),
    [
        (["sbatch", "-H", "-N1", ":", "-N2", "--wrap=true"], None),
        (["sbatch", "-H", "JOB"], "#!/bin/sh\n#SBATCH -N1\n#SBATCH hetjob\n#SBATCH -N2\ntrue\n"),
    ],
)
def test_a_heterogeneous_job_is_a_job_per_component(
    cluster: Path, tmp_path: Path, command: list[str], body: str | None
) -> None:
    if body is not None:
        command = [script(tmp_path / "job.sh", body) if w == "JOB" else w for w in command]
    assert slurm(*command, user="alice").out == "Submitted batch job 1\n"
    got = slurm("squeue", "-o", "%i %A %D", user="alice")
    assert got.out == "JOBID JOBID NODES\n1+1 2 2\n1+0 1 1\n"
    assert slurm("sbatch", "--parsable", "--wrap=true", user="alice").out == "3\n"


def test_a_packjob_separator_is_warned_about(cluster: Path, tmp_path: Path) -> None:
    path = script(
        tmp_path / "job.sh", "#!/bin/sh\n#SBATCH -N1\n#SBATCH packjob\n#SBATCH -N2\ntrue\n"
    )
    got = slurm("sbatch", "-H", path, user="alice")
    assert (got.exit, got.out) == (0, "Submitted batch job 1\n")
    assert got.err == (
        'sbatch: Warning: the "packjob" component separator is being deprecated. '
        'Please, use "hetjob" instead.\n'
    )


def test_a_refused_dependency_uses_up_a_job_id(cluster: Path) -> None:
    """The oracle (golden deprefusals/): held jobs 1162, 1164, 1166, 1173 around an
    unreadable dependency, expand:, and six refusals by --test-only, srun and salloc;
    none for a refusal judged before it (the partition)."""
    ids = []

    def held() -> None:
        got = slurm("sbatch", "-H", "--parsable", "--wrap=true", user="alice")
        ids.append(int(got.out))

    held()
    assert slurm("sbatch", "-H", "-d", "bogus:1", "--wrap=true", user="alice").exit == 1
    held()
    assert slurm("sbatch", "-H", "-d", "expand:1", "--wrap=true", user="alice").exit == 1
    held()
    for command in (
        ["sbatch", "--test-only", "-d", "afterok:abc", "--wrap=true"],
        ["sbatch", "--test-only", "-d", "expand:1", "--wrap=true"],
        ["srun", "-d", "bogus:1", "true"],
        ["srun", "-d", "expand:1", "true"],
        ["salloc", "-d", "bogus:1", "true"],
        ["salloc", "-d", "expand:1", "true"],
    ):
        assert slurm(*command, user="alice").exit == 1
    held()
    assert slurm("sbatch", "-H", "-p", "nosuch", "-d", "bogus:1", "--wrap=true").exit == 1
    held()
    assert [b - a for a, b in pairwise(ids)] == [2, 2, 7, 1]


def test_the_job_environment_carries_sbatchs_host_and_nice() -> None:
    """sbatch hands its job its submit host and its own nice value (SLURM_PRIO_PROCESS,
    the oracle's 0 for a shell at nice 0), beside the shell's variables."""
    import os

    from cli.sbatch import _job_environment

    got = dict(_job_environment({"HOME": "/home/ana"}, {}, None))
    assert got["HOME"] == "/home/ana"
    assert got["SLURM_PRIO_PROCESS"] == str(os.getpriority(os.PRIO_PROCESS, 0))
    assert got["SLURM_SUBMIT_HOST"] == os.uname().nodename.split(".")[0]
