"""``scancel JOB.STEP``: end one step of a running job, or signal its tasks (``--signal``).

The step's srun, which looks at its step once a second, kills the tasks (or passes the
signal on); a step that does not run is refused as slurmctld refuses it.
"""

import re

from cli._common import err

PROG = "scancel"
#: A step named by its job id and step id (``645.7``); ``645.batch`` is not one.
STEP = re.compile(r"(\d+)\.(\d+)", re.ASCII)
#: Slurm's error numbers, whose low 8 bits are scancel's exit status.
_ERRNO = {"Invalid job id specified": 2017, "Invalid user id": 2010}


def cancel_steps(specs: list[str], signal: int | None, *, verbose: bool) -> int:
    """Cancel (or signal) each step in ``specs`` (each matching ``STEP``); scancel's exit
    status."""
    from slurmsim.api import steps as api
    from slurmsim.model.errors import SlurmError, UnknownJob

    code = 0
    for spec in specs:
        job_id, step_id = (int(part) for part in spec.split("."))
        if verbose:
            action = f"Signal {signal} to step" if signal else "Terminating step"
            err(f"{PROG}: {action} {spec}\n")
        try:
            api.cancel(job_id, step_id, signal)
        except UnknownJob as e:  # scancel found no such job itself: it names the step
            err(f"{PROG}: error: Kill job error on job step id {spec}: {e.message}\n")
            code = 1
        except SlurmError as e:
            err(f"{PROG}: error: Kill job error on job step id {job_id}: {e.message}\n")
            code = _ERRNO.get(e.message, 1) & 0xFF
    return code
