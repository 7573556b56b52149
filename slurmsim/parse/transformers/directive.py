"""Tree -> words for grammars/directive.lark."""

from __future__ import annotations

import re

from lark import Token, Transformer

_ESCAPE = re.compile(r"\\([\s\S]?)")

# Each word's text, and whether it begins with an unquoted ":" (which sbatch refuses).
Word = tuple[str, bool]


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text)


class DirectiveTransformer(Transformer[Token, list[Word]]):
    def start(self, children: list[Word | Token]) -> list[Word]:
        return [c for c in children if isinstance(c, tuple)]

    def word(self, pieces: list[Token]) -> Word:
        text = "".join(
            _unescape(p[1:-1]) if p.type in ("SQUOTED", "DQUOTED") else _unescape(p) for p in pieces
        )
        return text, pieces[0].type == "BARE" and pieces[0].startswith(":")
