"""Node feature constraints (``--constraint``) as the scheduler evaluates them.

``a&b`` needs both on a node, ``a|b`` either; ``[a|b]`` (matching OR) wants every
node of the job to have the same one of them, and ``a*2`` at least two nodes with
``a``. slurmsim judges each node on its own (a matching OR acts as a plain OR and a
count as the bare feature), which decides where a job may run exactly whenever
the nodes of a partition share one feature set, as they do on the presets.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Feature:
    name: str
    count: int | None = None  # ``a*2``


@dataclass(frozen=True, slots=True)
class AllOf:
    items: tuple["Constraint", ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    items: tuple["Constraint", ...]
    matching: bool = False  # written in brackets


Constraint = Feature | AllOf | AnyOf


class Unreadable:
    """A constraint the controller could not read: it refuses the job as for an unknown
    feature."""


UNREADABLE = Unreadable()


def names(expr: Constraint) -> set[str]:
    """Every feature the expression mentions."""
    if isinstance(expr, Feature):
        return {expr.name}
    return set().union(*(names(item) for item in expr.items))


def counted(expr: Constraint) -> bool:
    """Does the expression count nodes anywhere (``a*2``)?"""
    if isinstance(expr, Feature):
        return expr.count is not None
    return any(counted(item) for item in expr.items)


def matches(expr: Constraint, features: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """May a node with ``features`` run (its share of) a job with this constraint?"""
    if isinstance(expr, Feature):
        return expr.name in features
    if isinstance(expr, AllOf):
        return all(matches(item, features) for item in expr.items)
    return any(matches(item, features) for item in expr.items)
