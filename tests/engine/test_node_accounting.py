"""What slurmctld tells the accounting store about nodes, and the records it keeps.

The messages come from the engine as nodes change (``engine/node_accounting.py``);
``model.node_events.replay`` turns them into the records ``sacctmgr show event``
lists (golden ``events/`` checks the whole against the oracle).
"""

from slurmsim.engine import control
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.events import Event
from slurmsim.model.node_events import (
    NODE_DOWN,
    NODE_UP,
    NodeEvent,
    down_detail,
    replay,
    state_name,
)
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job


def _down(t: int, node: str, raw: int, reason: str, user: str = "root") -> Event:
    return Event(Instant(t), NODE_DOWN, None, down_detail(node, raw, user, reason))


def _up(t: int, node: str) -> Event:
    return Event(Instant(t), NODE_UP, None, node)


def test_a_down_closes_the_open_record_and_an_up_ends_it():
    log = [_down(10, "b", 514, "x"), _down(20, "b", 513, "y"), _up(30, "b"), _down(5, "a", 1, "z")]
    assert replay(log) == [
        NodeEvent("a", 1, Instant(5), None, "z", "root"),
        NodeEvent("b", 514, Instant(10), Instant(20), "x", "root"),
        NodeEvent("b", 513, Instant(20), Instant(30), "y", "root"),
    ]


def test_the_same_state_and_reason_change_nothing_and_the_same_second_only_the_reason():
    log = [_down(10, "a", 514, "x"), _down(12, "a", 514, "X"), _down(12, "a", 514, "y")]
    log.append(_down(12, "a", 513, "z"))
    assert replay(log) == [
        NodeEvent("a", 514, Instant(10), Instant(12), "x", "root"),
        NodeEvent("a", 514, Instant(12), None, "z", "root"),  # that second: the reason only
    ]
    assert replay([_up(3, "a")]) == []


def test_state_names_are_the_compact_ones():
    assert [state_name(r) for r in (514, 513, 1, 2049, 8194, 0x203)] == [
        "DRAIN", "DRAIN", "DOWN", "DOWN*", "FAIL", "DRNG",
    ]  # fmt: skip


def _records(events: list[Event]) -> list[tuple[str, int, int, int | None, str, str]]:
    return [
        (r.node, r.state, r.start - T0, None if r.end is None else r.end - T0, r.reason, r.user)
        for r in replay(events)
    ]


def test_a_busy_node_is_recorded_drained_when_its_last_job_ends_by_the_slurm_user():
    s = cluster(nodes=2)
    a = submit(s, job("a", gpus_per_node=2, limit="1:00:00", runtime=600))
    log = advance(s, Instant(T0 + 100))
    node = a.nodes[0]
    log += control.update_node(s, [node], "root", "DRAIN", "fan")
    log += control.update_node(s, [node], "root", None, "fan swap")
    assert _records(log) == []
    log += advance(s, Instant(T0 + 1000))
    assert _records(log) == [(node, 514, 602, None, "fan swap", "slurm")]


def test_an_idle_node_is_recorded_at_once_and_down_fail_undrain_resume_follow():
    s = cluster(nodes=2)
    log = control.update_node(s, ["dgx1"], "root", "DRAIN", "disk")
    advance(s, Instant(T0 + 5))
    log += control.update_node(s, ["dgx1"], "root", "DOWN", "psu")
    log += control.update_node(s, ["dgx2"], "root", "FAIL", "ecc")
    advance(s, Instant(T0 + 7))
    log += control.update_node(s, ["dgx1"], "root", "UNDRAIN", None)
    log += advance(s, Instant(T0 + 9))
    log += control.update_node(s, ["dgx2"], "root", "RESUME", None)
    # Undrained while down, dgx1 registers again a second later and, under the preset's
    # ReturnToService=2, is back in service.
    assert _records(log) == [
        ("dgx1", 514, 0, 5, "disk", "root"),
        ("dgx1", 513, 5, 7, "psu", "root"),
        ("dgx1", 2049, 7, 8, "psu", "root"),
        ("dgx2", 8194, 5, 9, "ecc", "root"),
    ]
    assert not s.nodes["dgx1"].down


def test_a_reason_alone_while_drained_makes_no_record_but_another_drain_reason_does():
    s = cluster(nodes=1)
    log = control.update_node(s, ["dgx1"], "root", "DRAIN", "a")
    advance(s, Instant(T0 + 3))
    log += control.update_node(s, ["dgx1"], "root", None, "b")
    log += control.update_node(s, ["dgx1"], "root", "DRAIN", "b")  # the reason it has: nothing
    advance(s, Instant(T0 + 4))
    log += control.update_node(s, ["dgx1"], "root", "DRAIN", "c")
    assert _records(log) == [("dgx1", 514, 0, 4, "a", "root"), ("dgx1", 514, 4, None, "c", "root")]
