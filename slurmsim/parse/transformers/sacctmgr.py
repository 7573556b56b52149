"""Trees -> values for grammars/sacctmgr.lark and grammars/fieldlist.lark."""

from __future__ import annotations

from lark import Token, Transformer

# (key, operator or None for a bare word, value)
WordParts = tuple[str, str | None, str]
# (field name, width or None when not written)
FieldParts = tuple[str, int | None]


class WordTransformer(Transformer[Token, WordParts]):
    def start(self, children: list[Token]) -> WordParts:
        key = str(children[0])
        if len(children) == 1:
            return key, None, ""
        value = str(children[2]) if len(children) > 2 else ""
        return key, str(children[1]), value


class FieldListTransformer(Transformer[Token, list[FieldParts]]):
    def start(self, children: list[FieldParts | None]) -> list[FieldParts]:
        return [c for c in children if c is not None]

    def field(self, children: list[Token]) -> FieldParts:
        width = int(children[1][1:]) if len(children) > 1 else None
        return str(children[0]), width
