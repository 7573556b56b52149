"""Signals: their names, a job's ``--signal`` request, and signals waiting to be delivered.

A job's ``--signal=[{R|B}:]<sig_num>[@sig_time]`` and the signals the controller has
decided to send to a job's processes are kept in ``Job.extra`` as short text, so the
store needs no column for what few jobs ask for.
"""

import signal as _os_signal
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from slurmsim.model.digits import is_number
from slurmsim.model.jobs import Job

#: The signal names Slurm reads (with or without ``SIG``), by number.
SIGNALS: Final = {
    "HUP": 1, "INT": 2, "QUIT": 3, "ABRT": 6, "KILL": 9, "USR1": 10, "SEGV": 11,
    "USR2": 12, "PIPE": 13, "ALRM": 14, "TERM": 15, "CHLD": 17, "CONT": 18, "STOP": 19,
    "TSTP": 20, "TTIN": 21, "TTOU": 22, "URG": 23, "XCPU": 24, "XFSZ": 25, "VTALRM": 26,
    "PROF": 27, "WINCH": 28, "IO": 29, "PWR": 30, "SYS": 31,
}  # fmt: skip
SIGKILL: Final = 9
SIGTERM: Final = 15
SIGCONT: Final = 18

#: Key in ``Job.extra``: the job's ``--signal`` request (``WarnSignal.encode``).
WARN_SIGNAL: Final = "warn_signal"
#: Key in ``Job.extra``: signals decided for the job's processes, not yet delivered.
PENDING_SIGNALS: Final = "pending_signals"


def signal_number(text: str) -> int | None:
    """``USR1``, ``SIGUSR1``, ``usr1`` or ``10`` -> 10; None when it names no signal."""
    if is_number(text):
        return int(text)
    return SIGNALS.get(text.upper().removeprefix("SIG"))


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
