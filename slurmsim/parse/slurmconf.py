"""slurm.conf: global options, node lines and partition lines (``Include`` followed)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_tree, transform

MAX_INCLUDE_DEPTH: Final = 16
"""Nested ``Include`` levels followed before giving up (a file including itself)."""

_CONTINUATION: Final = re.compile(r"\\\r?\n")
_ENTITIES: Final = {"nodename": "nodes", "partitionname": "partitions"}

Options = tuple[tuple[str, str], ...]


def _lookup(options: Options, key: str) -> str | None:
    """The last value of ``key`` (case-insensitive), or None."""
    wanted = key.casefold()
    for k, v in reversed(options):
        if k.casefold() == wanted:
            return v
    return None


@dataclass(frozen=True)
class ConfLine:
    """One ``NodeName=...`` or ``PartitionName=...`` line.

    ``name`` is the entity's value as written (a hostlist expression for nodes, not expanded);
    ``options`` are the other pairs as written, followed by the options inherited from earlier
    ``...=DEFAULT`` lines that this line does not set. ``line`` is 1-based in ``source``.
    """

    name: str
    options: Options
    source: str
    line: int

    def get(self, key: str) -> str | None:
        """The value of ``key``, compared case-insensitively as Slurm does."""
        return _lookup(self.options, key)


@dataclass(frozen=True)
class SlurmConf:
    """A parsed slurm.conf. ``options`` are the global ``Key=Value`` pairs in order, keys as
    written (lines other than node and partition lines, e.g. ``DownNodes=``, land here too)."""

    options: Options
    nodes: tuple[ConfLine, ...]
    partitions: tuple[ConfLine, ...]

    def get(self, key: str) -> str | None:
        """A global option's value (the last one wins), compared case-insensitively."""
        return _lookup(self.options, key)


class _Text:
    """The text with continuations joined, and the way back to original lines and columns."""

    def __init__(self, text: str):
        pieces: list[str] = []
        self.origin: list[int] = []  # joined offset -> original offset, per joined chunk start
        self.joined_starts: list[int] = []
        start = joined = 0
        for m in _CONTINUATION.finditer(text):
            self.joined_starts.append(joined)
            self.origin.append(start)
            pieces.append(text[start : m.start()])
            joined += m.start() - start
            start = m.end()
        self.joined_starts.append(joined)
        self.origin.append(start)
        pieces.append(text[start:])
        self.joined = "".join(pieces)
        if not self.joined.endswith("\n"):
            self.joined += "\n"
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def locate(self, joined_pos: int) -> tuple[int, int]:
        """(line, column), both 1-based, in the original text."""
        chunk = bisect.bisect_right(self.joined_starts, joined_pos) - 1
        pos = self.origin[chunk] + joined_pos - self.joined_starts[chunk]
        line = bisect.bisect_right(self.line_starts, pos)
        return line, pos - self.line_starts[line - 1] + 1


@dataclass
class _Collected:
    options: list[tuple[str, str]]
    entities: list[tuple[str, list[tuple[str, str]], str, int]]  # (entity key, pairs, src, line)


def _collect(
    text: str, source: str, include: Callable[[str], str] | None, depth: int, out: _Collected
) -> None:
    from slurmsim.parse.transformers.slurmconf import Include, SlurmConfTransformer  # lazy import

    joined = _Text(text)
    try:
        lines = transform(SlurmConfTransformer(), parse_tree("slurmconf", joined.joined, ""))
    except ParseError as exc:
        pos = exc.offset if exc.offset is not None else len(joined.joined) - 1
        line, col = joined.locate(pos)
        what = "unterminated quoted value" if joined.joined[pos : pos + 1] == '"' else None
        raise ParseError(
            f"{source}:{line}:{col}: {what or 'expected Key=Value'}", col, exc.context
        ) from None
    for raw in lines:
        if isinstance(raw, Include):
            line, col = joined.locate(raw.pos)
            where = f"{source}:{line}:{col}"
            if include is None:
                raise ParseError(f"{where}: Include {raw.path}: includes are not enabled", col)
            if depth >= MAX_INCLUDE_DEPTH:
                raise ParseError(f"{where}: Include {raw.path}: nested too deeply", col)
            try:
                included = include(raw.path)
            except (OSError, UnicodeError) as err:
                reason = getattr(err, "strerror", None) or str(err)
                raise ParseError(f"{where}: Include {raw.path}: {reason}", col) from None
            _collect(included, raw.path, include, depth + 1, out)
            continue
        pairs = [(p.key, p.value) for p in raw]
        entity = _ENTITIES.get(raw[0].key.casefold())
        if entity is None:
            out.options.extend(pairs)
        else:
            out.entities.append((entity, pairs, source, joined.locate(raw[0].pos)[0]))


def _resolve(collected: _Collected) -> SlurmConf:
    """Apply ``NodeName=DEFAULT`` / ``PartitionName=DEFAULT`` to the lines that follow them."""
    defaults: dict[str, dict[str, tuple[str, str]]] = {"nodes": {}, "partitions": {}}
    resolved: dict[str, list[ConfLine]] = {"nodes": [], "partitions": []}
    for entity, pairs, source, line in collected.entities:
        name = pairs[0][1]
        own = pairs[1:]
        if name.casefold() == "default":
            for key, value in own:
                defaults[entity][key.casefold()] = (key, value)
            continue
        written = {key.casefold() for key, _ in own}
        inherited = [kv for folded, kv in defaults[entity].items() if folded not in written]
        resolved[entity].append(ConfLine(name, tuple(own + inherited), source, line))
    return SlurmConf(
        tuple(collected.options), tuple(resolved["nodes"]), tuple(resolved["partitions"])
    )


def parse_slurm_conf(
    text: str, source: str = "slurm.conf", include: Callable[[str], str] | None = None
) -> SlurmConf:
    """Parse slurm.conf text.

    ``#`` starts a comment outside double quotes; a backslash at the end of a line joins the
    next one; keys are case-insensitive (kept as written); ``Include <path>`` lines are read
    through ``include(path) -> text`` and parsed in place (errors then name that path).
    ``NodeName=DEFAULT`` / ``PartitionName=DEFAULT`` lines give defaults to the lines after them.

    Raises ParseError naming file, line and column: ``slurm.conf:12:5: expected Key=Value``.
    """
    collected = _Collected([], [])
    _collect(text, source, include, 0, collected)
    return _resolve(collected)
