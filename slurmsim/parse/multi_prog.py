"""srun's ``--multi-prog`` file: which command line each task of a step runs.

A line names task ranks (``0``, ``1-3``, ``0,2``, or ``*`` for every rank no line has
named, last), then the program and its arguments; ``#`` first on a line makes it a
comment, and a backslash ending a line continues it on the next. It is read twice, as
Slurm reads it. srun checks every line's ranks before it asks for anything
(``read_records``): a file that names a rank twice, a rank beyond the step's tasks, or
no line for some rank is refused, and no job or step is made. Each task's slurmstepd
then reads its own command line (``MultiProg.argv``), character by character from where
its line begins: words split at blanks, ``'...'`` quotes, a
backslash takes the next character as it is (a newline: nothing), ``%t`` is the task's
rank, ``%o`` its offset in its line's ranks, and any other ``%`` with its next character
is dropped, even a newline, which joins the next line on; a quote must end on its line.
Double quotes are ordinary characters. The oracle showed each of these, oddities included
(``tests/golden/multiprog``).
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from slurmsim.model.errors import SlurmError

#: One item of a rank list: a number (``-1`` is one, and is refused later) with what follows.
_ITEM = re.compile(r"(-?\d+)(.*)\Z", re.DOTALL)
_BLANKS = " \t"


class MultiProgError(SlurmError):
    """srun refuses the file: its ``error:`` lines, in order; nothing was made."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines[-1])
        self.lines = lines


@dataclass(frozen=True, slots=True)
class Record:
    """One line that gives ranks a command: its ranks in the order it lists them
    (None: ``*``) and where its text begins in the file."""

    ranks: tuple[int, ...] | None
    start: int


@dataclass(frozen=True, slots=True)
class MultiProg:
    """A checked file: what each rank runs, with srun's arguments after the file's name."""

    text: str
    records: tuple[Record, ...]
    extra: tuple[str, ...] = ()

    def argv(self, rank: int) -> list[str] | None:
        """The command line of task ``rank``; None when its line has no program
        (slurmstepd: ``No executable program specified for this task``)."""
        named = set[int]()
        for record in self.records:
            if record.ranks is None:
                if rank not in named:
                    return self._words(record.start, rank, rank)
            elif rank in record.ranks:
                return self._words(record.start, rank, record.ranks.index(rank))
            else:
                named.update(record.ranks)
        return None

    def _words(self, start: int, rank: int, offset: int) -> list[str] | None:
        words = _scan(self.text, start, str(rank), str(offset))
        if words is None or len(words) < 2:  # an open quote, or the ranks alone
            return None
        return words[1:] + list(self.extra)


def tasks_named(text: str) -> int:
    """How many tasks the file asks for when srun is not told (``-n``): one more than
    the highest rank it names, at least one."""
    highest = -1
    for _, words in _lines(text):
        if len(words) >= 2 and words[0] != "*":
            for item in words[0].split(","):
                ids = _item_ids(item)
                if isinstance(ids, tuple):
                    highest = max(highest, *ids)
    return highest + 1 if highest >= 0 else 1


def read_records(text: str, name: str, ntasks: int) -> tuple[tuple[Record, ...], list[str]]:
    """srun's check of the file ``name`` for a step of ``ntasks`` tasks: the lines that
    give ranks a command, and the warnings srun prints and goes on after (a rank list
    with an empty item). Raises ``MultiProgError`` when srun refuses the file."""
    records: list[Record] = []
    warnings: list[str] = []
    named: set[int] = set()
    star = False
    for (number, start), words in _lines(text):
        invalid = f"Line {number} of configuration file {name} invalid"
        if len(words) < 2:
            raise MultiProgError([invalid])
        if star:
            raise MultiProgError(["Task range specification with asterisk must be last", invalid])
        spec = words[0]
        if spec == "*":
            star = True
            records.append(Record(None, start))
            continue
        ranks = _ranks(spec, ntasks, warnings)
        if isinstance(ranks, str):
            raise MultiProgError([ranks, invalid])
        for rank in ranks:
            if rank in named:
                raise MultiProgError([f"Duplicate record for task {rank}", invalid])
            named.add(rank)
        records.append(Record(ranks, start))
    if not star:
        for rank in range(ntasks):
            if rank not in named:
                raise MultiProgError(
                    [f"Configuration file {name} invalid, no record for task id {rank}"]
                )
    return tuple(records), warnings


def _lines(text: str) -> Iterator[tuple[tuple[int, int], list[str]]]:
    """Each line that is not blank or a comment: (its first line's number, where it
    begins) and its words split at blanks, a line ending in a backslash joined to the
    next (whatever comes before the backslash: srun looks at the last character only)."""
    physical = text.split("\n")
    i = pos = 0
    while i < len(physical):
        number, start = i + 1, pos
        line = physical[i]
        pos += len(line) + 1
        i += 1
        while line.endswith("\\") and i < len(physical):
            line = line[:-1] + physical[i]
            pos += len(physical[i]) + 1
            i += 1
        words = line.split()
        if words and not words[0].startswith("#"):
            yield (number, start), words


def _ranks(spec: str, ntasks: int, warnings: list[str]) -> tuple[int, ...] | str:
    """The ranks of a rank list, in its order, or srun's error line."""
    items = spec.split(",")
    if "" in items:
        warnings.append(f"Invalid task range specification ({spec}) ignored.")
    ranks: list[int] = []
    for item in items:
        if not item:
            continue
        ids = _item_ids(item)
        if isinstance(ids, str):
            return ids
        low, high = ids
        if low > high:
            return f"Invalid task range, {low}-{high}"
        if low < 0:
            return f"Invalid task id, {low} < 0"
        if high >= ntasks:
            return f"Invalid task id, {high} >= ntasks"
        ranks.extend(range(low, high + 1))
    return tuple(ranks)


def _item_ids(item: str) -> tuple[int, int] | str:
    """An item's first and last rank, kept to 32 bits as Slurm keeps them (so
    ``4294967296`` is 0), or srun's error line."""
    match = _ITEM.match(item)
    if match is None:
        return f"Invalid task range specification ({item})"
    low, rest = _int32(int(match[1])), match[2]
    if not rest:
        return low, low
    if not rest.startswith("-"):
        return f"Invalid task range specification ({item})"
    high = rest[1:]
    if high and not re.fullmatch(r"-?\d+", high):
        return "Invalid task range specification"
    return low, _int32(int(high)) if high else 0


def _int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def _scan(text: str, pos: int, rank: str, offset: str) -> list[str] | None:
    """slurmstepd's reading of the words of the line at ``pos`` (its ranks first), up to
    the first newline nothing took; None when a quote is left open."""
    words: list[str] = []
    end = len(text)
    while True:
        while pos < end and text[pos] in _BLANKS:
            pos += 1
        if pos >= end or text[pos] == "\n":
            return words
        word: list[str] = []
        while pos < end and text[pos] not in " \t\n":
            c = text[pos]
            pos += 1
            if c == "'":
                close = text.find("'", pos)
                if close < 0 or "\n" in text[pos:close]:
                    return None  # a quote ends on its line
                word.append(text[pos:close])
                pos = close + 1
            elif c == "\\":
                if pos < end:
                    if text[pos] != "\n":
                        word.append(text[pos])
                    pos += 1
            elif c == "%":
                if pos < end:
                    word.append({"t": rank, "o": offset}.get(text[pos], ""))
                    pos += 1
            else:
                word.append(c)
        words.append("".join(word))
