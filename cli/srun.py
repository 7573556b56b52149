"""``srun``: only ``--test-only`` is emulated so far (running steps comes later).

``srun --test-only`` answers like ``sbatch --test-only``: when and where a job
would start, using up a job id as Slurm does.
"""

import os
import sys
from collections.abc import Sequence

from cli._common import err, error, not_supported, parse_args, run
from cli._help import answer_probe
from cli._submit_table import SRUN_OPTIONS
from cli.sbatch import submit_options
from slurmsim.model.errors import InvalidOption, SlurmError

PROG = "srun"


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: srun(list(sys.argv[1:] if argv is None else argv)))


def srun(argv: list[str]) -> int:
    pairs, operands = parse_args(PROG, argv, SRUN_OPTIONS, stop_at_operand=True, code=255)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    values = dict(pairs)
    if "test-only" not in values:
        not_supported(PROG)
    if not operands:
        error(PROG, "No command given to execute.")
        return 1
    values.setdefault("job-name", os.path.basename(operands[0]))
    from slurmsim.api import submit as api
    from slurmsim.format.sbatch import render_test_only

    try:
        opts = submit_options(values, "", None, ())
        will = api.test_only(opts)
    except InvalidOption as e:
        error(PROG, e.message)
        return 255
    except SlurmError as e:
        err(f"allocation failure: {e.message}\n")
        return 1
    rendered = render_test_only(
        will.job_id, will.start, will.cpus, will.nodes, will.partition, program=PROG
    )
    err(rendered.stderr)
    return rendered.exit_code
