"""The checks a drill or a rubric may name, each a pure predicate over an ``Observation``.

A check is a frozen dataclass whose fields are its parameters in the file
(``kind = "ran_on_nodes"``, ``job = "pretrain"``, ``nodes = 4``); ``CHECKS`` maps
each ``kind`` to its class. Jobs are named by ``-J``: "the job named X" is the
last one submitted with that name.
"""

from dataclasses import dataclass
from typing import ClassVar

from slurmsim.drills.observation import Check, Observation, Verdict, label, span, when
from slurmsim.drills.outcome import first_start, gpus_held, gpus_per_node
from slurmsim.drills.script_checks import SCRIPT_CHECKS
from slurmsim.format.nodestate import completing_nodes, node_status
from slurmsim.model.alloc import node_usage
from slurmsim.model.jobs import JobState
from slurmsim.model.reservations import node_flags
from slurmsim.model.time import Seconds

#: How a job's end or requeue shows that it was killed rather than let finish.
_KILLED_ENDS = frozenset({"NODE_FAIL", "PREEMPTED", "CANCELLED"})


def _missing(name: str) -> Verdict:
    return Verdict(False, f"no job named '{name}' was submitted")


@dataclass(frozen=True, slots=True)
class RanOnNodes:
    """The job ran on exactly ``nodes`` nodes at once (with ``gpus_per_node`` on each)."""

    kind: ClassVar[str] = "ran_on_nodes"
    job: str
    nodes: int
    gpus_per_node: int = 0

    def says(self) -> str:
        gpus = f", {self.gpus_per_node} GPUs on each" if self.gpus_per_node else ""
        where = "1 node" if self.nodes == 1 else f"{self.nodes} nodes at once"
        return f"job '{self.job}' ran on {where}{gpus}"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        starts = seen.starts(job)
        if not starts:
            return Verdict(False, f"{label(job)} has not started ({job.state.value}, {job.reason})")
        at, nodes = starts[-1]
        if len(nodes) != self.nodes:
            where = f"{len(nodes)} node{'s' if len(nodes) > 1 else ''} ({','.join(nodes)})"
            return Verdict(False, f"{label(job)} ran on {where}, not {self.nodes}")
        held = gpus_per_node(job)
        if self.gpus_per_node and held != self.gpus_per_node:
            return Verdict(
                False, f"{label(job)} held {held} GPUs per node, not {self.gpus_per_node}"
            )
        return Verdict(True, f"{label(job)} started on {','.join(nodes)} at {when(at)}")


@dataclass(frozen=True, slots=True)
class JobStateIs:
    """The job is now in one of the states ``is`` (Slurm's words: COMPLETED, RUNNING...)."""

    kind: ClassVar[str] = "job_state"
    job: str
    is_: tuple[str, ...]

    def says(self) -> str:
        return f"job '{self.job}' is {' or '.join(self.is_)}"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        state = job.state.value
        reason = f" ({job.reason})" if job.state is JobState.PENDING else ""
        return Verdict(state in self.is_, f"{label(job)} is {state}{reason}")


@dataclass(frozen=True, slots=True)
class PendingReason:
    """The job is pending, and Slurm gives ``reason`` (Resources, Priority, ...)."""

    kind: ClassVar[str] = "pending_reason"
    job: str
    reason: str

    def says(self) -> str:
        return f"job '{self.job}' is pending with reason {self.reason}"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        if job.state is not JobState.PENDING:
            return Verdict(False, f"{label(job)} is {job.state.value}, not pending")
        return Verdict(job.reason == self.reason, f"{label(job)} is pending ({job.reason})")


@dataclass(frozen=True, slots=True)
class StartedBefore:
    """The job started before ``other`` did (or ``other`` has not started at all)."""

    kind: ClassVar[str] = "started_before"
    job: str
    other: str

    def says(self) -> str:
        return f"job '{self.job}' started before job '{self.other}'"

    def judge(self, seen: Observation) -> Verdict:
        job, other = seen.job(self.job), seen.job(self.other)
        if job is None or other is None:
            return _missing(self.job if job is None else self.other)
        mine, theirs = first_start(seen, job), first_start(seen, other)
        if mine is None:
            return Verdict(False, f"{label(job)} has not started")
        if theirs is None:
            return Verdict(True, f"{label(job)} started at {when(mine)}; {label(other)} not yet")
        why = f"{label(job)} started at {when(mine)}, {label(other)} at {when(theirs)}"
        return Verdict(mine < theirs, why)


