"""``slurmsim grade`` on good and bad scripts: the whole JSON report, valid JUnit XML,
and the same bytes every time."""

import json
from pathlib import Path

import pytest

from tests.clirunner import run_command
from tests.grading.conftest import EXPECTED, REGRADE, RUBRIC, SCENARIO, validate_junit

CASES = [
    pytest.param("backfill-honest", 0, id="an honest time limit backfills and delays nobody"),
    pytest.param("inflated-time", 1, id="an inflated time limit waits and reserves GPU-hours"),
    pytest.param("idle-gpus", 0, id="two processes on eight GPUs hold GPU-hours idle"),
    pytest.param("jumps-queue", 0, id="a high-QOS job that outlasts the hole delays the pretrain"),
    pytest.param("misspelt", 1, id="a misspelt option is refused and named by the lint"),
    pytest.param("after-command", 0, id="directives after the first command are ignored"),
    pytest.param("too-big", 1, id="more GPUs than a server has is refused"),
]


def _grade(script: str, *more: str) -> tuple[int, str]:
    result = run_command(
        [
            "slurmsim",
            "grade",
            "--rubric",
            str(RUBRIC),
            "--scenario",
            str(SCENARIO),
            *more,
            f"{script}.sh",
        ]
    )
    return result.exit, result.out


@pytest.mark.parametrize(("script", "exit_code"), CASES)
def test_grade_json_is_the_expected_report_whole(
    scripts: Path, script: str, exit_code: int
) -> None:
    code, out = _grade(script, "--json", "-")
    expected = EXPECTED / f"{script}.json"
    if REGRADE:
        expected.write_text(out)
    assert json.loads(out) == json.loads(expected.read_text())
    assert code == exit_code


@pytest.mark.parametrize(("script", "exit_code"), CASES)
def test_grade_junit_is_valid_against_the_junit_schema(
    scripts: Path, script: str, exit_code: int
) -> None:
    code, _ = _grade(script, "--junit", "report.xml")
    validate_junit(Path("report.xml"))
    assert code == exit_code


@pytest.mark.parametrize(
    "script",
    [
        pytest.param("backfill-honest", id="a script that passes"),
        pytest.param("jumps-queue", id="a script that delays another job"),
        pytest.param("misspelt", id="a script sbatch refuses"),
    ],
)
def test_grade_twice_gives_identical_text_json_and_junit(scripts: Path, script: str) -> None:
    def once() -> tuple[str, str, bytes]:
        _, text = _grade(script, "--json", "r.json", "--junit", "r.xml")
        return text, Path("r.json").read_text(), Path("r.xml").read_bytes()

    assert once() == once()
