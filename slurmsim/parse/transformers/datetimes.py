"""Tree -> pieces for grammars/datetimes.lark; slurmsim.parse.datetimes gives them meaning."""

from __future__ import annotations

from lark import Token, Transformer

# ("now", offset seconds) | ("uts", epoch) | ("parts", [(token type, text, position), ...])
Pieces = tuple[str, int | list[tuple[str, str, int]]]

_UNIT_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}


def _offset_seconds(offset: str) -> int:
    digits = offset[1:].rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    unit = offset[1 + len(digits) :].lower().rstrip("s") or "second"
    seconds = int(digits) * _UNIT_SECONDS[unit]
    return -seconds if offset[0] == "-" else seconds


class DatetimeTransformer(Transformer[Token, Pieces]):
    def start(self, children: list[Pieces]) -> Pieces:
        return children[0]

    def now(self, children: list[Token]) -> Pieces:
        return ("now", _offset_seconds(str(children[1])) if len(children) > 1 else 0)

    def uts(self, children: list[Token]) -> Pieces:
        return ("uts", int(str(children[0])[3:]))

    def parts(self, children: list[Token]) -> Pieces:
        return ("parts", [(c.type, str(c), c.start_pos or 0) for c in children])
