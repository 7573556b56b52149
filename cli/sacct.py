"""``sacct``: only ``--help``, ``--usage`` and ``--version`` so far; the rest answers so."""

import sys

from cli._common import not_supported, run
from cli._help import answer_probe

PROG = "sacct"
_PROBES = {
    "--help": "help",
    "-h": "help",
    "--usage": "usage",
    "--version": "version",
    "-V": "version",
}


def main() -> None:
    run(PROG, lambda: sacct(sys.argv[1:]))


def sacct(argv: list[str]) -> int:
    """Answer Slurm's probes; anything else is not emulated yet."""
    if answer_probe(PROG, (_PROBES[a] for a in argv if a in _PROBES)):
        return 0
    not_supported(PROG)
