"""Batch scripts: sanity checks, ``#SBATCH`` directive scanning, and ``--wrap`` scripts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from slurmsim.parse.errors import ParseError
from slurmsim.parse.loader import parse_tree, transform

SLURM_PREFIX_WARNING: Final = (
    "Change from #SLURM to #SBATCH in your script and verify the options are valid in sbatch"
)
"""sbatch's ``error:`` line, printed once when a script uses ``#SLURM`` directives."""

_NO_SHEBANG: Final = (
    "This does not look like a batch script.  The first\n"
    "line must start with #! followed by the path to an interpreter.\n"
    "For instance: #!/bin/sh"
)
_HAS_NUL: Final = (
    "The Slurm controller does not allow scripts that\ncontain a NULL character '\\0'."
)
_HAS_CRLF: Final = (
    "Batch script contains DOS line breaks (\\r\\n)\ninstead of expected UNIX line breaks (\\n)."
)
_BLANKS: Final = b" \t\n\v\f\r"  # C isspace()
SIMULATION_PREFIX: Final = "#SLURMSIM"
"""slurmsim's own directive (run time, exit code): a comment to sbatch's scanner here.

Real Slurm reads any line starting with ``#SLURM`` as a directive, so before the first
command it would reject ``#SLURMSIM``; docs/differences.md advises putting these lines
after the first command, where Slurm stops looking."""
_TEXT_BLANKS: Final = " \t\n\v\f\r"


def check_script(script_bytes: bytes) -> None:
    """Refuse what sbatch refuses before reading directives.

    The ParseError message is sbatch's ``error:`` lines joined by newlines, without the
    ``sbatch: error: `` prefix: empty, whitespace only, no ``#!`` at the very start, a NUL byte,
    or CR LF line ends (checked in that order).
    """
    if not script_bytes:
        raise ParseError("Batch script is empty!")
    if not script_bytes.strip(_BLANKS):
        raise ParseError("Batch script contains only whitespace!")
    if not script_bytes.startswith(b"#!"):
        raise ParseError(_NO_SHEBANG)
    if b"\0" in script_bytes:
        raise ParseError(_HAS_NUL)
    if b"\r\n" in script_bytes:
        raise ParseError(_HAS_CRLF)


def wrap_script(command: str) -> str:
    """The script ``sbatch --wrap=<command>`` submits."""
    return f"#!/bin/sh\n# This script was created by sbatch --wrap.\n\n{command}\n"


@dataclass(frozen=True)
class Directives:
    """The words of all directive lines, in order, and whether any line used ``#SLURM``
    (sbatch then prints :data:`SLURM_PREFIX_WARNING` once)."""

    args: tuple[str, ...]
    slurm_prefix_used: bool = False


def _split(rest: str, source: str, lineno: int) -> list[str]:
    """The words of one directive line (``rest`` is the text after the prefix), up to the
    first empty one (``""`` or ``''``): sbatch reads no further on the line, so nothing
    after it counts, not even a bad word (the oracle: ``-J "" -p debug`` leaves ``-J``
    without its argument, and ``-J x "" "abc`` is read as ``-J x``)."""
    from slurmsim.parse.transformers.directive import DirectiveTransformer  # lazy import

    try:
        words = transform(DirectiveTransformer(), parse_tree("directive", rest, "unmatched"))
    except ParseError as exc:
        # Only an unclosed quote can fail to lex; the error points at that quote.
        at = (exc.column or 1) - 1
        if at > 0 and (head := _words_before(rest[:at])) is not None:
            return head  # an empty word ended the line before the quote
        quote = rest[at] if at < len(rest) and rest[at] in "'\"" else '"'
        before = rest[:at].rstrip(_NOT_BLANK)  # up to the blank before the quote's word
        raise ParseError(
            f"{source}: line {lineno}: Unmatched `{quote}` in [{_from(rest, before)}]",
            exc.column,
        ) from None
    out = []
    for i, (text, starts_with_colon, _) in enumerate(words):
        if not text:
            break
        if starts_with_colon:
            before = rest[: words[i - 1][2]] if i else ""
            raise ParseError(f"{source}: line {lineno}: Unexpected `:` in [{_from(rest, before)}]")
        out.append(text)
    return out


