"""Job steps, recorded from real Slurm 22.05 in order, replayed on a new cluster.

``cases/`` was recorded by ``record.sh``: ``srun --jobid=J`` typed at a shell into alice's
running two-node job, so each srun is a step whose tasks run where srun runs (in the
replay: here, for real, while the simulated clock stands still). Cases named ``bg-*``
ran in the background while the next ones were recorded; the replay starts them as
separate srun processes, waits until their step exists, and collects what they printed
before the cases that the recording ran after them (``AFTER_BACKGROUND``).

Tasks on different nodes finish in any order, so the lines of the cases in
``ORDER_FREE`` are compared sorted; the instants, run times, and srun's host and pid
(``SrunHost:Pid``) are compared as placeholders (``_timeless``).
"""

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.golden.replay import JOB_DIR
from tests.goldenfile import Case, cluster_store, load_case, replay_in_step, scrub, with_known_gaps

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce yet, each with why.
KNOWN_GAPS: dict[str, str] = {
    "005-srun-gpus": "the oracle's GPUs are placeholder files and its slurmd sets neither "
    "SLURM_STEP_GPUS nor CUDA_VISIBLE_DEVICES for a step's tasks; slurmsim sets both to the "
    "step's GPUs on the task's node, as a cluster with GPU devices does (docs/differences.md)",
    "028-scancel-step-other-user": "the oracle prints its refusal twice here, once in another "
    "run; slurmsim prints it once (same words and exit code)",
    "029-scancel-step-missing": "the oracle prints its refusal twice here, once in another "
    "run; slurmsim prints it once (same words and exit code)",
}

#: Cases whose lines come in the order the tasks happened to end or print.
ORDER_FREE = frozenset(
    name
    for name in CASES
    if any(
        word in name
        for word in (
            "srun-tasks",
            "srun-gpus",
            "exit-codes",
            "killed",
            "no-command",
            "cancelled",
            "signalled",
        )
    )
)
#: Cases the recording ran only once the background sruns had ended.
AFTER_BACKGROUND = frozenset(
    n
    for n in CASES
    if any(
        w in n
        for w in (
            "sacct-steps",
            "after-cancel",
            "after-scancel",
            "bg-srun-signalled",
            "mem-too-much",
        )
    )
)

_TIMES = [
    (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", "<time>"),
    (r"(?m)^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$", "<date>"),
    (r"(?<![\d:])\d{1,2}:\d\d(?![\d:])", "<t>"),  # squeue's TIME
    (r"SrunHost:Pid=\S+", "SrunHost:Pid=<srun>"),
]


def _timeless(text: str) -> str:
    text = scrub(text.encode()).decode()
    for pattern, placeholder in _TIMES:
        text = re.sub(pattern, placeholder, text)
    return text


def _sorted(text: str) -> str:
    return "".join(sorted(text.splitlines(True)))


class _Background:
    """The sruns that run in the background while the replay goes on."""

    def __init__(self) -> None:
        self.running: dict[str, subprocess.Popen[bytes]] = {}
        self.done: dict[str, Result] = {}

    def start(self, name: str, case: Case) -> Result:
        from slurmsim.api.session import session
        from slurmsim.model.steps import steps_of

        def count() -> int:
            with session(write=False) as s:
                return sum(len(steps_of(j)) for j in s.state.jobs.values())

        before = count()
        argv = shlex.split(case.command)
        env = {**os.environ, "SLURMSIM_USER": case.user, "PYTHONPATH": str(ROOT)}
        self.running[name] = subprocess.Popen(
            [sys.executable, "-c", f"from cli.{argv[0]} import main; main()", *argv[1:]],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 20
        while count() == before and time.monotonic() < deadline:  # until its step exists
            time.sleep(0.05)
        return Result(0, b"", b"")

    def wait(self) -> None:
        for name, proc in self.running.items():
            out, err = proc.communicate(timeout=60)
            self.done[name] = Result(proc.returncode, out, err)
        self.running.clear()


def _replay(directory: Path) -> dict[str, Result]:
    background = _Background()

    def run(case: Case) -> Result:
        name = next(n for n, c in CASES.items() if c is case)
        if name in AFTER_BACKGROUND:
            background.wait()
        if name.split("-", 1)[1].startswith("bg-"):
            return background.start(name, case)
        return run_command(shlex.split(case.command), case.user, b"")

    with cluster_store(directory):
        results = replay_in_step(CASES, run)
        background.wait()
    return {**results, **background.done}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    cwd = os.getcwd()
    JOB_DIR.mkdir(parents=True, exist_ok=True)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("steps"))
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("name", with_known_gaps(list(CASES), KNOWN_GAPS))
def test_steps_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want = (_timeless(case.stdout.decode()), _timeless(case.stderr.decode()))
    have = (_timeless(got.out), _timeless(got.err))
    if name in ORDER_FREE:
        want, have = (_sorted(want[0]), _sorted(want[1])), (_sorted(have[0]), _sorted(have[1]))
    assert (got.exit, *have) == (case.exit, *want)
