"""``Key=Value`` arguments of ``scontrol update`` / ``scontrol create`` and similar commands."""

from __future__ import annotations

from collections.abc import Sequence

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with


def parse_assignment(arg: str) -> tuple[str, str]:
    """One ``Key=Value`` argument; the key is returned as written (compare it with
    ``casefold()``), the value may contain ``=`` and loses one pair of surrounding ``"``.

    Raises ParseError("Invalid input: <arg>") for a word without ``=`` or with an empty key;
    scontrol follows that line with ``Request aborted``.
    """
    from slurmsim.parse.transformers.keyvalue import AssignmentTransformer  # lazy import

    return parse_with("keyvalue", arg, f"Invalid input: {arg}", AssignmentTransformer())


def parse_assignments(args: Sequence[str]) -> list[tuple[str, str]]:
    """``["NodeName=dgx2", "State=DRAIN", "Reason=gpu fell off bus"]`` -> key/value pairs in
    order (see :func:`parse_assignment`).

    >>> parse_assignments(["NodeName=dgx2", 'Reason="gpu fell off bus"', "Features=a=b"])
    [('NodeName', 'dgx2'), ('Reason', 'gpu fell off bus'), ('Features', 'a=b')]
    """
    return [parse_assignment(arg) for arg in args]


__all__ = ["ParseError", "parse_assignment", "parse_assignments"]
