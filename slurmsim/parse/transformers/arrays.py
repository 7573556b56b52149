"""Tree -> ranges for grammars/arrays.lark."""

from __future__ import annotations

from lark import Token, Transformer

# (first, last, step or None when not written) per token, then the throttle or None.
Range = tuple[int, int, int | None]
Ranges = tuple[list[Range], int | None]


class ArrayTransformer(Transformer[Token, Ranges]):
    def start(self, children: list[Range | int]) -> Ranges:
        ranges = [c for c in children if isinstance(c, tuple)]
        throttles = [c for c in children if isinstance(c, int)]
        return ranges, throttles[0] if throttles else None

    def token(self, children: list[Token]) -> Range:
        numbers = [int(c) for c in children]
        first = numbers[0]
        last = numbers[1] if len(numbers) > 1 else first
        step = numbers[2] if len(numbers) > 2 else None
        return first, last, step

    def throttle(self, children: list[Token]) -> int:
        return int(children[0]) if children else 0
