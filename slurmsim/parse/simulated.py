"""How long a simulated job runs and how it ends, read from its script.

A job's script does not execute in simulation, so the script says what would
happen, in this order of precedence:

1. ``#SLURMSIM --runtime=TIME`` and ``#SLURMSIM --exit-code=N`` directives
   (anywhere in the script; TIME in any Slurm duration form or ``30s``/``2h``);
   ``#SLURMSIM --checkpoint-every=TIME`` says how often the job saves its work, so
   that after a preemption, requeue or node failure it resumes from there.
2. Otherwise the commands the script's shell would run (``parse.script_flow``: loops
   laid out, what follows ``||`` left out), one after the other (``sleep 4; exit
   3``): the literal ``sleep N`` commands add up to the run
   time (``sleep "${1:-600}"`` takes the script argument or the default), and an
   ``exit N`` ends the script with that code. This is how ``sbatch --wrap='sleep
   60'`` gets a run time of one minute. A script made only of such sleeps and quick
   shell commands (``echo``, ``hostname``, ``/bin/date``, ...) runs for the sleeps
   alone, zero seconds when there are none. A command is read through what
   launches it (``srun -n 4 sleep 30`` sleeps 30 s, as do ``time sleep 30``,
   ``env A=1 sleep 30`` and ``OMP_NUM_THREADS=4 sleep 30``).
3. Otherwise (a script that runs a real program) ``runtime`` is None: the job
   runs until its time limit and is killed TIMEOUT (see docs/differences.md).

Under ``--runtime``, the commands of unknown length the script waits for (a real
program in the foreground, or a ``wait`` for some in the background) take the time the
rest leaves, shared evenly: ``srun python train.py`` runs, as a step, for the whole
declared time and ends COMPLETED with the script (FAILED with ``--exit-code`` when it
is the script's last command, whose status the script exits with).

Each srun the script reaches is also kept as a step (``ScriptStep``) with what the
shell would do if that srun failed, which is known only once the job has nodes
(``api.script_steps``): whether ``set -e`` or an ``|| exit`` ends the script there, the
``&&`` list it would skip, the ``wait`` that would stop waiting for it.
"""

import re
import shlex
from dataclasses import dataclass

from slurmsim.model.digits import is_number
from slurmsim.parse.durations import parse_interval
from slurmsim.parse.errors import OptionError, ParseError
from slurmsim.parse.option_tables import SRUN_HET_CARRIED, SRUN_OPTIONS
from slurmsim.parse.options import getopt
from slurmsim.parse.script_flow import SUBSTITUTED, script_commands

