"""Node states as sinfo and scontrol name them, derived from flags and CPU use."""

import pytest

from slurmsim.format.nodestate import node_status
from slurmsim.model.alloc import NodeUsage
from tests.format.builders import node


@pytest.mark.parametrize(
    ("flags", "cpus", "completing", "names"),
    [
        pytest.param({}, 0, False, ("idle", "idle", "IDLE"), id="no job"),
        pytest.param({}, 1, False, ("mix", "mixed", "MIXED"), id="some CPUs, all GPUs is mix"),
        pytest.param({}, 112, False, ("alloc", "allocated", "ALLOCATED"), id="all CPUs"),
        pytest.param(
            {},
            112,
            True,
            ("alloc+", "allocated+", "ALLOCATED+COMPLETING"),
            id="allocated while a job completes",
        ),
        pytest.param({}, 0, True, ("comp", "completing", "IDLE+COMPLETING"), id="only completing"),
        pytest.param(
            {"drain": True},
            1,
            False,
            ("drng", "draining", "MIXED+DRAIN"),
            id="drain with jobs is draining",
        ),
        pytest.param(
            {"drain": True},
            0,
            False,
            ("drain", "drained", "IDLE+DRAIN"),
            id="drain and empty is drained",
        ),
        pytest.param({"down": True}, 0, False, ("down", "down", "DOWN"), id="down"),
        pytest.param(
            {"down": True, "not_responding": True},
            0,
            False,
            ("down*", "down*", "DOWN+NOT_RESPONDING"),
            id="down and not responding",
        ),
        pytest.param(
            {"not_responding": True},
            1,
            False,
            ("mix*", "mixed*", "MIXED+NOT_RESPONDING"),
            id="just resumed",
        ),
        pytest.param(
            {"drain": True, "down": True},
            0,
            False,
            ("drain", "drained", "DOWN+DRAIN"),
            id="drain wins over down in sinfo",
        ),
    ],
)
def test_node_state_names(
    flags: dict[str, bool],
    cpus: int,
    completing: bool,
    names: tuple[str, str, str],
) -> None:
    """``names`` is (sinfo %t, sinfo %T, scontrol State=)."""
    status = node_status(node("dgx1", **flags), NodeUsage(cpus=cpus), completing)
    assert (status.compact, status.long, status.scontrol) == names


def test_sinfo_sorts_flagged_states_before_plain_ones() -> None:
    mixed = node_status(node("dgx1"), NodeUsage(cpus=1))
    draining = node_status(node("dgx1", drain=True), NodeUsage(cpus=1))
    silent = node_status(node("dgx1", not_responding=True), NodeUsage(cpus=1))
    idle = node_status(node("dgx1"), None)
    assert silent.value > draining.value > mixed.value > idle.value
