"""The checks only a grading rubric names: what the scripts' jobs cost everybody else,
and how the scripts fared when they ran for real.

Like those of ``checks``, each is a frozen dataclass whose fields are its parameters
in the rubric file, with a pure ``judge`` over an ``Observation``.
"""

from dataclasses import dataclass
from typing import ClassVar

from slurmsim.drills.observation import Observation, Verdict, label, span, when
from slurmsim.drills.outcome import delays, gpu_hours, outcomes


@dataclass(frozen=True, slots=True)
class DelaysNobody:
    """No job of the scenario started later than it would have without the scripts."""

    kind: ClassVar[str] = "delays_nobody"

    def says(self) -> str:
        return "the scripts' jobs delay no other job"

    def judge(self, seen: Observation) -> Verdict:
        found = delays(seen)
        if not seen.baseline:
            return Verdict(True, "no other job was waiting when the scripts were submitted")
        if not found:
            return Verdict(True, f"the {len(seen.baseline)} waiting job(s) started as planned")
        first = found[0]
        started = when(first.started) if first.started is not None else "not yet"
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        return Verdict(
            False,
            f"{label(first.job)} would have started at {when(first.planned)}, "
            f"started {started}{more}",
        )


@dataclass(frozen=True, slots=True)
class IdleGpuHours:
    """The scripts' jobs leave at most ``at_most`` GPU-hours idle: GPUs allocated but
    used by no process the script launches, times the time limit."""

    kind: ClassVar[str] = "idle_gpu_hours"
    at_most: float = 0.0

    def says(self) -> str:
        return f"the scripts hold at most {gpu_hours(self.at_most)} of GPUs idle"

    def judge(self, seen: Observation) -> Verdict:
        wasteful = [o for o in outcomes(seen) if o.idle_gpus]
        total = sum(o.idle_gpu_hours for o in wasteful)
        if total <= self.at_most:
            return Verdict(True, f"{gpu_hours(total)} idle")
        worst = max(wasteful, key=lambda o: o.idle_gpu_hours)
        return Verdict(
            False,
            f"{gpu_hours(total)} idle: {worst.script} holds {worst.gpus} GPUs and launches "
            f"{worst.launched} processes for {span(worst.time_limit or 0)}",
        )


@dataclass(frozen=True, slots=True)
class TimeFits:
    """Each job's time limit is at most ``factor`` times the run time its script
    declares (a script that declares none is not judged)."""

    kind: ClassVar[str] = "time_fits"
    factor: float = 2.0

    def says(self) -> str:
        return f"each time limit is at most {self.factor:g} x the run time the script declares"

    def judge(self, seen: Observation) -> Verdict:
        judged = [o for o in outcomes(seen) if o.runtime and o.time_limit is not None]
        for o in judged:
            if o.time_limit is not None and o.runtime and o.time_limit > self.factor * o.runtime:
                return Verdict(
                    False,
                    f"{o.script} asks for {span(o.time_limit)} to run "
                    f"{span(o.runtime)}: {gpu_hours(o.excess_gpu_hours)} "
                    "reserved beyond need",
                )
        return Verdict(True, f"{len(judged)} script(s) declare a run time within the factor")


@dataclass(frozen=True, slots=True)
class ScriptsRan:
    """Run for real, every script's job completed with exit code 0 within the limit."""

    kind: ClassVar[str] = "scripts_ran"

    def says(self) -> str:
        return "every script runs to exit code 0 within the time limit"

    def judge(self, seen: Observation) -> Verdict:
        if not seen.runs:
            return Verdict(False, "no script was run")
        for script, run in seen.runs:
            if not run.succeeded:
                return Verdict(False, f"{script}: {run.describe()}")
        return Verdict(True, f"{len(seen.runs)} script(s) exited 0 in time")


#: The grading checks, for ``checks.CHECKS``.
SCRIPT_CHECKS = (DelaysNobody, IdleGpuHours, TimeFits, ScriptsRan)
