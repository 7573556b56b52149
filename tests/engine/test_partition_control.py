"""``scontrol update PartitionName=...`` applied by the engine (golden partupdate/)."""

import pytest

from slurmsim.engine.partition_control import (
    create_partition,
    delete_partition,
    update_partition,
)
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.errors import AppliedError, SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.partition_update import PartitionUpdate
from slurmsim.model.partitions import PartitionState
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job


def test_only_administrators_change_partitions():
    s = cluster()
    with pytest.raises(SlurmError) as err:
        update_partition(s, "alice", PartitionUpdate(name="debug", hidden=True))
    assert err.value.message == "Invalid user id"
    assert not s.partitions["debug"].hidden


def test_unknown_partition_and_nodes_are_refused_and_change_nothing():
    s = cluster()
    for update, message in [
        (PartitionUpdate(name="nosuch", hidden=True), "Invalid partition name specified"),
        (PartitionUpdate(name="debug", nodes=("nosuch",)), "Invalid node name specified"),
    ]:
        with pytest.raises(SlurmError) as err:
            update_partition(s, "root", update)
        assert err.value.message == message
    assert s.partitions["debug"].nodes == ("dgx1", "dgx2", "dgx3", "dgx4")


def test_default_moves_from_the_partition_that_had_it():
    s = cluster()
    update_partition(s, "root", PartitionUpdate(name="debug", default=True))
    assert [p.name for p in s.partitions.values() if p.default] == ["debug"]


def test_a_down_partition_keeps_its_jobs_waiting_until_it_is_up():
    s = cluster()
    update_partition(s, "root", PartitionUpdate(name="gpu", state=PartitionState.DOWN))
    j = submit(s, job(gpus_per_node=1))
    advance(s, Instant(T0 + 10))
    assert (j.state, j.reason) == (JobState.PENDING, "PartitionDown")
    update_partition(s, "root", PartitionUpdate(name="gpu", state=PartitionState.UP))
    advance(s, Instant(T0 + 20))
    assert j.state is JobState.RUNNING


def test_a_drained_partition_takes_no_new_job():
    s = cluster()
    update_partition(s, "root", PartitionUpdate(name="gpu", state=PartitionState.DRAIN))
    with pytest.raises(SlurmError) as err:
        submit(s, job(gpus_per_node=1))
    assert err.value.message == "Required partition not available (inactive or drain)"


def test_a_job_whose_account_is_not_allowed_waits_saying_why():
    s = cluster()
    update_partition(s, "root", PartitionUpdate(name="gpu", allow_accounts="product"))
    j = submit(s, job(gpus_per_node=1))
    advance(s, Instant(T0 + 10))
    assert j.state is JobState.PENDING
    assert j.reason == (
        "Job's account not permitted to use this partition (gpu allows product not research)"
    )


def test_a_new_partition_runs_jobs_and_goes_once_none_is_left():
    s = cluster()
    create_partition(s, "root", PartitionUpdate(name="tmp", nodes=("dgx1", "dgx2")))
    assert (s.partitions["tmp"].min_nodes, list(s.partitions)[-1]) == (1, "tmp")
    j = submit(s, job(gpus_per_node=1, partition="tmp"))
    with pytest.raises(SlurmError) as err:
        delete_partition(s, "root", "tmp")
    assert err.value.message == "Partition is in use"
    advance(s, Instant(T0 + 10))
    assert j.nodes == ("dgx1",)
    j.state = JobState.COMPLETED
    delete_partition(s, "root", "tmp")
    assert "tmp" not in s.partitions


def test_a_partition_made_with_unknown_nodes_stays_without_nodes():
    s = cluster()
    with pytest.raises(AppliedError) as err:
        create_partition(s, "root", PartitionUpdate(name="tmp", nodes=("nosuch",)))
    assert err.value.message == "Invalid node name specified"
    assert s.partitions["tmp"].nodes == ()
    with pytest.raises(SlurmError) as again:
        create_partition(s, "root", PartitionUpdate(name="tmp"))
    assert again.value.message == "Invalid partition name specified"
