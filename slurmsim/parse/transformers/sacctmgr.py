"""Trees -> values for grammars/sacctmgr.lark."""

from __future__ import annotations

from lark import Token, Transformer

# (key, operator or None for a bare word, value)
WordParts = tuple[str, str | None, str]


class WordTransformer(Transformer[Token, WordParts]):
    def start(self, children: list[Token]) -> WordParts:
        key = str(children[0])
        if len(children) == 1:
            return key, None, ""
        value = str(children[2]) if len(children) > 2 else ""
        return key, str(children[1]), value
