"""Running a line of shell in process: ``SLURMSIM_USER=bob sbatch -N 2 --wrap='sleep 60'``.

Drill setups, drill solutions and the grader are written as the commands a person
would type. Each line is split the way a shell splits it (quotes, no expansion),
leading ``NAME=value`` words set the environment for that command only, and the
command's ``main()`` runs here with its output captured: much faster than a shell
and a process per line, and the same bytes.
"""

import contextlib
import io
import os
import shlex
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

#: The commands a line may run, by name: the module in ``cli`` whose ``main`` it calls.
COMMANDS = (
    "sacct",
    "sacctmgr",
    "salloc",
    "sbatch",
    "scancel",
    "scontrol",
    "sinfo",
    "slurmsim",
    "sprio",
    "squeue",
    "srun",
    "sshare",
)


class ShellError(Exception):
    """A line that is not a command slurmsim can run (bad quoting, unknown program)."""


@dataclass(frozen=True, slots=True)
class Ran:
    """What one line did: the command as split, its exit status and its bytes."""

    argv: tuple[str, ...]
    exit: int
    stdout: str
    stderr: str


def split(line: str) -> tuple[dict[str, str], list[str]]:
    """``A=1 B=2 cmd args`` -> ({A: 1, B: 2}, [cmd, args]); raises ``ShellError``."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError as e:
        raise ShellError(f"cannot split {line!r}: {e}") from None
    env: dict[str, str] = {}
    while words and "=" in words[0] and words[0].split("=", 1)[0].isidentifier():
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    if not words:
        raise ShellError(f"no command in {line!r}")
    if words[0] not in COMMANDS:
        raise ShellError(f"{words[0]}: not a command slurmsim runs (one of {', '.join(COMMANDS)})")
    return env, words


def run_line(line: str, *, user: str | None = None) -> Ran:
    """Run one line as ``user`` (a ``SLURMSIM_USER=`` prefix wins) and capture its output."""
    env, argv = split(line)
    if user is not None:
        env = {"SLURMSIM_USER": user, **env}
    main: Callable[[], None] = import_module(f"cli.{argv[0]}").main
    with _captured(argv, env) as (out, err):
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return Ran(tuple(argv), code, out.getvalue().decode(), err.getvalue().decode())


@contextlib.contextmanager
def _captured(argv: list[str], env: Mapping[str, str]) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    saved_env = {name: os.environ.get(name) for name in env}
    sys.argv = argv
    sys.stdin = io.TextIOWrapper(io.BytesIO())
    sys.stdout = io.TextIOWrapper(out, write_through=True)
    sys.stderr = io.TextIOWrapper(err, write_through=True)
    os.environ.update(env)
    try:
        yield out, err
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()  # keep the BytesIO open when the wrapper is collected
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
