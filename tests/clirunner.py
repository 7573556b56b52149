"""Running a Slurm command in process, as a user, and capturing its bytes.

The commands are plain ``main()`` functions that end in ``sys.exit``; this runs
one with a given argv, user and standard input, the way a shell would, and
returns what it printed. Much faster than a subprocess per command.
"""

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass
class Result:
    exit: int
    stdout: bytes
    stderr: bytes

    @property
    def out(self) -> str:
        return self.stdout.decode()

    @property
    def err(self) -> str:
        return self.stderr.decode()


def commands() -> dict[str, Callable[[], None]]:
    from cli import (
        sacct,
        sacctmgr,
        salloc,
        sbatch,
        scancel,
        scontrol,
        sinfo,
        sprio,
        squeue,
        srun,
        sshare,
    )

    return {
        "sbatch": sbatch.main,
        "squeue": squeue.main,
        "sinfo": sinfo.main,
        "scontrol": scontrol.main,
        "scancel": scancel.main,
        "srun": srun.main,
        "sacctmgr": sacctmgr.main,
        "sprio": sprio.main,
        "sshare": sshare.main,
        "salloc": salloc.main,
        "sacct": sacct.main,
    }


@contextlib.contextmanager
def _as(user: str, argv: list[str], stdin: bytes) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr, os.environ.get("SLURMSIM_USER")
    sys.argv = argv
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout = io.TextIOWrapper(out, write_through=True)
    sys.stderr = io.TextIOWrapper(err, write_through=True)
    os.environ["SLURMSIM_USER"] = user
    try:
        yield out, err
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()  # keep the BytesIO open when the wrapper is collected
        sys.argv, sys.stdin, sys.stdout, sys.stderr, user_env = saved
        if user_env is None:
            os.environ.pop("SLURMSIM_USER", None)
        else:
            os.environ["SLURMSIM_USER"] = user_env


def run_command(argv: list[str], user: str = "root", stdin: bytes = b"") -> Result:
    """One Slurm command, in process, as ``user``: its exit status and bytes."""
    main = commands().get(argv[0])
    with _as(user, argv, stdin) as (out, err):
        if main is None:
            sys.stderr.write(f"{argv[0]}: not emulated\n")
            code = 1
        else:
            try:
                main()
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
    return Result(code, out.getvalue(), err.getvalue())
