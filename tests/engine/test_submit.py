"""Submission checks and --test-only, against golden 020-058."""

import pytest

from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit, will_run
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import JobState
from slurmsim.model.time import Instant, Seconds
from tests.engine.builders import T0, cluster, job


@pytest.mark.parametrize(
    ("request_", "epl", "message", "detail", "uses_id"),
    [
        pytest.param(
            job(partition="nosuch"),
            "NO",
            "Invalid partition name specified",
            None,
            False,
            id="unknown partition: no job id used",
        ),
        pytest.param(
            job(account="nosuch"),
            "NO",
            "Invalid account or account/partition combination specified",
            None,
            False,
            id="unknown account",
        ),
        pytest.param(
            job(qos="nosuch"), "NO", "Invalid qos specification", None, False, id="unknown qos"
        ),
        pytest.param(
            job(gpus_per_node=9),
            "NO",
            "Requested node configuration is not available",
            None,
            True,
            id="9 GPUs per node never fit (golden 024)",
        ),
        pytest.param(
            job(nodes=1, tasks=113),
            "NO",
            "Requested node configuration is not available",
            None,
            True,
            id="113 tasks on one 112-CPU node (golden 038)",
        ),
        pytest.param(
            job(nodes=1, mem_per_node=2_100_000),
            "NO",
            "Requested node configuration is not available",
            "Memory specification can not be satisfied",
            True,
            id="memory over the node's (golden 033)",
        ),
        pytest.param(
            job(nodes=5, gpus_per_node=8),
            "ALL",
            "Node count specification invalid",
            None,
            False,
            id="EnforcePartLimits=ALL refuses -N 5 (golden 054)",
        ),
        pytest.param(
            job(limit=8 * 86400),
            "ALL",
            "Requested time limit is invalid (missing or exceeds some limit)",
            None,
            False,
            id="EnforcePartLimits=ALL refuses --time over MaxTime (golden 055)",
        ),
    ],
)
def test_submit_refusals(request_, epl, message, detail, uses_id):
    s = cluster(enforce_part_limits=epl)
    with pytest.raises(SlurmError) as err:
        submit(s, request_)
    assert (err.value.message, err.value.detail) == (message, detail)
    assert s.next_job_id == (2 if uses_id else 1)
    if uses_id:
        rec = s.jobs[1]
        assert (rec.state, rec.reason, rec.exit_code) == (JobState.FAILED, "BadConstraints", 1)


@pytest.mark.parametrize(
    ("request_", "reason"),
    [
        pytest.param(
            job(nodes=5, gpus_per_node=8), "PartitionNodeLimit", id="-N 5 pends (golden 051)"
        ),
        pytest.param(job(limit=8 * 86400), "PartitionTimeLimit", id="8 days pends (golden 051)"),
    ],
)
def test_partition_limits_pend_under_enforce_no(request_, reason):
    """The submission's own test says only PartitionConfig; the first pass names the limit
    (the oracle, golden partupdate/)."""
    s = cluster()
    j = submit(s, request_)
    assert (j.state, j.reason, j.eligible_time) == (JobState.PENDING, "PartitionConfig", T0)
    advance(s, Instant(T0 + 5))
    assert (j.state, j.reason) == (JobState.PENDING, reason)


def test_priority_of_node_limit_job_matches_golden_053():
    from tests.engine.builders import GOLDEN_USAGE

    s = cluster(usage=GOLDEN_USAGE)
    j = submit(s, job(nodes=5, gpus_per_node=8))
    assert j.priority == 5130


def test_default_time_comes_from_the_partition():
    s = cluster()
    assert submit(s, job()).time_limit == Seconds(3600)
    assert submit(s, job(partition="debug")).time_limit == Seconds(1800)


@pytest.mark.parametrize(
    ("request_", "want"),
    [
        pytest.param(
            job(nodes=2, gpus_per_node=8, limit=3600),
            (T0, ("dgx1", "dgx2"), 2, "gpu"),
            id="sbatch --test-only -N 2 on an idle cluster (golden 020)",
        ),
        pytest.param(
            job(nodes=1, gpus_per_node=8),
            (T0, ("dgx1",), 1, "gpu"),
            id="srun --test-only -N 1 (golden 021)",
        ),
    ],
)
def test_will_run_uses_an_id_and_creates_no_job(request_, want):
    s = cluster()
    assert will_run(s, request_) == want
    assert (s.next_job_id, s.jobs) == (2, {})


def test_will_run_on_a_full_cluster_waits_for_the_earliest_limit():
    from slurmsim.engine.simulate import advance

    s = cluster()
    submit(s, job("big", nodes=4, gpus_per_node=8, limit=3600))
    advance(s, T0 + 10)
    start, nodes, _, _ = will_run(s, job(nodes=2, gpus_per_node=8, limit=3600))
    assert (start, nodes) == (T0 + 2 + 3600, ("dgx1", "dgx2"))


def test_a_kept_simulation_tells_node_counts_apart_at_submission():
    """The submission test remembers its answers by what a request asks for: a request
    that differs only in its node count is asked again (with three nodes held whole, one
    node of tasks could run at once and two could not: ``Resources``)."""
    from slurmsim.engine.simulation import Simulation

    def reasons(kept: bool) -> list[str | None]:
        s = cluster()
        sim = Simulation(s)
        sim.submit(job("whole", user="bob", nodes=3, exclusive=True, limit=3600))
        sim.advance(Instant(T0 + 5))
        asks = [job(nodes=1, tasks=8, limit=60), job(nodes=2, tasks=8, limit=60)]
        if kept:
            return [sim.submit(r).reason for r in asks]
        sim.settle()
        return [Simulation(s).submit(r).reason for r in asks]

    assert reasons(kept=True) == reasons(kept=False)
