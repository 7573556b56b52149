"""Drills and grading against the store: stage a scenario, remember the drill, observe.

The drill in progress is kept in the store's ``meta`` table under ``drill`` (its
file's text, when the student took over, the planned starts at that moment and the
hints shown), so that ``slurmsim drill check`` in a later shell judges the same
drill even if its file has changed since.
"""

import dataclasses
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from slurmsim.api.session import current_user, session
from slurmsim.drills import files, grading
from slurmsim.drills.grading import Report
from slurmsim.drills.lint import Finding, Site, lint
from slurmsim.drills.model import Drill, Rubric, Scenario, Step
from slurmsim.drills.observation import Observation, Verdict
from slurmsim.drills.runs import Run
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import JobState
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.parse.options import Opt
from slurmsim.store.repository import Store

_META = "drill"


def catalogue(folders: Sequence[Path] = ()) -> list[Drill]:
    """Every drill: the shipped ones, then those of ``$SLURMSIM_DRILLS`` and ``folders``.

    A drill of an instructor's folder replaces a shipped one of the same name.
    Raises ``DrillError`` for a file that cannot be read.
    """
    extra = [Path(p) for p in os.environ.get(files.DRILLS_ENV, "").split(os.pathsep) if p]
    sources = [*files.shipped(), *files.from_folders([*extra, *folders])]
    by_name: dict[str, Drill] = {}
    for source, text in sources:
        drill = files.load_drill(source, text)
        by_name.pop(drill.name, None)
        by_name[drill.name] = drill
    return list(by_name.values())


def stage(scenario: Scenario, run: Callable[[Step], None], student: str | None = None) -> None:
    """A new cluster in the store, with the setup played up to where the student takes over.

    ``run`` runs one setup command (the caller owns the shell); the clock is moved to
    each step's instant before it runs. ``student`` (default: the shell's user) is added
    to the cluster's newcomer account so that they can submit.
    """
    from slurmsim.config import presets
    from slurmsim.config.errors import ConfigError

    spec = scenario.cluster
    try:
        state = presets.load_preset(
            spec.preset,
            EPOCH,
            extra_user=student or current_user(),
            conf=spec.conf,
            conf_extra=spec.conf_extra,
        )
    except ConfigError as e:
        raise files.DrillError(f"[cluster]: {e}") from None
    with Store.open() as store:
        store.initialize(state, force=True)
    for step in scenario.setup:
        _advance_to(Instant(EPOCH + step.at))
        run(step)
    _advance_to(Instant(EPOCH + scenario.begin))


def _advance_to(instant: Instant) -> None:
    from slurmsim.engine import failures

    with session(write=True) as s:
        if instant > s.state.now:
            s.events.extend(failures.advance(s.state, instant))


def start(drill: Drill, run: Callable[[Step], None], text: str) -> None:
    """``slurmsim drill start``: stage ``drill`` (whose file reads ``text``) and remember it."""
    stage(drill.scenario, run)
    with session(write=True) as s:
        record = {
            "name": drill.name,
            "source": drill.source,
            "text": text,
            "began": s.state.now,
            "first_event": len(s.tx.events()),
            "planned": _planned(s.state),
            "hints": 0,
        }
        s.tx.set_meta(_META, json.dumps(record, sort_keys=True))


def _planned(state: ClusterState) -> dict[int, Instant]:
    """The planned start of each pending job that has one."""
    return {
        job.job_id: job.start_time
        for job in state.jobs.values()
        if job.state is JobState.PENDING and job.start_time is not None
    }


@dataclass(frozen=True, slots=True)
class Active:
    """The drill in progress and what was true when the student took over."""

    drill: Drill
    #: The drill file's text as it was when the drill started (``reset`` starts it again).
    text: str
    began: Instant
    first_event: int
    planned: dict[int, Instant]
    hints_shown: int


def active() -> Active | None:
    """The drill in progress in the store, or None."""
    with session(write=False) as s:
        raw = s.tx.get_meta(_META)
    if raw is None:
        return None
    record = json.loads(raw)
    return Active(
        drill=files.load_drill(record["source"], record["text"]),
        text=record["text"],
        began=Instant(record["began"]),
        first_event=record["first_event"],
        planned={int(k): Instant(v) for k, v in record["planned"].items()},
        hints_shown=record["hints"],
    )


def text_of(drill: Drill) -> str:
    """The file text of a drill found by ``catalogue`` (kept with the drill when it starts)."""
    if drill.source.endswith(".toml") and Path(drill.source).is_file():
        return Path(drill.source).read_text()
    return dict(files.shipped())[drill.source]


def next_hint() -> tuple[int, str] | None:
    """The next hint of the drill in progress (1-based number, text); None when none is left."""
    with session(write=True) as s:
        raw = s.tx.get_meta(_META)
        if raw is None:
            return None
        record = json.loads(raw)
        hints = files.load_drill(record["source"], record["text"]).hints
        if not hints:
            return None
        shown = min(record["hints"] + 1, len(hints))
        record["hints"] = shown
        s.tx.set_meta(_META, json.dumps(record, sort_keys=True))
        return shown, hints[shown - 1]


