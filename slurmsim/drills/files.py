"""Reading drill and rubric files (TOML) into ``model`` objects.

Every mistake in a file is a ``DrillError`` that names the file and the key, so
an instructor sees ``backfill.toml: check 2 (started_before): unknown key 'jobs'``
rather than a traceback. The format is described in docs/drills.md.
"""

import dataclasses
import tomllib
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, get_type_hints

from slurmsim.drills.checks import CHECKS, Lint, ScriptsAccepted, ScriptsStarted
from slurmsim.drills.model import (
    ClusterSpec,
    Criterion,
    Drill,
    Execution,
    Rubric,
    Scenario,
    Step,
)
from slurmsim.drills.observation import Check
from slurmsim.model.time import Seconds
from slurmsim.parse.durations import parse_interval
from slurmsim.parse.errors import ParseError

#: The environment variable naming more drill folders (``:``-separated).
DRILLS_ENV = "SLURMSIM_DRILLS"
_SUFFIX = ".toml"


#: Keys of a drill, rubric or scenario file that a setup step never has: written after
#: a ``[[setup]]`` they were meant for the file, and landed in the step.
_TOP_LEVEL = frozenset(
    ("begin", "title", "name", "task", "hints", "explanation", "solution", "wrong", "blocked",
     "drill", "advance", "pass_mark")
)  # fmt: skip
_MISPLACED = " (in TOML a key after [[setup]] belongs to it: write top-level keys first)"


class DrillError(Exception):
    """A drill or rubric file that cannot be used, with the reason in plain words."""


def shipped() -> Iterator[tuple[str, str]]:
    """(source, text) of each drill shipped with slurmsim, by file name."""
    folder = resources.files("slurmsim.drills")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(_SUFFIX):
            yield entry.name, entry.read_text()


def from_folders(folders: Sequence[Path]) -> Iterator[tuple[str, str]]:
    """(source, text) of each ``*.toml`` file in ``folders``, in order, by file name."""
    for folder in folders:
        if not folder.is_dir():
            raise DrillError(f"{folder}: no such drill folder")
        for path in sorted(folder.glob("*" + _SUFFIX)):
            yield str(path), path.read_text()


def _table(source: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DrillError(f"{source}: {e}") from None


def load_drill(source: str, text: str) -> Drill:
    """The drill a TOML text describes; raises ``DrillError``."""
    doc = _Doc(source, _table(source, text))
    drill = Drill(
        name=doc.text("name"),
        title=doc.text("title"),
        task=doc.text("task").strip(),
        scenario=_scenario(doc),
        checks=tuple(check(source, f"check {i}", t) for i, t in enumerate(doc.tables("check"), 1)),
        hints=tuple(doc.texts("hints")),
        explanation=doc.text("explanation").strip(),
        solution=tuple(doc.texts("solution")),
        wrong=tuple(doc.texts("wrong")),
        blocked=doc.text("blocked", "").strip(),
        source=source,
    )
    doc.done()
    if not drill.checks:
        raise DrillError(f"{source}: a drill needs at least one [[check]]")
    return drill


def load_rubric(source: str, text: str, drills: Sequence[Drill]) -> Rubric:
    """The rubric a TOML text describes (``drill = NAME`` borrows that drill's scenario)."""
    doc = _Doc(source, _table(source, text))
    borrowed = doc.text("drill", "")
    if borrowed:
        match = [d for d in drills if d.name == borrowed]
        if not match:
            raise DrillError(f"{source}: no drill named {borrowed!r}")
        scenario = match[0].scenario
    else:
        scenario = _scenario(doc)
    criteria = []
    for i, table in enumerate(doc.tables("criterion"), 1):
        where = f"criterion {i}"
        points = table.pop("points", None)
        if not isinstance(points, int) or points < 0:
            raise DrillError(f"{source}: {where}: 'points' must be a whole number of points")
        criteria.append(Criterion(check(source, where, table), points))
    rubric = Rubric(
        title=doc.text("title", "slurmsim grade"),
        scenario=scenario,
        user=doc.text("user", "student"),
        advance=doc.duration("advance", "4h"),
        criteria=tuple(criteria),
        pass_mark=doc.number("pass_mark", 0),
        execution=_execution(doc),
    )
    doc.done()
    if not criteria:
        raise DrillError(f"{source}: a rubric needs at least one [[criterion]]")
    if rubric.execution is None and any(c.check.kind == "scripts_ran" for c in criteria):
        raise DrillError(f"{source}: a 'scripts_ran' criterion needs an [execute] table")
    return rubric


def load_scenario(source: str, text: str) -> Scenario:
    """The scenario a TOML text describes (``slurmsim grade --scenario``): a drill's
    ``[cluster]``, ``[[setup]]`` and ``begin``, and an optional ``title``."""
    doc = _Doc(source, _table(source, text))
    title = doc.text("title", "")
    scenario = dataclasses.replace(_scenario(doc), title=title)
    doc.done()
    return scenario


def _execution(doc: "_Doc") -> Execution | None:
    """The ``[execute]`` table of a rubric, or None when it has none."""
    if "execute" not in doc:
        return None
    table = doc.sub("execute")
    limit = table.duration("limit", "1m")
    tail = table.number("tail", 10)
    table.done()
    if limit <= 0:
        raise DrillError(f"{table.source}: 'limit' must be longer than 0s")
    if tail < 0:
        raise DrillError(f"{table.source}: 'tail' must not be negative")
    return Execution(limit, tail)


def default_rubric() -> Rubric:
    """Without a rubric: the lint finds nothing, each script is accepted, and its job
    starts within a day."""
    return Rubric(
        title="default: the scripts pass the lint, are accepted and their jobs start",
        scenario=Scenario(ClusterSpec(), (), Seconds(0)),
        user="student",
        advance=Seconds(86400),
        criteria=(
            Criterion(Lint(), 20),
            Criterion(ScriptsAccepted(), 40),
            Criterion(ScriptsStarted(within=Seconds(86400)), 40),
        ),
        pass_mark=100,
    )


def check(source: str, where: str, table: dict[str, Any]) -> Check:
    """One check from its table: ``kind`` picks the class, the other keys are its fields."""
    kind = table.pop("kind", None)
    if kind not in CHECKS:
        known = ", ".join(sorted(CHECKS))
        raise DrillError(f"{source}: {where}: 'kind' must be one of {known}")
    cls = CHECKS[kind]
    where = f"{where} ({kind})"
    hints = get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]  # checks are dataclasses
    values: dict[str, Any] = {}
    for key, value in table.items():
        name = key + "_" if key + "_" in fields else key  # 'is' is a keyword in Python
        if name not in fields:
            raise DrillError(f"{source}: {where}: unknown key {key!r}")
        values[name] = _coerce(source, f"{where}: {key!r}", hints[name], value)
    missing = [n for n, f in fields.items() if f.default is dataclasses.MISSING and n not in values]
    if missing:
        raise DrillError(
            f"{source}: {where}: missing {', '.join(repr(m.rstrip('_')) for m in missing)}"
        )
    return cls(**values)


