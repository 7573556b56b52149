"""squeue against real Slurm 22.05 output recorded on the oracle (tests/format/golden)."""

from collections.abc import Callable

import pytest

from slurmsim.format.squeue import SqueueOptions, render_squeue
from slurmsim.model.cluster import ClusterState
from tests.format import scenario
from tests.format.builders import cluster
from tests.format.goldens import assert_matches, case, when

CLASSIC = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R"
PREEMPT = "%.8i %.10j %.8u %.8q %.2t %.10M %.6D %R"


@pytest.mark.parametrize(
    ("name", "build", "opts"),
    [
        pytest.param(
            "043",
            cluster,
            SqueueOptions(jobs=("999999",)),
            id="043 unknown single job id is an error",
        ),
        pytest.param(
            "051",
            scenario.after_bad_submits,
            SqueueOptions(),
            id="051 default format, jobs pending on partition limits",
        ),
        pytest.param(
            "068",
            scenario.busy,
            SqueueOptions(format=CLASSIC),
            id="068 default sort: partition, state, priority, start time",
        ),
        pytest.param(
            "069",
            scenario.busy,
            SqueueOptions(format="%.10i %.12j %.8u %.10T %.10l %.10L %.6D %.4C %b %R"),
            id="069 -o with limits, time left, cpus and TRES per node; ids cut",
        ),
        pytest.param(
            "070",
            scenario.busy,
            SqueueOptions(
                format_long="JobID,Partition,Name,UserName,State,TimeUsed,NumNodes,ReasonList"
            ),
            id="070 -O with default widths and raw job ids",
        ),
        pytest.param(
            "071",
            scenario.busy,
            SqueueOptions(
                format_long="JobID:10,Name:14,UserName:8,StateCompact:4,"
                "TimeLimit:12,tres-per-node:16,Reason:20"
            ),
            id="071 -O with widths",
        ),
        pytest.param(
            "073",
            scenario.busy,
            SqueueOptions(
                format_long="JobArrayID:14,Priority:12,QOS:8,Account:10,SubmitTime:21,StartTime:21"
            ),
            id="073 -O priority as a cut float, backfill start times",
        ),
        pytest.param(
            "074", scenario.busy, SqueueOptions(noheader=True, format="%i"), id="074 -h -o %i"
        ),
        pytest.param("075", scenario.busy, SqueueOptions(jobs=("233",)), id="075 -j a running job"),
        pytest.param(
            "076",
            scenario.busy,
            SqueueOptions(jobs=("233", "238", "240")),
            id="076 -j several jobs",
        ),
        pytest.param("078", scenario.busy, SqueueOptions(states=("PD",)), id="078 -t PD"),
        pytest.param(
            "079", scenario.busy, SqueueOptions(states=("R",), noheader=True), id="079 -t R -h"
        ),
        pytest.param(
            "080",
            scenario.busy,
            SqueueOptions(long=True),
            id="080 -l with its date line and cut TIME_LIMI header",
        ),
        pytest.param(
            "081",
            scenario.busy,
            SqueueOptions(array_unfold=True),
            id="081 -r unfolds pending array tasks",
        ),
        pytest.param(
            "083",
            scenario.busy,
            SqueueOptions(jobs=("234",)),
            id="083 -j array id lists meta record then tasks newest first",
        ),
        pytest.param("084", scenario.busy, SqueueOptions(partitions=("debug",)), id="084 -p debug"),
        pytest.param(
            "086", scenario.busy, SqueueOptions(me=True, user="alice"), id="086 --me as alice"
        ),
        pytest.param(
            "113", scenario.after_hold, SqueueOptions(jobs=("239",)), id="113 admin-held job"
        ),
        pytest.param(
            "116",
            scenario.after_release,
            SqueueOptions(jobs=("239",)),
            id="116 released job waits with reason None",
        ),
        pytest.param(
            "118", scenario.after_release, SqueueOptions(jobs=("240",)), id="118 user-released job"
        ),
        pytest.param(
            "123",
            scenario.after_cancel,
            SqueueOptions(jobs=("238",)),
            id="123 cancelled job is not listed but known",
        ),
        pytest.param(
            "126",
            scenario.after_update,
            SqueueOptions(array_unfold=True, jobs=("234",)),
            id="126 -r -j array after one task was cancelled",
        ),
        pytest.param(
            "130",
            scenario.after_cancels,
            SqueueOptions(),
            id="130 single pending task still in brackets",
        ),
        pytest.param(
            "143",
            lambda: scenario.after_cancels("19:06:11"),
            SqueueOptions(format=PREEMPT),
            id="143 QOS column, folded id cut to 8",
        ),
        pytest.param(
            "145",
            scenario.preempting,
            SqueueOptions(format=PREEMPT),
            id="145 preemptor pending, victim requeued",
        ),
        pytest.param(
            "146",
            scenario.preempted,
            SqueueOptions(format=PREEMPT),
            id="146 preemptor running, victim waits for BeginTime",
        ),
        pytest.param("176", scenario.final, SqueueOptions(), id="176 finished jobs are not listed"),
    ],
)
def test_squeue_matches_golden_case(
    name: str, build: Callable[[], ClusterState], opts: SqueueOptions
) -> None:
    recorded = case(name)
    assert_matches(recorded, render_squeue(build(), opts, when(recorded)))
