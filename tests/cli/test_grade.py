"""``slurmsim grade``: scripts scored against a rubric, as text, JSON and JUnit XML."""

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.clirunner import run_command

RUBRIC = """
title = "Assignment 3: backfill"
drill = "backfill"
advance = "3h"
pass_mark = 80

[[criterion]]
kind = "scripts_accepted"
points = 20

[[criterion]]
kind = "started_before"
job = "eval"
other = "pretrain"
points = 60

[[criterion]]
kind = "start_not_delayed"
job = "pretrain"
points = 20
"""

SCRIPTS = {
    "honest": "#!/bin/bash\n#SBATCH -J eval\n#SBATCH --gres=gpu:8 -t 1:30:00\nsleep 1h\n",
    "inflated": "#!/bin/bash\n#SBATCH -J eval\n#SBATCH --gres=gpu:8 -t 8:00:00\nsleep 1h\n",
    "refused": "#!/bin/bash\n#SBATCH -J eval\n#SBATCH --gres=gpu:9 -t 1:00:00\nsleep 1h\n",
}


def _criterion(check: str, points: int, earned: int, why: str, kind: str) -> dict[str, object]:
    return {
        "check": check,
        "kind": kind,
        "points": points,
        "earned": earned,
        "passed": earned == points,
        "why": why,
    }


#: The keys of the report that score it (the whole report is checked in tests/grading).
_SCORING = ("title", "scripts", "score", "out_of", "pass_mark", "passed", "lint", "criteria")
ACCEPTED = "sbatch accepted every script"
BEFORE = "job 'eval' started before job 'pretrain'"
ON_TIME = "job 'pretrain' started no later than planned when the drill began"
PRETRAIN_ON_TIME = "job 4 (pretrain) started at 2026-11-29T21:00:00, planned 2026-11-29T22:00:00"


@pytest.mark.parametrize(
    ("script", "score", "criteria"),
    [
        pytest.param(
            "honest",
            100,
            [
                _criterion(ACCEPTED, 20, 20, "1 job(s) submitted", "scripts_accepted"),
                _criterion(
                    BEFORE,
                    60,
                    60,
                    "job 5 (eval) started at 2026-11-29T19:11:00, "
                    "job 4 (pretrain) at 2026-11-29T21:00:00",
                    "started_before",
                ),
                _criterion(ON_TIME, 20, 20, PRETRAIN_ON_TIME, "start_not_delayed"),
            ],
            id="an honest time limit backfills and scores full marks",
        ),
        pytest.param(
            "inflated",
            40,
            [
                _criterion(ACCEPTED, 20, 20, "1 job(s) submitted", "scripts_accepted"),
                _criterion(BEFORE, 60, 0, "job 5 (eval) has not started", "started_before"),
                _criterion(ON_TIME, 20, 20, PRETRAIN_ON_TIME, "start_not_delayed"),
            ],
            id="an inflated time limit does not backfill and fails",
        ),
        pytest.param(
            "refused",
            20,
            [
                _criterion(
                    ACCEPTED,
                    20,
                    0,
                    "refused.sh: sbatch: error: Batch job submission failed: "
                    "Requested node configuration is not available",
                    "scripts_accepted",
                ),
                _criterion(BEFORE, 60, 0, "no job named 'eval' was submitted", "started_before"),
                _criterion(ON_TIME, 20, 20, PRETRAIN_ON_TIME, "start_not_delayed"),
            ],
            id="a script sbatch refuses loses the points of its job",
        ),
    ],
)
def test_grade_json_scores_script_against_rubric(
    cluster: Path, script: str, score: int, criteria: list[dict[str, object]]
) -> None:
    Path("rubric.toml").write_text(RUBRIC)
    Path(f"{script}.sh").write_text(SCRIPTS[script])
    result = run_command(
        ["slurmsim", "grade", "--rubric", "rubric.toml", "--json", "-", f"{script}.sh"]
    )
    doc = json.loads(result.out)
    assert {k: doc[k] for k in _SCORING} == {
        "title": "Assignment 3: backfill",
        "scripts": [f"{script}.sh"],
        "score": score,
        "out_of": 100,
        "pass_mark": 80,
        "passed": score >= 80,
        "lint": {f"{script}.sh": []},
        "criteria": criteria,
    }
    assert result.exit == (0 if score >= 80 else 1)


