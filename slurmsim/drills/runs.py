"""What running a script for real showed (a rubric's ``[execute]``), as plain data.

The api runs the script (``slurmsim.api.scratch_run``); the report and the
``scripts_ran`` check only read this record. It holds nothing that changes from one
run to the next (no wall-clock times, no process ids), so a deterministic script
gives the same record every time.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Run:
    """How one script's job ended when it ran for real."""

    #: The job's state at the end: COMPLETED, FAILED, TIMEOUT, CANCELLED, or PENDING
    #: when it never started (sbatch accepted it but the cluster could not run it).
    state: str
    exit_code: int
    #: The signal that ended the script (0: it exited by itself).
    signal: int
    #: Whether the job ended within the rubric's wall time limit (else it was cancelled).
    in_time: bool
    #: The output file (the ``--output`` pattern expanded, relative to the scratch
    #: folder when it lies inside it) and its last lines.
    output: str
    tail: tuple[str, ...]
    #: The ``--error`` file and its last lines, when it is not the output file.
    error: str = ""
    error_tail: tuple[str, ...] = ()
    #: sbatch's message when it refused the script ("" when it accepted it).
    refused: str = ""

    @property
    def succeeded(self) -> bool:
        return self.in_time and self.state == "COMPLETED" and self.exit_code == 0

    def describe(self) -> str:
        """``exit 0 (COMPLETED) within the limit``, in plain words."""
        if self.refused:
            return f"not run: {self.refused}"
        if self.state == "PENDING":
            return "never started: the cluster could not run it within the limit"
        how = f"exit {self.exit_code}" + (f", signal {self.signal}" if self.signal else "")
        limit = "within the limit" if self.in_time else "cancelled at the limit"
        return f"{how} ({self.state}) {limit}"
