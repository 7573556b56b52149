"""Errors that Slurm reports with one of its fixed error strings.

The string is the interface (``Invalid job id specified``, ``Access/permission
denied``); how it is printed and which exit code follows is each command's
business, so the CLI decides that, not the layer that raises.
"""


class SlurmError(Exception):
    """A refusal Slurm would give, carrying Slurm's own error string."""

    def __init__(self, message: str, *, detail: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        #: Extra client-side lines some commands print before the error (e.g. sbatch's
        #: "Memory specification can not be satisfied").
        self.detail = detail


class FatalError(SlurmError):
    """A failure Slurm's commands end on with ``fatal: <message>`` after the ``error:``
    lines in ``detail`` (``Unable to process configuration file``)."""


class InvalidJobId(SlurmError):
    def __init__(self) -> None:
        super().__init__("Invalid job id specified")


class UnknownJob(InvalidJobId):
    """No such job at all, not merely no such step of it (scancel names the step then)."""


class AccessDenied(SlurmError):
    def __init__(self) -> None:
        super().__init__("Access/permission denied")


GRES_ERROR = "Invalid generic resource (gres) specification"


class InvalidOption(SlurmError):
    """A bad option value found by the client before anything is sent (sbatch exits 255).

    ``message`` is the ``error:`` line (``Invalid --begin specification``); ``detail``
    holds a raw line some checks print before it, ``errors`` ``error:`` lines.
    """

    def __init__(
        self, message: str, *, detail: str | None = None, errors: tuple[str, ...] = ()
    ) -> None:
        super().__init__(message, detail=detail)
        self.errors = errors


class InvalidGres(InvalidOption):
    """A GRES request refused by the submitting command's own check of the job spec: it
    exits 1, and no job id is used. ``detail`` holds ``error:`` lines printed before."""

    def __init__(self, message: str = GRES_ERROR, *, detail: str | None = None) -> None:
        super().__init__(message, detail=detail)
