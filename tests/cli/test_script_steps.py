"""A simulated batch script's srun lines that are refused for good (beside the recordings
of tests/golden/scriptsteps/): srun exits 1 at once and makes no step, so the script goes
on with what follows that much sooner, or ends there, ``FAILED 1:0``, when nothing
follows. The times are seconds from the job's start, under the manual clock."""

from datetime import datetime
from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm

#: A job of two tasks on one node: ``-N 4`` is more nodes than it has.
TWO_TASKS = ["-n", "2"]
#: A job of four untyped GPUs: srun may not ask for typed ones.
UNTYPED = ["--gpus-per-node=4"]


def _submit(options: list[str], script: str) -> None:
    argv = ["sbatch", "-J", "s", "-t", "10", "-o", "/dev/null", *options, "--wrap", script]
    assert slurm(*argv, user="alice").exit == 0


def _rows(job: str = "1") -> list[tuple[str, int, int, str, str]]:
    """sacct's rows of ``job``: id, start and end (seconds from the job's start), state
    and exit code."""
    got = slurm("sacct", "-j", job, "-n", "-P", "-o", "JobID,Start,End,State,ExitCode")
    rows = [line.split("|") for line in got.out.splitlines()]
    origin = datetime.fromisoformat(rows[0][1])

    def offset(when: str) -> int:
        return int((datetime.fromisoformat(when) - origin).total_seconds())

    return [(i, offset(start), offset(end), state, code) for i, start, end, state, code in rows]


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        pytest.param(TWO_TASKS, "srun -N 4 sleep 100", id="more nodes than the job has"),
        pytest.param(UNTYPED, "srun --gpus=h100:1 sleep 100", id="typed GPUs of untyped ones"),
        pytest.param(
            ["--gpus-per-node=2"], "srun --gpus-per-node=4 sleep 100", id="more GPUs than it has"
        ),
    ],
)
def test_a_refused_srun_moves_what_follows_sooner(
    cluster: Path, options: list[str], refused: str
) -> None:
    """The script goes on at once: the next step starts as the first ends, and the job
    ends 100 s sooner than its commands planned."""
    _submit(options, f"srun sleep 10; {refused}; srun sleep 20")
    advance(15)
    assert slurm("squeue", "-s", "-h", "-o", "%i %M").out == "1.1 0:05\n1.batch 0:15\n"
    assert "StartTime=2026-11-29T19:00:10 " in slurm("scontrol", "show", "step", "1.1").out
    advance(300)
    assert _rows() == [
        ("1", 0, 30, "COMPLETED", "0:0"),
        ("1.batch", 0, 30, "COMPLETED", "0:0"),
        ("1.0", 0, 10, "COMPLETED", "0:0"),
        ("1.1", 10, 30, "COMPLETED", "0:0"),
    ]


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        pytest.param(TWO_TASKS, "srun -N 4 sleep 100", id="more nodes than the job has"),
        pytest.param(UNTYPED, "srun --gpus=h100:1 sleep 100", id="typed GPUs of untyped ones"),
    ],
)
def test_a_refused_last_srun_ends_the_job_failed_then(
    cluster: Path, options: list[str], refused: str
) -> None:
    """The script's status is srun's: the job and its batch step end ``FAILED 1:0`` the
    second the script reaches the srun."""
    _submit(options, f"srun sleep 10; {refused}")
    advance(300)
    assert _rows() == [
        ("1", 0, 10, "FAILED", "1:0"),
        ("1.batch", 0, 10, "FAILED", "1:0"),
        ("1.0", 0, 10, "COMPLETED", "0:0"),
    ]
    shown = slurm("scontrol", "show", "job", "1").out
    assert "JobState=FAILED Reason=NonZeroExitCode" in shown
    assert "ExitCode=1:0" in shown


