"""Tree -> Dependency for grammars/dependency.lark."""

from __future__ import annotations

from lark import Token, Transformer

from slurmsim.parse.dependency import DEPENDENCY_ERROR, Dependency, DepTerm
from slurmsim.parse.errors import ParseError

JobRef = tuple[str, int | None]


def _terms(kind: str, refs: list[JobRef]) -> list[DepTerm]:
    """One term per run of job ids sharing a delay (``after:1+5:2`` holds two delays)."""
    terms: list[DepTerm] = []
    for job_id, minutes in refs:
        if job_id.split("_")[0].lstrip("0") == "":
            raise ParseError(DEPENDENCY_ERROR)  # job id 0
        if minutes is not None and kind != "after":
            raise ParseError(DEPENDENCY_ERROR)
        if terms and terms[-1].time_min == minutes:
            last = terms[-1]
            terms[-1] = DepTerm(kind, (*last.job_ids, job_id), minutes)
        else:
            terms.append(DepTerm(kind, (job_id,), minutes))
    return terms


class DependencyTransformer(Transformer[Token, Dependency]):
    def start(self, children: list[list[DepTerm] | Token]) -> Dependency:
        separators = {str(c) for c in children if isinstance(c, Token)}
        if len(separators) > 1:
            raise ParseError(DEPENDENCY_ERROR)  # "," and "?" mixed
        terms = tuple(t for c in children if isinstance(c, list) for t in c)
        return Dependency(terms, any_of=separators == {"?"})

    def typed(self, children: list[Token | JobRef]) -> list[DepTerm]:
        kind = str(children[0]).lower()
        return _terms(kind, [c for c in children[1:] if isinstance(c, tuple)])

    def singleton(self, children: list[Token]) -> list[DepTerm]:
        return [DepTerm("singleton", (), None)]

    def bare(self, children: list[JobRef]) -> list[DepTerm]:
        return _terms("afterany", children)

    def jobref(self, children: list[Token]) -> JobRef:
        minutes = int(children[1]) if len(children) > 1 else None
        return str(children[0]), minutes
