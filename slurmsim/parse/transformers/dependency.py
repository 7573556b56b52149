"""Tree -> Dependency for grammars/dependency.lark."""

from __future__ import annotations

from lark import Token, Transformer

from slurmsim.model.dependency import Dependency, DepJob, DepKind, DepTerm
from slurmsim.parse.dependency import DEPENDENCY_ERROR
from slurmsim.parse.errors import ParseError

JobRef = tuple[DepJob, int | None]


def _job(text: str) -> DepJob:
    head, sep, task = text.partition("_")
    if int(head) == 0:
        raise ParseError(DEPENDENCY_ERROR)  # job id 0
    if not sep:
        return DepJob(int(head))
    if task == "*":
        return DepJob(int(head), every_task=True)
    return DepJob(int(head), int(task))


def _terms(kind: DepKind, refs: list[JobRef]) -> list[DepTerm]:
    return [DepTerm(kind, job, minutes) for job, minutes in refs]


class DependencyTransformer(Transformer[Token, Dependency]):
    def start(self, children: list[list[DepTerm] | Token]) -> Dependency:
        # slurmctld keeps the first entry for a kind and job, and one "?" anywhere
        # makes the whole list an OR.
        terms: dict[tuple[DepKind, DepJob | None], DepTerm] = {}
        for child in children:
            if isinstance(child, list):
                for term in child:
                    terms.setdefault((term.kind, term.job), term)
        any_of = any(isinstance(c, Token) and str(c) == "?" for c in children)
        return Dependency(tuple(terms.values()), any_of=any_of)

    def typed(self, children: list[Token | JobRef]) -> list[DepTerm]:
        kind = DepKind(str(children[0]).lower())
        return _terms(kind, [c for c in children[1:] if isinstance(c, tuple)])

    def singleton(self, children: list[Token]) -> list[DepTerm]:
        return [DepTerm(DepKind.SINGLETON)]

    def bare(self, children: list[JobRef]) -> list[DepTerm]:
        return _terms(DepKind.AFTERANY, children)

    def jobref(self, children: list[Token]) -> JobRef:
        minutes = int(children[1]) if len(children) > 1 else None
        return _job(str(children[0])), minutes
