"""``salloc``: only ``--help``, ``--usage`` and ``--version`` so far (allocations come later)."""

import sys
from collections.abc import Sequence

from cli._common import not_supported, parse_args, run
from cli._help import answer_probe
from cli._submit_table import SALLOC_OPTIONS

PROG = "salloc"


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: salloc(list(sys.argv[1:] if argv is None else argv)))


def salloc(argv: list[str]) -> int:
    """Answer Slurm's probes; anything else is not emulated yet."""
    pairs, _ = parse_args(PROG, argv, SALLOC_OPTIONS, stop_at_operand=True, code=255)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    not_supported(PROG)
