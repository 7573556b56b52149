"""Column specifications of ``-o``/``-O`` and how Slurm pads and cuts each cell.

``-o "%.18i %P"``: each ``%[.][width]<letter>`` is a column, ``.`` right-justifies,
and the text up to the next ``%`` is printed after the field. ``-O "JobID:10,Name"``:
comma-separated names, each ``name[:[.][width][suffix]]``, 20 wide without a ``:``
(with one, the width given or none). A cell wider than its column is cut to the
column, keeping its left part.
"""

import re
from typing import NamedTuple

from slurmsim.model.errors import WidthCrash

_TOKEN = re.compile(r"(\.?)(\d*)(.?)(.*)", re.ASCII | re.DOTALL)
_LONG = re.compile(r"^([^:]+)(?::(\.?)([+-]?\d+|)(.*))?$", re.ASCII | re.DOTALL)

#: What C prints for the letter of an ``-o`` column that has none (``%10``): the string's end.
NUL = "\0"

#: Width of an ``-O`` column written without one.
DEFAULT_LONG_WIDTH = 20

#: Past this width Slurm's commands crash printing the column (the oracle: squeue -o
#: ``%9999999999i`` died of a segmentation fault, ``%99999i`` printed).
_WIDEST = 1 << 24


def c_width(digits: str) -> int:
    """A width as C's ``atoi`` keeps it, in an int (``2147483648`` is negative)."""
    value = int(digits or 0) % 2**32
    value = value - 2**32 if value >= 2**31 else value
    if value > _WIDEST:
        raise WidthCrash()
    return value


class Column(NamedTuple):
    """One column: ``key`` is the ``-o`` letter or the ``-O`` name as typed."""

    key: str
    width: int = 0  # 0: print the value as it is
    right: bool = False
    suffix: str = ""
    text: str = ""  # an ``-o`` column as written (``%.5y``): printed as it is when not a field


def literal(column: Column) -> Column:
    """The column that prints what ``column`` was written as: a format letter the command
    does not know is kept in the output as text (after its error)."""
    return Column("", suffix=column.text)


def parse_percent(fmt: str) -> tuple[str, list[Column]]:
    """Split an ``-o`` format into its leading text and its columns.

    Slurm splits the format at every ``%`` as C's ``strtok`` does, so a run of ``%``
    separates two columns like one (``%%`` prints nothing, nor does a trailing ``%``).
    A column with no letter after its width (``%10``) has the key ``""``.
    """
    first = fmt.find("%")
    if first < 0:
        return fmt, []
    columns = []
    for token in fmt[first:].split("%"):
        if token:
            match = _TOKEN.match(token)
            assert match is not None  # every part of the pattern may be empty
            align, width, key, suffix = match.groups()
            columns.append(Column(key, c_width(width), align == ".", suffix, "%" + token))
    return fmt[:first], columns


def parse_long(fmt: str) -> list[Column]:
    """Split an ``-O`` format (``JobID:10,Name:.8 ,State``) into columns."""
    columns = []
    for item in fmt.split(","):
        if not item:
            continue
        match = _LONG.match(item)
        if match is None:
            columns.append(Column(item, DEFAULT_LONG_WIDTH))
            continue
        name, align, width, suffix = match.groups()
        if align is None:  # no ":"
            width = DEFAULT_LONG_WIDTH
        columns.append(Column(name, c_width(str(width or 0)), align == ".", suffix or ""))
    return columns


def cell(value: str | None, column: Column, *, cut: bool = True) -> str:
    """Pad (and, unless ``cut`` is off, truncate) ``value`` to the column, then add its suffix.

    ``None`` is C's NULL string: glibc prints ``(null)``, or nothing at all when
    a precision under 6 would cut it.
    """
    width = column.width
    if value is None:
        value = "(null)" if width == 0 or width >= len("(null)") or not cut else ""
    if width > 0:
        if cut:
            value = value[:width]
        value = value.rjust(width) if column.right else value.ljust(width)
    return value + column.suffix


def printed(values: list[str | None], column: Column, *, cut: bool = True) -> list[str]:
    """``values`` as squeue's ``_print_str`` prints them: right-justified by ``%Ns``, then
    cut to the width unless ``cut`` is off; left-justified by ``%.Ns``, a precision that
    always cuts (and for which glibc prints a NULL it would cut as nothing); padded to
    the width. A NULL is ``(null)`` otherwise (the oracle: ``%.5f`` of no features is
    ``(null``, ``%5f`` blank, ``%.5N`` of ``dgx[1-2]`` in full, ``%5N`` ``dgx[1``)."""
    width, suffix = column.width, column.suffix
    if width < 0:  # ``-O name:-3``: squeue prints the value and a blank, unpadded
        return [("(null)" if v is None else v) + " " + suffix for v in values]
    if width <= 0:
        return [("(null)" if v is None else v) + suffix for v in values]
    if column.right:
        if cut:
            return [("(null)" if v is None else v).rjust(width)[:width] + suffix for v in values]
        return [("(null)" if v is None else v).rjust(width) + suffix for v in values]
    null = ("(null)" if width >= len("(null)") else "").ljust(width) + suffix
    return [null if v is None else v[:width].ljust(width) + suffix for v in values]


def or_null(text: str | None) -> str:
    """C's printf of a string that may be NULL: ``(null)``, but an empty one as it is."""
    return "(null)" if text is None else text
