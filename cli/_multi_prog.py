"""srun's ``--multi-prog``: the file named first read and checked, as srun does before it
asks for a job or a step, and which command line each task runs."""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from cli._common import error

if TYPE_CHECKING:
    from slurmsim.api.launch import Program

PROG = "srun"


def task_program(
    values: Mapping[str, str | None], operands: Sequence[str], ntasks: str | None
) -> tuple[dict[str, str | None], "Program"] | int:
    """srun's options and what its tasks run: ``operands`` for every task, or under
    ``--multi-prog`` the file's lines, the file giving the task count when ``ntasks`` (``-n``
    or ``SLURM_NTASKS``) does not; srun's exit status when it refuses the file."""
    from slurmsim.api.launch import one_program

    if "multi-prog" not in values:
        return dict(values), one_program(operands)
    from slurmsim.model.digits import is_number
    from slurmsim.parse.multi_prog import MultiProg, MultiProgError, read_records, tasks_named

    name = operands[0]
    try:
        with open(name, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
    except IsADirectoryError:
        error(PROG, f"Error reading multi_prog config file {name}")
        return 1
    except OSError:
        error(PROG, f"Could not open multi_prog config file {name}")
        return 1
    count = int(ntasks) if ntasks is not None and is_number(ntasks) else tasks_named(text)
    try:
        records, warnings = read_records(text, name, count)
    except MultiProgError as e:
        for line in e.lines:
            error(PROG, line)
        return 1
    for line in warnings:
        error(PROG, line)
    given = MultiProg(text, records, tuple(operands[1:]))
    return {**values, "ntasks": str(count)}, given.argv
