"""Scoring a rubric over an observation, and the report in JSON and JUnit XML.

Both renderings hold only what the simulation decided (no wall-clock time, no
host name), so grading the same scripts twice gives the same bytes.
"""

import json
from dataclasses import dataclass
from xml.etree import ElementTree

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
    return Report(rubric.title, scripts, marks, rubric.pass_mark)


def to_json(report: Report) -> str:
    """The report for tools: one object, keys sorted, two-space indent."""
    doc = {
        "title": report.title,
        "scripts": list(report.scripts),
        "score": report.score,
        "out_of": report.out_of,
        "pass_mark": report.pass_mark,
        "passed": report.passed,
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
            failure.text = f"{mark.says}: {mark.verdict.why} (0 of {mark.points} points)"
        else:
            ElementTree.SubElement(
                case, "system-out"
            ).text = f"{mark.verdict.why} ({mark.points} points)"
    ElementTree.indent(suite)
    body = ElementTree.tostring(suite, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