def _coerce(source: str, where: str, hint: object, value: object) -> object:
    if hint is Seconds:
        if isinstance(value, str):
            try:
                return Seconds(parse_interval(value))
            except ParseError:
                pass
        raise DrillError(f'{source}: {where} must be a duration such as "30m" or "2h"')
    if hint == tuple[str, ...]:
        words = [value] if isinstance(value, str) else value
        if isinstance(words, list) and all(isinstance(w, str) for w in words):
            return tuple(words)
        raise DrillError(f"{source}: {where} must be a word or a list of words")
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)  # TOML writes 2 for 2.0
    wanted: type = bool if hint == bool | None else hint if isinstance(hint, type) else object
    if isinstance(value, wanted) and not (wanted is int and isinstance(value, bool)):
        return value
    raise DrillError(f"{source}: {where} must be a {wanted.__name__}")


def _scenario(doc: "_Doc") -> Scenario:
    cluster = doc.sub("cluster")
    spec = ClusterSpec(
        preset=cluster.text("preset", "dgx-h100-4"),
        conf=cluster.text("conf", "") or None,
        conf_extra=cluster.text("conf_extra", ""),
    )
    cluster.done()
    steps = []
    for i, table in enumerate(doc.tables("setup"), 1):
        step = _Doc(f"{doc.source}: setup {i}", table)
        steps.append(Step(step.duration("at", "0s"), step.text("user", "root"), step.text("run")))
        misplaced = any(key in step for key in _TOP_LEVEL)
        step.done(_MISPLACED if misplaced else "")
    steps.sort(key=lambda s: s.at)  # stable: steps at one instant keep the file's order
    last = steps[-1].at if steps else 0
    begin = doc.duration("begin", f"{last + 60}s")
    if begin < last:
        raise DrillError(f"{doc.source}: 'begin' comes before the last setup step")
    return Scenario(spec, tuple(steps), begin)


class _Doc:
    """A TOML table read key by key; ``done()`` refuses the keys nobody asked for."""

    def __init__(self, source: str, table: dict[str, Any]) -> None:
        self.source = source
        self._table = dict(table)

    def __contains__(self, key: str) -> bool:
        return key in self._table

    def _take(self, key: str, default: object) -> object:
        if key in self._table:
            return self._table.pop(key)
        if default is None:
            raise DrillError(f"{self.source}: missing {key!r}")
        return default

    def text(self, key: str, default: str | None = None) -> str:
        value = self._take(key, default)
        if not isinstance(value, str):
            raise DrillError(f"{self.source}: {key!r} must be text")
        return value

    def number(self, key: str, default: int) -> int:
        value = self._take(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise DrillError(f"{self.source}: {key!r} must be a whole number")
        return value

    def duration(self, key: str, default: str) -> Seconds:
        value = self.text(key, default)
        try:
            return Seconds(parse_interval(value))
        except ParseError:
            raise DrillError(f'{self.source}: {key!r} must be a duration such as "30m"') from None

    def texts(self, key: str) -> list[str]:
        value = self._take(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DrillError(f"{self.source}: {key!r} must be a list of text")
        return value

    def tables(self, key: str) -> list[dict[str, Any]]:
        value = self._take(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise DrillError(f"{self.source}: {key!r} must be written [[{key}]]")
        return [dict(v) for v in value]

    def sub(self, key: str) -> "_Doc":
        value = self._take(key, {})
        if not isinstance(value, dict):
            raise DrillError(f"{self.source}: {key!r} must be written [{key}]")
        return _Doc(f"{self.source}: [{key}]", value)

    def done(self, hint: str = "") -> None:
        if self._table:
            raise DrillError(f"{self.source}: unknown key {next(iter(self._table))!r}{hint}")
