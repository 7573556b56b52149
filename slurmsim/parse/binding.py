"""Binding options as the submitting commands check their words before they ask for
anything: srun's ``--cpu-bind``, and ``--mem-bind`` and ``--hint`` of all three.

slurmsim's clusters bind no tasks (``TaskPlugin=task/none``), so srun only validates
``--cpu-bind``'s words: the first word other than ``help`` notes once that the cluster
cannot bind, ``help`` says that binding is not supported, and the first bad word ends
the check. ``--mem-bind`` and ``--hint`` are checked the same way, word by word, each
with its own help.
"""

from typing import Literal, NamedTuple

#: What srun notes (at info level) the first time it reads a binding word.
NO_BINDING = "cluster configuration lacks support for cpu binding"
#: What ``--cpu-bind=help`` prints (standard output) where tasks cannot be bound.
HELP = "CPU bind options not supported with current configuration"
MEM_BIND_HELP = (
    "Memory bind options:\n"
    "    --mem-bind=         Bind memory to locality domains (ldom)\n"
    "        nosort          avoid sorting pages at startup\n"
    "        sort            sort pages at startup\n"
    "        q[uiet]         quietly bind before task runs (default)\n"
    "        v[erbose]       verbosely report binding before task runs\n"
    "        no[ne]          don't bind tasks to memory (default)\n"
    "        rank            bind by task rank\n"
    "        local           bind to memory local to processor\n"
    "        map_mem:<list>  specify a memory binding for each task\n"
    "                        where <list> is <cpuid1>,<cpuid2>,...<cpuidN>\n"
    "        mask_mem:<list> specify a memory binding mask for each tasks\n"
    "                        where <list> is <mask1>,<mask2>,...<maskN>\n"
    "        help            show this help message\n"
)
HINT_HELP = (
    "Application hint options:\n"
    "    --hint=             Bind tasks according to application hints\n"
    "        compute_bound   use all cores in each socket\n"
    "        memory_bound    use only one core in each socket\n"
    "        [no]multithread [don't] use extra threads with in-core multi-threading\n"
    "        help            show this help message\n"
)

_CPU_WORDS = frozenset(
    ["q", "quiet", "v", "verbose", "one_thread", "no", "none", "rank", "rank_ldom",
     "socket", "sockets", "core", "cores", "thread", "threads", "ldom", "ldoms"]
)  # fmt: skip
_MEM_WORDS = frozenset(
    ["p", "prefer", "nosort", "sort", "q", "quiet", "v", "verbose", "no", "none", "rank", "local"]
)
_HINTS = frozenset(["compute_bound", "memory_bound", "multithread", "nomultithread"])
#: Words that take a list, by the prefixes the clients accept for them (longest first).
_MEM_LISTS = (("mask_mem", "mask_mem"), ("maskmem", "mask_mem"), ("map_mem", "map_mem"),
              ("mapmem", "map_mem"))  # fmt: skip
_CPU_LISTS = (
    ("mask_ldom", "mask_ldom"), ("maskldom", "mask_ldom"), ("map_ldom", "map_ldom"),
    ("mapldom", "map_ldom"), ("mask_cpu", "mask_cpu"), ("maskcpu", "mask_cpu"),
    ("map_cpu", "map_cpu"), ("mapcpu", "map_cpu"),
)  # fmt: skip
_DIGITS = frozenset("0123456789")  # C's isdigit: ASCII only
_HEX = frozenset("0123456789abcdefABCDEF")
_LONG_MAX = 2**63 - 1  # strtol's overflow value, refused like a zero


class BindCheck(NamedTuple):
    """The lines a client prints for a binding value, each ``(level, text)`` with level
    ``info`` or ``error``, and what follows: go on, stop after the help, or fail."""

    lines: tuple[tuple[Literal["info", "error"], str], ...]
    outcome: Literal["ok", "help", "invalid"]


def check_cpu_bind(value: str) -> BindCheck:
    """Check ``value`` word by word, as srun does on a cluster without task binding."""
    lines: list[tuple[Literal["info", "error"], str]] = []
    for word in _words(value):
        if word.lower() == "help":
            return BindCheck(tuple(lines), "help")
        if not lines:
            lines.append(("info", NO_BINDING))
        problem = _problem(word, _CPU_WORDS, _CPU_LISTS, "cpu-bind")
        if problem is not None:
            lines.append(("error", problem))
            return BindCheck(tuple(lines), "invalid")
    return BindCheck(tuple(lines), "ok")


#: ``--cpu-bind``'s binding types by their words; one replaces another (``none`` aside).
_CPU_TYPES = {
    "socket": "sockets", "sockets": "sockets", "core": "cores", "cores": "cores",
    "thread": "threads", "threads": "threads", "ldom": "ldoms", "ldoms": "ldoms",
    "rank": "rank", "rank_ldom": "rank_ldom",
}  # fmt: skip


