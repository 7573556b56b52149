"""Invariants under random operations (hypothesis): submit, cancel, drain, resume, advance.

* cores, memory and GPUs on a node are never oversubscribed, and no GPU index is
  held twice;
* no job starts on a node that is drained or down at that moment;
* every job is in exactly one state, and running jobs have an allocation;
* the same operations give the same result (determinism).
"""

import contextlib

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from slurmsim.engine import control
from slurmsim.engine.liveness import awaits_answer
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.alloc import HOLDS_RESOURCES
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant
from tests.engine.builders import cluster, job

USERS = ("alice", "bob", "carol")
NODES = ("dgx1", "dgx2", "dgx3", "dgx4")

requests = st.builds(
    lambda user, nodes, gpn, tasks, limit, runtime: job(
        user=user,
        nodes=nodes,
        gpus_per_node=gpn,
        tasks=tasks * nodes,
        limit=limit,
        runtime=runtime,
    ),
    st.sampled_from(USERS),
    st.integers(1, 4),
    st.sampled_from([0, 1, 2, 4, 8]),
    st.integers(1, 40),
    st.sampled_from([300, 1800, 3600]),
    st.one_of(st.none(), st.integers(0, 4000)),
)


def replay(ops: list[tuple[str, object]]) -> ClusterState:
    """Apply recorded operations to a fresh cluster (for the determinism check)."""
    s = cluster()
    for op, arg in ops:
        apply(s, op, arg)
    return s


def apply(s: ClusterState, op: str, arg: object) -> list[int]:
    """One operation; returns the ids of jobs started by it (on a node drained/down before)."""
    if op == "submit":
        with contextlib.suppress(SlurmError):
            submit(s, arg)  # type: ignore[arg-type]
    elif op == "cancel":
        with contextlib.suppress(SlurmError):
            control.cancel(s, arg, None, "root")  # type: ignore[arg-type]
    elif op == "drain":
        control.update_node(s, [arg], "root", "DRAIN", "test")  # type: ignore[list-item]
    elif op == "down":
        control.update_node(s, [arg], "root", "DOWN", "test")  # type: ignore[list-item]
    elif op == "resume":
        with contextlib.suppress(SlurmError):  # a node in service cannot be resumed
            control.update_node(s, [arg], "root", "RESUME", None)  # type: ignore[list-item]
    elif op == "advance":
        # A down node whose ping answer is awaited (since a resume, or the next periodic
        # ping after DOWN) registers and, under ReturnToService=2, comes back
        # (engine/liveness.py): only the others must stay unused.
        unusable = {
            n
            for n, node in s.nodes.items()
            if node.drain or (node.down and not awaits_answer(node))
        }
        events = advance(s, Instant(s.now + arg))  # type: ignore[operator]
        bad = [
            e.job_id
            for e in events
            if e.kind == "job_start" and set(e.detail.split(",")) & unusable
        ]
        return [b for b in bad if b is not None]
    return []


class Cluster(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state = cluster()
        self.ops: list[tuple[str, object]] = []
        self.bad_starts: list[int] = []

    def _do(self, op: str, arg: object) -> None:
        self.ops.append((op, arg))
        self.bad_starts += apply(self.state, op, arg)

    @rule(request=requests)
    def submit(self, request):
        self._do("submit", request)

    @precondition(lambda self: self.state.jobs)
    @rule(data=st.data())
    def cancel(self, data):
        self._do("cancel", data.draw(st.sampled_from(sorted(self.state.jobs))))

    @rule(node=st.sampled_from(NODES))
    def drain(self, node):
        self._do("drain", node)

    @rule(node=st.sampled_from(NODES))
    def down(self, node):
        self._do("down", node)

    @rule(node=st.sampled_from(NODES))
    def resume(self, node):
        self._do("resume", node)

    @rule(seconds=st.integers(1, 5000))
    def advance(self, seconds):
        self._do("advance", seconds)

    @invariant()
    def nodes_never_oversubscribed(self):
        for name, node in self.state.nodes.items():
            cfg = node.config
            held = [
                a
                for j in self.state.jobs.values()
                if j.state in HOLDS_RESOURCES
                for a in j.alloc
                if a.node == name
            ]
            gpus = [g for a in held for g in a.gpus]
            assert sum(a.cpus for a in held) <= cfg.cpus
            assert sum(a.mem for a in held) <= cfg.real_memory
            assert len(gpus) == len(set(gpus)) <= cfg.gres_count("gpu")

    @invariant()
    def no_start_on_drained_or_down_nodes(self):
        assert self.bad_starts == []

    @invariant()
    def running_jobs_hold_nodes_and_pending_ones_do_not(self):
        for j in self.state.jobs.values():
            assert isinstance(j.state, JobState)
            assert bool(j.alloc) == (j.state in HOLDS_RESOURCES) or j.state.finished

    def teardown(self):
        again = replay(self.ops)
        assert again == self.state


Cluster.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_cluster_state_machine = Cluster.TestCase


def test_estimates_left_by_a_cycle_see_the_nodes_it_saw():
    """Found by the state machine: a backfill cycle leaves the estimates of a four-node
    job (one node DOWN) to be worked out when read; the DOWN node answers a ping and
    returns before then, and those estimates must still be the cycle's, not a start."""
    one, four = job(limit=300, tasks=1), job(nodes=4, tasks=4, limit=300)
    ops = [("advance", 1)] * 5 + [("advance", 1421), ("down", "dgx1")]
    ops += [("submit", one), ("submit", one), ("submit", four), ("advance", 174)]
    s = replay(ops)  # dgx1 answers in the last second: the job starts at the next pass
    assert not s.nodes["dgx1"].down
    assert [j.state for j in s.jobs.values()] == [JobState.RUNNING] * 2 + [JobState.PENDING]
    assert replay(ops) == s
    later = replay([*ops, ("advance", 5)])
    assert [j.state for j in later.jobs.values()] == [JobState.RUNNING] * 3
