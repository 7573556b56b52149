"""scontrol show job|node|partition against real Slurm 22.05 output (tests/format/golden)."""

from collections.abc import Callable

import pytest

from slurmsim.format.scontrol import show_jobs, show_nodes, show_partition
from slurmsim.model.cluster import ClusterState
from tests.format import scenario
from tests.format.builders import cluster
from tests.format.goldens import assert_matches, case, when


@pytest.mark.parametrize(
    ("name", "build", "selector", "detail"),
    [
        pytest.param(
            "053", scenario.after_bad_submits, "220", False, id="053 pending on PartitionNodeLimit"
        ),
        pytest.param(
            "088",
            scenario.busy,
            "233",
            True,
            id="088 -d running: DerivedExitCode, JOB_GRES and Nodes= lines",
        ),
        pytest.param(
            "089", scenario.busy, "238", False, id="089 pending Resources planned by backfill"
        ),
        pytest.param("090", scenario.busy, "239", False, id="090 pending Priority"),
        pytest.param("091", scenario.busy, "240", False, id="091 user-held"),
        pytest.param(
            "093", scenario.busy, "234", False, id="093 array: meta record then tasks newest first"
        ),
        pytest.param(
            "094",
            scenario.busy,
            "234_3",
            False,
            id="094 pending array task shown from the meta record",
        ),
        pytest.param(
            "095",
            scenario.busy,
            "242",
            False,
            id="095 PartitionTimeLimit, no GRES, no node maximum",
        ),
        pytest.param("096", scenario.busy, "243", False, id="096 script with arguments"),
        pytest.param("114", scenario.after_hold, "239", False, id="114 admin-held"),
        pytest.param("124", scenario.after_cancel, "238", False, id="124 cancelled before it ran"),
        pytest.param(
            "129", scenario.after_update, "239", False, id="129 after a time limit update"
        ),
        pytest.param("148", scenario.preempted, "245", False, id="148 high QOS preemptor"),
        pytest.param("149", scenario.preempted, "235", False, id="149 preempted and requeued"),
        pytest.param(
            "155", lambda: scenario.preempted("19:07:44"), "235", False, id="155 requeued job later"
        ),
        pytest.param("173", scenario.final, "230", False, id="173 completed"),
        pytest.param("174", scenario.final, "231", False, id="174 failed with exit code 3"),
        pytest.param("175", scenario.final, "232", False, id="175 timed out"),
    ],
)
def test_show_job_matches_golden_case(
    name: str, build: Callable[[], ClusterState], selector: str, detail: bool
) -> None:
    recorded = case(name)
    got = show_jobs(build(), selector, now=when(recorded), detail=detail)
    assert_matches(recorded, got)


@pytest.mark.parametrize(
    ("name", "build", "names"),
    [
        pytest.param("008", cluster, ["dgx1"], id="008 idle node"),
        pytest.param("046", cluster, ["nosuch"], id="046 unknown node on stdout, exit 1"),
        pytest.param("098", scenario.busy, ["dgx1"], id="098 mixed node, AllocTRES"),
        pytest.param("099", scenario.busy, None, id="099 every node"),
        pytest.param("136", scenario.drained, ["dgx2"], id="136 MIXED+DRAIN with Reason"),
    ],
)
def test_show_node_matches_golden_case(
    name: str, build: Callable[[], ClusterState], names: list[str] | None
) -> None:
    recorded = case(name)
    assert_matches(recorded, show_nodes(build(), names), mask=True)


@pytest.mark.parametrize(
    ("name", "partition"),
    [
        pytest.param("009", None, id="009 every partition"),
        pytest.param("010", "gpu", id="010 one partition, TRES memory 7812.50G"),
    ],
)
def test_show_partition_matches_golden_case(name: str, partition: str | None) -> None:
    assert_matches(case(name), show_partition(cluster(), partition))
