"""Scoring a rubric over an observation, and the report as text, JSON and JUnit XML.

Every rendering holds only what the simulation decided and what the scripts printed
(no wall-clock time, no host name, no temporary path), so grading the same scripts
twice gives the same bytes.
"""

import json
import re
from dataclasses import dataclass
from xml.etree import ElementTree

from slurmsim.drills.lint import Finding
from slurmsim.drills.model import Rubric
from slurmsim.drills.observation import Observation, Verdict, label, span, when
from slurmsim.drills.outcome import Delay, Outcome, delays, gpu_hours, outcomes
from slurmsim.drills.runs import Run
from slurmsim.model.time import Instant


@dataclass(frozen=True, slots=True)
class Mark:
    says: str
    kind: str
    points: int
    verdict: Verdict

    @property
    def earned(self) -> int:
        return self.points if self.verdict.passed else 0


@dataclass(frozen=True, slots=True)
class Report:
    title: str
    scripts: tuple[str, ...]
    marks: tuple[Mark, ...]
    pass_mark: int
    #: What the lint found in each script, whether or not the rubric scores it.
    lints: tuple[tuple[str, tuple[Finding, ...]], ...] = ()
    #: The scenario file's title ("" for the rubric's own scenario).
    scenario: str = ""
    #: What became of each script's job, whether or not the rubric scores it.
    outcomes: tuple[Outcome, ...] = ()
    #: The scenario's jobs the scripts delayed.
    delays: tuple[Delay, ...] = ()
    #: How each script ended when it ran for real (``[execute]``).
    runs: tuple[tuple[str, Run], ...] = ()

    @property
    def score(self) -> int:
        return sum(m.earned for m in self.marks)

    @property
    def out_of(self) -> int:
        return sum(m.points for m in self.marks)

    @property
    def passed(self) -> bool:
        return self.score >= self.pass_mark


def score(rubric: Rubric, scripts: tuple[str, ...], seen: Observation) -> Report:
    """Judge every criterion of ``rubric`` over ``seen``."""
    marks = tuple(
        Mark(c.check.says(), c.check.kind, c.points, c.check.judge(seen)) for c in rubric.criteria
    )
    return Report(
        rubric.title,
        scripts,
        marks,
        rubric.pass_mark,
        seen.lints,
        rubric.scenario.title,
        outcomes(seen),
        delays(seen),
        seen.runs,
    )


def to_json(report: Report) -> str:
    """The report for tools: one object, keys sorted, two-space indent."""
    doc = {
        "title": report.title,
        "scripts": list(report.scripts),
        "score": report.score,
        "out_of": report.out_of,
        "pass_mark": report.pass_mark,
        "passed": report.passed,
        "lint": {
            script: [
                {"line": f.line, "code": f.code, "message": f.message, "slurm": f.slurm}
                for f in findings
            ]
            for script, findings in report.lints
        },
        "scenario": report.scenario,
        "jobs": {o.script: _job_json(o) for o in report.outcomes},
        "delayed": [
            {
                "job_id": d.job.job_id,
                "name": d.job.request.name,
                "planned": when(d.planned),
                "started": _when(d.started),
            }
            for d in report.delays
        ],
        "runs": {script: _run_json(run) for script, run in report.runs},
        "criteria": [
            {
                "check": m.says,
                "kind": m.kind,
                "points": m.points,
                "earned": m.earned,
                "passed": m.verdict.passed,
                "why": m.verdict.why,
            }
            for m in report.marks
        ],
    }
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def _when(instant: Instant | None) -> str | None:
    return when(instant) if instant is not None else None


def _job_json(o: Outcome) -> dict[str, object]:
    job = o.job
    pending = job is not None and o.started is None
    return {
        "job_id": job.job_id if job else None,
        "refused": o.refused,
        "name": job.request.name if job else None,
        "state": job.state.name if job else None,
        "submitted": when(o.submitted) if job else None,
        "started": _when(o.started),
        "waited": o.waited,
        "nodes": list(o.nodes),
        "reason": job.reason if pending and job else None,
        "planned_start": _when(job.start_time) if pending and job else None,
        "backfill": o.backfill,
        "overtook": [j.job_id for j in o.overtook],
        "gpus": o.gpus,
        "launched": o.launched,
        "idle_gpus": o.idle_gpus,
        "time_limit": o.time_limit,
        "runtime": o.runtime,
        "idle_gpu_hours": round(o.idle_gpu_hours, 2),
        "excess_gpu_hours": round(o.excess_gpu_hours, 2),
    }


