"""``#PBS`` directives, which sbatch reads as well as ``#SBATCH`` ones (unless
``--ignore-pbs``), read as the sbatch options they stand for.

What the oracle showed (tests/golden/pbs/): every ``#PBS`` line of the script counts, even
after the first command; its options overrule ``#SBATCH`` directives, and the environment
and the command line overrule them. Each option is one sbatch option, but for ``-l``, whose
resources say several things at once:

* ``walltime=T`` is ``--time=T``; ``mem=M`` ``--mem=M``; ``ncpus=N`` ``--mincpus=N``;
  ``naccelerators=N`` ``--gres=gpu:N``, N a count above 0 (else sbatch refuses it);
* ``nodes=`` is read part by part (``+`` and ``:`` apart): a number adds to the node
  count (``-N``), ``ppn=P`` to the tasks per node, ``gpus=G`` sets the GPUs per node
  (``--gres=gpu:G``), any other word is a node's name (``-w``); the tasks are the node
  count (1 without one) times the tasks per node, when above 0 (the oracle:
  ``2:ppn=2+1:ppn=3`` is ``-N 3 -n 15``, ``1:ppn=4:shared`` names a node "shared");
* ``select=N[:ncpus=C][:mem=M]`` is ``-N N``, ``--mincpus=C`` and ``--mem=M``, each value
  as written (checked as those options check it), the memory running to the end;
* any other resource (``pmem``, ``procs``, ``ngpus``, ...) is ignored.

``-j``, ``-k``, ``-r``, ``-S``, ``-u``, ``-c``, ``-C``, ``-I``, ``-V`` and ``-z`` are accepted
and change nothing.
"""

from __future__ import annotations

import re
from typing import Final

from slurmsim.parse.errors import OptionError
from slurmsim.parse.options import Opt, getopt
from slurmsim.parse.script import directive_words

PREFIX: Final = "#PBS"

Pairs = list[tuple[str, str | None]]

#: PBS's options: the sbatch option each stands for, or None when it changes nothing.
_OPTIONS: Final[tuple[tuple[str, bool, str | None], ...]] = (
    ("a", True, "begin"),
    ("A", True, "account"),
    ("c", True, None),
    ("C", True, None),
    ("e", True, "error"),
    ("h", False, "hold"),
    ("I", False, None),
    ("j", True, None),
    ("J", True, "array"),
    ("k", True, None),
    ("l", True, None),  # resources: ``_resources``
    ("m", True, "mail-type"),
    ("M", True, "mail-user"),
    ("N", True, "job-name"),
    ("o", True, "output"),
    ("p", True, "nice"),
    ("q", True, "partition"),
    ("r", True, None),
    ("S", True, None),
    ("t", True, "array"),
    ("u", True, None),
    ("v", True, "export"),
    ("V", False, None),
    ("W", True, None),  # attributes: only ``depend=``
    ("z", False, None),
)
_TABLE: Final = tuple(Opt(None, s, "required" if arg else "none", s) for s, arg, _ in _OPTIONS)
_SBATCH: Final = {short: key for short, _, key in _OPTIONS}

#: ``-m``'s letters and the mail types they ask for.
_MAIL: Final = {"a": "FAIL", "b": "BEGIN", "e": "END", "n": "NONE"}

_LEADING_INT = re.compile(r"[ \t\n\v\f\r]*([+-]?\d+)")


class PbsError(Exception):
    """A ``#PBS`` line sbatch refuses: its lines (each after ``sbatch: `` or ``sbatch:
    error: ``, as ``error`` says) and exit status 1."""

    def __init__(self, lines: tuple[tuple[bool, str], ...]) -> None:
        super().__init__(lines[-1][1])
        self.lines = lines  # (an ``error:`` line?, text)