@dataclass(frozen=True, slots=True)
class StartNotDelayed:
    """The job started (or will) no later than it was planned to when the drill began."""

    kind: ClassVar[str] = "start_not_delayed"
    job: str

    def says(self) -> str:
        return f"job '{self.job}' started no later than planned when the drill began"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        planned = seen.planned.get(job.job_id)
        if planned is None:
            return Verdict(False, f"{label(job)} had no planned start when the drill began")
        start = first_start(seen, job)
        verb = "started"
        if start is None:
            start, verb = job.start_time, "is now planned to start"
        if start is None:
            return Verdict(
                False, f"{label(job)} has no start time any more (planned {when(planned)})"
            )
        late = start - planned
        why = f"{label(job)} {verb} at {when(start)}, planned {when(planned)}"
        return Verdict(late <= 0, why + (f": {span(late)} late" if late > 0 else ""))


@dataclass(frozen=True, slots=True)
class StartedWithin:
    """The job started at most ``within`` after it was submitted."""

    kind: ClassVar[str] = "started_within"
    job: str
    within: Seconds

    def says(self) -> str:
        return f"job '{self.job}' started within {span(self.within)} of its submission"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        start = first_start(seen, job)
        if start is None:
            return Verdict(False, f"{label(job)} has not started ({job.reason})")
        waited = start - job.submit_time
        return Verdict(waited <= self.within, f"{label(job)} waited {span(waited)}")


def node_word(seen: Observation, name: str) -> str:
    """The node's state as sinfo's long form says it: ``drained``, ``mixed``, ``maint``..."""
    live = [j for j in seen.jobs if not j.state.finished]
    status = node_status(
        seen.nodes[name],
        node_usage(live).get(name),
        completing=name in completing_nodes(live),
        reserved=node_flags(seen.reservations, seen.now).get(name, frozenset()),
    )
    return status.long.rstrip("*$+")


@dataclass(frozen=True, slots=True)
class NodeStateIs:
    """The node's state is one of ``is`` (sinfo's words: drained, idle, mixed, maint...)."""

    kind: ClassVar[str] = "node_state"
    node: str
    is_: tuple[str, ...]

    def says(self) -> str:
        return f"node {self.node} is {' or '.join(self.is_)}"

    def judge(self, seen: Observation) -> Verdict:
        if self.node not in seen.nodes:
            return Verdict(False, f"the cluster has no node {self.node}")
        word = node_word(seen, self.node)
        reason = seen.nodes[self.node].reason
        why = f"{self.node} is {word}" + (f" (reason: {reason})" if reason else "")
        return Verdict(word in {w.lower() for w in self.is_}, why)


@dataclass(frozen=True, slots=True)
class NoJobKilled:
    """No running job was killed since the drill began: none failed with its node,
    none was preempted or requeued, none was cancelled while it ran."""

    kind: ClassVar[str] = "no_job_killed"

    def says(self) -> str:
        return "no running job was killed"

    def judge(self, seen: Observation) -> Verdict:
        started: set[int] = {j.job_id for j in seen.jobs if j.start_time is not None}
        for event in seen.since_began():
            killed = event.kind == "job_requeue" or (
                event.kind == "job_end" and event.detail in _KILLED_ENDS and event.job_id in started
            )
            if killed and event.job_id is not None:
                job = seen.job_by_id(event.job_id)
                who = label(job) if job is not None else f"job {event.job_id}"
                what = "requeued" if event.kind == "job_requeue" else "ended"
                return Verdict(False, f"{who} was {what} {event.detail} at {when(event.time)}")
        return Verdict(True, "every job that ran was left to finish")


@dataclass(frozen=True, slots=True)
class NoJobStartedOn:
    """No job started on the node since the drill began."""

    kind: ClassVar[str] = "no_job_started_on"
    node: str

    def says(self) -> str:
        return f"no job started on {self.node} after the drill began"

    def judge(self, seen: Observation) -> Verdict:
        for event in seen.since_began():
            if event.kind == "job_start" and self.node in event.detail.split(","):
                job = seen.job_by_id(event.job_id or 0)
                who = label(job) if job is not None else f"job {event.job_id}"
                return Verdict(False, f"{who} started on {self.node} at {when(event.time)}")
        return Verdict(True, f"nothing new started on {self.node}")


@dataclass(frozen=True, slots=True)
class Preempted:
    """The job was preempted (requeued or suspended for a higher-priority job)."""

    kind: ClassVar[str] = "preempted"
    job: str

    def says(self) -> str:
        return f"job '{self.job}' was preempted"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        for event in seen.events:
            if event.job_id != job.job_id:
                continue
            if event.kind == "job_suspend" or "PREEMPTED" in (event.detail, event.kind):
                return Verdict(True, f"{label(job)} was preempted at {when(event.time)}")
        return Verdict(False, f"{label(job)} was never preempted ({job.state.value})")


@dataclass(frozen=True, slots=True)
class LostAtMost:
    """The job lost at most ``work`` of computation to preemption or failure."""

    kind: ClassVar[str] = "lost_at_most"
    job: str
    work: Seconds

    def says(self) -> str:
        return f"job '{self.job}' lost at most {span(self.work)} of work"

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        gpus = max(gpus_held(job), 1)
        lost = job.gpu_seconds_lost // gpus
        why = f"{label(job)} lost {span(lost)} of work on {gpus} GPUs"
        return Verdict(lost <= self.work, why)