@pytest.mark.parametrize(
    ("options", "script", "want"),
    [
        pytest.param(
            TWO_TASKS,
            "srun -N 4 sleep 100 & srun -n 1 sleep 20; srun -n 1 sleep 5",
            [
                ("1", 0, 25, "COMPLETED", "0:0"),
                ("1.batch", 0, 25, "COMPLETED", "0:0"),
                ("1.0", 0, 20, "COMPLETED", "0:0"),
                ("1.1", 20, 25, "COMPLETED", "0:0"),
            ],
            id="one run in the background holds nothing up: nothing moves",
        ),
        pytest.param(
            ["-N", "1"],
            "#!/bin/bash\nsrun -N 2 python train.py\n#SLURMSIM --runtime=3:00:00\n",
            [("1", 0, 0, "FAILED", "1:0"), ("1.batch", 0, 0, "FAILED", "1:0")],
            id="a declared run time was its program's: the script fails at once",
        ),
        pytest.param(
            TWO_TASKS,
            "srun -N 4 hostname || echo refused; srun sleep 20",
            [
                ("1", 0, 20, "COMPLETED", "0:0"),
                ("1.batch", 0, 20, "COMPLETED", "0:0"),
                ("1.0", 0, 20, "COMPLETED", "0:0"),
            ],
            id="a quick command refused moves nothing",
        ),
    ],
)
def test_what_a_refused_srun_changes(
    cluster: Path, options: list[str], script: str, want: list[tuple[str, int, int, str, str]]
) -> None:
    _submit(options, script)
    advance(300)
    assert _rows() == want


def test_a_requeued_job_is_not_moved_twice(cluster: Path) -> None:
    """Its script begins again in the new run, as read at submission: the refused srun
    takes no time there either, and no more than that."""
    _submit(TWO_TASKS, "srun sleep 10; srun -N 4 sleep 100; srun sleep 20")
    advance(5)
    assert slurm("scontrol", "requeue", "1").exit == 0
    advance(600)
    (job, started, ended, state, _), *_ = _rows()
    assert (job, ended - started, state) == ("1", 30, "COMPLETED")


def test_a_signal_after_a_refused_srun_moves_the_script_from_there(cluster: Path) -> None:
    """``scancel -s INT`` kills the step the script runs once the refused srun has moved
    it: what follows comes sooner again, by what the killed step had left."""
    _submit(TWO_TASKS, "srun -N 4 sleep 100; srun sleep 20; sleep 6; srun true")
    advance(5)
    assert slurm("scancel", "-s", "INT", "1", user="alice").exit == 0
    advance(300)
    assert _rows() == [
        ("1", 0, 11, "COMPLETED", "0:0"),
        ("1.batch", 0, 11, "COMPLETED", "0:0"),
        ("1.0", 0, 5, "CANCELLED", "0:2"),
        ("1.1", 11, 11, "COMPLETED", "0:0"),
    ]


@pytest.mark.parametrize(
    ("script", "want"),
    [
        pytest.param(
            "srun -N 4 sleep 100 || exit 7\nsrun sleep 20",
            [("1", 0, 0, "FAILED", "7:0"), ("1.batch", 0, 0, "FAILED", "7:0")],
            id="|| exit N: the script ends with N",
        ),
        pytest.param(
            "srun -N 4 sleep 100 || { echo refused >&2; exit; }\nsrun sleep 20",
            [("1", 0, 0, "FAILED", "1:0"), ("1.batch", 0, 0, "FAILED", "1:0")],
            id="a bare exit in a group: srun's status",
        ),
        pytest.param(
            "set -e\nif ! srun -N 4 sleep 100; then echo refused; fi\nsrun sleep 20",
            [
                ("1", 0, 20, "COMPLETED", "0:0"),
                ("1.batch", 0, 20, "COMPLETED", "0:0"),
                ("1.0", 0, 20, "COMPLETED", "0:0"),
            ],
            id="set -e spares a condition",
        ),
    ],
)
def test_what_follows_a_refused_srun_in_the_shell(
    cluster: Path, script: str, want: list[tuple[str, int, int, str, str]]
) -> None:
    _submit(TWO_TASKS, script)
    advance(300)
    assert _rows() == want