def cpu_bind_variables(value: str) -> dict[str, str]:
    """The ``SLURM_CPU_BIND*`` variables srun gives its tasks for a valid ``--cpu-bind``
    value, as Slurm 22.05 words them, oddities included (the oracle): ``_VERBOSE`` quiet or
    verbose; ``_TYPE`` the last binding type (``map_cpu:`` with its colon), ``none``
    after it; ``_LIST`` a map's or mask's list (masks without ``0x``) or, for a type
    without one, the value as given; ``SLURM_CPU_BIND`` the three run together
    (``quiet,corescores``)."""
    verbose, kind, none, listed = False, "", False, ""
    for word in _words(value):
        lower = word.lower()
        if lower in ("v", "verbose"):
            verbose = True
        elif lower in ("q", "quiet"):
            verbose = False
        elif lower in ("no", "none"):
            none = True
        elif lower in _CPU_TYPES:
            kind, listed = _CPU_TYPES[lower], ""
        elif (found := _list_word(word, _CPU_LISTS)) is not None:
            kind, listed = found
    if kind in ("sockets", "cores", "threads", "ldoms") and not none:
        listed = value
    shown = ",".join(k for k in (kind, "none" if none else "") if k)
    return _bind_variables("CPU", verbose, shown, listed)


def mem_bind_variables(value: str) -> dict[str, str]:
    """The ``SLURM_MEM_BIND*`` variables srun gives its tasks for a valid ``--mem-bind``
    value, as ``cpu_bind_variables`` words the CPU's, but a type without a list lists
    nothing (the oracle: ``quiet,local`` with an empty ``_LIST``; ``map_mem:0``)."""
    verbose, kind, listed = False, "", ""
    for word in _words(value):
        lower = word.lower()
        if lower in ("v", "verbose"):
            verbose = True
        elif lower in ("q", "quiet"):
            verbose = False
        elif lower in ("no", "none", "local", "rank"):
            kind, listed = "none" if lower == "no" else lower, ""
        elif (found := _list_word(word, _MEM_LISTS)) is not None:
            kind, listed = found
    return _bind_variables("MEM", verbose, kind, listed)


def implied_cpu_bind(kind: str) -> dict[str, str]:
    """The ``SLURM_CPU_BIND*`` variables of a binding srun chose itself (for --hint,
    --ntasks-per-core or --threads-per-core): no list, unlike a ``--cpu-bind`` of it."""
    return _bind_variables("CPU", False, kind, "")


def _list_word(word: str, lists: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    """A map's or mask's binding type (with its colon) and list, masks without ``0x``;
    None for a word that is neither."""
    lower = word.lower()
    for prefix, name in lists:
        if lower.startswith(prefix):
            items = word[len(prefix) :].lstrip(":=").split(",")
            if name.startswith("mask"):
                items = [i[2:] if i.lower().startswith("0x") else i for i in items]
            return f"{name}:", ",".join(items)
    return None


def _bind_variables(what: str, verbose: bool, kind: str, listed: str) -> dict[str, str]:
    """``SLURM_<what>_BIND`` and its ``_LIST``, ``_TYPE`` and ``_VERBOSE``."""
    mode = "verbose" if verbose else "quiet"
    return {
        f"SLURM_{what}_BIND": f"{mode},{kind}{listed}",
        f"SLURM_{what}_BIND_LIST": listed,
        f"SLURM_{what}_BIND_TYPE": kind,
        f"SLURM_{what}_BIND_VERBOSE": mode,
    }


def check_mem_bind(value: str) -> BindCheck:
    """Check a ``--mem-bind`` value word by word, as the clients do."""
    for word in _words(value):
        if word.lower() == "help":
            return BindCheck((), "help")
        problem = _problem(word, _MEM_WORDS, _MEM_LISTS, "mem-bind")
        if problem is not None:
            return BindCheck((("error", problem),), "invalid")
    return BindCheck((), "ok")


def check_hint(value: str) -> BindCheck:
    """Check a ``--hint`` value word by word (a comma before a digit does not split)."""
    chars = list(value)
    for i, c in enumerate(chars):
        if c == "," and value[i + 1 : i + 2] not in _DIGITS:
            chars[i] = ";"
    for word in "".join(chars).split(";"):
        if word.lower() == "help":
            return BindCheck((), "help")
        if word.lower() not in _HINTS:
            problem = f'unrecognized --hint argument "{word}", see --hint=help'
            return BindCheck((("error", problem),), "invalid")
    return BindCheck((), "ok")


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


def _problem(
    word: str, words: frozenset[str], lists: tuple[tuple[str, str], ...], option: str
) -> str | None:
    """What the client says is wrong with one word of ``--option``, or None."""
    lowered = word.lower()
    if lowered in words:
        return None
    for prefix, kind in lists:
        if lowered.startswith(prefix):
            parts = _split_colon_or_equals(word)
            listed = parts[1] if len(parts) > 1 else ""
            if not listed:
                return f'missing list for "--{option}={kind}:<list>"'
            return _list_problem(listed, kind)
    return f'unrecognized --{option} argument "{word}"'


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
