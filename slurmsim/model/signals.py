"""Signals: their names, a job's ``--signal`` request, and signals waiting to be delivered.

A job's ``--signal=[{R|B}:]<sig_num>[@sig_time]`` and the signals the controller has
decided to send to a job's processes are kept in ``Job.extra`` as short text, so the
store needs no column for what few jobs ask for.
"""

import shlex
import signal as _os_signal
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from slurmsim.model.digits import is_number
from slurmsim.model.jobs import Job

#: The signal names Slurm reads (with or without ``SIG``), by number: slurm's own list
#: (``scancel -s WINCH`` is "Unknown job signal"; any number is taken as it is).
SIGNALS: Final = {
    "HUP": 1, "INT": 2, "QUIT": 3, "ABRT": 6, "KILL": 9, "ALRM": 14, "TERM": 15, "USR1": 10,
    "USR2": 12, "URG": 23, "CONT": 18, "STOP": 19, "TSTP": 20, "TTIN": 21, "TTOU": 22,
    "XCPU": 24,
}  # fmt: skip
SIGHUP: Final = 1
SIGINT: Final = 2
SIGKILL: Final = 9
SIGTERM: Final = 15
SIGCONT: Final = 18
SIGSTOP: Final = 19

#: Signals a process that has not trapped them lives through (a batch shell, or a step's
#: task like ``sleep``): by default ignored (CHLD, CONT, URG, WINCH) or stopping it (STOP,
#: TSTP, TTIN, TTOU; Slurm then shows STOPPED for STOP).
LIVES_THROUGH: Final = frozenset({17, 18, 23, 28, 19, 20, 21, 22})

#: Key in ``Job.extra``: the job's ``--signal`` request (``WarnSignal.encode``).
WARN_SIGNAL: Final = "warn_signal"
#: Key in ``Job.extra``: signals decided for the job's processes, not yet delivered.
PENDING_SIGNALS: Final = "pending_signals"


def signal_number(text: str) -> int | None:
    """``USR1``, ``SIGUSR1``, ``usr1`` or ``10`` -> 10; None when it names no signal."""
    if is_number(text):
        return int(text)
    return SIGNALS.get(text.upper().removeprefix("SIG"))


def any_signal_number(text: str) -> int | None:
    """``signal_number``, or any signal this system names (``SEGV``, ``PIPE``): for
    slurmsim's own commands, which stage what a process could die of."""
    found = signal_number(text)
    if found is None:
        name = "SIG" + text.upper().removeprefix("SIG")
        found = getattr(_os_signal.Signals, name, None)
    return None if found is None else int(found)


def describe(sig: int) -> str:
    """What a signal's death looks like to a person: ``Terminated``, ``User defined signal 1``."""
    try:
        return _os_signal.strsignal(sig) or f"Signal {sig}"
    except ValueError:
        return f"Signal {sig}"


class Target(StrEnum):
    """Which of a job's processes a signal is for (scancel's ``-b``/``-f``, ``--signal``'s B:)."""

    STEPS = "steps"  # the job's steps, not the batch shell (Slurm's default)
    BATCH = "batch"  # the batch shell only, not its children
    FULL = "full"  # the batch shell, its children and the steps


@dataclass(frozen=True, slots=True)
class WarnSignal:
    """``--signal``: send ``signal`` ``before_s`` seconds before the job's end time."""

    signal: int
    before_s: int = 60
    batch_only: bool = False  # B: the batch shell alone
    reservation: bool = False  # R: may overlap a reservation with MaxStartDelay

    def encode(self) -> str:
        flags = ("B" if self.batch_only else "") + ("R" if self.reservation else "")
        return f"{self.signal} {self.before_s} {flags or '-'}"

    @classmethod
    def decode(cls, text: str) -> "WarnSignal":
        sig, before, flags = text.split()
        return cls(int(sig), int(before), "B" in flags, "R" in flags)

    @property
    def target(self) -> Target:
        return Target.BATCH if self.batch_only else Target.STEPS


def warn_signal(job: Job) -> WarnSignal | None:
    """The job's ``--signal`` request, if it made one."""
    text = job.extra.get(WARN_SIGNAL)
    return WarnSignal.decode(text) if text else None


def queue_signal(job: Job, sig: int, target: Target) -> None:
    """Decide that ``sig`` goes to the job's processes (delivered by the api layer)."""
    pending = job.extra.get(PENDING_SIGNALS)
    entry = f"{sig}:{target.value}"
    job.extra[PENDING_SIGNALS] = f"{pending} {entry}" if pending else entry


def take_signals(job: Job) -> list[tuple[int, Target]]:
    """The signals waiting for the job's processes, oldest first; forgets them."""
    pending = job.extra.pop(PENDING_SIGNALS, "")
    out = []
    for entry in pending.split():
        sig, _, target = entry.partition(":")
        out.append((int(sig), Target(target)))
    return out


def trapped(script: str) -> frozenset[int]:
    """The signals a script's ``trap`` commands name (``trap 'cleanup' USR1 SIGTERM 2``):
    its shell outlives them (the handler runs once the command it waits for ends)."""
    found: set[int] = set()
    for line in script.splitlines():
        if "trap" not in line:
            continue
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue  # quoting the shell would refuse too
        for i, word in enumerate(words):
            resets = i + 1 < len(words) and words[i + 1] == "-"  # back to the default
            if word == "trap" and not resets and (i == 0 or words[i - 1].endswith((";", "&", "|"))):
                for name in words[i + 2 :]:
                    if (number := signal_number(name.removesuffix(";"))) is not None:
                        found.add(number)
                    if name.endswith(";"):
                        break  # the trap command ends there
    return frozenset(found)


def shell_end(job: Job, signal: int, target: Target) -> tuple[int, int] | None:
    """How a simulated batch job ends when ``signal`` reaches its shell, as (exit code,
    signal), as bash waiting for a command ends on Slurm (the oracle); None: it goes on.

    With ``-b`` (or ``--signal``'s ``B:``) the shell alone gets it, and bash puts off
    SIGINT until its command ends (which did not get it); with ``-f`` the command dies of
    it too. A shell that traps the signal, or ignores or stops on it by default, goes on.
    """
    if target is Target.STEPS or signal in LIVES_THROUGH:
        return None
    if (signal == SIGINT and target is Target.BATCH) or signal in trapped(job.request.script or ""):
        return None
    return 0, signal
