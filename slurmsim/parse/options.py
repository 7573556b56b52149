"""GNU ``getopt_long`` semantics for the Slurm commands (click cannot express them).

Long options take ``--opt=value`` or, when the argument is required, ``--opt value``; optional
arguments only come with ``=`` (or glued to a short option). Unique prefixes of long options are
accepted; an exact name wins over prefixes; prefixes that all mean the same option are not
ambiguous. Error texts are glibc's (2.26+), without the ``<prog>: `` prefix.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from slurmsim.parse.errors import OptionError

Pairs = list[tuple[str, str | None]]
#: Whether an option takes an argument.
Arg = Literal["none", "required", "optional"]


@dataclass(frozen=True)
class Opt:
    """One option: ``--long`` and/or ``-s``; ``key`` names it in the results (several table
    rows may share a key, e.g. ``--gres`` spelled two ways)."""

    long: str | None
    short: str | None
    arg: Arg
    key: str


def _find_long(name: str, table: Sequence[Opt], typed: str) -> Opt:
    """The option ``--name`` means (``typed`` is the argv word, for messages)."""
    matches = [opt for opt in table if opt.long is not None and opt.long.startswith(name)]
    for opt in matches:
        if opt.long == name:
            return opt
    if not matches:
        raise OptionError(f"unrecognized option '{typed}'")
    first = matches[0]
    clashing = [o for o in matches[1:] if (o.key, o.arg) != (first.key, first.arg)]
    if clashing:
        # glibc lists the first match and every match that differs from it, in table order.
        listed = [first, *clashing]
        names = " ".join(f"'--{o.long}'" for o in table if o in listed)
        raise OptionError(f"option '{typed}' is ambiguous; possibilities: {names}")
    return first


def _long(argv: list[str], i: int, table: Sequence[Opt], out: Pairs) -> int:
    """Handle the long option at ``argv[i]``; return the index of the next word."""
    word = argv[i]
    name, eq, value = word[2:].partition("=")
    opt = _find_long(name, table, word)
    if opt.arg == "none":
        if eq:
            raise OptionError(f"option '--{opt.long}' doesn't allow an argument")
        out.append((opt.key, None))
    elif eq:
        out.append((opt.key, value))
    elif opt.arg == "optional":
        out.append((opt.key, None))
    elif i + 1 < len(argv):
        out.append((opt.key, argv[i + 1]))
        return i + 2
    else:
        raise OptionError(f"option '--{opt.long}' requires an argument")
    return i + 1


def _short(argv: list[str], i: int, table: Sequence[Opt], out: Pairs) -> int:
    """Handle a cluster of short options at ``argv[i]`` (``-hv``, ``-N2``, ``-N 2``)."""
    word = argv[i]
    pos = 1
    while pos < len(word):
        char = word[pos]
        opt = next((o for o in table if o.short == char), None)
        if opt is None:
            raise OptionError(f"invalid option -- '{char}'")
        rest = word[pos + 1 :]
        if opt.arg == "none":
            out.append((opt.key, None))
            pos += 1
            continue
        if rest:
            out.append((opt.key, rest))
        elif opt.arg == "optional":
            out.append((opt.key, None))
        elif i + 1 < len(argv):
            out.append((opt.key, argv[i + 1]))
            return i + 2
        else:
            raise OptionError(f"option requires an argument -- '{char}'")
        break
    return i + 1


def getopt(
    argv: list[str], table: Sequence[Opt], *, stop_at_operand: bool
) -> tuple[Pairs, list[str]]:
    """Split ``argv`` (without the program name) into ordered ``(key, value)`` pairs and
    operands.

    ``stop_at_operand=True`` stops at the first operand, as sbatch/srun/salloc do (``+`` in
    their option string): it and everything after it are operands. ``False`` permutes like GNU
    (squeue, sinfo, scontrol, scancel, ...): options are found anywhere. ``--`` always ends the
    options; a lone ``-`` is an operand.

    >>> table = [Opt("nodes", "N", "required", "nodes"), Opt("parsable", None, "none", "parsable")]
    >>> getopt(["-N2", "--pars", "job.sh", "-N", "3"], table, stop_at_operand=True)
    ([('nodes', '2'), ('parsable', None)], ['job.sh', '-N', '3'])

    Raises OptionError with glibc's message (``unrecognized option '--bogus'``, ...).
    """
    pairs: Pairs = []
    operands: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            operands.extend(argv[i + 1 :])
            break
        if word.startswith("--"):
            i = _long(argv, i, table, pairs)
        elif word.startswith("-") and word != "-":
            i = _short(argv, i, table, pairs)
        elif stop_at_operand:
            operands.extend(argv[i:])
            break
        else:
            operands.append(word)
            i += 1
    return pairs, operands


def options(
    rows: Iterable[tuple[str, str | None, Arg] | tuple[str | None, str | None, Arg, str]],
) -> tuple[Opt, ...]:
    """A getopt table from ``(long, short, argument[, key])`` rows, in the order of the
    command's own table (glibc's ambiguity message lists matches in that order). An
    option's key is its long name, or the key of the option it spells another way (a
    long name, or a short letter of its own): rows with one key are one option to
    getopt, never ambiguous with each other."""
    table = []
    for row in rows:
        key = row[3] if len(row) == 4 else row[0]
        assert key is not None
        table.append(Opt(row[0], row[1], row[2], key))
    return tuple(table)


__all__ = ["Arg", "Opt", "OptionError", "getopt", "options"]
