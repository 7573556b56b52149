"""``slurmsim grade --scenario FILE``: the scripts are submitted on the file's cluster
and workload; a file that cannot be used is named with its mistake, never a traceback."""

import tomllib
from pathlib import Path

import pytest

from tests.cli.conftest import dump
from tests.clirunner import run_command
from tests.grading.conftest import ROOT

EXAMPLES = sorted((ROOT / "examples" / "grading").glob("*.toml"))
SCRIPT = "#!/bin/bash\n#SBATCH -J eval --gres=gpu:8 -t 1:30:00\nsleep 1h\n"


@pytest.mark.parametrize(
    "scenario",
    [pytest.param(p, id=p.name) for p in EXAMPLES if p.name != "rubric.toml"],
)
def test_grade_on_each_example_scenario_names_it_and_grades(cluster: Path, scenario: Path) -> None:
    Path("eval.sh").write_text(SCRIPT)
    result = run_command(["slurmsim", "grade", "--scenario", str(scenario), "eval.sh"])
    title = tomllib.loads(scenario.read_text())["title"]
    assert result.err == ""
    assert f"On scenario: {title}\n" in result.out
    assert "  eval.sh: job " in result.out


@pytest.mark.parametrize(
    ("scenario", "started"),
    [
        pytest.param(
            "busy-evening.toml",
            "  eval.sh: job 5 (eval) started 2026-11-29T19:15:00 on dgx4, 0s after submission, "
            "by backfill, ahead of job 4 (pretrain)\n",
            id="busy evening: backfill starts it on the idle server at once",
        ),
        pytest.param(
            "degraded.toml",
            "  eval.sh: job 3 (eval) started 2026-11-29T19:15:00 on dgx4, 0s after submission\n",
            id="degraded: strict FIFO starts it on the one free server",
        ),
    ],
)
def test_grade_scenario_decides_where_and_when_the_job_starts(
    cluster: Path, scenario: str, started: str
) -> None:
    Path("eval.sh").write_text(SCRIPT)
    path = ROOT / "examples" / "grading" / scenario
    result = run_command(["slurmsim", "grade", "--scenario", str(path), "eval.sh"])
    assert started in result.out


def test_grade_scenario_replaces_the_rubrics_own(cluster: Path) -> None:
    Path("rubric.toml").write_text(
        'drill = "backfill"\n[[criterion]]\nkind = "scripts_accepted"\npoints = 1\n'
    )
    Path("s.toml").write_text('title = "Empty"\n')
    Path("eval.sh").write_text(SCRIPT)
    result = run_command(
        ["slurmsim", "grade", "--rubric", "rubric.toml", "--scenario", "s.toml", "eval.sh"]
    )
    assert "On scenario: Empty\n" in result.out
    assert "  eval.sh: job 1 (eval) started 2026-11-29T19:01:00 on dgx1" in result.out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '[cluster]\npreset = "dgx-a100"\n',
            "s.toml: [cluster]: no preset named 'dgx-a100' "
            "(the presets are: dgx-h100-4, dgx-h100-64)",
            id="an unknown preset",
        ),
        pytest.param(
            '[cluster]\nconf = "PartitionName=p Nodes=gpu1"\n',
            "s.toml: [cluster]: dgx-h100-4.conf:1: Nodes=gpu1: no node named gpu1",
            id="a slurm.conf that names a node it does not define",
        ),
        pytest.param(
            '[[setup]]\nrun = "sbatch --gpus-pre-node=8 --wrap=hostname"\n',
            "setup step 'sbatch --gpus-pre-node=8 --wrap=hostname' failed: "
            "sbatch: unrecognized option '--gpus-pre-node=8'\n"
            'Try "sbatch --help" for more information',
            id="a setup command that fails",
        ),
        pytest.param(
            '[[setup]]\nrun = "rm -rf /tmp/x"\n',
            "setup: rm: not a command slurmsim runs (one of sacct, sacctmgr, salloc, sbatch, "
            "scancel, scontrol, sinfo, slurmsim, sprio, squeue, srun, sshare)",
            id="a setup line that is not a Slurm command",
        ),
        pytest.param(
            '[[setup]]\nrun = "squeue"\nbegin = "1h"\n',
            "s.toml: setup 1: unknown key 'begin' "
            "(in TOML a key after [[setup]] belongs to it: write top-level keys first)",
            id="a top-level key after a setup table",
        ),
        pytest.param(
            "begin = 15\n",
            "s.toml: 'begin' must be text",
            id="a begin that is not a duration",
        ),
    ],
)
def test_grade_bad_scenario_file_is_named_without_traceback(
    cluster: Path, text: str, message: str
) -> None:
    before = dump(cluster)
    Path("s.toml").write_text(text)
    Path("eval.sh").write_text(SCRIPT)
    result = run_command(["slurmsim", "grade", "--scenario", "s.toml", "eval.sh"])
    assert (result.exit, result.out, result.err) == (1, "", f"Error: {message}\n")
    assert dump(cluster) == before


def test_grade_missing_scenario_file_is_a_usage_error(cluster: Path) -> None:
    Path("eval.sh").write_text(SCRIPT)
    result = run_command(["slurmsim", "grade", "--scenario", "nope.toml", "eval.sh"])
    assert result.exit == 2
    assert "Invalid value for '--scenario': File 'nope.toml' does not exist." in result.err