def _run_json(run: Run) -> dict[str, object]:
    return {
        "state": run.state,
        "exit_code": run.exit_code,
        "signal": run.signal,
        "in_time": run.in_time,
        "output": run.output,
        "tail": list(run.tail),
        "error": run.error,
        "error_tail": list(run.error_tail),
        "refused": run.refused,
    }


def job_lines(report: Report) -> list[str]:
    """What became of each script's job, whom the scripts delayed, and how each script
    ran for real: the summary's plain-text middle (JUnit's ``system-out`` too)."""
    lines = ["Jobs:"] if report.outcomes else []
    for o in report.outcomes:
        lines.extend(_outcome_lines(o))
    if report.outcomes and not report.delays:
        lines.append("The scripts delayed no other job.")
    for d in report.delays:
        started = f"started {when(d.started)}" if d.started is not None else "has not started"
        lines.append(
            f"The scripts delayed {label(d.job)}: without them it starts {when(d.planned)}; "
            f"{started}."
        )
    if report.runs:
        lines.append("Runs (each script alone on the cluster, for real):")
    for script, run in report.runs:
        lines.append(f"  {script}: {run.describe()}")
        for name, tail in ((run.output, run.tail), (run.error, run.error_tail)):
            if tail:
                lines.append(f"    last lines of {name}:")
                lines.extend(f"    | {line}" for line in tail)
    return lines


def _outcome_lines(o: Outcome) -> list[str]:
    job = o.job
    if job is None:
        return [f"  {o.script}: refused: {o.refused.splitlines()[0] if o.refused else ''}"]
    if o.started is None:
        planned = f", planned for {when(job.start_time)}" if job.start_time else ""
        head = f"  {o.script}: {label(job)} has not started ({job.reason}){planned}"
    else:
        how = ", by backfill" if o.backfill else ""
        ahead = ", ahead of " + ", ".join(label(j) for j in o.overtook) if o.overtook else ""
        head = (
            f"  {o.script}: {label(job)} started {when(o.started)} on {','.join(o.nodes)}, "
            f"{span(o.waited or 0)} after submission{how}{ahead}"
        )
        if job.restarts:
            head += f"; requeued {job.restarts} time(s)"
        if job.state.name not in ("RUNNING", "COMPLETED"):
            head += f"; now {job.state.name}"
    lines = [head]
    gpus = f"{o.gpus} GPUs"
    if o.launched is not None:
        gpus += f", {o.launched} processes launched"
    if o.idle_gpus:
        gpus += f": {gpu_hours(o.idle_gpu_hours)} idle over the time limit"
    limit = f"time limit {span(o.time_limit)}" if o.time_limit is not None else "no time limit"
    if o.runtime is not None:
        limit += f" for a declared run of {span(o.runtime)}"
    if o.excess_gpu_hours:
        limit += f": {gpu_hours(o.excess_gpu_hours)} reserved beyond need"
    if o.gpus:
        lines.append(f"      {gpus}")
    lines.append(f"      {limit}")
    return lines


#: Characters XML 1.0 cannot hold at all (a script's output may print them: colours).
_NOT_XML = re.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    """``text`` with each character XML cannot hold written as ``\\x1b`` would be."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def to_junit(report: Report) -> str:
    """The report as JUnit XML: one test case per criterion, a failure for each one missed,
    and the jobs' story in the suite's ``system-out``."""
    failed = sum(not m.verdict.passed for m in report.marks)
    suite = ElementTree.Element(
        "testsuite",
        name=_xml(report.title),
        tests=str(len(report.marks)),
        failures=str(failed),
        errors="0",
        skipped="0",
        time="0",
    )
    for mark in report.marks:
        case = ElementTree.SubElement(
            suite,
            "testcase",
            classname=f"slurmsim.grade.{mark.kind}",
            name=_xml(mark.says),
            time="0",
        )
        if not mark.verdict.passed:
            failure = ElementTree.SubElement(
                case, "failure", message=_xml(mark.verdict.why), type="CheckFailed"
            )
            why = mark.verdict.why.replace("; ", "\n") if mark.kind == "lint" else mark.verdict.why
            failure.text = _xml(f"{mark.says} (0 of {mark.points} points):\n{why}")
        else:
            ElementTree.SubElement(case, "system-out").text = _xml(
                f"{mark.verdict.why} ({mark.points} points)"
            )
    if lines := job_lines(report):
        ElementTree.SubElement(suite, "system-out").text = _xml("\n".join(lines))
    ElementTree.indent(suite)
    body = ElementTree.tostring(suite, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