def _words_before(head: str) -> list[str] | None:
    """The words of ``head`` up to its first empty one, None when it has none (or does
    not lex)."""
    from slurmsim.parse.transformers.directive import DirectiveTransformer  # lazy import

    try:
        words = transform(DirectiveTransformer(), parse_tree("directive", head, "unmatched"))
    except ParseError:
        return None
    texts = [text for text, _, _ in words]
    return texts[: texts.index("")] if "" in texts else None


#: Everything but blanks, to strip a word off the end of a line's start.
_NOT_BLANK = "".join(chr(c) for c in range(33, 127))


def _from(rest: str, before: str) -> str:
    """What sbatch quotes when a word of ``rest`` is bad: the line from the end of the word
    before it (``before`` ends there), or from the bad word itself when it comes first."""
    if not before.strip():
        return rest.lstrip()
    return rest[len(before.rstrip()) :]


def directive_words(rest: str, source: str = "stdin", lineno: int = 1) -> list[str]:
    """The words of one directive line, ``rest`` being the text after ``#SBATCH``.

    Raises ParseError with sbatch's ``fatal:`` text for an unmatched quote or a word
    starting with ``:`` (``source`` and ``lineno`` name the line in it).
    """
    return _split(rest, source, lineno)


#: The words that separate a heterogeneous job's components (``#SBATCH hetjob``; sbatch's
#: ``HET_DIRECTIVES``), in any case.
_SEPARATORS = frozenset({"hetjob", "packjob"})


def _separated(words: list[str]) -> list[str]:
    """One line's words as sbatch takes them around a component separator: a line that
    begins with one is that separator alone (lower case), and one later in a line ends
    the line there (the oracle: ``#SBATCH hetjob -N2`` separates and drops ``-N2``,
    ``#SBATCH -N1 hetjob -N2`` is ``-N1``)."""
    for i, word in enumerate(words):
        if word.lower() in _SEPARATORS:
            return [word.lower()] if i == 0 else words[:i]
    return words


def scan_directives(script: str, prefix: str = "#SBATCH", source: str = "stdin") -> Directives:
    """Collect directive words the way sbatch does.

    A directive line begins exactly with ``prefix`` at column 0 (``#SLURM`` is accepted too
    when the prefix is ``#SBATCH``). Blank and comment lines are skipped; the first line whose
    first non-blank character is not ``#`` ends the scan. ``source`` is the name sbatch shows
    in fatal messages: the script's basename, or ``stdin``.

    Raises ParseError with sbatch's ``fatal:`` text (without ``sbatch: fatal: ``) for an
    unmatched quote or a word starting with ``:``.
    """
    args: list[str] = []
    slurm_used = False
    sbatch = prefix == "#SBATCH"
    for lineno, line in enumerate(script.split("\n"), start=1):
        if line.startswith(prefix):
            words = _split(line[len(prefix) :], source, lineno)
            args.extend(_separated(words) if sbatch else words)
        elif line.startswith(SIMULATION_PREFIX):
            continue
        elif sbatch and line.startswith("#SLURM"):
            slurm_used = True
            args.extend(_separated(_split(line[len("#SLURM") :], source, lineno)))
        elif line.strip(_TEXT_BLANKS) and not line.lstrip(_TEXT_BLANKS).startswith("#"):
            break
    return Directives(tuple(args), slurm_used)


def directive_args(script: str, prefix: str = "#SBATCH", source: str = "stdin") -> list[str]:
    """The words of all directive lines as one argument vector (see :func:`scan_directives`).

    >>> directive_args("#!/bin/sh\\n#SBATCH -N 2 --time=10 # ten minutes\\necho hi\\n#SBATCH -p x")
    ['-N', '2', '--time=10']
    """
    return list(scan_directives(script, prefix, source).args)
