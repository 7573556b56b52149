"""Tree -> words for grammars/directive.lark."""

from __future__ import annotations

import re

from lark import Token, Transformer

_ESCAPE = re.compile(r"\\([\s\S]?)")

# Each word's text, whether it begins with an unquoted ":" (which sbatch refuses), and
# where it ends in the line.
Word = tuple[str, bool, int]


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text)


class DirectiveTransformer(Transformer[Token, list[Word]]):
    def start(self, children: list[Word | Token]) -> list[Word]:
        return [c for c in children if isinstance(c, tuple)]

    def word(self, pieces: list[Token]) -> Word:
        text = "".join(
            _unescape(p[1:-1]) if p.type in ("SQUOTED", "DQUOTED") else _unescape(p) for p in pieces
        )
        colon = pieces[0].type == "BARE" and pieces[0].startswith(":")
        return text, colon, pieces[-1].end_pos or 0
