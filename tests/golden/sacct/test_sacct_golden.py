"""sacct beyond the main scenario, recorded from real Slurm 22.05 by ``record.sh``, replayed.

The replay moves the simulated clock to the wall-clock second of the first recording
(later than a new cluster's clock), so that the absolute times in the commands (``-S``)
mean the same instants, then runs each case as the same user at the same offset, giving
each accepted submission the job id the oracle gave it. ``env VAR=value`` in front of a
command becomes the environment of that command. Times and durations are compared as
they are, except where the real controller's timing shows (see ``NOISE``).

The oracle is shared: jobs other engineers left running there (listed by the first case,
``squeue`` before the scenario) show up in sacct's windows, so their rows are left out of
the recorded output. A few other differences come from the real controller's timing or
history, not from Slurm's rules; ``NOISE`` masks each narrowly and says why.
"""

import calendar
import os
import re
import time
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.golden.replay import JOB_DIR
from tests.goldenfile import (
    Case,
    cluster_store,
    environment,
    load_case,
    scrub,
    split_env,
    with_known_gaps,
)

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce, each with why.
KNOWN_GAPS: dict[str, str] = {}

_ANY_TIME = (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", "<time>")
_ANY_DURATION = (r"(?<![\d:-])(\d+-)?\d\d:\d\d:\d\d(?![\d:])", "<duration>")
_SLEEP_2 = "the real script of `sleep 2` ends 2 or 3 seconds after it starts; slurmsim says 2"

_FOREIGN = next((c for name, c in CASES.items() if name.endswith("-foreign-jobs")), None)
#: Jobs of others that ran on the oracle during the recording.
FOREIGN_JOBS = frozenset(_FOREIGN.stdout.decode().split() if _FOREIGN else ())


#: Per case: (pattern, replacement, why), applied to recorded and replayed output alike.
#: (A script killed by scancel may also end FAILED 15:0 in a new recording: see
#: docs/differences.md.)
NOISE: dict[str, list[tuple[str, str, str]]] = {
    "017-j-requeued-D": [
        (r"dgx\d", "<node>", "other engineers' jobs held GPUs on dgx1-2, so the oracle chose dgx3")
    ],
    "021-j-held": [
        (
            r" +(JobHeldUser|None) ",
            " <reason> ",
            "slurmdbd keeps the held job's reason only if the controller set it before it sent "
            "the job's record, a race (recordings show both); slurmsim says None",
        )
    ],
    "026-j-ok-P-all": [
        (*_ANY_DURATION, _SLEEP_2),
        (r"(?m)^([^|]*\|[^|]*\|<duration>\|)\d+(\|<duration>\|)\d+", r"\1<raw>\2<raw>", _SLEEP_2),
    ],
    "039-long-l": [(*_ANY_DURATION, _SLEEP_2)],
    "069-truncate": [
        (*_ANY_TIME, "starts fall on the real controller's scheduling passes, not on slurmsim's"),
        (*_ANY_DURATION, "the same: the runs are cut at those starts"),
    ],
    "025-j-ok-more": [
        (
            r"(?m)^(\d+) +\d+ ",
            r"\1 <prio> ",
            "Priority holds bob's fair share, which the oracle's earlier recordings used up",
        )
    ],
    "053-S-future": [
        (
            r"end time \(\S+\)",
            "end time (<now>)",
            "sacct read the clock a second after the recorder did",
        )
    ],
}


_SUBMITTED = re.compile(r"Submitted batch job (\d+)")


def _instant(case: Case) -> int:
    return calendar.timegm(time.strptime(case.when, "%Y-%m-%dT%H:%M:%S"))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    cwd = os.getcwd()
    JOB_DIR.mkdir(parents=True, exist_ok=True)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("sacct"))
    finally:
        os.chdir(cwd)


def _replay(directory: Path) -> dict[str, Result]:
    from slurmsim.api import cluster
    from slurmsim.api.session import session

    out: dict[str, Result] = {}
    with cluster_store(directory):
        for name, case in CASES.items():
            behind = _instant(case) - cluster.now()
            if behind > 0:
                cluster.advance_clock(by=behind)
            found = _SUBMITTED.search(case.stdout.decode())
            if found is not None:
                with session(write=True) as s:
                    s.state.next_job_id = int(found.group(1))
            env, argv = split_env(case.command)
            with environment(env):
                out[name] = run_command(argv, case.user, b"")
    return out


def _without_foreign_jobs(text: str) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(
        line for line in lines if re.split(r"[_.|: ]", line, maxsplit=1)[0] not in FOREIGN_JOBS
    )


def _denoised(name: str, text: str) -> str:
    for pattern, replacement, _why in NOISE.get(name, []):
        text = re.sub(pattern, replacement, text)
    return text


def expected(name: str) -> tuple[int, str, str]:
    """The recorded exit, stdout and stderr, other users' jobs out, noise masked."""
    case = CASES[name]
    out = scrub(_without_foreign_jobs(case.stdout.decode()).encode()).decode()
    return case.exit, _denoised(name, out), _denoised(name, case.stderr.decode())


def replayed(name: str, got: Result) -> tuple[int, str, str]:
    return got.exit, _denoised(name, scrub(got.out.encode()).decode()), _denoised(name, got.err)


@pytest.mark.parametrize(
    "name", with_known_gaps([n for n in CASES if "sacct" in CASES[n].command], KNOWN_GAPS)
)
def test_sacct_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    assert replayed(name, results[name]) == expected(name)
