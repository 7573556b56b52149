"""Generic resources: ``--gres``, ``--gpus*``, slurm.conf ``Gres=`` and ``TresPerNode``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from slurmsim.model.errors import GRES_ERROR
from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

__all__ = ["GRES_ERROR", "GresSpec", "parse_gpus", "parse_gpus_list", "parse_gres"]

# A count is digits with an optional binary multiplier (gpu:1k = 1024); anything else is a type.
_COUNT: Final = re.compile(r"([0-9]{1,15})([kKmMgGtTpP]?)")
_SCALE: Final = {"": 0, "k": 10, "m": 20, "g": 30, "t": 40, "p": 50}


@dataclass(frozen=True)
class GresSpec:
    """``count`` units of GRES ``name`` (``gpu``), optionally of one ``type`` (``h100``)."""

    name: str
    type: str | None
    count: int
    #: The item as typed, less a ``gres:`` prefix (``gpu``, ``gpu:02``): the controller
    #: shows requests back as they were written, not as it counts them.
    typed: str = field(default="", compare=False, repr=False)


def _count(word: str) -> int | None:
    m = _COUNT.fullmatch(word)
    if m is None:
        return None
    return int(m[1]) << _SCALE[m[2].lower()]


def _spec(words: tuple[str, ...], *, tres_form: bool = True) -> GresSpec:
    """``name[[:type]:count]`` with an optional ``gres:`` prefix on the item (and, when
    ``tres_form``, the controller's ``gres/name``)."""
    if len(words) > 1 and words[0].lower() == "gres":
        words = words[1:]
    typed = ":".join(words)
    name = words[0]
    if tres_form and name.lower().startswith("gres/"):
        name = name[5:]
    if not name or _count(name) is not None:
        raise ParseError(GRES_ERROR)
    if len(words) == 1:
        return GresSpec(name, None, 1, typed)
    if len(words) == 2:
        count = _count(words[1])
        if count is None:
            return GresSpec(name, words[1], 1, typed)
        return GresSpec(name, None, count, typed)
    count = _count(words[2])
    if len(words) > 3 or count is None:
        raise ParseError(GRES_ERROR)
    return GresSpec(name, words[1], count, typed)  # a numeric type too: gpu:1:2 is type "1"


def _words(text: str) -> list[tuple[str, ...]]:
    from slurmsim.parse.transformers.gres import GresTransformer  # lazy import

    return parse_with("gres", text, GRES_ERROR, GresTransformer())


def parse_gres(text: str, *, tres_form: bool = True) -> tuple[GresSpec, ...]:
    """Parse ``--gres``: ``name[[:type]:count][,...]``, count default 1, k/m/g/t/p multipliers.

    A ``gres:`` prefix on an item is tolerated; with ``tres_form`` so is the controller's
    ``gres/`` (``TresPerNode=gres/gpu:6``), which sbatch's ``--gres`` refuses.
    ``none`` (and the empty string) mean no GRES.

    >>> parse_gres("gpu:h100:8,shard:1")
    (GresSpec(name='gpu', type='h100', count=8), GresSpec(name='shard', type=None, count=1))
    """
    if text.lower() in ("", "none"):
        return ()
    return tuple(_spec(words, tres_form=tres_form) for words in _words(text))


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
        typed = ":".join(("gpu", *words))
        if len(words) == 1 and (count := _count(words[0])) is not None:
            specs.append(GresSpec("gpu", None, count, typed))
        elif len(words) == 1:
            specs.append(GresSpec("gpu", words[0], 1, typed))
        elif len(words) == 2 and _count(words[0]) is None and (n := _count(words[1])) is not None:
            specs.append(GresSpec("gpu", words[0], n, typed))
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
    return ",".join(f"gres:{spec.typed or format_gres(spec)}" for spec in specs)
