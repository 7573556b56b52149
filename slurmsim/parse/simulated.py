"""How long a simulated job runs and how it ends, read from its script.

A job's script does not execute in simulation, so the script says what would
happen, in this order of precedence:

1. ``#SLURMSIM --runtime=TIME`` and ``#SLURMSIM --exit-code=N`` directives
   (anywhere in the script; TIME in any Slurm duration form or ``30s``/``2h``);
   ``#SLURMSIM --checkpoint-every=TIME`` says how often the job saves its work, so
   that after a preemption, requeue or node failure it resumes from there.
2. Otherwise the obvious top-level commands: the literal ``sleep N`` commands
   add up to the run time (``sleep "${1:-600}"`` takes the script argument or
   the default), and an ``exit N`` line ends the script with that code. This is
   how ``sbatch --wrap='sleep 60'`` gets a run time of one minute. A script made
   only of such sleeps and quick shell commands (``echo``, ``hostname``, ...)
   runs for the sleeps alone, zero seconds when there are none.
3. Otherwise (a script that runs a real program) ``runtime`` is None: the job
   runs until its time limit and is killed TIMEOUT (see docs/differences.md).
"""

import re
import shlex
from dataclasses import dataclass

from slurmsim.model.digits import is_number
from slurmsim.parse.durations import parse_interval
from slurmsim.parse.errors import ParseError

_DIRECTIVE = re.compile(r"^#SLURMSIM\s+(.*)$")
_SLEEP = re.compile(r"^\s*sleep\s+(\S+)\s*(?:[;#].*)?$")
_EXIT = re.compile(r"^\s*exit\s+(\d+)\s*(?:[;#].*)?$", re.ASCII)
_DEFAULTED_ARG = re.compile(r'^"?\$\{(\d+):-(\w+)\}"?$', re.ASCII)
_PLAIN_ARG = re.compile(r'^"?\$(\d)"?$', re.ASCII)
#: Commands that take no noticeable time: a script made of these (and sleeps) is quick.
_QUICK = frozenset(
    [
        "echo",
        "printf",
        "true",
        "false",
        ":",
        "hostname",
        "date",
        "env",
        "printenv",
        "cd",
        "export",
        "set",
        "unset",
        "module",
        "ml",
        "source",
        ".",
        "whoami",
        "pwd",
        "id",
        "uname",
        "ls",
        "cat",
        "mkdir",
        "touch",
        "rm",
        "cp",
        "mv",
        "ln",
        "test",
        "[",
        "nvidia-smi",
        "wait",
    ]
)


@dataclass(frozen=True, slots=True)
class Simulated:
    runtime: int | None  # seconds; None: until the time limit
    exit_code: int = 0
    checkpoint_every: int | None = None  # seconds between checkpoints; None: none


def simulated(script: str, args: tuple[str, ...] = ()) -> Simulated:
    """Read the simulation hints of a batch script (see the module docstring)."""
    runtime: int | None = None
    exit_code: int | None = None
    checkpoint: int | None = None
    for line in script.splitlines():
        m = _DIRECTIVE.match(line)
        if not m:
            continue
        for word in shlex.split(m.group(1), comments=True):
            key, _, value = word.partition("=")
            if key == "--runtime":
                runtime = parse_interval(value)
            elif key == "--exit-code":
                exit_code = _exit_code(value)
            elif key == "--checkpoint-every":
                checkpoint = parse_interval(value)
                if checkpoint <= 0:
                    raise ParseError(f"invalid #SLURMSIM --checkpoint-every: {value}")
            else:
                raise ParseError(f"unknown #SLURMSIM option: {key}")
    if runtime is None or exit_code is None:
        guessed = _from_commands(script, args)
        runtime = guessed.runtime if runtime is None else runtime
        exit_code = guessed.exit_code if exit_code is None else exit_code
    return Simulated(runtime, exit_code, checkpoint)


def _exit_code(value: str) -> int:
    if not is_number(value) or int(value) > 255:
        raise ParseError(f"invalid #SLURMSIM --exit-code: {value}")
    return int(value)


def _from_commands(script: str, args: tuple[str, ...]) -> Simulated:
    total: int | None = None
    quick = True
    for line in script.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if exit_match := _EXIT.match(line):
            return Simulated(
                total if total is not None or not quick else 0, int(exit_match.group(1))
            )
        if sleep_match := _SLEEP.match(line):
            seconds = _sleep_seconds(sleep_match.group(1), args)
            if seconds is not None:
                total = (total or 0) + seconds
                continue
        if stripped.split()[0] not in _QUICK:
            quick = False
    if total is None and quick:
        total = 0
    return Simulated(total, 0)


def _sleep_seconds(word: str, args: tuple[str, ...]) -> int | None:
    if m := _DEFAULTED_ARG.match(word):
        index, default = int(m.group(1)), m.group(2)
        word = args[index - 1] if 0 < index <= len(args) else default
    elif m := _PLAIN_ARG.match(word):
        index = int(m.group(1))
        if not 0 < index <= len(args):
            return None
        word = args[index - 1]
    word = word.strip("\"'")
    try:
        return int(float(word)) if is_number(word.replace(".", "", 1)) else parse_interval(word)
    except ParseError:
        return None
