"""Replaying the golden scenario on slurmsim, in process, step by step.

The scenario (``scenario.txt``) is what the oracle's record script did to a
real Slurm 22.05; each recorded case carries the wall-clock second it ran at,
and the replay pins the simulated clock to that second before running the
same command as the same user in the same directory.
"""

import calendar
import os
import re
import shlex
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.clirunner import Result, run_command
from tests.goldenfile import Case, load_case

HERE = Path(__file__).parent
CASES = HERE / "cases"
#: The oracle ran every command here; paths in its output (WorkDir=, StdOut=) show it.
JOB_DIR = Path("/tmp/slurm-oracle-jobs")
FIRST_JOB_ID = 215  # the oracle's controller had used ids up to 214 before the recording
DAY = "2026-11-29"


@dataclass(frozen=True)
class Step:
    kind: str  # case, sub, cancel-ours, skip-id, conf, set
    number: int = 0
    name: str = ""
    user: str = "root"
    capture: str | None = None
    pin: str | None = None
    argv: tuple[str, ...] = ()


def steps() -> list[Step]:
    parsed = []
    for raw in (HERE / "scenario.txt").read_text().splitlines():
        line = raw.split("  #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        head, _, command = line.partition(" -- ")
        words = head.split()
        kind = words[0]
        if kind == "case":
            opts = words[4:]
            parsed.append(
                Step(
                    "case",
                    int(words[1]),
                    words[2],
                    words[3],
                    capture=next((w[1:] for w in opts if w.startswith(">")), None),
                    pin=next((w[1:] for w in opts if w.startswith("@")), None),
                    argv=tuple(shlex.split(command)),
                )
            )
        elif kind == "sub":
            pin = next((w[1:] for w in words[3:] if w.startswith("@")), None)
            parsed.append(
                Step(
                    "sub",
                    user=words[2],
                    capture=words[1],
                    pin=pin,
                    argv=tuple(shlex.split(command)),
                )
            )
        else:
            parsed.append(Step(kind, argv=tuple(words[1:])))
    return parsed


def recorded() -> dict[int, tuple[str, Case]]:
    """The recorded cases by number, each with its name (``068-squeue-o-classic``)."""
    cases = {}
    for path in sorted(CASES.glob("[0-9][0-9][0-9]-*.txt")):
        if path.name.startswith("000-"):
            continue
        cases[int(path.name[:3])] = (path.stem, load_case(path))
    return cases


def _instant(hms: str) -> int:
    """An instant of the recording day; slurmsim shows instants in UTC, as the oracle ran."""
    return calendar.timegm(time.strptime(f"{DAY}T{hms}", "%Y-%m-%dT%H:%M:%S"))


def _when_instant(when: str) -> int:
    return _instant(when.split("T", 1)[1])


def _advance_to(instant: int) -> None:
    from slurmsim.api import cluster

    now = cluster.now()
    if instant > now:
        cluster.advance_clock(by=instant - now)


def _housekeeping(step: Step, ids: dict[str, str]) -> None:
    from slurmsim.api import control
    from slurmsim.api.session import session

    if step.kind == "usage":
        _add_usage(step.argv)
        return
    if step.kind == "cancel-ours":
        control_user = os.environ.get("SLURMSIM_USER")
        os.environ["SLURMSIM_USER"] = "root"
        try:
            control.cancel([], users=["alice", "bob", "carol"])
        finally:
            if control_user is None:
                os.environ.pop("SLURMSIM_USER", None)
        return
    with session(write=True) as s:
        if step.kind == "skip-id":
            s.state.next_job_id += 1
        elif step.kind == "conf":
            from dataclasses import replace

            key, _, value = step.argv[0].partition("=")
            assert key == "EnforcePartLimits"
            s.state.config = replace(s.state.config, enforce_part_limits=value)
        elif step.kind == "set":
            name, _, source = step.argv[0].partition("=")
            ids[name] = ids[source]


def _expand(argv: tuple[str, ...], ids: dict[str, str], start: str) -> list[str]:
    def sub(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        return start if name == "START" else ids.get(name, "0")

    return [re.sub(r"\$\{(\w+)\}|\$(\w+)", sub, a) for a in argv]


#: The oracle's fair-share state at the start of the recording, left by earlier runs that
#: day. Its decay thread last ran at 19:05:00 and ran again only after the recording, so
#: every sshare shows the usage of that pass (NormUsage, EffectvUsage, LevelFS of golden
#: 016 and 110) next to a RawUsage that jobs ending since had raised: (account, user) ->
#: (RawUsage now, usage at the 19:05:00 pass). The pass's figures are those golden 110's
#: ratios give, with carol's 680 unchanged. The RawUsage figures are chosen within what
#: golden 016's rounding allows so that the one second of alice's job 224 the engine
#: charges at its end (the oracle's ran a fraction of that) lands on golden 109-111.
ORACLE_USAGE = {
    ("root", "root"): (1001.5, 781.768),
    ("product", "carol"): (680.5, 680.0),
    ("research", "alice"): (1307.25, 1086.3),
    ("research", "bob"): (1046.3, 985.409),
    ("research", "root"): (0.0, 0.0),
}
ORACLE_LAST_CALC = "19:05:00"


def seed_oracle_usage() -> None:
    from slurmsim.api.session import session

    _advance_to(_instant(ORACLE_LAST_CALC))
    with session(write=True) as s:
        for assoc in s.state.associations:
            if (assoc.account, assoc.user) in ORACLE_USAGE:
                raw, at_calc = ORACLE_USAGE[(assoc.account, assoc.user)]
                s.state.usage[assoc.id] = raw
                s.state.calc_usage[assoc.id] = at_calc
        s.state.last_usage_calc = s.state.now


def _add_usage(argv: tuple[str, ...]) -> None:
    """``usage ACCOUNT/USER+N ...``: raw usage the oracle's associations gained from work
    the scenario does not replay."""
    from slurmsim.api.session import session

    with session(write=True) as s:
        for item in argv:
            who, _, amount = item.partition("+")
            account, _, user = who.partition("/")
            assoc = next(a for a in s.state.associations if (a.account, a.user) == (account, user))
            s.state.usage[assoc.id] = s.state.usage.get(assoc.id, 0.0) + float(amount)


def replay(
    db: Path, seed_usage: Callable[[], None] | None = seed_oracle_usage
) -> dict[int, Result]:
    """Run the whole scenario on a fresh cluster in ``db``; results by case number."""
    os.environ["SLURMSIM_DB"] = str(db)
    JOB_DIR.mkdir(parents=True, exist_ok=True)
    for script in (HERE / "scripts").glob("*.sh"):
        shutil.copy(script, JOB_DIR / script.name)
    cwd = os.getcwd()
    os.chdir(JOB_DIR)
    try:
        return _replay(seed_usage)
    finally:
        os.chdir(cwd)


def _replay(seed_usage: Callable[[], None] | None) -> dict[int, Result]:
    from slurmsim.api import cluster
    from slurmsim.api.session import session

    os.environ["SLURMSIM_USER"] = "root"
    cluster.init(None, None, force=True)
    with session(write=True) as s:
        s.state.next_job_id = FIRST_JOB_ID
    if seed_usage is not None:
        seed_usage()
    cases = recorded()
    results: dict[int, Result] = {}
    ids: dict[str, str] = {}
    last_when: int | None = None
    start = "2026-11-29T19:04:56"
    for step in steps():
        if step.kind not in ("case", "sub"):
            _housekeeping(step, ids)
            continue
        named = cases.get(step.number) if step.kind == "case" else None
        if named is not None:
            last_when = _when_instant(named[1].when)
        when = _instant(step.pin) if step.pin else last_when
        if when is not None:
            _advance_to(when)
        argv = _expand(step.argv, ids, start)
        if step.kind == "sub":
            argv = [argv[0], "--parsable", *argv[1:]]
        result = run_command(argv, step.user)
        if step.capture:
            words = result.stdout.decode().split()
            if words:
                ids[step.capture] = words[-1].split(";")[0]
        if step.kind == "case":
            results[step.number] = result
    return results
