"""Tree -> Constraint for grammars/features.lark."""

from __future__ import annotations

from lark import Token, Transformer

from slurmsim.model.features import AllOf, AnyOf, Constraint, Feature
from slurmsim.parse.errors import ParseError
from slurmsim.parse.features import FEATURE_ERROR


class FeaturesTransformer(Transformer[Token, Constraint]):
    def feature(self, children: list[Token]) -> Feature:
        count = int(children[1]) if len(children) > 1 else None
        if count == 0:
            raise ParseError(FEATURE_ERROR)
        return Feature(str(children[0]), count)

    def all_of(self, children: list[Constraint]) -> AllOf:
        return AllOf(tuple(children))

    def any_of(self, children: list[Constraint]) -> AnyOf:
        return AnyOf(tuple(children))

    def matching(self, children: list[Constraint]) -> AnyOf:
        (inner,) = children
        items = inner.items if isinstance(inner, AnyOf) else (inner,)
        return AnyOf(tuple(items), matching=True)
