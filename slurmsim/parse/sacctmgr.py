"""sacctmgr's argument grammar: ``Key=Value`` words, ``where``/``set``, ``format=`` and values.

``sacctmgr modify qos where name=high set MaxWall=4:00:00 Flags+=DenyOnLimit`` reaches
us as words after the entity. :func:`parse_request` splits them into the words before any
keyword, the ``where`` words and the ``set`` words; what each key means is the api's
business. The value parsers below turn a setting into its stored form (see
``slurmsim.model.limits``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from slurmsim.model.digits import atoi, is_number
from slurmsim.model.limits import TRES_ORDER, encode_tres
from slurmsim.parse.durations import parse_duration
from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_with
from slurmsim.parse.memory import parse_memory


class Word(NamedTuple):
    """One argument: ``key`` as typed; ``op`` is ``=``, ``+=``, ``-=``, or None for a bare word."""

    key: str
    op: str | None = None
    value: str = ""

    def __str__(self) -> str:
        return self.key if self.op is None else f"{self.key}{self.op}{self.value}"


class Field(NamedTuple):
    """A ``format=`` item: ``Name%10`` is ``Field("Name", 10)``; a negative width left-justifies."""

    name: str
    width: int | None = None


@dataclass
class Request:
    """The words after the entity, split at the keywords ``where`` and ``set``."""

    head: list[Word] = field(default_factory=list)
    where: list[Word] = field(default_factory=list)
    set: list[Word] = field(default_factory=list)


def parse_word(text: str) -> Word:
    """One argument word.

    >>> parse_word("qos+=high"), parse_word("alice")
    (Word(key='qos', op='+=', value='high'), Word(key='alice', op=None, value=''))
    """
    from slurmsim.parse.transformers.sacctmgr import WordTransformer  # lazy: imports lark

    if not text:
        return Word("")
    key, op, value = parse_with("sacctmgr", text, f"Unknown option: {text}", WordTransformer())
    return Word(key, op, value)


def parse_request(words: Sequence[str]) -> Request:
    """Split the words after the entity at ``where`` and ``set`` (any case).

    >>> r = parse_request(["high", "where", "name=x", "set", "Priority=5"])
    >>> [str(w) for w in r.head], [str(w) for w in r.where], [str(w) for w in r.set]
    (['high'], ['name=x'], ['Priority=5'])
    """
    request = Request()
    target = request.head
    for text in words:
        word = parse_word(text)
        if word.op is None and word.key.lower() == "where":
            target = request.where
        elif word.op is None and word.key.lower() == "set":
            target = request.set
        elif word.key or word.op:
            target.append(word)
    return request


def parse_fields(text: str) -> list[Field]:
    """A ``format=`` list as sacctmgr reads it: empty items skipped, each a name with an
    optional ``%`` width read by ``atoi`` (0, or none readable: the column's own width).
    A list of nothing but empty items is one empty name, which no column has (the
    oracle: ``format=`` and ``format=,`` print ``Unknown field ''``). An item given twice
    counts where it was given last.

    >>> [tuple(f) for f in parse_fields("Name%10,Priority,Descr%-20,QOS%x")]
    [('Name', 10), ('Priority', None), ('Descr', -20), ('QOS', None)]
    """
    fields: dict[str, Field] = {}
    for item in text.split(","):
        if not item:
            continue
        name, percent, width = item.partition("%")
        size = atoi(width) if percent else 0
        # An item given again moves to where it was given last (sacctmgr's list of names).
        fields.pop(item.lower(), None)
        fields[item.lower()] = Field(name, size or None)
    return list(fields.values()) or [Field("", None)]


def split_list(value: str) -> list[str]:
    """A comma-separated value as sacctmgr reads it: empty items dropped, quotes removed."""
    return [item for item in unquote(value).split(",") if item]


def unquote(value: str) -> str:
    """One pair of surrounding double quotes removed, as sacctmgr does."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value


# -- values ---------------------------------------------------------------------------------


def parse_count(value: str) -> int | None:
    """A count limit: a non-negative integer, or None for ``-1`` (no limit).

    Raises ParseError(value) for anything else.
    """
    text = unquote(value).strip()
    if text == "-1":
        return None
    if not is_number(text) or len(text) > 10:
        raise ParseError(value)
    return int(text)


def parse_minutes(value: str) -> int | None:
    """A duration as sacctmgr reads ``MaxWall``: minutes, or ``[D-]H:M:S``; seconds back.

    ``-1`` (or ``UNLIMITED``) gives None. Raises ParseError(value) for any other text.
    """
    text = unquote(value).strip()
    if text == "-1":
        return None
    try:
        return parse_duration(text)
    except ParseError:
        raise ParseError(value) from None


def parse_factor(value: str) -> float:
    """A floating-point setting (``UsageFactor``, ``UsageThreshold``)."""
    try:
        return float(unquote(value))
    except ValueError:
        raise ParseError(value) from None


def parse_tres(value: str, *, current: str = "", op: str = "=") -> str:
    """A TRES setting in its stored form, merged into ``current``: ``gres/gpu=8,cpu=4``.

    A count of ``-1`` removes that TRES; ``-1`` alone is a TRES id slurmdbd does not
    know, as every word without ``=`` (the oracle refuses ``GrpTRES=-1``). ``mem`` takes
    a size (``100G``). Raises ParseError("slurmdb_format_tres_str: no TRES known by type
    <name>") for an unknown TRES, or ParseError(value) for a bad count.
    """
    from slurmsim.model.limits import decode_tres

    text = unquote(value)
    merged = decode_tres(current) if op != "=" else {}
    for item in text.split(","):
        name, sep, amount = item.partition("=")
        if not sep:  # a word alone would be a TRES id
            raise ParseError(f"slurmdb_format_tres_str: no TRES id found for {item}")
        name = name.strip().lower()
        if not name:
            raise ParseError("slurmdb_format_tres_str: no value given as TRES type/id.")
        if name not in TRES_ORDER:
            raise ParseError(f"slurmdb_format_tres_str: no TRES known by type {name}")
        if not amount:
            raise ParseError(value)
        if amount == "-1":
            merged.pop(name, None)
            continue
        try:
            merged[name] = parse_memory(amount) if name == "mem" else parse_count_strict(amount)
        except ParseError:
            raise ParseError(value) from None
    return encode_tres(merged)


def parse_count_strict(text: str) -> int:
    """A plain non-negative integer (at most 10 digits)."""
    if not is_number(text) or len(text) > 10:
        raise ParseError(text)
    return int(text)


def strip_quotes(value: str) -> str:
    """A value as sacctmgr's number readers see it: lower-cased; a leading quote of
    either kind dropped, with everything from the next quote on; any other quote turned
    into a backtick (the oracle: ``'A'B`` reads ``a``, ``0'x`` reads ``0`x``).

    >>> strip_quotes("'A'B"), strip_quotes('"0"x'), strip_quotes("0'x")
    ('a', '0', '0`x')
    """
    text = value.lower()
    if text[:1] in ("'", '"'):
        body = text[1:]
        ends = [i for i in (body.find("'"), body.find('"')) if i >= 0]
        return body[: min(ends, default=len(body))]
    return text.replace("'", "`").replace('"', "`")


#: C's ``long``, which strtol clamps to, and the all-ones 32-bit "clear" flag.
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1
UINT32_CLEAR = 2**32 - 1
_STRTOL = re.compile(r"[ \t\n\v\f\r]*([+-]?)([0-9]+)")


def parse_uint(value: str) -> int | None:
    """``value`` (quotes stripped) as sacctmgr reads a 32-bit count: C's strtol (leading
    space, a sign, decimal digits) cut to 32 bits, a negative number ``UINT32_CLEAR``;
    None where what is read is 0 and something follows it (``abc``, ``0.0``, ``0k``),
    which sacctmgr refuses. Text after a number that is not 0 is ignored (``5k`` is 5).

    >>> [parse_uint(v) for v in ("0", "", "+0", "5k", "-1", "4294967296", "0x0", " ")]
    [0, 0, 0, 5, 4294967295, 0, None, None]
    """
    text = strip_quotes(value)
    read = _STRTOL.match(text)
    if read is None:
        return 0 if not text else None  # no digits: strtol stops at the first character
    number = int(read.group(2)) * (-1 if read.group(1) == "-" else 1)
    number = max(_LONG_MIN, min(number, _LONG_MAX))
    if number == 0 and read.end() < len(text):
        return None
    return UINT32_CLEAR if number < 0 else number & UINT32_CLEAR


__all__ = [
    "UINT32_CLEAR",
    "Field",
    "ParseError",
    "Request",
    "Word",
    "parse_count",
    "parse_factor",
    "parse_fields",
    "parse_minutes",
    "parse_request",
    "parse_tres",
    "parse_uint",
    "parse_word",
    "split_list",
    "strip_quotes",
]