def test_an_exit_after_or_leaves_a_srun_killed_by_a_signal_with_its_status(cluster: Path) -> None:
    """``srun sleep 100 || exit 5`` and ``scancel -s INT``: srun exits 2, so the script 5."""
    _submit(TWO_TASKS, "srun sleep 100 || exit 5\necho after")
    advance(10)
    assert slurm("scancel", "-s", "INT", "1", user="alice").exit == 0
    advance(300)
    assert _rows() == [
        ("1", 0, 10, "FAILED", "5:0"),
        ("1.batch", 0, 10, "FAILED", "5:0"),
        ("1.0", 0, 10, "CANCELLED", "0:2"),
    ]


def test_a_script_of_shell_structure_runs_its_loops_and_ends(cluster: Path) -> None:
    """Guards, branches and here-documents take no time, a literal ``for`` runs its srun
    once per value (named from the loop variable), and the job completes: it used to run
    until its time limit, its ``if`` taken for a program of unknown length."""
    script = (
        "#!/bin/bash\nset -euo pipefail\ncd /tmp || exit 1\n"
        'if [ -f ckpt ]; then RESUME="--resume"; fi\n'
        "for seed in 1 2; do\n  srun -J seed$seed sleep 20\ndone\n"
        "cat > done.txt <<EOF\nfinished\nEOF\n"
    )
    _submit(TWO_TASKS, script)
    advance(300)
    assert _rows() == [
        ("1", 0, 40, "COMPLETED", "0:0"),
        ("1.batch", 0, 40, "COMPLETED", "0:0"),
        ("1.0", 0, 20, "COMPLETED", "0:0"),
        ("1.1", 20, 40, "COMPLETED", "0:0"),
    ]
    names = slurm("sacct", "-j", "1", "-n", "-P", "-o", "JobName").out.split()
    assert names == ["s", "batch", "seed1", "seed2"]


def _submit_file(tmp_path: Path, body: str) -> None:
    path = tmp_path / "job.sh"
    path.write_text(f"#!/bin/bash\n#SBATCH -t 10 -o /dev/null\n{body}\n")
    assert slurm("sbatch", str(path), user="alice").exit == 0


def test_a_real_program_under_a_declared_runtime_ends_completed_with_the_script(
    cluster: Path, tmp_path: Path
) -> None:
    """The script waits for its srun: the step is done when the script is, not killed."""
    _submit_file(tmp_path, "#SLURMSIM --runtime=2m\nsrun python train.py")
    advance(180)
    assert _rows() == [
        ("1", 0, 120, "COMPLETED", "0:0"),
        ("1.batch", 0, 120, "COMPLETED", "0:0"),
        ("1.0", 0, 120, "COMPLETED", "0:0"),
    ]


def test_the_last_command_fails_with_the_declared_exit_code(cluster: Path, tmp_path: Path) -> None:
    _submit_file(tmp_path, "#SLURMSIM --runtime=2m --exit-code=3\nsrun true\nsrun python train.py")
    advance(180)
    assert _rows()[2:] == [("1.0", 0, 0, "COMPLETED", "0:0"), ("1.1", 0, 120, "FAILED", "3:0")]


def test_the_steps_of_a_job_purged_within_one_advance_are_kept(
    cluster: Path, tmp_path: Path
) -> None:
    """It started, ended and was purged (MinJobAge) before any command looked."""
    _submit_file(tmp_path, "srun sleep 30")
    advance(900)
    assert slurm("squeue", "-h").out == ""
    assert _rows() == [
        ("1", 0, 30, "COMPLETED", "0:0"),
        ("1.batch", 0, 30, "COMPLETED", "0:0"),
        ("1.0", 0, 30, "COMPLETED", "0:0"),
    ]
