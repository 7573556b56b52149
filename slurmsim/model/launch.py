"""Whether a batch job gets going once the controller has started it.

slurmstepd opens the script's standard input, output and error files, and moves to its
working directory, before it runs anything; when one of these fails (a directory that
does not exist, no permission), the job ends at once, in the second it started:
``JobState=FAILED Reason=JobLaunchFailure ExitCode=0:53`` (tests/golden/launch/). Only
the machine knows whether the files open, so the engine asks a ``Launcher`` the caller
gives it (``ClusterState.launcher``); without one every launch succeeds.

A script that is simulated, not run, is also begun by the launcher, before the engine
plans the job's end: only the caller reads what the script does on the job's nodes (an
srun the controller refuses there exits at once, and the script with it when nothing
follows: ``api.script_steps``).
"""

from typing import TYPE_CHECKING, Final, Protocol

from slurmsim.model.jobs import Job

if TYPE_CHECKING:
    from slurmsim.model.cluster import ClusterState

#: Key in ``Job.extra``: the job's launch failed; it ends in the second it started.
LAUNCH_FAILED: Final = "launch_failed"
#: The reason and the signal half of the exit code such a job ends with.
LAUNCH_FAILURE: Final = "JobLaunchFailure"
LAUNCH_FAILURE_SIGNAL: Final = 53


class Launcher(Protocol):
    def fails(self, job: Job) -> bool:
        """Would the started batch ``job``'s launch fail (a file it needs will not open)?"""
        ...

    def simulate(self, state: "ClusterState", job: Job) -> None:
        """Begin the simulated script of the launched batch ``job``: what it does on the
        job's nodes may change its run time and exit code (``job.request``)."""
        ...
