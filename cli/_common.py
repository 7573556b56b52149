"""What every Slurm command front end shares: printing Slurm's way and exiting.

Slurm prints errors as ``<prog>: error: <text>`` on stderr and exits with a
command-specific status; nothing a user types may end in a Python traceback.
"""

import sys
from collections.abc import Callable
from typing import NoReturn

from slurmsim.model.errors import SlurmError


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


def run(prog: str, body: Callable[[], int]) -> NoReturn:
    """Run a command body and exit with its status; store errors end cleanly."""
    from slurmsim.store.repository import StoreError

    try:
        code = body()
    except StoreError as e:
        err(f"{prog}: error: {e}\n")
        code = 1
    except SlurmError as e:  # a refusal the body did not expect to print itself
        error(prog, e.message)
        code = 1
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    sys.exit(code)


def not_supported(prog: str) -> NoReturn:
    """The answer of a command that a later slurmsim release completes."""
    err(f"{prog}: error: not supported yet by slurmsim (see docs/differences.md)\n")
    sys.exit(1)
