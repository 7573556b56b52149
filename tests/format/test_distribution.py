"""A step's task distribution, as srun settles it and scontrol names it (the oracle, srun
-n4 in a job of two nodes, and -n2 on one node for the environment)."""

import pytest

from slurmsim.model.distribution import environment, name, resolved


@pytest.mark.parametrize(
    ("typed", "text", "shown"),
    [
        (None, "block", "Block"),  # more tasks than nodes
        ("block", "block", "Block"),
        ("cyclic", "cyclic", "Cyclic"),
        ("block:cyclic", "block:cyclic", "BCyclic"),
        ("cyclic:block", "cyclic:block", "CBlock"),
        ("block:block", "block:block", "BBlock"),
        ("cyclic:cyclic", "cyclic:cyclic", "CCyclic"),
        ("block:fcyclic", "block:fcyclic", "BFCyclic"),
        ("*:cyclic", "block:cyclic", "BCyclic"),
        ("block:*", "block:cyclic", "BCyclic"),
        ("cyclic:cyclic:*", "cyclic:cyclic:cyclic", "CCyclicCyclic"),
        ("plane=2", "plane=2", "Plane"),
        ("cyclic:cyclic:block", "cyclic:cyclic:block", "CCyclicBlock"),
        ("block,Pack", "block,pack", "Block,Pack"),
        ("cyclic:cyclic,NoPack", "cyclic:cyclic,nopack", "CCyclic,NoPack"),
        ("arbitrary", "arbitrary", "arbitrary task distribution"),
    ],
)
def test_a_distribution_is_settled_and_named_as_srun_does(
    typed: str | None, text: str, shown: str
) -> None:
    assert resolved(typed, 4, 2) == text
    assert name(text) == shown


def test_without_one_a_task_a_node_is_cyclic() -> None:
    assert resolved(None, 2, 2) == "cyclic"
    assert resolved(None, 1, 1) == "cyclic"
    assert resolved("*:cyclic", 2, 2) == "block:cyclic"  # the node level's * is block


def test_the_environment_names_a_plane_and_its_size_apart() -> None:
    assert environment("plane=2") == {"SLURM_DISTRIBUTION": "plane", "SLURM_DIST_PLANESIZE": "2"}
    assert environment("block:cyclic") == {"SLURM_DISTRIBUTION": "block:cyclic"}
    assert name("Block") == "Block"  # a step stored before distributions were kept
