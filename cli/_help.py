"""``--help``, ``--usage`` and ``--version``: what Slurm 22.05.8 prints, word for word.

Tools probe these, so the texts are Slurm's own output (recorded from the real
commands into tests/golden/help/). They are data files in cli/help/, read only
when asked, so that a normal command pays nothing for them.
"""

import os
import sys
from collections.abc import Iterable
from typing import Final

from cli._common import VERSION

_DIR: Final = os.path.join(os.path.dirname(__file__), "help")

#: The text each command prints for --usage, where it is not its --help text.
_USAGE: Final = {
    "sacct": "sacct-usage",
    "salloc": "salloc-usage",
    "sbatch": "sbatch-usage",
    "scancel": "scancel-usage",
    "sinfo": "sinfo-usage",
    "sprio": "sprio-usage",
    "squeue": "squeue-usage",
    "srun": "srun-usage",
}


def text(name: str) -> str:
    """One recorded text, e.g. ``sbatch-help``."""
    with open(os.path.join(_DIR, f"{name}.txt"), encoding="utf-8") as f:
        return f.read()


def help_text(prog: str) -> str:
    """What ``prog --help`` prints."""
    return text(f"{prog}-help")


def usage_text(prog: str) -> str:
    """What ``prog --usage`` prints (the --help text for commands without a short one)."""
    return text(_USAGE.get(prog, f"{prog}-help"))


def answer_probe(prog: str, keys: Iterable[str]) -> bool:
    """Print what the first of ``help``, ``usage`` or ``version`` among ``keys`` asks for.

    Slurm acts on the first of these options as it meets it, so the first one given
    wins. False when none was given.
    """
    for key in keys:
        if key == "version":
            sys.stdout.write(f"{VERSION}\n")
            return True
        if key == "help":
            sys.stdout.write(help_text(prog))
            return True
        if key == "usage":
            sys.stdout.write(usage_text(prog))
            return True
    return False
