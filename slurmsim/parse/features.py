"""Node feature constraints (``-C/--constraint``): text to ``model.features.Constraint``."""

from __future__ import annotations

from typing import Final

from slurmsim.model.features import Constraint
from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with

FEATURE_ERROR: Final = "Invalid feature specification"
"""The controller's error text for a constraint it cannot read or satisfy by name."""


def parse_constraint(text: str) -> Constraint:
    """Parse a constraint; a syntax error raises ParseError(FEATURE_ERROR).

    >>> parse_constraint("a&b")
    AllOf(items=(Feature(name='a', count=None), Feature(name='b', count=None)))
    """
    from slurmsim.parse.transformers.features import FeaturesTransformer  # lazy import

    return parse_with("features", text, FEATURE_ERROR, FeaturesTransformer())


__all__ = ["FEATURE_ERROR", "ParseError", "parse_constraint"]
