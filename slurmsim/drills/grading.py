"""Scoring a rubric over an observation, and the report in JSON and JUnit XML.

Both renderings hold only what the simulation decided (no wall-clock time, no
host name), so grading the same scripts twice gives the same bytes.
"""

import json
from dataclasses import dataclass
from xml.etree import ElementTree

from slurmsim.drills.lint import Finding
from slurmsim.drills.model import Rubric
from slurmsim.drills.observation import Observation, Verdict


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
    return Report(rubric.title, scripts, marks, rubric.pass_mark, seen.lints)


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


def to_junit(report: Report) -> str:
    """The report as JUnit XML: one test case per criterion, a failure for each one missed."""
    failed = sum(not m.verdict.passed for m in report.marks)
    suite = ElementTree.Element(
        "testsuite",
        name=report.title,
        tests=str(len(report.marks)),
        failures=str(failed),
        errors="0",
        skipped="0",
        time="0",
    )
    for mark in report.marks:
        case = ElementTree.SubElement(
            suite, "testcase", classname=f"slurmsim.grade.{mark.kind}", name=mark.says, time="0"
        )
        if not mark.verdict.passed:
            failure = ElementTree.SubElement(
                case, "failure", message=mark.verdict.why, type="CheckFailed"
            )
            why = mark.verdict.why.replace("; ", "\n") if mark.kind == "lint" else mark.verdict.why
            failure.text = f"{mark.says} (0 of {mark.points} points):\n{why}"
        else:
            ElementTree.SubElement(
                case, "system-out"
            ).text = f"{mark.verdict.why} ({mark.points} points)"
    ElementTree.indent(suite)
    body = ElementTree.tostring(suite, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
