"""srun's ``--cpu-bind`` value, checked as srun checks it before it asks for anything.

slurmsim's clusters bind no tasks (``TaskPlugin=task/none``), so srun only validates
the words: the first word other than ``help`` notes once that the cluster cannot bind,
``help`` says that binding is not supported, and the first bad word ends the check.
"""

from typing import Literal, NamedTuple

#: What srun notes (at info level) the first time it reads a binding word.
NO_BINDING = "cluster configuration lacks support for cpu binding"
#: What ``--cpu-bind=help`` prints (standard output) where tasks cannot be bound.
HELP = "CPU bind options not supported with current configuration"

_WORDS = frozenset(
    ["q", "quiet", "v", "verbose", "one_thread", "no", "none", "rank", "rank_ldom",
     "socket", "sockets", "core", "cores", "thread", "threads", "ldom", "ldoms"]
)  # fmt: skip
#: Words that take a list, by the prefixes srun accepts for them (longest first).
_LISTS = (
    ("mask_ldom", "mask_ldom"), ("maskldom", "mask_ldom"), ("map_ldom", "map_ldom"),
    ("mapldom", "map_ldom"), ("mask_cpu", "mask_cpu"), ("maskcpu", "mask_cpu"),
    ("map_cpu", "map_cpu"), ("mapcpu", "map_cpu"),
)  # fmt: skip
_DIGITS = frozenset("0123456789")  # C's isdigit: ASCII only
_HEX = frozenset("0123456789abcdefABCDEF")
_LONG_MAX = 2**63 - 1  # strtol's overflow value, refused like a zero


class CpuBindCheck(NamedTuple):
    """The lines srun prints for a ``--cpu-bind`` value, each ``(level, text)`` with level
    ``info`` or ``error``, and what follows: go on, stop after the help, or fail."""

    lines: tuple[tuple[Literal["info", "error"], str], ...]
    outcome: Literal["ok", "help", "invalid"]


def check_cpu_bind(value: str) -> CpuBindCheck:
    """Check ``value`` word by word, as srun does on a cluster without task binding."""
    lines: list[tuple[Literal["info", "error"], str]] = []
    for word in _words(value):
        if word.lower() == "help":
            return CpuBindCheck(tuple(lines), "help")
        if not lines:
            lines.append(("info", NO_BINDING))
        problem = _problem(word)
        if problem is not None:
            lines.append(("error", problem))
            return CpuBindCheck(tuple(lines), "invalid")
    return CpuBindCheck(tuple(lines), "ok")


def _words(value: str) -> list[str]:
    """The words of ``value``: a comma splits it unless a number follows (``map_cpu:1,2``)."""
    chars = list(value)
    for i, c in enumerate(chars):
        if c == "," and not _starts_value(value, i + 1):
            chars[i] = ";"
    return "".join(chars).split(";")


def _starts_value(text: str, i: int) -> bool:
    """Whether ``text[i:]`` reads as a number: a digit first, or hex digits to a comma or
    the end (``c`` in ``map_cpu:a,c``, but not ``cores``)."""
    if i < len(text) and text[i] in _DIGITS:
        return True
    while i < len(text) and text[i] in _HEX:
        i += 1
    return i == len(text) or text[i] == ","


def _problem(word: str) -> str | None:
    """What srun says is wrong with one word, or None."""
    lowered = word.lower()
    if lowered in _WORDS:
        return None
    for prefix, kind in _LISTS:
        if lowered.startswith(prefix):
            parts = _split_colon_or_equals(word)
            listed = parts[1] if len(parts) > 1 else ""
            if not listed:
                return f'missing list for "--cpu-bind={kind}:<list>"'
            return _list_problem(listed, kind)
    return f'unrecognized --cpu-bind argument "{word}"'


def _split_colon_or_equals(word: str) -> list[str]:
    parts, start = [], 0
    for i, c in enumerate(word):
        if c in ":=":
            parts.append(word[start:i])
            start = i + 1
    parts.append(word[start:])
    return parts


def _list_problem(listed: str, kind: str) -> str | None:
    """What is wrong with a map or mask list (``1*4,2``: a value, times a repeat count)."""
    mask = kind.startswith("mask")
    for item in (i for i in listed.split(",") if i):
        value, star, times = (item[2:] if mask and item.startswith("0x") else item).partition("*")
        if star:
            bad = next((c for c in times if c not in _DIGITS), None)
            if bad is not None:
                return f"Failed to validate number: *{times}, the offending character is {bad}"
            if not times or not 0 < int(times) < _LONG_MAX:
                return f"Invalid {kind} multiplier: {times}"
        digits = _HEX if mask else _DIGITS
        bad = next((c for c in value if c not in digits), None)
        if bad is not None:
            return f"Failed to validate number: {value}, the offending character is {bad}"
    return None
