"""``select.choose`` for one node against cons_tres's rule written out plainly.

The rule (golden ``placement/``): the fitting nodes form runs of consecutive
slurm.conf indexes and one rank (weight, then whether the node can give every GPU
asked for); the lowest rank's run with the fewest free cores in all wins, the first
of equals, and in it the node with the fewest free cores, the first of equals.
"""

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from slurmsim.engine.resources import Shape
from slurmsim.engine.select import choose
from tests.engine.builders import dgx

NODES = [replace(dgx(n).config, weight=1) for n in range(1, 9)]

_node = st.tuples(st.booleans(), st.integers(0, 112), st.integers(0, 8), st.sampled_from([1, 2]))


def _reference(
    fitting: list[str], free: dict[str, tuple[int, int]], weight: dict[str, int], prefer: int
) -> str:
    index = {c.name: i for i, c in enumerate(NODES)}

    def rank(name: str) -> tuple[int, int]:
        return weight[name], 255 - min(free[name][1], prefer) if prefer else 0

    runs: list[list[str]] = []
    for name in fitting:
        if runs and index[name] == index[runs[-1][-1]] + 1 and rank(name) == rank(runs[-1][-1]):
            runs[-1].append(name)
        else:
            runs.append([name])
    best = min(runs, key=lambda r: (rank(r[0]), sum(free[n][0] for n in r), index[r[0]]))
    return min(best, key=lambda n: (free[n][0], index[n]))


@given(st.lists(_node, min_size=8, max_size=8), st.integers(0, 8))
def test_one_node_is_chosen_by_runs_then_cores(
    nodes: list[tuple[bool, int, int, int]], prefer: int
) -> None:
    fitting = [c.name for c, (fits, *_) in zip(NODES, nodes, strict=True) if fits]
    if not fitting:
        return
    free = {c.name: (cpus, gpus) for c, (_, cpus, gpus, _) in zip(NODES, nodes, strict=True)}
    weight = {c.name: w for c, (*_, w) in zip(NODES, nodes, strict=True)}
    configs = {c.name: replace(c, weight=weight[c.name]) for c in NODES}
    shape = Shape((1,), 1, (prefer,), None, None, None, None, False)
    got = choose(
        fitting,
        1,
        shape,
        configs=configs,
        index={c.name: i for i, c in enumerate(NODES)},
        free=free.__getitem__,
    )
    assert got == [_reference(fitting, free, weight, prefer)]
