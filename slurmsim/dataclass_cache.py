"""The methods ``dataclasses`` writes for each class, compiled once instead of per process.

``@dataclass`` writes a class's ``__init__``, ``__eq__``, ``__repr__``, ``__hash__`` and a
frozen class's ``__setattr__``/``__delattr__`` as source text and compiles it with
``exec`` when the class is created: every command compiles ~150 such functions before it
reads anything, a ninth of ``squeue``'s instructions. ``install`` gives the
``dataclasses`` module an ``exec`` that looks the code up by its source text in a file
in the user's cache directory (one per Python version, since marshalled code is specific
to one) and compiles only what the file lacks; a process that compiled anything writes
the file anew when it exits.

The cached code is what ``exec`` would have compiled: the same text, the same file name
``"<string>"``, and no ``__future__`` flags (``exec`` takes them from its caller, and
``dataclasses`` has none). Nothing depends on the file: a missing, unreadable or foreign
one is ignored, a directory that cannot be written is left alone, and with
``PYTHONDONTWRITEBYTECODE`` set (as with ``.pyc`` files) nothing is written. Commands
running side by side each replace the whole file at once, so a reader never sees half
of one.
"""

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from types import CodeType
from typing import Any

#: The most entries the file keeps: past this (methods of classes long since changed
#: pile up), a process writes only the code it used itself.
_MOST_ENTRIES = 4096

#: Whose classes are cached: ``dataclasses`` runs a class's methods in the globals of
#: the class's module. Others' (the tests', other libraries') would only make every
#: command read a larger file.
_OWN_MODULES = ("slurmsim.", "cli.")


class _Cache:
    """The compiled code by source text: loaded from ``path``, written back if it grew."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._code = _read(path)
        self._used: dict[str, CodeType] = {}
        self._grew = False

    def run(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """``exec``, with source text compiled through the cache."""
        if isinstance(source, str) and _is_own(globals):
            source = self._compiled(source)
        builtins.exec(source, globals, locals)

    def _compiled(self, text: str) -> CodeType:
        code = self._code.get(text)
        if code is None:
            code = self._code[text] = compile(text, "<string>", "exec", dont_inherit=True)
            self._grew = True
        self._used[text] = code
        return code

    def write(self) -> None:
        if not self._grew or sys.dont_write_bytecode:
            return
        keep = self._code if len(self._code) <= _MOST_ENTRIES else self._used
        partial = f"{self._path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self._path), exist_ok=True)
            with open(partial, "wb") as file:
                file.write(marshal.dumps(keep))
            os.replace(partial, self._path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(partial)


def _is_own(globals: Any) -> bool:
    name = globals.get("__name__") if isinstance(globals, dict) else None
    return isinstance(name, str) and name.startswith(_OWN_MODULES)


def _read(path: str) -> dict[str, CodeType]:
    try:
        with open(path, "rb") as file:
            loaded = marshal.loads(file.read())  # load(file) reads in tiny pieces: 10x slower
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {
        text: code
        for text, code in loaded.items()
        if isinstance(text, str) and isinstance(code, CodeType)
    }


def cache_path() -> str | None:
    """The cache file for this Python, or None when it has no bytecode tag."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "slurmsim", f"dataclass-code.{tag}.marshal")


def install() -> None:
    """Make ``dataclasses`` compile through the cache (once per process)."""
    path = cache_path()
    if path is None or hasattr(dataclasses, "exec"):  # no tag, or installed already
        return
    cache = _Cache(path)
    dataclasses.exec = cache.run  # type: ignore[attr-defined]  # shadows the builtin there
    atexit.register(cache.write)