@dataclass(frozen=True, slots=True)
class SubmittedWith:
    """The job asked for what the task says; only the parameters given are compared."""

    kind: ClassVar[str] = "submitted_with"
    job: str
    partition: str = ""
    nodes: int = 0
    gpus_per_node: int = 0
    max_time: Seconds = Seconds(0)
    qos: str = ""
    interactive: bool | None = None

    def says(self) -> str:
        wants = [f"{k}={v}" for k, v in self._wanted().items()]
        return f"job '{self.job}' was submitted with {', '.join(wants)}"

    def _wanted(self) -> dict[str, str]:
        wanted = {
            "partition": self.partition,
            "nodes": str(self.nodes or ""),
            "gpus_per_node": str(self.gpus_per_node or ""),
            "max_time": span(self.max_time) if self.max_time else "",
            "qos": self.qos,
            "interactive": "" if self.interactive is None else str(self.interactive).lower(),
        }
        return {k: v for k, v in wanted.items() if v}

    def judge(self, seen: Observation) -> Verdict:
        job = seen.job(self.job)
        if job is None:
            return _missing(self.job)
        req = job.request
        limit = job.time_limit
        wrong = []
        if self.partition and req.partition != self.partition:
            wrong.append(f"partition {req.partition}")
        if self.nodes and req.min_nodes != self.nodes:
            wrong.append(f"{req.min_nodes} nodes")
        if self.gpus_per_node and gpus_per_node(job) != self.gpus_per_node:
            wrong.append(f"{gpus_per_node(job)} GPUs per node")
        if self.max_time and (limit is None or limit > self.max_time):
            wrong.append(f"time limit {span(limit) if limit is not None else 'UNLIMITED'}")
        if self.qos and req.qos != self.qos:
            wrong.append(f"QOS {req.qos}")
        if self.interactive is not None and req.batch == self.interactive:
            wrong.append("a batch job (sbatch)" if req.batch else "an interactive job")
        if wrong:
            return Verdict(False, f"{label(job)} asked for {', '.join(wrong)}")
        return Verdict(True, f"{label(job)} asked for what the task says")


@dataclass(frozen=True, slots=True)
class ScriptsAccepted:
    """Grading: sbatch accepted every script."""

    kind: ClassVar[str] = "scripts_accepted"

    def says(self) -> str:
        return "sbatch accepted every script"

    def judge(self, seen: Observation) -> Verdict:
        if seen.refused:
            script, message = seen.refused[0]
            return Verdict(False, f"{script}: {message}")
        return Verdict(True, f"{len(seen.submitted)} job(s) submitted")


@dataclass(frozen=True, slots=True)
class ScriptsStarted:
    """Grading: every job from the scripts started within ``within`` of its submission."""

    kind: ClassVar[str] = "scripts_started"
    within: Seconds

    def says(self) -> str:
        return f"every submitted job started within {span(self.within)}"

    def judge(self, seen: Observation) -> Verdict:
        if not seen.submitted:
            return Verdict(False, "no job was submitted")
        for job_id in seen.submitted:
            job = seen.job_by_id(job_id)
            if job is None:
                continue
            start = first_start(seen, job)
            if start is None:
                return Verdict(False, f"{label(job)} has not started ({job.reason})")
            # The scripts are submitted when the student takes over (a requeue would
            # move the job's submit time past its first start).
            if start - seen.began > self.within:
                return Verdict(False, f"{label(job)} waited {span(start - seen.began)}")
        return Verdict(True, f"{len(seen.submitted)} job(s) started in time")


@dataclass(frozen=True, slots=True)
class Lint:
    """Grading: the lint finds nothing in any script (only the ``codes`` named, if any)."""

    kind: ClassVar[str] = "lint"
    codes: tuple[str, ...] = ()

    def says(self) -> str:
        if self.codes:
            return f"the scripts pass the lint ({', '.join(self.codes)})"
        return "the scripts pass the lint"

    def judge(self, seen: Observation) -> Verdict:
        found = [
            f"{script}: {finding}"
            for script, findings in seen.lints
            for finding in findings
            if not self.codes or finding.code in self.codes
        ]
        if found:
            return Verdict(False, "; ".join(found))
        return Verdict(True, f"nothing found in {len(seen.lints)} script(s)")


#: Every check a file may name, by its ``kind``.
CHECKS: dict[str, type[Check]] = {
    c.kind: c
    for c in (
        RanOnNodes,
        JobStateIs,
        PendingReason,
        StartedBefore,
        StartNotDelayed,
        StartedWithin,
        NodeStateIs,
        NoJobKilled,
        NoJobStartedOn,
        Preempted,
        LostAtMost,
        SubmittedWith,
        ScriptsAccepted,
        ScriptsStarted,
        Lint,
        *SCRIPT_CHECKS,
    )
}
