"""``sprio``: the priority factors of pending jobs, as Slurm 22.05 prints them.

Each ``%[.][width]<letter>`` of the format is a column (``.`` right-justifies, a
width cuts and pads, and the text up to the next ``%`` follows the field; sprio
knows no ``-`` flag). Weighted factors print rounded (``%.0f``), the PRIORITY
column truncated as the job's priority is, normalised factors with 7 decimals.
The default format shows only the factors whose weight is not zero.
"""

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from slurmsim.format.columns import Column, c_width, cell
from slurmsim.format.rendered import Rendered

#: Factor keys in sprio's column order, with the format letters of their weighted and
#: normalised values and their headers.
FACTORS = (
    ("age", "A", "a", "AGE"),
    ("assoc", "B", "b", "ASSOC"),
    ("fairshare", "F", "f", "FAIRSHARE"),
    ("job_size", "J", "j", "JOBSIZE"),
    ("partition", "P", "p", "PARTITION"),
    ("qos", "Q", "q", "QOS"),
)
LONG_FORMAT = "%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J %.10P %.10Q %.11N %.20T"
LONG_NORM_FORMAT = "%.15i %9r %.8u %10y %10a %10b %10f %10j %10p %10q %20t"
_SPEC = re.compile(r"%(\.?)(\d*)(.)", re.ASCII)
_PRIORITY_SCALE = 0xFFFFFFFF


class Weights(NamedTuple):
    """PriorityWeight* of the cluster, by factor key, and the TRES weights."""

    factors: Mapping[str, int]
    tres: tuple[tuple[str, int], ...] = ()


class PriorityRow(NamedTuple):
    """One pending job in one of its partitions, with its factors."""

    job_id: int
    partition: str
    user: str
    nice: int
    norm: Mapping[str, float]  # normalised factor by key (see FACTORS)
    weighted: Mapping[str, float]  # weight x factor by key
    tres_norm: tuple[tuple[str, float], ...]
    tres_weighted: tuple[tuple[str, float], ...]
    total: float  # the untruncated sum (the job's priority before the cast)
    site: int = 0
    direct: bool = False  # an operator set the priority: ``total`` is it, unscaled


@dataclass(frozen=True, slots=True)
class SprioOptions:
    format: str | None = None  # -o (or SPRIO_FORMAT)
    long: bool = False  # -l
    norm: bool = False  # -n
    weights: bool = False  # -w
    noheader: bool = False  # -h
    sort: str | None = None  # -S / --sort
    show_user: bool = False  # -u given: the default format gains a USER column
    show_cluster: bool = False  # --sibling without --local: it gains a CLUSTER column
    #: -j or a valid -u was given: no match says so instead of printing a header.
    filtered: bool = False


def default_format(weights: Weights, opts: SprioOptions) -> str:
    """The format sprio builds from the options and the non-zero weights."""
    if opts.long:
        return LONG_NORM_FORMAT if opts.norm else LONG_FORMAT
    parts = ["%.15i", "%9r"]
    if opts.show_cluster:
        parts.append("%.8c")
    if opts.show_user:
        parts.append("%.8u")
    if opts.norm:
        parts.append("%10y")
    else:
        parts += ["%.10Y", "%.10S"]
    for key, upper, lower, _ in FACTORS:
        if weights.factors.get(key, 0):
            parts.append(f"%10{lower}" if opts.norm else f"%.10{upper}")
    if any(w for _, w in weights.tres):
        parts.append("%20t" if opts.norm else "%.20T")
    return " ".join(parts)


def render_sprio(rows: list[PriorityRow], weights: Weights, opts: SprioOptions) -> Rendered:
    """sprio's output for ``rows`` (already filtered), or its complaint."""
    fmt = opts.format or default_format(weights, opts)
    columns, errors = _parse(fmt)
    stderr = "".join(f"sprio: error: Invalid job format specification: {e}\n" for e in errors)
    if opts.weights:
        lines = [] if opts.noheader else [_line(columns, _header)]
        lines.append(_line(columns, lambda key: _weight(key, weights, opts.norm)))
        return Rendered(_text(lines), stderr)
    if opts.filtered and not rows:
        return Rendered("Unable to find jobs matching user/id(s) specified\n", stderr)
    header = [] if opts.noheader else [_line(columns, _header)]
    keys, bad = _sort_keys(opts.sort or "i")
    if bad is not None and rows:  # sprio reads -S only when it has jobs to sort
        stderr += f"sprio: error: Invalid sort specification: {bad}\n"
        return Rendered(_text(header), stderr, 1)
    ordered = list(rows)
    for letter, descending in reversed(keys):
        ordered.sort(key=partial(_sort_value, letter), reverse=descending)
    body = [_line(columns, partial(_value, row=r)) for r in ordered]
    return Rendered(_text(header + body), stderr)


