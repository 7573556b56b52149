"""The values of ``scontrol update NodeName=...`` that scontrol or slurmctld read: ``Weight=``,
``CpuBind=`` and ``Gres=``."""

import re

from slurmsim.parse.errors import ParseError

#: The largest weight scontrol sends (``UNLIMITED`` aside).
MAX_WEIGHT = 0xFFFFFFF0
#: ``Weight=UNLIMITED`` (or ``INFINITE``): Slurm's INFINITE, sent as it is.
INFINITE_WEIGHT = 0xFFFFFFFF
_ULONG = 1 << 64
#: What C's ``strtoul(text, &end, 0)`` reads: blanks, a sign, then hexadecimal after
#: ``0x``, octal after ``0``, else decimal digits (none at all reads as 0, ending nowhere).
_NUMBER = re.compile(r"[ \t\n\v\f\r]*([+-]?)(0[xX](?=[0-9a-fA-F])[0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")


def parse_weight(value: str) -> int:
    """``Weight=`` as scontrol reads it: C's ``strtoul`` in any base, an optional ``k``
    (times 1024), or ``UNLIMITED``/``INFINITE``; an empty value is 0. ``ParseError``
    holds scontrol's complaint."""
    found = _NUMBER.match(value)
    if found is None:
        number, rest, overflow = 0, value, False
    else:
        sign, digits = found.groups()
        base = 16 if digits[:2].lower() == "0x" else 8 if digits.startswith("0") else 10
        magnitude = int(digits, base)
        overflow = magnitude >= _ULONG
        number = (-magnitude if sign == "-" else magnitude) % _ULONG
        rest = value[found.end() :]
    if rest[:1] in ("k", "K"):
        number, rest = number * 1024 % _ULONG, rest[1:]
    if rest:
        if value.upper() in ("UNLIMITED", "INFINITE"):
            return INFINITE_WEIGHT
        raise ParseError(f"Weight value ({value}) is not a valid number")
    if overflow:
        raise ParseError(f"Weight value ({value}) is out of range")
    if value.startswith("-"):
        raise ParseError(f"Weight value ({value}) is less than zero")
    if number > MAX_WEIGHT:
        raise ParseError(f"Weight value ({value}) is greater than {MAX_WEIGHT}")
    return number


#: The bindings a node's ``CpuBind=`` takes, any case, as scontrol shows each.
_BINDINGS = {
    "none": "none",
    "core": "cores",
    "cores": "cores",
    "socket": "sockets",
    "sockets": "sockets",
    "thread": "threads",
    "threads": "threads",
    "ldom": "ldoms",
    "ldoms": "ldoms",
}


def node_cpu_bind(value: str) -> str | None:
    """A node's ``CpuBind=`` as scontrol shows it then ("" for ``off``, which clears it;
    ``verbose`` first), or None where scontrol refuses it (``map_cpu:``, ``rank``,
    ``boards``: the oracle). An empty value is sent and changes nothing ("")."""
    verbose, bind = False, ""
    for word in (w.lower() for w in value.split(",") if w):
        if word == "off":
            return ""
        if word == "verbose":
            verbose = True
        elif word in _BINDINGS:
            bind = _BINDINGS[word]
        else:
            return None
    return ",".join(w for w in ("verbose" if verbose else "", bind) if w)


#: A GPU count in a node's ``Gres=``: decimal digits and a binary multiplier, then the end.
_GRES_COUNT = re.compile(r"([0-9]+)([kKmMgGtTpP]?)")
_SHIFT = {"": 0, "k": 10, "m": 20, "g": 30, "t": 40, "p": 50}


def node_gres_gpus(text: str) -> int | None:
    """The GPU count slurmctld reads from ``scontrol update NodeName=... Gres=TEXT``, or
    None for a text it refuses (the oracle).

    The entries named exactly ``gpu`` are summed; other names (``GPU``, ``mps``) and empty
    entries are passed over, and a socket suffix ``(S:0-1)`` ignored. ``gpu`` alone is
    one GPU; ``gpu:X`` is X GPUs when X starts with a digit, else one GPU of type X;
    ``gpu:T:N`` is N GPUs, refused when N does not start with a digit; a fourth field is
    refused. A count that starts with a digit but does not read to its end (``2x``,
    ``8.5``, ``0x8``) counts as none.
    """
    total = 0
    for entry in text.split(","):
        fields = entry.split("(", 1)[0].split(":")
        if fields[0] != "gpu":
            continue
        if len(fields) == 1 or (len(fields) == 2 and not fields[1][:1].isdigit()):
            total += 1
            continue
        if len(fields) > 3 or not fields[-1][:1].isdigit():
            return None
        found = _GRES_COUNT.fullmatch(fields[-1])
        total += int(found[1]) << _SHIFT[found[2].lower()] if found else 0
    return total
