"""Tree -> words for grammars/gres.lark; meaning is assigned in slurmsim.parse.gres."""

from __future__ import annotations

from lark import Token, Transformer


class GresTransformer(Transformer[Token, list[tuple[str, ...]]]):
    """Each item becomes its colon-separated words; a socket suffix ``(S:0-1)`` is dropped."""

    def start(self, items: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
        return items

    def item(self, children: list[Token | None]) -> tuple[str, ...]:
        return tuple(str(c) for c in children if isinstance(c, Token))

    def sockets(self, children: list[Token]) -> None:
        return None
