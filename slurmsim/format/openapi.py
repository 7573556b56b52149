"""The envelope and encodings of Slurm 22.05's ``--json`` and ``--yaml`` output.

squeue and sinfo dump their records through Slurm's openapi/v0.0.38 plugin, sacct
through openapi/dbv0.0.38: a ``meta`` block naming the plugin and the Slurm release,
an ``errors`` list (22.05 has no ``warnings``), then the command's own list
(``jobs``, ``nodes``). The JSON is json-c's pretty print:
two-space indent, ``"key": value``, ``/`` escaped as ``\\/``, an empty list or
object opened and closed on lines of their own, doubles printed with ``%.17g`` (and
``.0`` added to a whole number), no newline at the end. The YAML is libyaml's, every
node tagged (``!!str``, ``!!int``, ...), doubles printed with ``%f``, and an empty
string written as null (by the controller's plugin; slurmdbd's keeps a bare ``!!str``).

A record is a plain ``dict`` whose key order is Slurm's; values are ``None``
(null), ``bool``, ``int``, ``float`` (a double), ``str``, lists and dicts. The
printers are plain loops over that tree (strings quoted by the json module's C
quoting), since ``json.dumps`` with an indent runs in pure Python and is slower.
"""

import re
from collections.abc import Iterable, Mapping
from json.encoder import encode_basestring as _quote
from typing import Final, NamedTuple

from slurmsim.format.version import SLURM_VERSION

Value = None | bool | int | float | str | list["Value"] | dict[str, "Value"]
Record = dict[str, Value]


class Plugin(NamedTuple):
    """The openapi plugin that dumps a command's records: its type and name in ``meta``."""

    type: str
    name: str


#: squeue and sinfo dump through the controller's parser, sacct through the database's.
SLURMCTLD: Final = Plugin("openapi/v0.0.38", "Slurm OpenAPI v0.0.38")
SLURMDBD: Final = Plugin("openapi/dbv0.0.38", "Slurm OpenAPI DB v0.0.38")


def meta(plugin: Plugin = SLURMCTLD) -> Record:
    """The ``meta`` block: the plugin, and the Slurm version as numbers and as text."""
    major, minor, micro = (int(part) for part in SLURM_VERSION.split("."))
    return {
        "plugin": {"type": plugin.type, "name": plugin.name},
        "Slurm": {
            "version": {"major": major, "micro": micro, "minor": minor},
            "release": SLURM_VERSION,
        },
    }


def envelope(
    key: str,
    records: Iterable[Value],
    errors: Iterable[Value] = (),
    plugin: Plugin = SLURMCTLD,
) -> Record:
    """A whole dump: ``meta``, ``errors``, then the records under ``key`` (``sacct --json``
    passes ``plugin=SLURMDBD`` and ``key="jobs"``)."""
    return {"meta": meta(plugin), "errors": list(errors), key: list(records)}


def double(value: float) -> float:
    """A number that Slurm prints as a double (``112.0``)."""
    return float(value)


def to_json(document: Mapping[str, Value]) -> str:
    """``document`` as Slurm 22.05 prints it with ``--json``."""
    out: list[str] = []
    _json_container(dict(document), "", out)
    # Only strings can hold a slash, and json-c escapes every one.
    return "".join(out).replace("/", "\\/")


