"""PreemptMode=SUSPEND,GANG, recorded from real Slurm 22.05 in order, replayed on a new cluster.

``cases/`` was recorded by ``record.sh`` on the oracle with PreemptMode=SUSPEND,GANG and
the gpu partition at PriorityTier=2 (the gang scheduler suspends a job only under one
from a partition of a higher tier). The replay makes the same two changes to a new
default cluster, then runs each command as the same user, with the simulated clock
moved as far as the wall clock had moved between the recordings, and gives each
accepted submission the job id the oracle gave it.

Which second a job starts depends on the phase of the controller's passes, which a
restarted controller does not share with slurmsim's grid (the victim here started
2 s after its submission, the preemptor 1 s after its own), and priorities carry the
oracle's fair-share history; so times, run times, priorities and which scheduler
started a job are compared as placeholders (``_timeless``), squeue's lines in any
order (``ORDER_FREE``: two pending jobs of equal standing swap), and what the
suspension does to them is checked on its own: while suspended, RunTime is
SecsPreSuspend and EndTime is StartTime plus the limit; once resumed, EndTime is the
resume (SuspendTime) plus the limit less SecsPreSuspend.
"""

import calendar
import os
import re
import time
from dataclasses import replace
from pathlib import Path

import pytest

from tests.clirunner import Result
from tests.golden.replay import JOB_DIR
from tests.goldenfile import cluster_store, load_case, replay_in_step, scrub, with_known_gaps

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}

#: Cases slurmsim does not reproduce yet, each with why.
KNOWN_GAPS: dict[str, str] = {}

_TIMES = [
    (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", "<time>"),
    (r"(?<![\d:])\d{1,2}:\d\d(?![\d:])", "<t>"),  # squeue's TIME
    (r"RunTime=\S+", "RunTime=<t>"),
    (r"SecsPreSuspend=\d+", "SecsPreSuspend=<s>"),
    # sacct's Elapsed (a run time, like RunTime=) where Suspended follows it, as is.
    (r"\d\d:\d\d:\d\d(?=\s+\d\d:\d\d:\d\d \n)", "<elapsed>"),
    (r"Priority=\d+", "Priority=<p>"),
    (r"Scheduler=(Main|Backfill)(?!:)", "Scheduler=<s>"),
]

#: squeue cases whose pending jobs come in the order of the oracle's priorities.
ORDER_FREE = frozenset({"012-squeue-gpu-mem-waiting", "014-squeue-resumed"})


def _timeless(text: str) -> str:
    text = scrub(text.encode()).decode()
    for pattern, placeholder in _TIMES:
        text = re.sub(pattern, placeholder, text)
    return text


def _fields(text: str) -> dict[str, str]:
    return dict(re.findall(r"(\w+)=(\S*)", text))


def _clock(value: str) -> int:
    if re.fullmatch(r"\d\d:\d\d:\d\d", value):
        h, m, sec = (int(x) for x in value.split(":"))
        return h * 3600 + m * 60 + sec
    return calendar.timegm(time.strptime(value, "%Y-%m-%dT%H:%M:%S"))


def _suspension_sums(text: str) -> tuple[int, int]:
    """(EndTime less its expected value, RunTime less SecsPreSuspend) of a victim: both
    0 when the suspension moved the job's times as Slurm does."""
    f = _fields(text)
    limit, pre = _clock(f["TimeLimit"]), int(f["SecsPreSuspend"])
    if f["JobState"] == "SUSPENDED":
        return _clock(f["EndTime"]) - _clock(f["StartTime"]) - limit, _clock(f["RunTime"]) - pre
    return _clock(f["EndTime"]) - (_clock(f["SuspendTime"]) + limit - pre), 0


def _configure() -> None:
    """The oracle's changes for the recording: gang suspension, gpu above debug."""
    from slurmsim.api.session import session

    with session(write=True) as s:
        s.state.config = replace(s.state.config, preempt_mode="SUSPEND,GANG")
        gpu = s.state.partitions["gpu"]
        s.state.partitions["gpu"] = replace(gpu, priority_tier=2)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    cwd = os.getcwd()
    JOB_DIR.mkdir(parents=True, exist_ok=True)
    os.chdir(JOB_DIR)
    try:
        return _replay(tmp_path_factory.mktemp("preempt"))
    finally:
        os.chdir(cwd)


def _replay(directory: Path) -> dict[str, Result]:
    with cluster_store(directory):
        _configure()
        return replay_in_step(CASES)


@pytest.mark.parametrize("name", with_known_gaps(list(CASES), KNOWN_GAPS))
def test_preempt_case_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    want, have = _timeless(case.stdout.decode()), _timeless(got.out)
    if name in ORDER_FREE:
        want, have = "".join(sorted(want.splitlines(True))), "".join(sorted(have.splitlines(True)))
    assert (got.exit, have, got.err) == (case.exit, want, case.stderr.decode())


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("006-show-victim-suspended", id="while suspended"),
        pytest.param("015-show-victim-resumed", id="after the resume"),
    ],
)
def test_suspension_moves_times_as_real_slurm(name: str, results: dict[str, Result]) -> None:
    assert _suspension_sums(CASES[name].stdout.decode()) == (0, 0)
    assert _suspension_sums(results[name].out) == (0, 0)
