"""The simple commands a batch script would run, in order, as its shell would meet them.

A simulated script is not executed, so its time and its steps are read off its
commands (``parse.simulated``). Real scripts wrap those commands in the shell's
compound commands, and this module lays them out flat, one ``Command`` after the
other:

* ``if``/``elif``/``else``, ``while``/``until``, ``case`` and ``{ }`` are structure,
  not commands. Every branch is read (nobody can tell which a test takes); a loop's
  body runs once, except ``for`` over a list the script spells out (words,
  ``{1..8}``, ``$(seq 4)``, ``"$@"``, ``for ((i=0; i<4; i++))``), which runs it once
  per item.
* A function's body runs where the function is called, not where it is defined.
* Every command is taken to succeed: what follows ``||`` does not run (but an ``exit``
  there is kept with the command before it, ``Command.or_exit``: an srun that fails
  ends the script with it), and an ``exit`` under a condition (in a branch, a loop, or
  after ``[ ... ] &&``) does not end the script.
* Commands in a condition (``if``, ``while``, ``until``, ``!``) are out of ``set -e``'s
  reach, as bash has it (``Command.condition``).
* Here-documents are data, a command substitution (``$(...)``, backquotes) is taken to
  be quick, ``$((...))`` of numbers is worked out, and a command goes on over
  backslash-newlines and over lines inside quotes.
"""

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice, pairwise

#: Most commands a script is laid out to (a loop of thousands of sruns is cut there).
MAX_COMMANDS = 10_000
#: What stands for a command substitution's output: a word taken to come at once.
SUBSTITUTED = "$(...)"
#: ``Command.or_exit`` of a bare ``exit``: the status of the command that failed.
OWN_STATUS = -1


@dataclass(slots=True)
class Command:
    """One simple command: its words, whether ``&`` sends it to the background, the
    separator after it (``;`` at a line's end), whether it is in a condition (``set -e``
    spares it), whether it runs only under a condition nobody can evaluate (an ``exit``
    there is not taken), and the status the script exits with if it fails (``|| exit
    N``; ``OWN_STATUS`` for a bare ``exit``; None: nothing follows on failure)."""

    words: list[str]
    background: bool = False
    follows: str = ";"
    condition: bool = False
    guarded: bool = False
    or_exit: int | None = None
    #: The loop variables' values to put in (see ``_bind``), innermost loop first.
    bound: list[tuple[str, str]] = field(default_factory=list, repr=False)


def script_commands(script: str, args: tuple[str, ...] = ()) -> list[Command]:
    """The commands of ``script`` as its shell would run them (see the module docstring);
    ``args`` are the script's arguments (``for x; do`` and ``"$@"`` go over them)."""
    reader = _Reader(args)
    for words, background, follows in _simple_commands(script):
        reader.read(words, background, follows)
    return reader.finish()


# -- lines and words --------------------------------------------------------------------

#: What separates simple commands (``sleep 4; exit 3``, ``cd x && date``, ``a | b``).
_SEPARATORS = frozenset({";", "&&", "||", "&", "|", ";;"})


def _simple_commands(script: str) -> Iterator[tuple[list[str], bool, str]]:
    """Each simple command as words (quotes removed, comments dropped), with whether it
    runs in the background and the separator after it (``;`` at a line's end)."""
    for line in _logical_lines(script):
        try:
            words = _lex(line)
        except ValueError:
            yield line.split(), False, ";"  # the shell's quoting cannot be read: one command
            continue
        command: list[str] = []
        for word in words:
            if word in _SEPARATORS:
                if command:
                    yield command, word == "&", ";" if word == ";;" else word
                command = []
            else:
                command.append(word)
        if command:
            yield command, False, ";"


def _lex(line: str) -> list[str]:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>")  # redirections whole
    lexer.whitespace_split = True
    return list(lexer)


