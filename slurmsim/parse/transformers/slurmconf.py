"""Tree -> raw lines for grammars/slurmconf.lark; slurmconf.py resolves them."""

from __future__ import annotations

from typing import NamedTuple

from lark import Token, Transformer


class Pair(NamedTuple):
    """``key=value``; ``pos`` is the key's offset in the joined text."""

    key: str
    value: str
    pos: int


class Include(NamedTuple):
    """``Include <path>`` (``keyword`` as written)."""

    keyword: str
    path: str
    pos: int


RawLine = Include | list[Pair]


class SlurmConfTransformer(Transformer[Token, list[RawLine]]):
    def start(self, lines: list[RawLine | None]) -> list[RawLine]:
        return [line for line in lines if line is not None]

    def line(self, children: list[Pair | Include | Token]) -> RawLine | None:
        for child in children:
            if isinstance(child, Include):
                return child
        pairs = [c for c in children if isinstance(c, Pair)]
        return pairs or None

    def include(self, children: list[Token]) -> Include:
        key, path = children[0], children[1]
        return Include(str(key), str(path), key.start_pos or 0)

    def pair(self, children: list[Token | str]) -> Pair:
        key = children[0]
        assert isinstance(key, Token)
        value = str(children[1]) if len(children) > 1 else ""
        return Pair(str(key), value, key.start_pos or 0)

    def value(self, pieces: list[Token]) -> str:
        return "".join(p[1:-1] if p.type == "QUOTED" else str(p) for p in pieces)
