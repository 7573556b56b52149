"""``slurmsim grade`` with an ``[execute]`` table: each script also runs for real, alone,
on a throwaway cluster, and the report says how it ended.

These scripts call no srun: steps inside an allocation come with another change."""

import json
import re
from pathlib import Path

import pytest

from tests.clirunner import run_command
from tests.grading.conftest import validate_junit

RUBRIC = """
title = "runs"
pass_mark = 10

[[criterion]]
kind = "scripts_ran"
points = 10

[execute]
limit = "{limit}"
tail = 3
"""


def _run(script: str, limit: str = "20s", *more: str) -> tuple[int, dict[str, object]]:
    Path("rubric.toml").write_text(RUBRIC.format(limit=limit))
    Path("job.sh").write_text(script)
    result = run_command(
        ["slurmsim", "grade", "--rubric", "rubric.toml", "--json", "-", *more, "job.sh"]
    )
    assert not result.err, result.err
    return result.exit, json.loads(result.out)


#: slurmstepd's cancel line, its instant scrubbed (the grader's clock follows wall time).
CANCELLED = "CANCELLED AT <wall>"


def _wall_scrubbed(runs: object) -> object:
    """The runs with slurmstepd's cancel instant (it depends on wall time) as ``<wall>``."""
    text = re.sub(r"CANCELLED AT \S+ \*\*\*", "CANCELLED AT <wall> ***", json.dumps(runs))
    return json.loads(text)


def _record(**given: object) -> dict[str, object]:
    record: dict[str, object] = {
        "state": "COMPLETED",
        "exit_code": 0,
        "signal": 0,
        "in_time": True,
        "output": "slurm-1.out",
        "tail": [],
        "error": "",
        "error_tail": [],
        "refused": "",
    }
    record.update(given)
    return record


@pytest.mark.parametrize(
    ("script", "record", "passed"),
    [
        pytest.param(
            "#!/bin/bash\n#SBATCH -J env --gres=gpu:2 -t 10\n"
            'echo "$SLURM_JOB_ID $SLURM_JOB_NAME $SLURM_JOB_NODELIST $CUDA_VISIBLE_DEVICES"\n'
            "pwd\necho done\n",
            _record(tail=["1 env dgx1 0,1", "$SCRATCH/work", "done"]),
            True,
            id="the script gets the batch environment and runs in the scratch folder",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10\nseq 1 50\nexit 3\n",
            _record(state="FAILED", exit_code=3, tail=["48", "49", "50"]),
            False,
            id="a non-zero exit fails the job and the criterion; the tail is its last lines",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10 -o out-%j.log -e err-%j.log\n"
            "echo to-out\necho to-err >&2\n",
            _record(output="out-1.log", tail=["to-out"], error="err-1.log", error_tail=["to-err"]),
            True,
            id="separate --output and --error files are both read",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10\necho started\nsleep 60\n",
            _record(
                state="CANCELLED",
                signal=15,
                in_time=False,
                tail=["started", f"slurmstepd-dgx1: error: *** JOB 1 ON dgx1 {CANCELLED} ***"],
            ),
            False,
            id="a script that outlasts the wall limit is cancelled",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gres=gpu:9 -t 10\necho never\n",
            _record(
                state="PENDING",
                in_time=False,
                output="",
                refused="sbatch: error: Batch job submission failed: "
                "Requested node configuration is not available",
            ),
            False,
            id="a script sbatch refuses does not run",
        ),
    ],
)
def test_grade_execute_reports_how_each_script_ended(
    cluster: Path, script: str, record: dict[str, object], passed: bool
) -> None:
    code, report = _run(script, "3s")
    assert _wall_scrubbed(report["runs"]) == {"job.sh": record}
    assert report["passed"] is passed
    assert code == (0 if passed else 1)


def test_grade_execute_twice_gives_the_same_report(cluster: Path) -> None:
    script = "#!/bin/bash\n#SBATCH -t 10\necho $SLURM_JOB_ID $SLURM_JOB_NODELIST\npwd\n"
    assert _run(script) == _run(script)


def test_grade_execute_summary_and_junit_show_the_tail(cluster: Path) -> None:
    Path("rubric.toml").write_text(RUBRIC.format(limit="20s"))
    Path("job.sh").write_text("#!/bin/bash\n#SBATCH -t 10\nprintf 'one\\n\\033[31mred\\n'\n")
    result = run_command(
        ["slurmsim", "grade", "--rubric", "rubric.toml", "--junit", "r.xml", "job.sh"]
    )
    assert (
        "Runs (each script alone on the cluster, for real):\n"
        "  job.sh: exit 0 (COMPLETED) within the limit\n"
        "    last lines of slurm-1.out:\n"
        "    | one\n"
    ) in result.out
    validate_junit(Path("r.xml"))
    assert "    | \\x1b[31mred" in Path("r.xml").read_text()