def test_grade_leaves_the_users_cluster_alone(cluster: Path) -> None:
    from tests.cli.conftest import dump

    before = dump(cluster)
    Path("eval.sh").write_text(SCRIPTS["honest"])
    run_command(["slurmsim", "grade", "eval.sh"])
    assert dump(cluster) == before


def test_grade_junit_has_one_case_per_criterion_and_a_failure_for_each_miss(
    cluster: Path,
) -> None:
    Path("rubric.toml").write_text(RUBRIC)
    Path("eval.sh").write_text(SCRIPTS["inflated"])
    result = run_command(
        ["slurmsim", "grade", "--rubric", "rubric.toml", "--junit", "r.xml", "eval.sh"]
    )
    suite = ElementTree.parse("r.xml").getroot()
    assert result.exit == 1
    assert (suite.tag, suite.get("tests"), suite.get("failures")) == ("testsuite", "3", "1")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [ACCEPTED, BEFORE, ON_TIME]
    assert [c.find("failure") is not None for c in cases] == [False, True, False]
    assert all(c.get("classname", "").startswith("slurmsim.grade.") for c in cases)


def test_grade_twice_gives_the_same_bytes(cluster: Path) -> None:
    Path("rubric.toml").write_text(RUBRIC)
    Path("eval.sh").write_text(SCRIPTS["honest"])
    argv = ["slurmsim", "grade", "--rubric", "rubric.toml", "--junit", "r.xml", "eval.sh"]
    first = run_command(argv), Path("r.xml").read_bytes()
    second = run_command(argv), Path("r.xml").read_bytes()
    assert first[0].stdout == second[0].stdout
    assert first[1] == second[1]


def test_grade_without_rubric_wants_accepted_scripts_whose_jobs_start(cluster: Path) -> None:
    Path("a.sh").write_text("#!/bin/bash\n#SBATCH -N 2 --gres=gpu:8 -t 1:00:00\nsleep 10m\n")
    result = run_command(["slurmsim", "grade", "a.sh"])
    assert result.exit == 0, result.out
    assert "Score 100/100 (pass mark 100): passed." in result.out


def test_grade_names_the_mistake_in_a_rubric(cluster: Path) -> None:
    Path("rubric.toml").write_text(
        '[[criterion]]\nkind = "started_before"\njob = "x"\npoints = 5\n'
    )
    Path("a.sh").write_text("#!/bin/bash\nsleep 1\n")
    result = run_command(["slurmsim", "grade", "--rubric", "rubric.toml", "a.sh"])
    assert result.exit == 1
    assert result.err == ("Error: rubric.toml: criterion 1 (started_before): missing 'other'\n")


def test_grade_without_rubric_fails_a_script_the_lint_faults(cluster: Path) -> None:
    Path("a.sh").write_text(
        "#!/bin/bash\n#SBATCH -N 1 --gres=gpu:8 -t 1:00:00\nsrun -n 2 python x.py\n"
    )
    result = run_command(["slurmsim", "grade", "--junit", "r.xml", "a.sh"])
    assert result.exit == 1
    assert "FAIL       0/20   the scripts pass the lint\n" in result.out
    assert (
        "Lint of a.sh:\n  line 3: 8 GPUs are requested but only 2 processes are launched: "
        "6 GPUs sit idle for the whole job\n"
    ) in result.out
    assert "Score 80/100 (pass mark 100): failed." in result.out
    failure = ElementTree.parse("r.xml").getroot().find("testcase/failure")
    assert failure is not None
    assert failure.get("message", "").startswith("a.sh: line 3: 8 GPUs are requested")


def test_grade_json_lists_the_lint_findings_with_slurms_message(cluster: Path) -> None:
    Path("a.sh").write_text("#!/bin/bash\n#SBATCH --gpu=2 -t 10\nhostname\n")
    result = run_command(["slurmsim", "grade", "--json", "-", "a.sh"])
    [finding] = json.loads(result.out)["lint"]["a.sh"]
    assert (finding["line"], finding["code"]) == (2, "unknown-option")
    assert finding["slurm"].startswith("sbatch: option '--gpu=2' is ambiguous")
