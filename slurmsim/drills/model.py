"""What a drill or a rubric file says, as typed objects (``files`` builds them)."""

from dataclasses import dataclass

from slurmsim.drills.observation import Check
from slurmsim.model.time import Seconds


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """The cluster a drill runs on: a preset, optionally with its own slurm.conf text."""

    preset: str = "dgx-h100-4"
    #: A whole slurm.conf used instead of the preset's (the preset's accounts are kept).
    conf: str | None = None
    #: Lines added after the preset's slurm.conf; a later line wins over an earlier one.
    conf_extra: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """One setup command, run as ``user`` when the clock reaches ``at`` past the origin."""

    at: Seconds
    user: str
    command: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """The cluster and the staged workload; the student takes over at ``begin``."""

    cluster: ClusterSpec
    setup: tuple[Step, ...]
    begin: Seconds
    #: What a scenario file calls itself (``slurmsim grade --scenario``); "" otherwise.
    title: str = ""


@dataclass(frozen=True, slots=True)
class Drill:
    name: str
    title: str
    task: str
    scenario: Scenario
    checks: tuple[Check, ...]
    hints: tuple[str, ...]
    explanation: str
    #: Shell lines that, run in order after ``slurmsim drill start``, pass every check.
    solution: tuple[str, ...]
    #: A plausible mistake: shell lines after which at least one check fails.
    wrong: tuple[str, ...]
    #: Why the drill cannot pass yet (a command slurmsim does not emulate); "" when it can.
    blocked: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Criterion:
    check: Check
    points: int


@dataclass(frozen=True, slots=True)
class Execution:
    """A rubric's ``[execute]`` table: each script also runs for real, alone, on a
    throwaway copy of the scenario's cluster."""

    #: Wall time a script may run before it is cancelled.
    limit: Seconds
    #: How many of the last lines of its output the report keeps.
    tail: int = 10


@dataclass(frozen=True, slots=True)
class Rubric:
    """How ``slurmsim grade`` scores a student's job scripts."""

    title: str
    scenario: Scenario
    #: Who submits the scripts (``SLURMSIM_USER``).
    user: str
    #: How long the clock runs once the scripts are submitted.
    advance: Seconds
    criteria: tuple[Criterion, ...]
    pass_mark: int
    #: Run each script for real too (None: simulation only).
    execution: Execution | None = None

    @property
    def points(self) -> int:
        return sum(c.points for c in self.criteria)
