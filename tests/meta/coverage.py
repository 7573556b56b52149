"""Probing every option and subcommand of Slurm 22.05 against slurmsim's commands.

``surface.txt`` lists what Slurm's man pages name (scripts/extract-surface.py writes
it). Each entry is run in process on a fresh cluster; an entry is a *gap* when the
command answers that it does not know or support it. Every gap must be listed, with
the exact line slurmsim prints, in the table of docs/differences.md between the two
``coverage-gaps`` markers; scripts/update-coverage-table.py rewrites that table.
"""

import re
import signal
from dataclasses import dataclass
from pathlib import Path

from tests.clirunner import run_command

ROOT = Path(__file__).resolve().parents[2]
SURFACE = Path(__file__).with_name("surface.txt")
DIFFERENCES = ROOT / "docs" / "differences.md"
BEGIN = "<!-- coverage-gaps: begin (scripts/update-coverage-table.py) -->"
END = "<!-- coverage-gaps: end -->"
TABLE_HEAD = "| command | option or subcommand | what slurmsim answers |\n|---|---|---|\n"
#: "every option of the command not listed on its own" (a command that is a gap as a whole).
EVERY = "*"

#: What a command prints for an option or a word it does not know or does not support.
_GAP_MARKERS = (
    "not supported",
    "unrecognized option",
    "invalid option",
    "doesn't allow an argument",
    "requires an argument",
    "is ambiguous",
    "invalid keyword",
    "invalid entity",
    "No valid entity",
)

#: The arguments each command is probed with, around the option under test: enough for
#: the command to get past option parsing without side effects worth mentioning.
_AROUND: dict[str, tuple[list[str], list[str]]] = {
    "sbatch": (["--test-only"], ["--wrap=true"]),
    "srun": (["--test-only"], ["true"]),
    "salloc": (["--no-shell"], []),
    "scontrol": ([], ["ping"]),
    "sacctmgr": ([], ["show", "qos"]),
}

#: What a subcommand is probed with: sacctmgr's verbs need an entity to get past the
#: "No valid entity" answer that real sacctmgr also gives a bare verb.
_OBJECT = {"sacctmgr": ("qos",)}


@dataclass(frozen=True, order=True)
class Item:
    """One entry of the surface: an option (``--long``/``-s``) or a subcommand word."""

    command: str
    name: str  # "--account", "-A", "show config", "update", "add"
    argv: tuple[str, ...]


def surface() -> list[Item]:
    """Every probe the man pages call for, in file order."""
    items = []
    for line in SURFACE.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        command, kind, *rest = line.split()
        if kind == "option":
            items.extend(_option_items(command, *rest))
        elif kind == "command":
            items.append(Item(command, rest[0], (command, rest[0], *_OBJECT.get(command, ()))))
        elif kind == "entity":
            items.append(Item(command, f"show {rest[0]}", (command, "show", rest[0])))
    return items


def _option_items(command: str, long: str, short: str, arg: str) -> list[Item]:
    before, after = _AROUND.get(command, ([], []))
    found = []
    if long != "-":
        word = f"--{long}=1" if arg == "required" else f"--{long}"
        found.append(Item(command, f"--{long}", (command, *before, word, *after)))
    if short != "-":
        words = [f"-{short}", "1"] if arg == "required" else [f"-{short}"]
        found.append(Item(command, f"-{short}", (command, *before, *words, *after)))
    return found


class _Waiting(Exception):
    """salloc took the option and waits for a start that cannot come (``-w 1``)."""


def _stop_waiting(signum: int, frame: object) -> None:
    raise _Waiting


def answer(item: Item) -> str | None:
    """The line slurmsim prints when ``item`` is a gap, else None (it is implemented).

    salloc waits for its job to start, as Slurm's does; a probe that is still waiting
    after a few seconds got past option parsing, so the option is implemented.
    """
    previous = signal.signal(signal.SIGALRM, _stop_waiting)
    signal.alarm(5)
    try:
        result = run_command(list(item.argv))
    except _Waiting:
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    for line in result.err.splitlines():
        if any(marker in line for marker in _GAP_MARKERS):
            return line
    return None


@dataclass(frozen=True)
class Row:
    command: str
    name: str
    message: str

    def markdown(self) -> str:
        return f"| `{self.command}` | `{self.name}` | `{self.message}` |"


_ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \| `(.*)` \|$")


def listed() -> list[Row]:
    """The rows of the gap table in docs/differences.md."""
    text = DIFFERENCES.read_text()
    if BEGIN not in text or END not in text:
        return []
    body = text.split(BEGIN, 1)[1].split(END, 1)[0]
    return [Row(*m.groups()) for line in body.splitlines() if (m := _ROW.match(line))]


def gap_rows(gaps: dict[Item, str]) -> list[Row]:
    """The table for ``gaps``, in surface order. When most of a command's options answer
    with one line (a command not emulated as a whole), a ``*`` row stands for them."""
    rows: list[Row] = []
    by_command: dict[str, list[Item]] = {}
    for item in surface():
        by_command.setdefault(item.command, []).append(item)
    for command, items in by_command.items():
        options = [i for i in items if i.name.startswith("-")]
        messages = [gaps[i] for i in options if i in gaps]
        common = max(set(messages), key=messages.count) if messages else None
        starred = common is not None and messages.count(common) * 2 > len(options)
        if starred and common is not None:
            rows.append(Row(command, EVERY, common))
        for item in items:
            if item not in gaps or (starred and item.name.startswith("-") and gaps[item] == common):
                continue
            rows.append(Row(command, item.name, gaps[item]))
    return rows


def problems(gaps: dict[Item, str], rows: list[Row]) -> list[str]:
    """What is wrong with the table ``rows`` for the probed ``gaps``, one sentence each."""
    found = []
    items = {(i.command, i.name): i for i in surface()}
    every = {r.command: r.message for r in rows if r.name == EVERY}
    named = {(r.command, r.name): r.message for r in rows if r.name != EVERY}
    for item, message in gaps.items():
        mine = named.get((item.command, item.name))
        if mine is None and item.name.startswith("-"):
            mine = every.get(item.command)
        if mine != message:
            row = Row(item.command, item.name, message).markdown()
            found.append(f"not implemented and not listed: {row}")
    for command, name in named:
        item = items.get((command, name))
        if item is None:
            found.append(f"listed but not in Slurm's man pages: {command} {name}")
        elif item not in gaps:
            found.append(f"implemented now, remove its row: {command} {name}")
    for command, message in every.items():
        if not any(i.command == command and m == message for i, m in gaps.items()):
            found.append(f"no option of {command} answers {message!r} any more: remove the * row")
    return found


def table(rows: list[Row]) -> str:
    """The gap table as it stands between the markers."""
    return TABLE_HEAD + "".join(f"{r.markdown()}\n" for r in rows)