def pbs_words(script: str, source: str = "stdin") -> list[str]:
    """The words of every ``#PBS`` line of ``script``, in order (ParseError: an unmatched
    quote, as for ``#SBATCH``)."""
    words: list[str] = []
    for lineno, line in enumerate(script.split("\n"), start=1):
        if line.startswith(PREFIX):
            words.extend(directive_words(line[len(PREFIX) :], source, lineno))
    return words


def pbs_options(words: list[str]) -> Pairs:
    """The sbatch options ``words`` (of ``#PBS`` lines) stand for, in order."""
    try:
        pairs, rest = getopt(words, _TABLE, stop_at_operand=True)
    except OptionError as e:
        raise PbsError(
            ((False, e.message), (True, "Unrecognized command line parameter ?"))
        ) from None
    if rest:
        raise PbsError(((True, f"Invalid argument: {rest[0]}"),))
    out: Pairs = []
    for short, value in pairs:
        if short == "l":
            out.extend(_resources(value or ""))
        elif short == "W":
            out.extend(_attributes(value or ""))
        elif short == "m":
            out.append(("mail-type", _mail_types(value or "")))
        elif short == "p":
            out.append(("nice", str(_atoi(value or ""))))
        elif (key := _SBATCH[short]) is not None:
            out.append((key, value))
    return out


def _atoi(text: str) -> int:
    found = _LEADING_INT.match(text)
    return int(found[1]) if found else 0


def _mail_types(letters: str) -> str:
    """``-m abe`` as ``--mail-type``: a letter it does not know is kept, for
    ``--mail-type`` to refuse."""
    return ",".join(_MAIL.get(c, c) for c in letters)


def _attributes(value: str) -> Pairs:
    """``-W``: of its attributes only ``depend=`` means anything to sbatch."""
    name, _, rest = value.partition("=")
    return [("dependency", rest)] if name == "depend" else []


def _resources(value: str) -> Pairs:
    """``-l name=value,...`` as sbatch options."""
    out: Pairs = []
    for item in value.split(","):
        name, _, v = item.partition("=")
        if name == "walltime":
            out.append(("time", v))
        elif name == "mem":
            out.append(("mem", v))
        elif name == "ncpus":
            out.append(("mincpus", v))
        elif name == "naccelerators":
            if not (v.isdigit() and v.isascii() and int(v) > 0):
                raise PbsError(((True, f'Invalid numeric value "{v}" for naccelerators.'),))
            out.append(("gres", f"gpu:{int(v)}"))
        elif name == "nodes":
            out.extend(_nodes(v))
        elif name == "select":
            out.extend(_select(v))
    return out


def _field(value: str, name: str) -> str | None:
    """What follows ``:name=`` in ``value`` (to its end), or None."""
    at = value.find(f":{name}=")
    return None if at < 0 else value[at + len(name) + 2 :]


_NODE_PART = re.compile(r"[^:+]+")


def _nodes(value: str) -> Pairs:
    """``-l nodes=``'s parts (see the module's docstring)."""
    count = per_node = 0
    gpus: int | None = None
    names: list[str] = []
    for part in _NODE_PART.findall(value):
        if part.startswith("ppn="):
            per_node += _atoi(part[4:])
        elif part.startswith("gpus="):
            gpus = _atoi(part[5:])
        elif part[0].isdigit():
            count += _atoi(part)
        elif part[0].isalpha():
            names.append(part)
    out: Pairs = [("nodes", str(count))] if count else []
    if per_node > 0:
        out.append(("ntasks", str((count or 1) * per_node)))
    if gpus is not None:
        out.append(("gres", f"gpu:{gpus}"))
    if names:
        out.append(("nodelist", ",".join(names)))
    return out


def _select(value: str) -> Pairs:
    out: Pairs = [("nodes", value.partition(":")[0])]
    if (cpus := _field(value, "ncpus")) is not None:
        out.append(("mincpus", cpus.partition(":")[0]))
    if (mem := _field(value, "mem")) is not None:
        out.append(("mem", mem))
    return out


__all__ = ["PREFIX", "PbsError", "pbs_options", "pbs_words"]
