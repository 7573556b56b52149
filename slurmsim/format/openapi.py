"""The envelope and encodings of Slurm 22.05's ``--json`` and ``--yaml`` output.

squeue, sinfo and sacct dump their records through Slurm's openapi/v0.0.38 plugin:
a ``meta`` block naming the plugin and the Slurm release, an ``errors`` list, then
the command's own list (``jobs``, ``nodes``). The JSON is json-c's pretty print:
two-space indent, ``"key": value``, ``/`` escaped as ``\\/``, an empty list or
object opened and closed on lines of their own, doubles printed with ``%.17g`` (and
``.0`` added to a whole number), no newline at the end. The YAML is libyaml's, every
node tagged (``!!str``, ``!!int``, ...), doubles printed with ``%f``, and an empty
string written as null.

A record is a plain ``dict`` whose key order is Slurm's; values are ``None``
(null), ``bool``, ``int``, ``float``, ``str``, lists and dicts. ``json.dumps``
writes the bulk in C and a few substitutions give json-c's bytes, so that a queue
of thousands of jobs dumps in a blink.
"""

import json
import re
from collections.abc import Iterable, Mapping
from typing import Final

from slurmsim.format.version import SLURM_VERSION

Value = None | bool | int | float | str | list["Value"] | dict[str, "Value"]
Record = dict[str, Value]

#: The data parser squeue, sinfo and sacct use in 22.05.
PLUGIN_TYPE: Final = "openapi/v0.0.38"
PLUGIN_NAME: Final = "Slurm OpenAPI v0.0.38"

#: A non-integral double travels through ``json.dumps`` as this marker plus its
#: ``%.17g`` text, and is put back unquoted (NUL never occurs in a real string).
_FLOAT_MARK: Final = "\x00f:"
_FLOAT_TOKEN = re.compile(r'"\\u0000f:([^"]*)"')
_EMPTY = re.compile(r"(?m)^( *)(.*)(\[\]|\{\})(,?)$")


def meta() -> Record:
    """The ``meta`` block: the plugin, and the Slurm version as numbers and as text."""
    major, minor, micro = (int(part) for part in SLURM_VERSION.split("."))
    return {
        "plugin": {"type": PLUGIN_TYPE, "name": PLUGIN_NAME},
        "Slurm": {
            "version": {"major": major, "micro": micro, "minor": minor},
            "release": SLURM_VERSION,
        },
    }


def envelope(key: str, records: Iterable[Value], errors: Iterable[Value] = ()) -> Record:
    """A whole dump: ``meta``, ``errors``, then the records under ``key``."""
    return {"meta": meta(), "errors": list(errors), key: list(records)}


def double(value: float) -> float | str:
    """A double as json-c prints it; use this for every non-integer number in a record."""
    if value == int(value):
        return float(value)
    return _FLOAT_MARK + f"{value:.17g}"


def flags(names: Iterable[str]) -> list[Value]:
    """A flags list (``["JOB_ACCRUE_OVER", ...]``): the names set, in the order given."""
    return list(names)


def to_json(document: Mapping[str, Value]) -> str:
    """``document`` as Slurm 22.05 prints it with ``--json``."""
    text = json.dumps(document, indent=2, ensure_ascii=False)
    text = text.replace("/", "\\/")
    if _FLOAT_MARK[0] in text or "\\u0000f:" in text:
        text = _FLOAT_TOKEN.sub(r"\1", text)
    return _EMPTY.sub(_open_empty, text)


def _open_empty(match: re.Match[str]) -> str:
    indent, head, brackets, comma = match.groups()
    return f"{indent}{head}{brackets[0]}\n{indent}{brackets[1]}{comma}"


# --- YAML --------------------------------------------------------------------------------

#: Plain scalars libyaml would not leave plain: indicators first, ": " or " #" inside,
#: blanks at an end, or text a YAML reader would take for another type.
_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_NOT_PLAIN = re.compile(r": |:$| #|^\s|\s$|[\x00-\x1f\x7f]")


def _yaml_scalar(value: Value) -> str:
    if value is None or value == "":
        return "!!null null"
    if value is True or value is False:
        return f"!!bool {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"!!int {value}"
    if isinstance(value, float):
        return f"!!float {value:f}"
    text = str(value)
    if text.startswith(_FLOAT_MARK):
        return f"!!float {float(text[len(_FLOAT_MARK) :]):f}"
    if text[0] in _PLAIN_START or _NOT_PLAIN.search(text):
        return "!!str '" + text.replace("'", "''") + "'"
    return f"!!str {text}"


def _yaml_lines(value: Value, indent: str, out: list[str], prefix: str) -> None:
    """Emit ``value`` after ``prefix`` (``key:`` or ``-``), nested blocks under ``indent``."""
    if isinstance(value, dict):
        if not value:
            out.append(f"{prefix} !!map {{}}")
            return
        out.append(f"{prefix} !!map")
        inner = indent if prefix.endswith("-") else indent + "  "
        for key, item in value.items():
            _yaml_lines(item, inner, out, f"{inner}!!str {key}:")
    elif isinstance(value, list):
        if not value:
            out.append(f"{prefix} !!seq []")
            return
        out.append(f"{prefix} !!seq")
        for item in value:
            _yaml_item(item, indent, out)
    else:
        out.append(f"{prefix} {_yaml_scalar(value)}")


def _yaml_item(value: Value, indent: str, out: list[str]) -> None:
    if isinstance(value, dict) and value:
        out.append(f"{indent}- !!map")
        for key, item in value.items():
            _yaml_lines(item, indent + "  ", out, f"{indent}  !!str {key}:")
    else:
        _yaml_lines(value, indent + "  ", out, f"{indent}-")


def to_yaml(document: Mapping[str, Value]) -> str:
    """``document`` as Slurm 22.05 prints it with ``--yaml`` (libyaml, tags on every node)."""
    out = ["%YAML 1.1", "--- !!map"]
    for key, value in document.items():
        _yaml_lines(value, "", out, f"!!str {key}:")
    return "\n".join(out) + "\n...\n"
