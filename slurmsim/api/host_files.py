"""Whether a started batch job's files open on this machine (``model.launch``).

slurmsim's jobs run on the machine the commands run on, so the files slurmstepd would
open are looked at here: the working directory must be one, the output and error files
must be creatable (or writable) and the input file readable, else the job fails as it
starts (``JobLaunchFailure``), with or without running its script. A script that is
simulated instead begins with its srun lines judged on the job's nodes
(``api.script_steps.begin``).
"""

import os

from slurmsim.execution.patterns import Names, default_output, expand
from slurmsim.model.cluster import ClusterState
from slurmsim.model.jobs import Job
from slurmsim.model.steps import SCRIPT_STEPS


class HostFiles:
    """The ``Launcher`` of a command: asks the file system, as the user running it, and
    has ``api.script_steps`` begin a simulated script."""

    def fails(self, job: Job) -> bool:
        request = job.request
        if not os.path.isdir(request.work_dir) or not os.access(request.work_dir, os.X_OK):
            return True
        stdout, stderr = output_files(job)
        if not all(map(_writable, {stdout, stderr})):
            return True
        stdin = request.std_in
        return stdin != "/dev/null" and not os.access(
            expand(stdin, _names(job), request.work_dir), os.R_OK
        )

    def simulate(self, state: ClusterState, job: Job) -> None:
        if SCRIPT_STEPS in job.extra:  # only a script with srun lines may end sooner
            from slurmsim.api import script_steps

            script_steps.begin(state, job)


def output_files(job: Job) -> tuple[str, str]:
    """The paths of the started ``job``'s standard output and error (the same file
    unless ``--error`` names another)."""
    request, names = job.request, _names(job)
    stdout = expand(
        request.std_out or default_output(job.array_job_id is not None), names, request.work_dir
    )
    stderr = expand(request.std_err, names, request.work_dir) if request.std_err else stdout
    return stdout, stderr


def _names(job: Job) -> Names:
    request = job.request
    node = job.nodes[0] if job.nodes else ""
    return Names(job.job_id, job.array_job_id, job.array_task_id, request.user, request.name, node)


def _writable(path: str) -> bool:
    """Could the file be opened for writing: it exists and is writable, or its directory
    is (``/dev/null`` is)."""
    if os.path.exists(path):
        return not os.path.isdir(path) and os.access(path, os.W_OK)
    parent = os.path.dirname(path) or "."
    return os.path.isdir(parent) and os.access(parent, os.W_OK | os.X_OK)