def observe(
    *,
    began: Instant = EPOCH,
    first_event: int = 0,
    planned: dict[int, Instant] | None = None,
    submitted: tuple[int, ...] = (),
    refused: tuple[tuple[str, str], ...] = (),
    lints: tuple[tuple[str, tuple[Finding, ...]], ...] = (),
) -> Observation:
    """The cluster as the checks see it: every job, live or purged, and the event log."""
    with session(write=True) as s:  # writing: let the engine catch up to the clock first
        state = s.state
        events = (*s.tx.events(), *s.events)
        history = {job.job_id: job for job in (*s.tx.load_history(), *state.purged)}
        history.update(state.jobs)
    return Observation(
        now=state.now,
        origin=EPOCH,
        began=began,
        jobs=tuple(history[k] for k in sorted(history)),
        nodes=state.nodes,
        reservations=tuple(state.reservations.values()),
        events=events,
        first_event=first_event,
        planned=planned or {},
        submitted=submitted,
        refused=refused,
        lints=lints,
    )


def check_active(current: Active) -> list[tuple[str, Verdict]]:
    """Each check of the drill in progress, as a sentence, with its verdict."""
    seen = observe(began=current.began, first_event=current.first_event, planned=current.planned)
    return [(c.says(), c.judge(seen)) for c in current.drill.checks]


@contextmanager
def scratch_store() -> Iterator[str]:
    """Point ``$SLURMSIM_DB`` at a new store in a temporary folder while the block runs;
    the block is given the folder."""
    saved = os.environ.get("SLURMSIM_DB")
    with tempfile.TemporaryDirectory(prefix="slurmsim-grade-") as folder:
        os.environ["SLURMSIM_DB"] = os.path.join(folder, "cluster.db")
        try:
            yield folder
        finally:
            if saved is None:
                os.environ.pop("SLURMSIM_DB", None)
            else:
                os.environ["SLURMSIM_DB"] = saved


#: Submits one script as the rubric's user with extra sbatch options before it: its
#: job id, or None and sbatch's message.
Submit = Callable[[str, Sequence[str]], tuple[int | None, str]]


def grade(
    rubric: Rubric,
    scripts: Sequence[str],
    run: Callable[[Step], None],
    submit: Submit,
    options: Sequence[Opt] = (),
) -> Report:
    """``slurmsim grade``: on a scratch cluster, stage the rubric's scenario, submit each
    script, move the clock on by the rubric's ``advance`` and score its criteria. The
    user's store is untouched. Raises ``DrillError`` for a cluster that cannot be built.
    With an ``[execute]`` table each script also runs for
    real, alone, on a throwaway copy of the cluster (``scratch_run``).

    ``options`` is sbatch's getopt table, which the lint reads the directives with."""
    from slurmsim.api.cluster import advance_clock

    with scratch_store():
        stage(rubric.scenario, run, rubric.user)
        with session(write=False) as s:
            began, first_event = s.state.now, len(s.tx.events())
            planned = _planned(s.state)
            site = _site(s.state)
        baseline = _without_scripts(Instant(began + rubric.advance))
        lints = tuple((script, tuple(_lint(script, options, site))) for script in scripts)
        submitted: list[tuple[str, int]] = []
        refused: list[tuple[str, str]] = []
        for script in scripts:
            job_id, message = submit(script, ())
            if job_id is None:
                refused.append((script, message))
            else:
                submitted.append((script, job_id))
        advance_clock(by=rubric.advance)
        seen = observe(
            began=began,
            first_event=first_event,
            planned=planned,
            submitted=tuple(job_id for _, job_id in submitted),
            refused=tuple(refused),
            lints=lints,
        )
    runs = _runs(rubric, scripts, run, submit)
    seen = dataclasses.replace(seen, script_jobs=tuple(submitted), baseline=baseline, runs=runs)
    return grading.score(rubric, tuple(scripts), seen)


def _without_scripts(until: Instant) -> dict[int, Instant | None]:
    """When each pending job would first start by ``until`` if no script were submitted:
    the engine plays the staged cluster on in memory, and nothing is saved."""
    from slurmsim.engine import failures

    with session(write=False) as s:
        waiting = sorted(j.job_id for j in s.state.jobs.values() if j.state is JobState.PENDING)
        events = failures.advance(s.state, until)
    starts: dict[int, Instant | None] = dict.fromkeys(waiting)
    for event in events:
        if event.kind == "job_start" and event.job_id in starts and starts[event.job_id] is None:
            starts[event.job_id] = event.time
    return starts


def _runs(
    rubric: Rubric, scripts: Sequence[str], run: Callable[[Step], None], submit: Submit
) -> tuple[tuple[str, Run], ...]:
    """Each script run for real, when the rubric has an ``[execute]`` table."""
    if rubric.execution is None:
        return ()
    from slurmsim.api import scratch_run

    limits = rubric.execution
    cluster = dataclasses.replace(rubric.scenario, setup=(), begin=Seconds(0))

    def bare_cluster() -> None:  # the scenario's cluster, none of its workload
        stage(cluster, run, rubric.user)

    return tuple(
        (script, scratch_run.execute(script, bare_cluster, submit, limits)) for script in scripts
    )


def _site(state: ClusterState) -> Site:
    """What the lint needs to know of the cluster the scripts are graded on."""
    default = next((p.name for p in state.partitions.values() if p.default), None)
    gpus = max((n.config.gres_count() for n in state.nodes.values()), default=0)
    parts = state.partitions.values()
    return Site(
        {p.name: p.max_time for p in parts},
        default,
        gpus,
        {p.name: p.default_time for p in parts},
    )


def _lint(script: str, options: Sequence[Opt], site: Site) -> list[Finding]:
    """The lint's findings on one script file (none when it cannot be read: sbatch says why)."""
    try:
        text = Path(script).read_text(errors="replace")
    except OSError:
        return []
    return lint(text, options, site)
