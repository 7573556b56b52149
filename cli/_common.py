"""What every Slurm command front end shares: printing Slurm's way and exiting.

Slurm prints errors as ``<prog>: error: <text>`` on stderr and exits with a
command-specific status; nothing a user types may end in a Python traceback.
"""

import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, NoReturn

from slurmsim.model.errors import FatalError, SlurmError, WidthCrash
from slurmsim.parse.options import Opt, OptionError, getopt

#: What ``--version`` prints for every Slurm command; tools probe it.
VERSION: Final = "slurm-wlm 22.05.8"  # as the reference build (Debian 12's) says it


def out(text: str) -> None:
    sys.stdout.write(text)


def err(text: str) -> None:
    sys.stderr.write(text)


def error(prog: str, message: str) -> None:
    err(f"{prog}: error: {message}\n")


def usage_error(prog: str, message: str, code: int) -> NoReturn:
    """getopt's complaint plus Slurm's hint, as every Slurm command prints them."""
    err(f"{prog}: {message}\n")
    err(f'Try "{prog} --help" for more information\n')
    sys.exit(code)


def parse_args(
    prog: str, argv: list[str], table: Sequence[Opt], *, stop_at_operand: bool, code: int
) -> tuple[list[tuple[str, str | None]], list[str]]:
    """getopt_long, or getopt's complaint and exit ``code`` (255 for sbatch, 1 for the rest)."""
    try:
        return getopt(argv, table, stop_at_operand=stop_at_operand)
    except OptionError as e:
        usage_error(prog, e.message, code)


def gather(pairs: Iterable[tuple[str, str | None]]) -> tuple[dict[str, list[str]], set[str]]:
    """Parsed options as a command reads them: each option's values in order, and the
    set of options given at all."""
    given: dict[str, list[str]] = {}
    flags: set[str] = set()
    for key, value in pairs:
        flags.add(key)
        if value is not None:
            given.setdefault(key, []).append(value)
    return given, flags


def comma_list(values: Iterable[str]) -> tuple[str, ...]:
    """``-u a,b -u c`` -> ("a", "b", "c"): repeated, comma-separated option values."""
    return tuple(v for value in values for v in value.split(",") if v)


def hostlist_complaint(prog: str, text: str) -> None:
    """Slurm's hostlist parser names a bad bracket range (``Invalid range: `2-1'``, ``Too
    many hosts in range``) before the command says what it makes of the list."""
    from slurmsim.parse.hostlist import range_complaint

    if (complaint := range_complaint(text)) is not None:
        error(prog, f"_parse_single_range: {complaint}")


#: C's isspace: what strtol and atoi skip before a number.
C_SPACE = " \t\n\v\f\r"


def immediate_seconds(values: Mapping[str, str | None]) -> int | str:
    """The seconds srun's or salloc's ``--immediate`` lets a request wait (0: no limit;
    1, also the option without a value: it fails unless it can go at once), or the value
    it cannot read (Slurm reads it with strtol and takes no negative)."""
    if "immediate" not in values:
        return 0
    value = values["immediate"]
    if value is None:
        return 1
    digits = value.lstrip(C_SPACE)
    if not digits.lstrip("+").isdigit() or digits.startswith("++"):
        return value
    return int(digits)


_SUFFIXED = re.compile(r"(\d+)([kKmM]?)", re.ASCII)


def suffixed_count(text: str) -> int | None:
    """A count as Slurm's clients read node and CPU counts: digits with an optional k or m
    (x 1024, x 1024 x 1024); None when ``text`` is not one."""
    match = _SUFFIXED.fullmatch(text)
    if match is None:
        return None
    return int(match[1]) * {"": 1, "k": 1024, "m": 1024 * 1024}[match[2].lower()]


def short_hostname() -> str:
    """This host's name up to the first dot, as Slurm's clients report it.

    ``os.uname`` gives what ``socket.gethostname`` does (glibc reads it there), without
    importing ``socket``: 3 % of an ``sbatch``.
    """
    return os.uname().nodename.split(".")[0]


def run(prog: str, body: Callable[[], int]) -> NoReturn:
    """Run a command body and exit with its status; store errors end cleanly.

    Instants are written as ``SLURM_TIME_FORMAT`` asks, for this command only.
    """
    from slurmsim.format.times import use_time_format
    from slurmsim.store.repository import StoreError

    use_time_format(os.environ.get("SLURM_TIME_FORMAT"), lambda message: error(prog, message))
    try:
        code = body()
    except StoreError as e:
        err(f"{prog}: error: {e}\n")
        code = 1
    except FatalError as e:
        for line in (e.detail or "").splitlines():
            error(prog, line)
        err(f"{prog}: fatal: {e.message}\n")
        code = 1
    except SlurmError as e:  # a refusal the body did not expect to print itself
        error(prog, e.message)
        code = 1
    except WidthCrash:  # Slurm's command dies of SIGSEGV; its shell says so
        err("Segmentation fault\n")
        code = 139
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    finally:
        use_time_format(None)  # in-process callers (tests) run the next command afresh
    sys.stdout.flush()
    sys.exit(code)


#: The word that separates the components of a heterogeneous job on a command line
#: (``sbatch -N1 : -N2 job.sh``), which slurmsim does not emulate yet.
HET_SEPARATOR = ":"
#: The directives that do the same in a batch script (``#SBATCH hetjob``, once ``packjob``).
HET_DIRECTIVES = ("hetjob", "packjob")


def not_supported(prog: str) -> NoReturn:
    """The answer of a command that a later slurmsim release completes."""
    err(f"{prog}: error: not supported yet by slurmsim (see docs/differences.md)\n")
    sys.exit(1)


def every(value: str | None, refusal: str) -> int | None:
    """``-i``/``--iterate``: the seconds between reports, read as C's ``atoi`` (``5x`` is
    5), or None without it; 0 after printing ``refusal`` (``{}``: the value) when the
    number is not positive."""
    if value is None:
        return None
    import re

    match = re.match(r"\s*([+-]?\d+)", value, re.ASCII)
    # strtol stops at LONG_MAX (LONG_MIN), and atoi keeps what fits in an int.
    seconds = max(-(2**63), min(int(match[1]), 2**63 - 1)) % 2**32 if match else 0
    seconds = seconds - 2**32 if seconds >= 2**31 else seconds
    if seconds <= 0:
        err(refusal.format(value))
        return 0
    return seconds


def repeat(seconds: int, show: Callable[[bool], int]) -> NoReturn:
    """Report again every ``seconds`` of wall time until interrupted (Ctrl-C ends the
    command, as it ends squeue and sinfo): ``show(True)`` prints a dated report, and a
    blank line follows each. The store is read afresh each time."""
    import time

    while True:
        show(True)
        out("\n")
        sys.stdout.flush()
        time.sleep(seconds)


def interactive(prog: str, run_words: Callable[[list[str]], int]) -> int:
    """scontrol's and sacctmgr's mode without a command: prompt, read a command a line.

    ``quit`` or ``exit`` ends it; so does the end of input, after a newline (the one a
    terminal would have echoed). The status is the last failing command's, else 0.
    """
    import shlex

    status = 0
    while True:
        out(f"{prog}: ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            out("\n")
            return status
        if line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError:  # an unclosed quote runs to the end of the line
            words = shlex.split(line + '"')
        if not words:
            continue
        if words[0].lower() in ("quit", "exit"):
            return status
        status = run_words(words) or status