def _logical_lines(script: str) -> Iterator[str]:
    """The script's lines with continuations joined (a trailing backslash, an open quote),
    substitutions made into words, and here-documents and comment lines left out."""
    lines = iter(script.splitlines())
    for first in lines:
        line = first
        while True:
            if line.endswith("\\") and not line.endswith("\\\\"):
                line = line[:-1] + next(lines, "")
                continue
            if _open_quote(_substituted(line)):
                more = next(lines, None)
                if more is not None:
                    line += "\n" + more
                    continue
            break
        stripped = _substituted(line).strip()
        if not stripped or stripped.startswith("#"):
            continue
        yield stripped
        for end in _heredoc_ends(stripped):
            for body in lines:  # the document is data up to its end word
                if body.strip() == end:
                    break


def _open_quote(line: str) -> bool:
    try:
        _lex(line)
    except ValueError as e:
        return "quotation" in str(e)
    return False


def _heredoc_ends(line: str) -> list[str]:
    """The end words of the here-documents ``line`` opens (``<<EOF``, ``<<-'EOF'``; not a
    here-string, ``<<<``), in order."""
    try:
        words = _lex(line)
    except ValueError:
        return []
    return [
        end.removeprefix("-")
        for token, end in pairwise(words)
        if token == "<<" and end.removeprefix("-")
    ]


def _substituted(line: str) -> str:
    """``line`` with each ``$(...)`` and backquoted command made one word (taken to be
    quick), ``$((...))`` of numbers worked out, and ``((...))`` made one word (a loop's
    count, for ``for ((...))``)."""
    out: list[str] = []
    i, n, quote = 0, len(line), ""
    while i < n:
        c = line[i]
        if quote == "'":
            quote = "" if c == "'" else quote
        elif c == "\\":
            out.append(line[i : i + 2])
            i += 2
            continue
        elif c == "'" and not quote:
            quote = "'"
        elif c == '"':
            quote = "" if quote else '"'
        elif c == "`":
            end = line.find("`", i + 1)
            if end > 0:
                out.append(SUBSTITUTED)
                i = end + 1
                continue
        elif c == "$" and line.startswith("(", i + 1):
            end = _closing(line, i + 1)
            if end > 0:
                inner = line[i + 2 : end]
                arithmetic = inner.startswith("(") and inner.endswith(")")
                out.append(_arithmetic(inner[1:-1]) if arithmetic else _seq_range(inner))
                i = end + 1
                continue
        elif c == "(" and line.startswith("((", i) and not quote:
            end = _closing(line, i)
            if end > 0 and line[end - 1] == ")":
                out.append(f"(({_loop_count(line[i + 2 : end - 1])}))")
                i = end + 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


