"""Loads each grammar once and turns Lark's exceptions into ParseError.

Lark is imported inside the functions so that importing any parser module stays cheap; the
console scripts that never parse a grammar never pay for the Lark import.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, TypeVar

from slurmsim.parse.errors import ParseError

if TYPE_CHECKING:
    from lark import Lark, Token, Transformer, Tree

T = TypeVar("T")


@functools.cache
def grammar_text(name: str) -> str:
    """The source of ``grammars/<name>.lark``."""
    # A plain path next to this module: importlib.resources costs ~20 ms to import.
    path = os.path.join(os.path.dirname(__file__), "grammars", f"{name}.lark")
    with open(path, encoding="utf-8") as grammar:
        return grammar.read()


@functools.cache
def get_parser(name: str) -> Lark:
    """One LALR parser per grammar, built on first use and kept for the process."""
    from lark import Lark  # lazy import

    return Lark(grammar_text(name), parser="lalr", propagate_positions=False)


def parse_tree(name: str, text: str, message: str) -> Tree[Token]:
    """Parse ``text`` with grammar ``name``; any syntax error becomes ParseError(message)."""
    from lark.exceptions import LarkError, UnexpectedInput  # lazy import

    parser = get_parser(name)  # outside the try: a broken grammar is a bug, not bad input
    try:
        return parser.parse(text)
    except UnexpectedInput as exc:
        # UnexpectedEOF carries no position (column -1); report none rather than a wrong one.
        column = exc.column if isinstance(exc.column, int) and exc.column > 0 else None
        context = offset = None
        if isinstance(exc.pos_in_stream, int) and exc.pos_in_stream >= 0:
            offset = exc.pos_in_stream
            context = exc.get_context(text, 20).rstrip("\n")
        raise ParseError(message, column, context, offset=offset) from None
    except LarkError:
        raise ParseError(message) from None


def transform(transformer: Transformer[Token, T], tree: Tree[Token]) -> T:
    """Run a Transformer, letting the ParseErrors it raises through unwrapped."""
    from lark.exceptions import VisitError  # lazy import

    try:
        return transformer.transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, ParseError):
            raise exc.orig_exc from None
        raise


def parse_with(name: str, text: str, message: str, transformer: Transformer[Token, T]) -> T:
    """Parse then transform: the usual path of a grammar-based public function."""
    return transform(transformer, parse_tree(name, text, message))