def _text(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


def _parse(fmt: str) -> tuple[list[Column], list[str]]:
    """The columns of ``fmt`` and the letters sprio does not know (each dropped with the
    text after it)."""
    columns: list[Column] = []
    errors: list[str] = []
    first = fmt.find("%")
    if first < 0:
        return [Column("", 0, suffix=fmt)], []
    if first:
        columns.append(Column("", 0, suffix=fmt[:first]))
    pos = first
    while pos < len(fmt):
        match = _SPEC.match(fmt, pos)
        if match is None:
            break
        align, width, key = match.groups()
        end = fmt.find("%", match.end())
        end = len(fmt) if end < 0 else end
        if key in _HEADERS:
            columns.append(Column(key, c_width(width), align == ".", fmt[match.end() : end]))
        else:
            errors.append(key)
        pos = end
    return columns, errors


def _line(columns: list[Column], value: Callable[[str], str | None]) -> str:
    return "".join(cell(value(c.key), c) if c.key else c.suffix for c in columns)


_HEADERS = {
    "c": "CLUSTER",
    "i": "JOBID",
    "r": "PARTITION",
    "u": "USER",
    "Y": "PRIORITY",
    "y": "PRIORITY",
    "S": "SITE",
    "N": "NICE",
    "T": "TRES",
    "t": "TRES",
    **{letter: head for _, upper, lower, head in FACTORS for letter in (upper, lower)},
}
_WEIGHTED = {upper: key for key, upper, _, _ in FACTORS}
_NORMALISED = {lower: key for key, _, lower, _ in FACTORS}


def _header(key: str) -> str:
    return _HEADERS[key]


def _value(key: str, *, row: PriorityRow) -> str | None:
    if key in _WEIGHTED:
        return f"{row.weighted.get(_WEIGHTED[key], 0.0):.0f}"
    if key in _NORMALISED:
        return f"{row.norm.get(_NORMALISED[key], 0.0):.7f}"
    if key == "i":
        return str(row.job_id)
    if key == "r":
        return row.partition
    if key == "u":
        return row.user
    if key == "Y":
        return str(max(int(row.total), 0))
    if key == "y":
        return f"{row.total if row.direct else row.total / _PRIORITY_SCALE:.14f}"
    if key == "S":
        return str(row.site)
    if key == "N":
        return str(row.nice)
    if key == "T":
        return ",".join(f"{name}={value:.0f}" for name, value in row.tres_weighted)
    if key == "t":
        return ",".join(f"{name}={value:.7f}" for name, value in row.tres_norm)
    return None  # %c: no federation, C's NULL


def _weight(key: str, weights: Weights, norm: bool) -> str | None:
    if key in _WEIGHTED or key in _NORMALISED:
        factor = _WEIGHTED.get(key) or _NORMALISED[key]
        return str(weights.factors.get(factor, 0))
    if key == "i":
        return "Weights"
    if key == "S":
        return "1"
    if key == "T":
        text = ",".join(f"{name}={w}" for name, w in weights.tres)
        return text or None
    if key == "t":
        return ",".join(f"{name}={w}" for name, w in weights.tres) if not norm else ""
    if key == "c":
        return None
    return ""


def _sort_value(letter: str, row: PriorityRow) -> tuple[float, str]:
    """What ``-S letter`` orders by: a number, or (for text fields) a string."""
    text = {"r": row.partition, "u": row.user}.get(letter)
    if text is not None:
        return 0.0, text
    if letter == "i":
        return float(row.job_id), ""
    if letter in ("y", "Y"):
        return row.total, ""
    if letter == "N":
        return float(row.nice), ""
    factor = _WEIGHTED.get(letter) or _NORMALISED.get(letter)
    return (row.weighted.get(factor, 0.0) if factor else 0.0), ""


#: The letters -S accepts: every sprio field.
_SORTS = frozenset(_HEADERS)


def _sort_keys(text: str) -> tuple[list[tuple[str, bool]], str | None]:
    """``-S`` keys as (letter, descending), and the first item that is not a sprio field."""
    keys: list[tuple[str, bool]] = []
    for item in text.split(","):
        descending = item.startswith("-")
        letter = item.lstrip("+-")
        if len(letter) != 1 or letter not in _SORTS:
            return keys, letter or item
        keys.append((letter, descending))
    return keys, None
