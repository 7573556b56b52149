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
    def __init__(self, *, detail: str | None = None) -> None:
        super().__init__("Access/permission denied", detail=detail)


class Declined(SlurmError):
    """A value the client refuses with an error printed, and yet exits 0: scontrol leaves
    its exit code alone when a node count does not parse (``NumNodes=abc``)."""


class ClientError(SlurmError):
    """A refusal the command itself makes from what it read of the job first, before it
    sends anything (scontrol: ``TimeLimit decrement larger than current time limit``):
    printed as its own ``error:`` line, and the command stops there."""


class NotSupported(SlurmError):
    """Something Slurm does that slurmsim does not, yet: the command says so and exits 1."""

    def __init__(self) -> None:
        super().__init__("not supported yet by slurmsim (see docs/differences.md)")


class AppliedError(SlurmError):
    """A refusal the controller answers after it has made the change, which stands (the
    oracle keeps ``MinCPUsNode=500`` it refused with ``Requested partition configuration
    not available now``)."""


GRES_ERROR = "Invalid generic resource (gres) specification"
TRES_ERROR = "Invalid Trackable RESource (TRES) specification"
PART_CONFIG_UNAVAILABLE = "Requested partition configuration not available now"


class InvalidOption(SlurmError):
    """A bad option value found by the client before anything is sent (sbatch exits 255).

    ``message`` is the ``error:`` line (``Invalid --begin specification``); ``detail``
    holds a raw line some checks print before it, ``errors`` ``error:`` lines; ``status``
    the exit status when it is not the command's usual one for a bad value.
    """

    def __init__(
        self,
        message: str,
        *,
        detail: str | None = None,
        errors: tuple[str, ...] = (),
        status: int | None = None,
    ) -> None:
        super().__init__(message, detail=detail)
        self.errors = errors
        self.status = status


class OptionHelp(InvalidOption):
    """An option asked for its help (``--hint=help``, ``--gres=list``): the client prints
    ``text`` on standard output and exits with ``code``, sending nothing."""

    def __init__(self, text: str, code: int) -> None:
        super().__init__("help")
        self.text = text
        self.code = code


class IncompatibleOptions(InvalidOption):
    """Options the client reads well one by one but refuses together once all are read
    (``Incompatible begin and deadline time specification``): it exits 1."""


class InvalidGres(InvalidOption):
    """A GRES request refused by the submitting command's own check of the job spec: it
    exits 1, and no job id is used. ``detail`` holds ``error:`` lines printed before."""

    def __init__(self, message: str = GRES_ERROR, *, detail: str | None = None) -> None:
        super().__init__(message, detail=detail)


class WidthCrash(Exception):
    """A ``-o``/``-O`` column so wide that the Slurm command dies printing it
    (``cli._common.run`` ends the command as the shell reports that death:
    ``Segmentation fault``, 139)."""
