"""Generic resources: ``--gres``, ``--gpus*``, slurm.conf ``Gres=`` and ``TresPerNode``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

GRES_ERROR: Final = "Invalid generic resource (gres) specification"
"""The controller's error text for any malformed GRES request."""

# A count is digits with an optional binary multiplier (gpu:1k = 1024); anything else is a type.
_COUNT: Final = re.compile(r"([0-9]{1,15})([kKmMgGtTpP]?)")
_SCALE: Final = {"": 0, "k": 10, "m": 20, "g": 30, "t": 40, "p": 50}


@dataclass(frozen=True)
class GresSpec:
    """``count`` units of GRES ``name`` (``gpu``), optionally of one ``type`` (``h100``)."""

    name: str
    type: str | None
    count: int


def _count(word: str) -> int | None:
    m = _COUNT.fullmatch(word)
    if m is None:
        return None
    return int(m[1]) << _SCALE[m[2].lower()]


def _spec(words: tuple[str, ...]) -> GresSpec:
    """``name[[:type]:count]`` with an optional ``gres:`` / ``gres/`` prefix on the item."""
    if len(words) > 1 and words[0].lower() == "gres":
        words = words[1:]
    name = words[0]
    if name.lower().startswith("gres/"):
        name = name[5:]
    if not name or _count(name) is not None:
        raise ParseError(GRES_ERROR)
    if len(words) == 1:
        return GresSpec(name, None, 1)
    if len(words) == 2:
        count = _count(words[1])
        return GresSpec(name, None, count) if count is not None else GresSpec(name, words[1], 1)
    if len(words) == 3:
        count = _count(words[2])
        if count is None or _count(words[1]) is not None:
            raise ParseError(GRES_ERROR)
        return GresSpec(name, words[1], count)
    raise ParseError(GRES_ERROR)


def _words(text: str) -> list[tuple[str, ...]]:
    from slurmsim.parse.transformers.gres import GresTransformer  # lazy import

    return parse_with("gres", text, GRES_ERROR, GresTransformer())


def parse_gres(text: str) -> tuple[GresSpec, ...]:
    """Parse ``--gres``: ``name[[:type]:count][,...]``, count default 1, k/m/g/t/p multipliers.

    The controller's ``gres:`` prefix is tolerated, so ``TresPerNode`` values parse too.
    ``none`` (and the empty string) mean no GRES.

    >>> parse_gres("gpu:h100:8,shard:1")
    (GresSpec(name='gpu', type='h100', count=8), GresSpec(name='shard', type=None, count=1))
    """
    if text.lower() in ("", "none"):
        return ()
    return tuple(_spec(words) for words in _words(text))


def parse_node_gres(text: str) -> tuple[GresSpec, ...]:
    """Parse a node's ``Gres=`` (slurm.conf or scontrol show node): ``gpu:h100:8``, count
    default 1, an ``(S:0-1)`` socket suffix ignored; ``(null)`` and empty mean none."""
    if text.lower() in ("", "(null)", "none"):
        return ()
    return tuple(_spec(words) for words in _words(text))


def parse_gpus_list(text: str) -> tuple[GresSpec, ...]:
    """Parse ``--gpus``/``--gpus-per-node``/``--gpus-per-task``: ``[type:]n[,type:n...]``."""
    specs: list[GresSpec] = []
    for words in _words(text):
        if len(words) == 1 and (count := _count(words[0])) is not None:
            specs.append(GresSpec("gpu", None, count))
        elif len(words) == 1:
            specs.append(GresSpec("gpu", words[0], 1))
        elif len(words) == 2 and _count(words[0]) is None and (n := _count(words[1])) is not None:
            specs.append(GresSpec("gpu", words[0], n))
        else:
            raise ParseError(GRES_ERROR)
    return tuple(specs)


def parse_gpus(text: str) -> GresSpec:
    """Parse a single-item ``--gpus*`` value: ``8`` or ``h100:8`` (a list is an error here;
    use :func:`parse_gpus_list` for ``a100:2,h100:4``).

    >>> parse_gpus("h100:8")
    GresSpec(name='gpu', type='h100', count=8)
    """
    specs = parse_gpus_list(text)
    if len(specs) != 1:
        raise ParseError(GRES_ERROR)
    return specs[0]


def format_gres(spec: GresSpec) -> str:
    """``gpu:h100:8`` / ``gpu:8``: one item without the ``gres:`` prefix."""
    if spec.type is None:
        return f"{spec.name}:{spec.count}"
    return f"{spec.name}:{spec.type}:{spec.count}"


def format_tres_per_node(specs: Iterable[GresSpec]) -> str:
    """The controller's form (``TresPerNode``, squeue ``%b``): ``gres:gpu:8``,
    ``gres:gpu:a100:2,gres:shard:1``; empty for no GRES (callers print ``N/A``/``(null)``).

    >>> format_tres_per_node([GresSpec("gpu", "h100", 8)])
    'gres:gpu:h100:8'
    """
    return ",".join(f"gres:{format_gres(spec)}" for spec in specs)
