"""What a display command prints: its two streams and its exit code."""

from typing import NamedTuple


class Rendered(NamedTuple):
    """The exact bytes (as text) a command writes, and the code it exits with."""

    stdout: str = ""
    stderr: str = ""
    exit_code: int = 0
