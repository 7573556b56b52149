"""A running job shrunk by ``scontrol update`` (engine/resize.py): which nodes it keeps,
what is refused, the nodes let go, and the accounting record the resize ends."""

import pytest

from slurmsim.engine import control
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.accounting import past_runs, record_start, record_submit, resize_time
from slurmsim.model.errors import SlurmError
from slurmsim.model.job_update import JobUpdate
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant
from tests.engine.builders import cluster, job


def _running(nodes: int = 4):
    s = cluster()
    running = submit(s, job(nodes=nodes, gpus_per_node=2, limit=30, runtime=600))
    advance(s, Instant(s.now + 5))
    assert running.state is JobState.RUNNING
    return s, running


def test_num_nodes_keeps_the_first_nodes_and_frees_the_rest() -> None:
    s, j = _running()
    started = j.start_time
    advance(s, Instant(s.now + 10))
    control.update_job(s, j.job_id, None, "alice", JobUpdate(nodes=(3, None)))
    assert j.nodes == ("dgx1", "dgx2", "dgx3")
    assert (j.request.min_nodes, j.request.num_tasks) == (3, 3)
    assert resize_time(j) == s.now
    assert record_submit(j) == s.now
    assert record_start(j) == started  # the first resize's record begins with the job
    (ended,) = past_runs(j)
    assert (ended.state, ended.start_time, ended.end_time) == ("RESIZING", started, s.now)
    assert len(ended.alloc) == 4
    other = submit(s, job(nodes=1, gpus_per_node=8, limit=30, runtime=600))
    advance(s, Instant(s.now + 5))
    assert other.nodes == ("dgx4",)  # the node let go took it


def test_a_later_resize_begins_its_record_then() -> None:
    s, j = _running()
    control.update_job(s, j.job_id, None, "alice", JobUpdate(nodes=(3, None)))
    advance(s, Instant(s.now + 1))
    control.update_job(s, j.job_id, None, "alice", JobUpdate(req_nodes=("dgx1",)))
    assert j.nodes == ("dgx1",)
    assert record_start(j) == s.now
    assert [len(r.alloc) for r in past_runs(j)] == [4, 3]


@pytest.mark.parametrize(
    ("update", "error"),
    [
        (JobUpdate(nodes=(5, None)), "Requested operation not supported on this system"),
        (JobUpdate(nodes=(0, None)), "Node count specification invalid"),
        (JobUpdate(req_nodes=("dgx2",)), "Invalid node name specified"),  # not the batch host
        (JobUpdate(req_nodes=("dgx1", "dgx4")), "Invalid node name specified"),  # not its own
    ],
)
def test_refusals_change_nothing(update: JobUpdate, error: str) -> None:
    s, j = _running(nodes=3)
    with pytest.raises(SlurmError, match=error):
        control.update_job(s, j.job_id, None, "alice", update)
    assert j.nodes == ("dgx1", "dgx2", "dgx3")
    assert not past_runs(j)
