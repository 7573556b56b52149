"""How long a simulated job runs and how it ends, read from its script.

A job's script does not execute in simulation, so the script says what would
happen, in this order of precedence:

1. ``#SLURMSIM --runtime=TIME`` and ``#SLURMSIM --exit-code=N`` directives
   (anywhere in the script; TIME in any Slurm duration form or ``30s``/``2h``);
   ``#SLURMSIM --checkpoint-every=TIME`` says how often the job saves its work, so
   that after a preemption, requeue or node failure it resumes from there.
2. Otherwise the obvious top-level commands, a line's commands taken one after the
   other (``sleep 4; exit 3``): the literal ``sleep N`` commands add up to the run
   time (``sleep "${1:-600}"`` takes the script argument or the default), and an
   ``exit N`` ends the script with that code. This is how ``sbatch --wrap='sleep
   60'`` gets a run time of one minute. A script made only of such sleeps and quick
   shell commands (``echo``, ``hostname``, ``/bin/date``, ...) runs for the sleeps
   alone, zero seconds when there are none. A command is read through what
   launches it (``srun -n 4 sleep 30`` sleeps 30 s, as do ``time sleep 30``,
   ``env A=1 sleep 30`` and ``OMP_NUM_THREADS=4 sleep 30``).
3. Otherwise (a script that runs a real program) ``runtime`` is None: the job
   runs until its time limit and is killed TIMEOUT (see docs/differences.md).
"""

import re
import shlex
from dataclasses import dataclass

from slurmsim.model.digits import is_number
from slurmsim.parse.durations import parse_interval
from slurmsim.parse.errors import OptionError, ParseError
from slurmsim.parse.option_tables import SRUN_OPTIONS
from slurmsim.parse.options import getopt

_DIRECTIVE = re.compile(r"^#SLURMSIM\s+(.*)$")
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
        for command in _commands(stripped):
            words = _launched(command)
            if not words:
                continue  # a bare assignment, or ``time`` alone
            name = words[0].rsplit("/", 1)[-1]  # /bin/date is date
            if name == "exit" and (len(words) == 1 or (words[1].isascii() and words[1].isdigit())):
                code = int(words[1]) if len(words) > 1 else 0
                return Simulated(total if total is not None or not quick else 0, code)
            if name == "sleep" and len(words) == 2:
                seconds = _sleep_seconds(words[1], args)
                if seconds is not None:
                    total = (total or 0) + seconds
                    continue
            if name not in _QUICK:
                quick = False
    if total is None and quick:
        total = 0
    return Simulated(total, 0)


#: What separates the commands of a line (``sleep 4; exit 3``, ``cd x && date``).
_SEPARATORS = frozenset({";", "&&", "||", "&", "|", ";;"})


def _commands(line: str) -> list[list[str]]:
    """The simple commands of a line, as words (quotes removed, comments dropped); the
    whole line as one command when the shell's quoting cannot be read."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>")  # redirections whole
    lexer.whitespace_split = True
    try:
        words = list(lexer)
    except ValueError:
        return [line.split()]
    commands: list[list[str]] = [[]]
    for word in words:
        if word in _SEPARATORS:
            commands.append([])
        else:
            commands[-1].append(word)
    return [c for c in commands if c]


#: Commands that run the rest of their line as a command, with the options each takes
#: an argument for: the time is the command's (``srun`` is read with its own table).
_LAUNCHERS: dict[str, frozenset[str]] = {
    "time": frozenset(),
    "exec": frozenset({"-a"}),
    "nohup": frozenset(),
    "command": frozenset(),
    "nice": frozenset({"-n"}),
    "env": frozenset({"-u", "-C", "-S"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
}
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=", re.ASCII)


def _launched(words: list[str]) -> list[str]:
    """The command ``words`` runs, once what launches it is taken away (shell variable
    assignments, ``srun`` and its options, ``time``, ``env``, ...). A launcher given
    options it does not have is left as it is: a command like any other."""
    while words:
        if _ASSIGNMENT.match(words[0]):
            words = words[1:]
            continue
        name = words[0].rsplit("/", 1)[-1]
        if name == "srun":
            try:
                _, operands = getopt(words[1:], SRUN_OPTIONS, stop_at_operand=True)
            except OptionError:
                return words
            if not operands:
                return words
            words = operands
            continue
        takes = _LAUNCHERS.get(name)
        if takes is None or (name == "env" and len(words) == 1):
            return words  # not a launcher; or ``env`` alone, which prints the environment
        i = 1
        while i < len(words) and words[i].startswith("-") and words[i] != "-":
            i += 2 if words[i] in takes else 1
        words = words[i:]
    return words


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
