"""The ``--test-only`` line against real Slurm 22.05 output (tests/format/golden)."""

import pytest

from slurmsim.format.sbatch import render_test_only
from tests.format.builders import at
from tests.format.goldens import assert_matches, case


@pytest.mark.parametrize(
    ("name", "program", "job_id", "start", "nodes"),
    [
        pytest.param("020", "sbatch", 215, "19:05:08", ("dgx1", "dgx2"), id="020 idle: starts now"),
        pytest.param("021", "srun", 216, "19:05:08", ("dgx1",), id="021 srun --test-only"),
        pytest.param("104", "sbatch", 244, "19:46:33", ("dgx3", "dgx4"), id="104 busy: later"),
    ],
)
def test_test_only_matches_golden_case(
    name: str, program: str, job_id: int, start: str, nodes: tuple[str, ...]
) -> None:
    # The oracle's jobs take one CPU per node.
    got = render_test_only(job_id, at(start), len(nodes), nodes, "gpu", program=program)
    assert_matches(case(name), got)
