"""sinfo against real Slurm 22.05 output recorded on the oracle (tests/format/golden)."""

from collections.abc import Callable

import pytest

from slurmsim.format.sinfo import SinfoOptions, render_sinfo
from slurmsim.model.cluster import ClusterState
from tests.format import scenario
from tests.format.builders import cluster
from tests.format.goldens import assert_matches, case, when

PLAIN = "%P %a %l %D %t %N"
GRES_COLUMNS = "NodeList:10,StateLong:10,CPUsState:16,Gres:16,GresUsed:24"


@pytest.mark.parametrize(
    ("name", "build", "opts"),
    [
        pytest.param("001", cluster, SinfoOptions(), id="001 idle cluster"),
        pytest.param("003", cluster, SinfoOptions(format=PLAIN), id="003 -o without widths"),
        pytest.param(
            "005",
            cluster,
            SinfoOptions(format="%N %G %c %m %t"),
            id="005 no partition column pools the partitions' nodes",
        ),
        pytest.param(
            "006",
            cluster,
            SinfoOptions(
                format_long="NodeList:10,Partition:8,StateLong:10,CPUsState:16,Gres:16,GresUsed:24"
            ),
            id="006 -O with widths, header cut to PARTITIO",
        ),
        pytest.param(
            "045",
            cluster,
            SinfoOptions(partitions=("nosuch",)),
            id="045 unknown partition prints only the header",
        ),
        pytest.param(
            "100",
            lambda: scenario.busy("19:05:54"),
            SinfoOptions(),
            id="100 GPUs all used but CPUs free is mix",
        ),
        pytest.param(
            "101",
            lambda: scenario.busy("19:05:54"),
            SinfoOptions(node_oriented=True, long=True),
            id="101 -N -l, MEMORY cut to 6",
        ),
        pytest.param(
            "103",
            lambda: scenario.busy("19:05:54"),
            SinfoOptions(format_long=GRES_COLUMNS),
            id="103 GresUsed with indices",
        ),
        pytest.param(
            "133",
            scenario.drained,
            SinfoOptions(node_oriented=True, long=True),
            id="133 -N -l draining node with reason",
        ),
        pytest.param("134", scenario.drained, SinfoOptions(reasons=True), id="134 -R"),
        pytest.param(
            "135", scenario.drained, SinfoOptions(format=PLAIN), id="135 drng line sorts before mix"
        ),
        pytest.param(
            "140", scenario.resumed, SinfoOptions(), id="140 just-resumed node not responding: mix*"
        ),
        pytest.param(
            "141",
            lambda: scenario.resumed("19:06:11", responding=True),
            SinfoOptions(),
            id="141 responding again",
        ),
    ],
)
def test_sinfo_matches_golden_case(
    name: str, build: Callable[[], ClusterState], opts: SinfoOptions
) -> None:
    recorded = case(name)
    assert_matches(recorded, render_sinfo(build(), opts, when(recorded)))
