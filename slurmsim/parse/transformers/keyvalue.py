"""Tree -> (key, value) for grammars/keyvalue.lark."""

from __future__ import annotations

from lark import Token, Transformer


class AssignmentTransformer(Transformer[Token, tuple[str, str]]):
    def start(self, children: list[Token]) -> tuple[str, str]:
        value = str(children[1]) if len(children) > 1 else ""
        # scontrol strips one pair of double quotes the user managed to pass through the shell.
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        return str(children[0]), value