def _scalar(value: Value) -> str | None:
    """The JSON text of a scalar; None for a list or dict."""
    if isinstance(value, str):
        return _quote(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _double_text(value)
    return None


#: Quoted keys, reused: every record repeats the same hundred.
_KEYS: dict[str, str] = {}


def _json_container(value: list[Value] | dict[str, Value], pad: str, out: list[str]) -> None:
    """Append a list or dict laid out as json-c's pretty print, closed at ``pad``."""
    append = out.append
    if not value:
        # json-c opens and closes an empty list or object on lines of their own.
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        append(f"{opening}\n{pad}{closing}")
        return
    inner = pad + "  "
    sep = ",\n" + inner
    if isinstance(value, dict):
        append("{\n" + inner)
        for n, (key, item) in enumerate(value.items()):
            quoted = _KEYS.get(key)
            if quoted is None:
                quoted = _KEYS[key] = _quote(key) + ": "
            append(sep + quoted if n else quoted)
            text = _scalar(item)
            if text is None:
                _json_container(item, inner, out)  # type: ignore[arg-type]  # not a scalar
            else:
                append(text)
        append(f"\n{pad}}}")
    else:
        append("[\n" + inner)
        for n, item in enumerate(value):
            if n:
                append(sep)
            text = _scalar(item)
            if text is None:
                _json_container(item, inner, out)  # type: ignore[arg-type]  # not a scalar
            else:
                append(text)
        append(f"\n{pad}]")


def _double_text(value: float) -> str:
    text = f"{value:.17g}"
    return text if "." in text or "e" in text or "n" in text else text + ".0"


# --- YAML --------------------------------------------------------------------------------

#: Plain scalars libyaml would not leave plain: indicators first, ": " or " #" inside,
#: blanks at an end, or text a YAML reader would take for another type.
_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_NOT_PLAIN = re.compile(r": |:$| #|^\s|\s$|[\x00-\x1f\x7f]")


def _yaml_scalar(value: Value, column: int, indent: str, empty: str) -> str:
    """A tagged scalar that starts at ``column``; long text folds onto ``indent``."""
    if value is None:
        return "!!null null"
    if value == "":
        return empty
    if value is True or value is False:
        return f"!!bool {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"!!int {value}"
    if isinstance(value, float):
        return f"!!float {value:f}"
    text = str(value)
    if text[0] in _PLAIN_START or _NOT_PLAIN.search(text):
        quoted = text.replace("'", "''")
        return "!!str '" + _fold(quoted, column + len("!!str '"), indent) + "'"
    return "!!str " + _fold(text, column + len("!!str "), indent)


#: libyaml's preferred line width: a space met beyond it becomes a line break.
_BEST_WIDTH: Final = 80


def _fold(text: str, column: int, indent: str) -> str:
    """Break ``text`` as libyaml does: at the first single space past column 80, the
    rest going on under ``indent``."""
    if column + len(text) <= _BEST_WIDTH:
        return text
    out: list[str] = []
    start = 0
    for i, char in enumerate(text):
        at = column + i - start
        if (
            char == " "
            and at > _BEST_WIDTH
            and i + 1 < len(text)
            and text[i + 1] != " "
            and (i == 0 or text[i - 1] != " ")
        ):
            out.append(text[start:i])
            out.append("\n" + indent)
            start = i + 1
            column = len(indent)
    out.append(text[start:])
    return "".join(out)


def _yaml_lines(value: Value, indent: str, out: list[str], prefix: str, empty: str) -> None:
    """Emit ``value`` after ``prefix`` (``key:`` or ``-``), nested blocks under ``indent``."""
    if isinstance(value, dict):
        if not value:
            out.append(f"{prefix} !!map {{}}")
            return
        out.append(f"{prefix} !!map")
        inner = indent if prefix.endswith("-") else indent + "  "
        for key, item in value.items():
            _yaml_lines(item, inner, out, f"{inner}!!str {key}:", empty)
    elif isinstance(value, list):
        if not value:
            out.append(f"{prefix} !!seq []")
            return
        out.append(f"{prefix} !!seq")
        for item in value:
            _yaml_item(item, indent, out, empty)
    else:
        out.append(f"{prefix} {_yaml_scalar(value, len(prefix) + 1, indent + '  ', empty)}")


def _yaml_item(value: Value, indent: str, out: list[str], empty: str) -> None:
    if isinstance(value, dict) and value:
        out.append(f"{indent}- !!map")
        for key, item in value.items():
            _yaml_lines(item, indent + "  ", out, f"{indent}  !!str {key}:", empty)
    else:
        _yaml_lines(value, indent + "  ", out, f"{indent}-", empty)


def to_yaml(document: Mapping[str, Value], *, empty_null: bool = True) -> str:
    """``document`` as Slurm 22.05 prints it with ``--yaml`` (libyaml, tags on every node).
    The controller's plugin writes an empty string as null; slurmdbd's
    (``empty_null=False``) keeps it a string, a bare ``!!str`` tag."""
    empty = "!!null null" if empty_null else "!!str"
    out = ["%YAML 1.1", "--- !!map"]
    for key, value in document.items():
        _yaml_lines(value, "", out, f"!!str {key}:", empty)
    return "\n".join(out) + "\n...\n"