def _closing(line: str, at: int) -> int:
    """Where the parenthesis opened at ``line[at]`` closes (-1: not on this line)."""
    depth, quote = 0, ""
    for i in range(at, len(line)):
        c = line[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


#: Largest value ``$((...))`` is worked out to (beyond, it is left unread).
_LARGEST = 10**12


def _arithmetic(expression: str) -> str:
    """``$((expression))``'s value when it is made of numbers (``+ - * / %`` and
    parentheses, as the shell reckons on integers), else a word that is no number."""
    tokens = re.findall(r"\d+|\S", expression)
    try:
        value, end = _sum(tokens, 0)
    except (IndexError, ValueError, ZeroDivisionError, RecursionError):
        return SUBSTITUTED
    return str(value) if end == len(tokens) else SUBSTITUTED


def _sum(tokens: list[str], i: int) -> tuple[int, int]:
    value, i = _product(tokens, i)
    while i < len(tokens) and tokens[i] in ("+", "-"):
        right, j = _product(tokens, i + 1)
        value, i = (value + right if tokens[i] == "+" else value - right), j
    return _checked(value), i


def _product(tokens: list[str], i: int) -> tuple[int, int]:
    value, i = _unary(tokens, i)
    while i < len(tokens) and tokens[i] in ("*", "/", "%"):
        right, j = _unary(tokens, i + 1)
        if tokens[i] == "*":
            value = _checked(value * right)
        else:  # the shell's division truncates toward zero, and its remainder follows it
            quotient = abs(value) // abs(right) * (1 if (value < 0) == (right < 0) else -1)
            value = quotient if tokens[i] == "/" else value - quotient * right
        i = j
    return value, i


def _unary(tokens: list[str], i: int) -> tuple[int, int]:
    token = tokens[i]
    if token in ("+", "-"):
        value, i = _unary(tokens, i + 1)
        return (-value if token == "-" else value), i
    if token == "(":
        value, i = _sum(tokens, i + 1)
        if tokens[i] != ")":
            raise ValueError("unbalanced")
        return value, i + 1
    if token.isdigit():
        return _checked(int(token)), i + 1
    raise ValueError("not a number")


def _checked(value: int) -> int:
    if abs(value) > _LARGEST:
        raise ValueError("too large")
    return value


#: ``$(seq ...)`` of numbers (patterns only loops use are compiled on first use, by ``re``).
_SEQ = r"\s*seq\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?\s*"


def _seq_range(command: str) -> str:
    """A command substitution's word: ``$(seq ...)`` of numbers as the range it prints
    (``{2..8..2}``, which ``for`` reads), any other as ``SUBSTITUTED``."""
    m = re.fullmatch(_SEQ, command, re.ASCII)
    if not m:
        return SUBSTITUTED
    numbers = [int(g) for g in m.groups() if g is not None]
    if len(numbers) == 1:
        first, step, last = 1, 1, numbers[0]
    elif len(numbers) == 2:
        first, step, last = numbers[0], 1, numbers[1]
    else:
        first, step, last = numbers
    if step <= 0 or first > last:
        return ""  # seq prints nothing: no words
    return f"{{{first}..{last}..{step}}}"  # bash's own range, which ``for`` reads


#: ``for ((i=0; i<4; i++))``'s header, counting up by one.
_COUNTED = (
    r"\s*(\w+)\s*=\s*(\d+)\s*;\s*\1\s*(<=?)\s*(\d+)\s*;\s*(?:\1\s*\+\+|\+\+\s*\1|\1\s*\+=\s*1)\s*"
)


def _loop_count(header: str) -> str:
    """``for ((header))`` as one word: ``i={0..3}`` when it counts up by one between
    numbers (``i=0; i<4; i++``), ``?`` otherwise."""
    m = re.fullmatch(_COUNTED, header, re.ASCII)
    if not m:
        return "?"
    low, high = int(m.group(2)), int(m.group(4)) - (m.group(3) == "<")
    return f"{m.group(1)}={{{low}..{high}}}" if high >= low else f"{m.group(1)}="


# -- structure --------------------------------------------------------------------------

#: Words that begin a command and are structure only: what follows them is the command.
_PREFIXES = frozenset({"then", "else", "do"})
#: Words that end a compound command (what follows them is redirections).
_CLOSERS = {"fi": "if", "done": "loop", "esac": "case", "}": "group"}
_FUNCTION = re.compile(r"^([A-Za-z_][\w.:-]*)\(\)$", re.ASCII)
_RANGE = re.compile(r"^\{(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?\}$", re.ASCII)
_COUNTED_WORD = re.compile(r"^\(\((\w+)=(.*)\)\)$", re.ASCII)
_TESTS = frozenset({"[", "[[", "test"})


@dataclass(slots=True)
class _Frame:
    """A compound command being read: what kind, where its commands go (a function's
    to its own list), where its commands began there, what a loop's variable takes,
    and whether its commands run under a condition, or not at all (after ``||``)."""

    kind: str
    out: list[Command]
    start: int
    var: str = ""  # a ``for`` loop's variable
    values: list[str] | None = None  # what it takes, round by round, when known
    guarded: bool = False
    skipped: bool = False
    condition: bool = False  # reading the condition of an if/while/until
    name: str = ""  # a function's
    left: Command | None = None  # a skipped group's: the command it is the ``||`` of
    last_exit: int | None = None  # a skipped group's: the exit status it ends with
    awaiting_brace: bool = False  # a function's header seen, its ``{`` not yet


@dataclass(slots=True)
class _Reader:
    """Reads simple commands one by one into ``top``, the script laid out flat: the
    compound commands open around the one being read (``frames``), the functions
    defined so far, and what the last separator says of the next command."""

    args: tuple[str, ...]
    top: list[Command] = field(default_factory=list)
    frames: list[_Frame] = field(default_factory=list)
    functions: dict[str, list[Command]] = field(default_factory=dict)
    #: The command an ``||`` follows, until the first command after it is read.
    failing: Command | None = None
    skip_next: bool = False  # what comes after ``||`` does not run
    guard_next: bool = False  # what comes after ``[ ... ] &&`` may not run
    cut: bool = False  # MAX_COMMANDS was reached
    subshells: int = 0  # ``( ... )`` open: an ``exit`` in one leaves only it

    def read(self, words: list[str], background: bool, follows: str) -> None:
        skipped, guarded = self.skip_next, self.guard_next
        # ``a || b | c`` leaves the whole pipeline out, ``a || b || c`` every alternative.
        self.skip_next = skipped and follows in ("|", "||")
        self.guard_next = guarded and follows in ("|", "&&")
        negated = False
        while words:
            word, frame = words[0], self._frame()
            if frame is not None and frame.awaiting_brace and word == "{":
                frame.awaiting_brace = False
                words = words[1:]
            elif word == "!":
                negated, words = True, words[1:]
            elif word in ("if", "while", "until"):
                kind = "if" if word == "if" else "loop"
                self._open(kind, skipped, guarded).condition = True
                skipped = guarded = False  # the compound as a whole was judged
                words = words[1:]
            elif word == "elif" and frame is not None:
                frame.condition, words = True, words[1:]
            elif word in _PREFIXES and frame is not None:
                frame.condition, words = False, words[1:]
            elif word in ("for", "select"):
                loop = self._open("loop", skipped, guarded)
                loop.var, loop.values = _loop_values(word, words, self.args)
                return
            elif word == "case":
                self._open("case", skipped, guarded)
                words = words[3:] if len(words) > 2 and words[2] == "in" else []
            elif word == "{":
                self._open("group", skipped, guarded)
                skipped = guarded = False
                words = words[1:]
            elif word in _CLOSERS:
                self._close(_CLOSERS[word], background)
                self.skip_next = follows == "||" and not skipped  # ``done || exit 1``
                return  # the rest are redirections
            elif (name := _function_name(words)) is not None:
                self._define(name, words, follows)
                return
            elif frame is not None and frame.kind == "case" and _is_pattern(word):
                words = words[1:]  # a case arm's pattern
            elif frame is not None and frame.kind == "case" and len(words) == 1 and follows == "|":
                return  # one of a pattern's alternatives (``-h|--help)``)
            else:
                break
        if words:
            self._command(words, background, follows, negated, skipped, guarded)

    def _command(  # noqa: PLR0917 (what ``read`` found out about it)
        self,
        words: list[str],
        background: bool,
        follows: str,
        negated: bool,
        skipped: bool,
        guarded: bool,
    ) -> None:
        words = self._out_of_subshells(words)
        if not words:
            return
        frame = self._frame()
        name = words[0].rsplit("/", 1)[-1]
        exit_status = _exit_status(words) if name == "exit" else None
        called = self.functions.get(name)
        if exit_status is None and called and called[-1].words[0] == "exit":
            exit_status = _exit_status(called[-1].words)  # ``die() { ...; exit 1; }``
        failing, self.failing = self.failing, None
        if skipped or (frame is not None and frame.skipped):
            if skipped and failing is not None and exit_status is not None:
                failing.or_exit = exit_status  # ``srun ... || exit 3``
            self._skipped_at(frame, exit_status, skipped)
            return
        condition = negated or any(f.condition for f in self.frames)
        guarded = (
            guarded
            or self.subshells > 0
            or any(f.guarded or f.kind in ("if", "loop", "case") for f in self.frames)
        )
        if follows == "&&" and name in _TESTS:
            self.guard_next = True
        if called is not None:
            self._call(called, condition, guarded)
            command = None
        else:
            command = Command(words, background, follows, condition, guarded)
            self._put(command)
        if follows == "||":
            self.skip_next, self.failing = True, command

    def _out_of_subshells(self, words: list[str]) -> list[str]:
        """``words`` without the parentheses of subshells it opens or closes."""
        first = words[0]
        if first.startswith("(") and not first.startswith("(("):
            opened = len(first) - len(first.lstrip("("))
            self.subshells += opened
            words = [first[opened:], *words[1:]] if first[opened:] else words[1:]
        if words and self.subshells and words[-1].endswith(")"):
            last = words[-1]
            kept = last.rstrip(")")
            closed = min(self.subshells, len(last) - len(kept) - last.endswith(SUBSTITUTED))
            if closed > 0:
                self.subshells -= closed
                last = last[: len(last) - closed]
                words = [*words[:-1], last] if last else words[:-1]
        return words

    def _skipped_at(self, frame: "_Frame | None", exit_status: int | None, alone: bool) -> None:
        """A command that does not run: the status a skipped group ends with is noted."""
        if not alone and frame is not None and frame.kind == "group" and frame.skipped:
            frame.last_exit = exit_status

    def _call(self, body: list[Command], condition: bool, guarded: bool) -> None:
        for command in body:
            copy = _with(command, "", None)
            copy.condition = command.condition or condition
            copy.guarded = command.guarded or guarded
            self._put(copy)

    def _put(self, command: Command) -> None:
        if len(self.top) >= MAX_COMMANDS:
            self.cut = True
            return
        frame = self._frame()
        (self.top if frame is None else frame.out).append(command)

    def _open(self, kind: str, skipped: bool, guarded: bool) -> _Frame:
        parent = self._frame()
        out = self.top if parent is None else parent.out
        frame = _Frame(kind, out, len(out), guarded=guarded)
        frame.skipped = skipped or (parent is not None and parent.skipped)
        if skipped and kind == "group":
            frame.left, self.failing = self.failing, None
        self.frames.append(frame)
        return frame

    def _close(self, kind: str, background: bool = False) -> None:
        """End the innermost compound of ``kind`` (a ``}`` also ends a function), in the
        background with ``&`` (``while true; do nvidia-smi; sleep 60; done &``); a closing
        word with nothing open is passed over."""
        frame = self._frame()
        if frame is None or (frame.kind != kind and not (kind == "group" and frame.kind == "func")):
            return
        self.frames.pop()
        if background and frame.kind != "func":
            for command in frame.out[frame.start :]:
                command.background = True
        if frame.kind == "func":
            self.functions[frame.name] = frame.out
            return
        if frame.left is not None and frame.last_exit is not None:
            frame.left.or_exit = frame.last_exit  # ``srun ... || { echo failed; exit 2; }``
        if frame.kind == "loop" and not frame.skipped:
            self._repeat(frame)

    def _repeat(self, frame: _Frame) -> None:
        """A loop that goes round once per value it takes: its body once more each time
        (values nobody can tell: once; none: not at all)."""
        body = frame.out[frame.start :]
        count = 1 if frame.values is None else len(frame.values)
        if count == 0:
            del frame.out[frame.start :]
            return
        room = MAX_COMMANDS - len(self.top) if frame.out is self.top else MAX_COMMANDS
        more = count - 1
        if body and more * len(body) > room:
            more, self.cut = room // len(body), True
        values = frame.values or []
        for round_ in range(more + 1):
            value = values[round_] if round_ < len(values) else None
            copies = [_with(c, frame.var, value) for c in body]
            if round_ == 0:
                frame.out[frame.start :] = copies
            else:
                frame.out.extend(copies)

    def _define(self, name: str, words: list[str], follows: str) -> None:
        """A function's header: its body goes to a list of its own, run where it is called."""
        frame = _Frame("func", [], 0, name=name)
        frame.awaiting_brace = "{" not in words
        self.frames.append(frame)
        rest = words[words.index("{") + 1 :] if "{" in words else []
        if rest:
            self.read(rest, False, follows)

    def _frame(self) -> _Frame | None:
        return self.frames[-1] if self.frames else None

    def finish(self) -> list[Command]:
        while self.frames:  # a compound left open ends with the script
            self._close(self.frames[-1].kind)
        if self.cut:  # the rest of a loop too long to lay out: of a length nobody can tell
            self.top.append(Command(["..."]))
        for command in self.top:
            if command.bound:
                _bind(command)
        return self.top


def _loop_values(
    word: str, words: list[str], args: tuple[str, ...]
) -> tuple[str, list[str] | None]:
    """A ``for`` header's variable, and the values it takes when the script spells them
    out (None: nobody can tell; ``select`` asks)."""
    if word == "select" or len(words) < 2:
        return "", None
    if words[1].startswith("(("):  # ``for ((i=0; i<4; i++))``
        m = _COUNTED_WORD.match(words[1])
        if m is None:
            return "", None
        var, spelled = m.groups()
        return var, (_range_values(spelled) or []) if spelled else []
    var = words[1]
    if len(words) == 2:
        return var, list(args)  # ``for x; do``: over the script's arguments
    if words[2] != "in":
        return var, None
    values: list[str] = []
    for item in words[3:]:
        if item in ("$@", "${@}"):
            values.extend(args)
        elif (spelled := _range_values(item)) is not None:
            values.extend(spelled)
        elif any(c in item for c in "$*?[`"):
            return var, None  # a variable, a glob, a substitution: nobody can tell
        else:
            values.append(item)
        if len(values) > MAX_COMMANDS:
            break
    return var, values


def _range_values(word: str) -> list[str] | None:
    """The values of a brace range (``{1..8}``, ``{10..1..3}``), at most ``MAX_COMMANDS``+1."""
    m = _RANGE.match(word)
    if not m:
        return None
    first, last = int(m.group(1)), int(m.group(2))
    step = abs(int(m.group(3) or 1)) or 1
    step = step if last >= first else -step
    return [str(v) for v in islice(range(first, last + step, step), MAX_COMMANDS + 1)]


def _with(command: Command, var: str, value: str | None) -> Command:
    """A copy of ``command`` for one round of a loop that gives ``$var`` ``value`` (worked
    into its words at the end, with every loop's around it: ``$i$j``)."""
    bound = [*command.bound, (var, value)] if var and value is not None else command.bound
    return Command(
        list(command.words), command.background, command.follows, command.condition,
        command.guarded, command.or_exit, bound,
    )  # fmt: skip


def _bind(command: Command) -> None:
    """Put the loop variables' values into ``command``'s words (an inner loop's first)."""
    values = dict(reversed(command.bound))
    names = "|".join(map(re.escape, values))
    pattern = re.compile(r"\$(?:\{(" + names + r")\}|(" + names + r")(?!\w))")
    command.words = [
        pattern.sub(lambda m: values[m.group(1) or m.group(2)], w) if "$" in w else w
        for w in command.words
    ]
    command.bound = []


def _exit_status(words: list[str]) -> int | None:
    """The status ``exit`` ends the script with (``OWN_STATUS``: the last command's);
    None when it is not an ``exit`` the shell would take."""
    if len(words) == 1:
        return OWN_STATUS
    arg = words[1]
    if arg.isascii() and arg.isdigit():
        return int(arg) % 256
    return None


def _function_name(words: list[str]) -> str | None:
    """The name a function definition defines (``f() {``, ``f () {``, ``function f {``)."""
    if words[0] == "function" and len(words) > 1:
        return words[1].removesuffix("()")
    m = _FUNCTION.match(words[0])
    if m and (len(words) == 1 or words[1] == "{"):
        return m.group(1)
    if len(words) > 1 and words[1] == "()" and (len(words) == 2 or words[2] == "{"):
        return words[0]
    return None


def _is_pattern(word: str) -> bool:
    """Is ``word`` a case arm's pattern (``start)``, ``*)``)?"""
    return word.endswith(")") and not word.startswith(("$", "(("))
