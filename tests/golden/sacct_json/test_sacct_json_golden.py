"""``sacct --json`` and ``--yaml``, recorded from real Slurm 22.05 by ``record.sh``, replayed.

The replay moves the simulated clock to the wall-clock second of each recording, runs
each case as the same user, gives each submission the job id the oracle gave it, and
compares the dumps byte for byte with other users' jobs left out (the oracle is shared:
the first case lists the jobs others had there, and a dump over a time window shows
them). ``NOISE`` masks what follows the oracle's history or its real processes, each
narrowly and with why.
"""

import calendar
import json
import os
import re
import shlex
import time
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.golden.jsonjobs import only_jobs
from tests.golden.replay import JOB_DIR
from tests.goldenfile import Case, cluster_store, load_case, scrub, with_known_gaps

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce, each with why (strict xfail: a fix shows up).
KNOWN_GAPS: dict[str, str] = {}

_FOREIGN = next((c for name, c in CASES.items() if name.endswith("-foreign-jobs")), None)
#: Jobs of others that were on the oracle during the recording.
FOREIGN_JOBS = frozenset(int(i) for i in (_FOREIGN.stdout.decode().split() if _FOREIGN else ()))

#: (pattern, replacement, why), applied to every dump, recorded and replayed alike.
NOISE: list[tuple[str, str, str]] = [
    (
        r'("|!!str )priority("?: )(!!int )?\d+',
        r"\1priority\2<p>",
        "a job's priority holds its user's fair share, which the oracle's earlier "
        "recordings used up",
    ),
    (
        r'("|!!str )(start|end|eligible|elapsed)("?: )(!!int )?[1-9]\d*',
        r"\1\2\3<t>",
        "the second a job starts (and so its end and elapsed time) follows the phase of the "
        "real controller's scheduling passes, which a replay does not share",
    ),
    (
        r"STARTED_ON_(BACKFILL|SCHEDULE)",
        "STARTED_ON_<pass>",
        "which of the two schedulers' passes came first after a submission is the same "
        "phase of the real controller's timers",
    ),
    (
        r"(PENDING\"?,?\n *(\"|!!str )reason\"?: (!!str )?)\"?(JobHeldUser|None)\"?",
        r"\1<held-reason>",
        "slurmdbd keeps a held job's reason only if the controller set it before it sent the "
        "record, a race (recordings show both, see tests/golden/sacct); slurmsim says None",
    ),
    (
        r'("|!!str )microseconds("?: )(!!int )?\d+',
        r"\1microseconds\2<us>",
        "a step's CPU time is what its real processes used; slurmsim runs none",
    ),
]

_SUBMITTED = re.compile(r"Submitted batch job (\d+)")


def _instant(case: Case) -> int:
    return calendar.timegm(time.strptime(case.when, "%Y-%m-%dT%H:%M:%S"))


def _submit_times() -> dict[int, int]:
    """When each job reached slurmdbd (a second or so after capture.sh stamped its sbatch),
    from the dumps themselves."""
    times: dict[int, int] = {}
    for case in CASES.values():
        if case.stdout.startswith(b"{"):
            for job in json.loads(case.stdout)["jobs"]:
                times.setdefault(job["job_id"], job["time"]["submission"])
    return times


_SUBMIT_TIMES = _submit_times()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    cwd = os.getcwd()
    JOB_DIR.mkdir(parents=True, exist_ok=True)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("sacct_json"))
    finally:
        os.chdir(cwd)


def _replay(directory: Path) -> dict[str, Result]:
    from slurmsim.api import cluster
    from slurmsim.api.session import session

    def at(instant: int) -> None:
        if instant > cluster.now():
            cluster.advance_clock(by=instant - cluster.now())

    out: dict[str, Result] = {}
    with cluster_store(directory):
        at(_instant(next(iter(CASES.values()))) - 1)
        # The others' jobs held all GPUs of dgx1 and dgx2, which decided where ours ran.
        for job_id, node in zip(sorted(FOREIGN_JOBS), ("dgx1", "dgx2"), strict=False):
            with session(write=True) as s:
                s.state.next_job_id = job_id
            run_command(
                ["sbatch", "-J", "eval", "--gres=gpu:8", "-t", "90", "-w", node,
                 "--wrap", "sleep 100000"], "root", b"",
            )  # fmt: skip
        for name, case in CASES.items():
            found = _SUBMITTED.search(case.stdout.decode())
            at(_SUBMIT_TIMES[int(found.group(1))] if found else _instant(case))
            if found is not None:
                with session(write=True) as s:
                    s.state.next_job_id = int(found.group(1))
            out[name] = run_command(shlex.split(case.command), case.user, b"")
    return out


def _comparable(dump: bytes) -> str:
    text = scrub(dump).decode()
    for pattern, replacement, _why in NOISE:
        text = re.sub(pattern, replacement, text)
    return text


def expected(name: str) -> tuple[int, str, str]:
    """The recorded exit, stdout and stderr, other users' jobs out, noise masked."""
    case = CASES[name]
    ours = {int(i) for i in re.findall(rb'"job_id": (\d+)|job_id: !!int (\d+)', case.stdout)
            for i in i if i}  # fmt: skip
    kept = only_jobs(case.stdout, ours - FOREIGN_JOBS)
    return case.exit, _comparable(kept), case.stderr.decode()


def replayed(got: Result) -> tuple[int, str, str]:
    ours = {int(i) for i in re.findall(rb'"job_id": (\d+)|job_id: !!int (\d+)', got.stdout)
            for i in i if i}  # fmt: skip
    return got.exit, _comparable(only_jobs(got.stdout, ours - FOREIGN_JOBS)), got.err


@pytest.mark.parametrize(
    "name", with_known_gaps([n for n in CASES if "sacct" in CASES[n].command], KNOWN_GAPS)
)
def test_sacct_json_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    assert replayed(results[name]) == expected(name)
