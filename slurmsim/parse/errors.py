"""The one exception type every parser raises."""

from __future__ import annotations


class ParseError(ValueError):
    """Text that does not follow the expected syntax.

    ``message`` is what a user sees; where Slurm prints a fixed error text, ``message`` is exactly
    that text without the ``<prog>: error: `` prefix. ``column`` is 1-based within its line when
    known; ``context`` is a short excerpt of the input around the problem (or a line of output
    that some Slurm messages carry, as documented by the raising function). ``offset`` is the
    0-based position in the whole parsed text, for callers that map it back to a file line.
    """

    def __init__(
        self,
        message: str,
        column: int | None = None,
        context: str | None = None,
        *,
        offset: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.column = column
        self.context = context
        self.offset = offset

    def __str__(self) -> str:
        return self.message


class OptionError(ParseError):
    """A command-line option error; ``message`` is glibc getopt_long's text without the prefix."""
