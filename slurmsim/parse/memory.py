"""Memory sizes (``--mem``, ``--mem-per-cpu``, ``--mem-per-gpu``, ``--tmp``) in megabytes.

A regular expression, not a grammar: sizes are parsed on every submission and must not import
Lark.
"""

from __future__ import annotations

import re
from typing import Final

from slurmsim.parse.errors import ParseError

# Optional trailing B (``16GB``) as Slurm tolerates; digits capped so int() stays cheap and bounded.
_SIZE: Final = re.compile(r"([0-9]{1,15})(?:([KkMmGgTt])[Bb]?)?")
_SHIFT: Final = {"k": -10, "m": 0, "g": 10, "t": 20}


def parse_memory(text: str, *, option: str = "--mem") -> int:
    """Parse a size into MB: an integer with optional suffix K, M, G or T (either case,
    optional trailing B); no suffix means MB, K rounds up to whole MB.

    Raises ParseError("Invalid --mem specification"), naming ``option``.

    >>> parse_memory("16G"), parse_memory("4000"), parse_memory("1k"), parse_memory("0")
    (16384, 4000, 1, 0)
    """
    m = _SIZE.fullmatch(text)
    if m is None:
        raise ParseError(f"Invalid {option} specification")
    value = int(m[1])
    shift = _SHIFT[(m[2] or "m").lower()]
    if shift < 0:
        return -(-value >> -shift)
    return value << shift