_DIRECTIVE = re.compile(r"^#SLURMSIM\s+(.*)$")
_DEFAULTED_ARG = re.compile(r'^"?\$\{(\d+):-(\w+)\}"?$', re.ASCII)
_PLAIN_ARG = re.compile(r'^"?\$(\d)"?$', re.ASCII)
#: Commands that take no noticeable time: a script made of these (and sleeps) is quick.
#: A command substitution (``$(...)``) is taken to be quick too.
_QUICK = frozenset(
    [
        SUBSTITUTED,
        "[[",
        "local",
        "declare",
        "typeset",
        "readonly",
        "shift",
        "trap",
        "ulimit",
        "umask",
        "return",
        "break",
        "continue",
        "let",
        "shopt",
        "read",
        "alias",
        "type",
        "which",
        "basename",
        "dirname",
        "realpath",
        "readlink",
        "head",
        "tail",
        "grep",
        "sed",
        "awk",
        "cut",
        "sort",
        "uniq",
        "wc",
        "tr",
        "tee",
        "seq",
        "chmod",
        "nproc",
        "lscpu",
        "free",
        "scontrol",
        "squeue",
        "sinfo",
        "sacct",
        "conda",
        "activate",
        "deactivate",
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
    steps: tuple["ScriptStep", ...] = ()  # the script's srun steps


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
    guessed, unknown, known = _from_commands(script, args)
    if runtime is not None and unknown:
        # The declared run time says how long the commands of unknown length take: the
        # time the rest leaves, shared out evenly (the last takes what does not divide).
        share, rest = divmod(max(runtime - known, 0), unknown)
        guessed = _from_commands(script, args, [share] * (unknown - 1) + [share + rest])[0]
    runtime = guessed.runtime if runtime is None else runtime
    exit_code = guessed.exit_code if exit_code is None else exit_code
    return Simulated(runtime, exit_code, checkpoint, guessed.steps)


def _exit_code(value: str) -> int:
    if not is_number(value) or int(value) > 255:
        raise ParseError(f"invalid #SLURMSIM --exit-code: {value}")
    return int(value)


def _from_commands(
    script: str, args: tuple[str, ...], shares: list[int] | None = None
) -> tuple[Simulated, int, int]:
    """What the script's commands say, with how many commands of unknown length it runs
    in the foreground and how long the rest of it takes. Given ``shares``, those commands
    take so many seconds each, in turn."""
    script_time = _Timeline()
    lines = script.splitlines()
    script_time.errexit = bool(lines) and _shebang_errexit(lines[0])
    for command in script_commands(script, args):
        follows = command.follows
        words, srun, parts = _launched(command.words)
        if not words:
            script_time.chained(follows)
            continue  # a bare assignment, or ``time`` alone
        name = words[0].rsplit("/", 1)[-1]  # /bin/date is date
        if name == "exit" and not command.guarded:
            ended = script_time.ended(_exit_code_of(words), by_exit=True)
            return ended, script_time.foreground_unknowns, script_time.now
        if name == "wait" and srun is None:
            lasting = None
            if script_time.unknown_behind:  # it waits as long as they run: nobody can tell
                script_time.foreground_unknowns += 1
                lasting = shares.pop(0) if shares else None
            script_time.wait(lasting)
            script_time.chained(follows)
            continue
        if name == "set" and srun is None:
            script_time.errexit = _errexit_after(words[1:], script_time.errexit)
        seconds = _sleep_seconds(words[1], args) if name == "sleep" and len(words) == 2 else None
        unknown = seconds is None and not _quick(name)
        step = None
        if srun is not None:
            step_name = next((v for k, v in srun if k == "job-name" and v), name)
            each = tuple((n, o, _command_seconds(c, args)) for n, o, c in parts)
            if each:  # srun returns when every part's command has: the longest
                unknown = any(t is None for _, _, t in each)
                sleeps = zip(each, parts, strict=True)
                slept = [t for (_, _, t), (_, _, c) in sleeps if t is not None and _sleeps(c)]
                seconds = max(slept) if slept and not unknown else None
            step = (step_name, srun, each)
        unknown = unknown and not (srun is not None and refused_status(srun))
        if unknown and not command.background:
            script_time.foreground_unknowns += 1
            if shares:
                seconds, unknown = shares.pop(0), False
        script_time.run(
            seconds or 0,
            background=command.background,
            step=step,
            timed=seconds is not None,
            unknown=unknown,
            handled=follows in _HANDLED or command.condition,
            or_exit=command.or_exit,
        )
        script_time.chained(follows)
    return script_time.ended(0), script_time.foreground_unknowns, script_time.now


def _command_seconds(words: list[str], args: tuple[str, ...]) -> int | None:
    """How long a part's command runs when the script says (``sleep N``), 0 for a quick
    one; None when nobody can tell."""
    if _sleeps(words):
        return _sleep_seconds(words[1], args)
    return 0 if _quick(words[0].rsplit("/", 1)[-1]) else None


def _sleeps(words: list[str]) -> bool:
    """Is the command ``sleep N``, whose time the script tells?"""
    return len(words) == 2 and words[0].rsplit("/", 1)[-1] == "sleep"


def _exit_code_of(words: list[str]) -> int:
    """The status ``exit`` ends the script with: its number; 0 alone or with a variable
    (``exit $rc``), since every command of a simulated script succeeds."""
    if len(words) > 1 and words[1].isascii() and words[1].isdigit():
        return int(words[1]) % 256
    return 0


def _quick(name: str) -> bool:
    """Does the command ``name`` take no noticeable time (``(( n++ ))`` and ``[[ ]]`` too,
    and an ``exit`` under a condition, which is not taken)?"""
    return name in _QUICK or name.startswith("((") or name == "exit"


#: What may follow a command so that its failure does not end a script under ``set -e``
#: (bash leaves out every command of an ``&&``/``||`` list but the last, and a pipeline's;
#: and, ``Command.condition``, those of a condition).
_HANDLED = frozenset({"&&", "||", "|"})


def _shebang_errexit(line: str) -> bool:
    """Does the interpreter line give the shell ``-e`` (``#!/bin/bash -e``)?"""
    if not line.startswith("#!"):
        return False
    return _errexit_after(line[2:].split()[1:], False)


def _errexit_after(words: list[str], errexit: bool) -> bool:
    """Whether errexit is on after ``set`` (or the shell) takes ``words``: ``-e``, ``-o
    errexit`` and bundles such as ``-euo pipefail`` turn it on, ``+e`` and ``+o errexit``
    off."""
    for word, following in zip(words, [*words[1:], ""], strict=False):
        if word in ("-o", "+o"):
            if following == "errexit":
                errexit = word == "-o"
        elif len(word) > 1 and word[0] in "-+" and word != "--" and "e" in word[1:]:
            errexit = word[0] == "-"
    return errexit


#: srun's options, as ``getopt`` pairs.
Options = tuple[tuple[str, str | None], ...]
#: A part of ``srun A : B``: its name, srun's options for it, how long its command runs.
Part = tuple[str, Options, int | None]
#: A step the script runs: its name and srun's options, and its parts (``srun A : B``:
#: ``ScriptStep.parts``).
Launch = tuple[str, Options, tuple[Part, ...]]


@dataclass(frozen=True, slots=True)
class ScriptStep:
    """An ``srun`` of a simulated script: when it starts (seconds into the script), how
    long it runs (None: until the job ends), its name and srun's options; and, for a
    signal that kills it, what the script does next: how long it runs on after the step
    (None: unknown) and whether nothing follows (the script then exits with srun's
    status). A step run in the background (``&``) holds nothing up.

    When its srun fails, the script ends right there under ``set -e`` (``errexit``), and
    otherwise skips the ``&&`` list that follows it: ``chain_seconds`` of commands and
    the ``chain_steps`` next steps. A step in the background that a ``wait`` waits for
    knows when that wait ends (``wait_until``) and when it would have ended without the
    step (``wait_others``): it ends sooner when the step does (-1: no wait). An ``exit``
    after ``||`` (``srun ... || exit 3``) ends the script when the srun fails, with that
    status (``or_exit``; ``OWN_STATUS``: srun's). ``refused``: the controller refused the
    step as it came, for what the script's other steps held then (its srun exits 1).
    ``parts``: srun runs the step over parts of the job (``srun A : B``)."""

    at: int
    runs: int | None
    name: str
    options: tuple[tuple[str, str | None], ...]
    after: int | None = None
    last: bool = False
    background: bool = False
    errexit: bool = False
    chain_seconds: int = 0
    chain_steps: int = 0
    wait_until: int = -1
    wait_others: int = -1
    or_exit: int | None = None
    refused: bool = False
    #: An ``srun A : B`` in a job of one component: every part, on nodes of its own, its
    #: name, srun's options for it (with what the part before passes on) and how long its
    #: command runs (None: as long as the srun; ``runs`` is the longest).
    parts: tuple[Part, ...] = ()


class _Timeline:
    """The script's commands laid end to end: a command run in the background (``&``)
    does not hold the script up, ``wait`` waits for every one of them.

    A command that is neither a sleep nor a quick one runs for a time nobody can tell:
    with no sleep anywhere the job runs until its time limit (and so does a step running
    such a command); beside sleeps it counts for nothing, as the sleeps say how long the
    script runs."""

    def __init__(self) -> None:
        self.now = 0
        self.background_end = 0
        self.timed = False  # a sleep was seen
        self.unknowns = 0  # the commands of unknown length seen
        self.foreground_unknowns = 0  # those the script waits for as it reaches them
        #: Steps of unknown length in the background since the last ``wait`` (-1: no step).
        self.unknown_behind: list[int] = []
        self.commands = 0  # the commands run so far
        self.errexit = False  # ``set -e`` in force
        #: (start, seconds, unknown, background, commands and unknowns up to it, the launch,
        #: errexit applies to it, the status an ``|| exit`` after it ends the script with)
        self.steps: list[
            tuple[int, int, bool, bool, tuple[int, int], Launch, bool, int | None]
        ] = []
        #: The ``&&`` list after a step, by the step's index: (time, steps) where it began
        #: and where it ended.
        self._chains: dict[int, tuple[int, int, int, int]] = {}
        self._open: tuple[int, int, int] | None = None  # a list being read: step, time, steps
        self._stepped = False  # the command just read was a step
        #: The commands in the background since the last ``wait``: (end, step index or -1).
        self._background: list[tuple[int, int]] = []
        #: What each ``wait`` made of the steps it waited for: step index -> (the wait's end
        #: without that step, the wait's end).
        self._waits: dict[int, tuple[int, int]] = {}

    def run(
        self,
        seconds: int,
        *,
        background: bool,
        step: Launch | None,
        timed: bool,
        unknown: bool,
        handled: bool = False,
        or_exit: int | None = None,
    ) -> None:
        self.timed = self.timed or timed
        self.unknowns += unknown
        self.commands += 1
        self._stepped = step is not None
        if step is not None:
            seen = (self.commands, self.unknowns)
            strict = self.errexit and not background and not handled
            entry = (self.now, seconds, unknown, background, seen, step, strict, or_exit)
            self.steps.append(entry)
        if background:
            if unknown:
                self.unknown_behind.append(len(self._background))
            self.background_end = max(self.background_end, self.now + seconds)
            self._background.append((self.now + seconds, len(self.steps) - 1 if step else -1))
        else:
            self.now += seconds

    def chained(self, follows: str | None) -> None:
        """The command just read is followed by ``follows``: after a step, ``&&`` opens the
        list a failure of its srun skips, which the first other separator closes."""
        if self._open is not None:
            if follows != "&&":
                self._close()
        elif follows == "&&" and self._stepped:
            self._open = (len(self.steps) - 1, self.now, len(self.steps))
        self._stepped = False

    def _close(self) -> None:
        assert self._open is not None
        index, began, steps = self._open
        self._chains[index] = (began, steps, self.now, len(self.steps))
        self._open = None

    def wait(self, lasting: int | None = None) -> None:
        """``wait``; given ``lasting``, the commands of unknown length it waits for end
        that many seconds after the others do."""
        self.commands += 1
        if lasting is not None:
            self._known_behind(max(self.now, self.background_end) + lasting)
        before, until = self.now, max(self.now, self.background_end)
        ends = [end for end, _ in self._background]
        for k, (_, index) in enumerate(self._background):
            if index >= 0:
                self._waits[index] = (max([before, *ends[:k], *ends[k + 1 :]]), until)
        self._background = []
        self.unknown_behind = []
        self.now = until
        self._stepped = False

    def _known_behind(self, end: int) -> None:
        """The commands of unknown length in the background end at ``end``."""
        for place in self.unknown_behind:
            index = self._background[place][1]
            self._background[place] = (end, index)
            if index >= 0:
                at, _, _, *rest = self.steps[index]
                self.steps[index] = (at, end - at, False, *rest)  # type: ignore[assignment]
        self.background_end = end
        self.timed = True

    def ended(self, exit_code: int, *, by_exit: bool = False) -> Simulated:
        if self._open is not None:
            self._close()
        runtime = self.now if self.timed or not self.unknowns else None
        commands = self.commands + by_exit  # an ``exit N`` follows every step
        steps = []
        for index, entry in enumerate(self.steps):
            at, runs, unknown, background, seen, launch, strict, or_exit = entry
            before, unknowns = seen
            known = None if unknown and runtime is None else runs
            # What follows the step takes a known time unless a command of unknown length
            # comes after it (one before it, or itself, does not matter once it is killed).
            after = self.now - at - runs if unknowns == self.unknowns else None
            last = not background and before == commands
            began, first, end, end_steps = self._chains.get(index, (0, 0, 0, 0))
            chain = (end - began, end_steps - first)
            others, until = self._waits.get(index, (-1, -1))
            name, options, parts = launch
            steps.append(
                ScriptStep(
                    at,
                    known,
                    name,
                    options,
                    after,
                    last,
                    background,
                    strict,
                    *chain,
                    until,
                    others,
                    or_exit,
                    parts=parts,
                )
            )
        return Simulated(runtime, exit_code, steps=tuple(steps))


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


#: srun's options that only print something (and exit 0).
_INFORMATIONAL = frozenset({"help", "usage", "version"})


def _refused(status: int) -> tuple[tuple[str, str | None], ...]:
    """srun's options, as a step keeps them, when srun exits ``status`` before asking for
    anything: 255 when it does not know one of them, 1 when it has no command."""
    return (("", str(status)),)


def refused_status(options: tuple[tuple[str, str | None], ...]) -> int | None:
    """The status srun exits with at once for these options (``_refused``), else None."""
    if options and not options[0][0] and options[0][1] is not None:
        return int(options[0][1])
    return None


def _launched(
    words: list[str],
) -> tuple[list[str], Options | None, tuple[tuple[str, Options, list[str]], ...]]:
    """The command ``words`` runs, once what launches it is taken away (shell variable
    assignments, ``srun`` and its options, ``time``, ``env``, ...), and srun's options
    when srun launches it (``_refused`` when it exits at once: ``srun`` is then the
    command), with the further parts of ``srun A : B`` (``_parts``). Another launcher
    given options it does not have is left as it is: a command like any other."""
    srun = None
    parts: tuple[tuple[str, Options, list[str]], ...] = ()
    while words:
        if _ASSIGNMENT.match(words[0]):
            words = words[1:]
            continue
        name = words[0].rsplit("/", 1)[-1]
        if name == "srun":
            try:
                pairs, operands = getopt(words[1:], SRUN_OPTIONS, stop_at_operand=True)
                first, parts = _parts(tuple(pairs), operands)
            except OptionError:
                return ["srun"], _refused(255), ()
            if any(key in _INFORMATIONAL for key, _ in pairs):
                return ["true"], None, ()  # it prints and exits 0 at once, as a quick command
            if not first:
                return ["srun"], _refused(1), ()  # srun: fatal: No command given to execute.
            words, srun = first, tuple(pairs)
            continue
        takes = _LAUNCHERS.get(name)
        if takes is None or (name == "env" and len(words) == 1):
            return words, srun, parts  # not a launcher; or ``env`` alone: it prints it
        i = 1
        while i < len(words) and words[i].startswith("-") and words[i] != "-":
            i += 2 if words[i] in takes else 1
        words = words[i:]
    return words, srun, parts


def _parts(
    options: Options, operands: list[str]
) -> tuple[list[str], tuple[tuple[str, Options, list[str]], ...]]:
    """srun's words after its first part's options, cut at each ``:``: the first part's
    command, and every part's name, options (with those the part before passes on) and
    command, when there are several; a part without a command runs the next one's (none
    at all: no command). Raises ``OptionError`` for an option srun does not know."""
    pieces: list[list[str]] = [[]]
    for word in operands:
        if word == ":":
            pieces.append([])
        else:
            pieces[-1].append(word)
    if len(pieces) == 1:
        return pieces[0], ()
    read: list[tuple[Options, list[str]]] = [(options, pieces[0])]
    for piece in pieces[1:]:
        carried = tuple((k, v) for k, v in read[-1][0] if k in SRUN_HET_CARRIED)
        pairs, command = getopt(piece, SRUN_OPTIONS, stop_at_operand=True)
        read.append(((*carried, *pairs), command))
    commands = [next((c for _, c in read[i:] if c), []) for i in range(len(read))]
    if not commands[-1]:
        return [], ()
    named = tuple(
        (_step_name(opts, command), opts, command)
        for (opts, _), command in zip(read, commands, strict=True)
    )
    return commands[0], named


def _step_name(options: Options, command: list[str]) -> str:
    """A step's name: ``-J``'s, else its command's."""
    return next((v for k, v in options if k == "job-name" and v), command[0].rsplit("/", 1)[-1])


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
