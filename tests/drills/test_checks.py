"""The drill checks as pure predicates: observations built by hand, no database."""

from dataclasses import replace

import pytest

from slurmsim.drills import checks
from slurmsim.drills.lint import Finding
from slurmsim.drills.observation import Check, Observation
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.nodes import Node, NodeConfig
from slurmsim.model.time import EPOCH, Instant, Seconds
from slurmsim.model.tres import Gres

T0 = EPOCH


def at(seconds: int) -> Instant:
    return Instant(T0 + seconds)


def job(job_id: int, name: str, *, gpus: int = 8, nodes: int = 1, **fields: object) -> Job:
    request = JobRequest(
        name=name,
        user="alice",
        account="research",
        partition="gpu",
        qos="normal",
        min_nodes=nodes,
        gres_per_node=(Gres("gpu", None, gpus),),
    )
    return Job(job_id, request, submit_time=T0, **fields)  # type: ignore[arg-type]


def running(job_id: int, name: str, nodes: tuple[str, ...], start: int = 0) -> Job:
    alloc = tuple(NodeAlloc(n, 1, 1, tuple(range(8))) for n in nodes)
    return job(
        job_id, name, nodes=len(nodes), state=JobState.RUNNING, start_time=at(start), alloc=alloc
    )


def seen(
    *jobs: Job, events: tuple[Event, ...] = (), first: int = 0, **fields: object
) -> Observation:
    nodes = {f"dgx{i}": Node(NodeConfig(f"dgx{i}", cpus=112)) for i in range(1, 5)}
    base = Observation(
        now=at(7200),
        origin=T0,
        began=T0,
        jobs=jobs,
        nodes=nodes,
        reservations=(),
        events=events,
        first_event=first,
        planned={},
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def start(job_id: int, seconds: int, nodes: str) -> Event:
    return Event(at(seconds), "job_start", job_id, nodes)


WASTED = Finding(3, "wasted", "2 GPUs idle")
NO_TIME = Finding(0, "no-time", "no --time")
PRETRAIN = running(1, "pretrain", ("dgx1", "dgx2", "dgx3", "dgx4"))
STARTED_PRETRAIN = start(1, 0, "dgx1,dgx2,dgx3,dgx4")


@pytest.mark.parametrize(
    ("check", "observation", "passed", "why"),
    [
        pytest.param(
            checks.RanOnNodes("pretrain", 4, 8),
            seen(PRETRAIN, events=(STARTED_PRETRAIN,)),
            True,
            "job 1 (pretrain) started on dgx1,dgx2,dgx3,dgx4 at 2026-11-29T19:00:00",
            id="a four-node job ran on four nodes at once",
        ),
        pytest.param(
            checks.RanOnNodes("pretrain", 4),
            seen(running(1, "pretrain", ("dgx1",)), events=(start(1, 0, "dgx1"),)),
            False,
            "job 1 (pretrain) ran on 1 node (dgx1), not 4",
            id="a one-node job is not a four-node job",
        ),
        pytest.param(
            checks.RanOnNodes("pretrain", 4),
            seen(job(1, "pretrain", reason="Resources")),
            False,
            "job 1 (pretrain) has not started (PENDING, Resources)",
            id="a pending job ran nowhere",
        ),
        pytest.param(
            checks.RanOnNodes("pretrain", 4),
            seen(),
            False,
            "no job named 'pretrain' was submitted",
            id="a job never submitted is named as missing",
        ),
        pytest.param(
            checks.StartedBefore("eval", "pretrain"),
            seen(
                running(2, "eval", ("dgx4",), 60),
                PRETRAIN,
                events=(start(2, 60, "dgx4"), start(1, 7200, "dgx1,dgx2,dgx3,dgx4")),
            ),
            True,
            "job 2 (eval) started at 2026-11-29T19:01:00, job 1 (pretrain) at 2026-11-29T21:00:00",
            id="the short job started before the head job",
        ),
        pytest.param(
            checks.StartNotDelayed("pretrain"),
            seen(PRETRAIN, events=(start(1, 9000, "dgx1,dgx2,dgx3,dgx4"),), planned={1: at(7200)}),
            False,
            "job 1 (pretrain) started at 2026-11-29T21:30:00, "
            "planned 2026-11-29T21:00:00: 30m late",
            id="a head job that started half an hour late was delayed",
        ),
        pytest.param(
            checks.StartNotDelayed("pretrain"),
            seen(job(1, "pretrain", start_time=at(7200)), planned={1: at(7200)}),
            True,
            "job 1 (pretrain) is now planned to start at 2026-11-29T21:00:00, "
            "planned 2026-11-29T21:00:00",
            id="a pending head job whose planned start did not move",
        ),
        pytest.param(
            checks.NoJobKilled(),
            seen(
                PRETRAIN,
                events=(STARTED_PRETRAIN, Event(at(600), "job_requeue", 1, "NODE_FAIL")),
            ),
            False,
            "job 1 (pretrain) was requeued NODE_FAIL at 2026-11-29T19:10:00",
            id="a job requeued when its node failed was killed",
        ),
        pytest.param(
            checks.NoJobKilled(),
            seen(
                PRETRAIN,
                events=(Event(at(600), "job_requeue", 1, "NODE_FAIL"),),
                first=1,
            ),
            True,
            "every job that ran was left to finish",
            id="what happened during the setup does not count",
        ),
        pytest.param(
            checks.NoJobKilled(),
            seen(running(1, "x", ("dgx1",)), events=(Event(at(600), "job_end", 1, "CANCELLED"),)),
            False,
            "job 1 (x) was ended CANCELLED at 2026-11-29T19:10:00",
            id="cancelling a running job counts as killing it",
        ),
        pytest.param(
            checks.NoJobKilled(),
            seen(job(1, "x"), events=(Event(at(600), "job_end", 1, "CANCELLED"),)),
            True,
            "every job that ran was left to finish",
            id="cancelling a pending job kills nothing",
        ),
        pytest.param(
            checks.NodeStateIs("dgx2", ("drained",)),
            seen(nodes={"dgx2": Node(NodeConfig("dgx2", cpus=112), drain=True, reason="psu")}),
            True,
            "dgx2 is drained (reason: psu)",
            id="an empty drained node is drained",
        ),
        pytest.param(
            checks.NodeStateIs("dgx2", ("drained",)),
            seen(
                running(1, "x", ("dgx2",)),
                nodes={"dgx2": Node(NodeConfig("dgx2", cpus=112), drain=True, reason="psu")},
            ),
            False,
            "dgx2 is draining (reason: psu)",
            id="a drained node with a job on it is still draining",
        ),
        pytest.param(
            checks.NoJobStartedOn("dgx2"),
            seen(running(3, "eval", ("dgx2",)), events=(start(3, 60, "dgx2"),)),
            False,
            "job 3 (eval) started on dgx2 at 2026-11-29T19:01:00",
            id="a job that started on the node is named",
        ),
        pytest.param(
            checks.LostAtMost("train", Seconds(1800)),
            seen(job(1, "train", gpu_seconds_lost=8 * 540)),
            True,
            "job 1 (train) lost 9m of work on 8 GPUs",
            id="nine minutes on eight GPUs is nine minutes of work",
        ),
        pytest.param(
            checks.LostAtMost("train", Seconds(1800)),
            seen(job(1, "train", gpu_seconds_lost=8 * 7740)),
            False,
            "job 1 (train) lost 2h9m of work on 8 GPUs",
            id="two hours lost is more than thirty minutes",
        ),
        pytest.param(
            checks.Preempted("train"),
            seen(job(1, "train"), events=(Event(at(60), "job_requeue", 1, "PREEMPTED"),)),
            True,
            "job 1 (train) was preempted at 2026-11-29T19:01:00",
            id="a requeue for a preemptor is a preemption",
        ),
        pytest.param(
            checks.PendingReason("small", "Priority"),
            seen(job(1, "small", reason="Priority")),
            True,
            "job 1 (small) is pending (Priority)",
            id="a job pending with the reason asked for",
        ),
        pytest.param(
            checks.SubmittedWith("smoke", partition="debug", gpus_per_node=2),
            seen(job(1, "smoke", gpus=0)),
            False,
            "job 1 (smoke) asked for partition gpu, 0 GPUs per node",
            id="every difference from the task is listed",
        ),
        pytest.param(
            checks.JobStateIs("x", ("COMPLETED",)),
            seen(job(1, "x", state=JobState.FAILED, reason="BadConstraints")),
            False,
            "no job named 'x' was submitted",
            id="a submission the controller refused is not the job",
        ),
        pytest.param(
            checks.ScriptsAccepted(),
            seen(refused=(("a.sh", "sbatch: error: Invalid --time specification"),)),
            False,
            "a.sh: sbatch: error: Invalid --time specification",
            id="a refused script is named with sbatch's message",
        ),
        pytest.param(
            checks.Lint(),
            seen(lints=(("a.sh", (NO_TIME, WASTED)), ("b.sh", ()))),
            False,
            "a.sh: line 0: no --time; a.sh: line 3: 2 GPUs idle",
            id="every lint finding of every script is named with its line",
        ),
        pytest.param(
            checks.Lint(codes=("unknown-option",)),
            seen(lints=(("a.sh", (WASTED, NO_TIME)),)),
            True,
            "nothing found in 1 script(s)",
            id="a lint criterion with codes ignores the other findings",
        ),
    ],
)
def test_check_judges_observation(
    check: Check, observation: Observation, passed: bool, why: str
) -> None:
    verdict = check.judge(observation)
    assert (verdict.passed, verdict.why) == (passed, why)


@pytest.mark.parametrize(
    ("check", "says"),
    [
        pytest.param(
            checks.RanOnNodes("pretrain", 4, 8),
            "job 'pretrain' ran on 4 nodes at once, 8 GPUs on each",
            id="gang",
        ),
        pytest.param(checks.NoJobKilled(), "no running job was killed", id="no kill"),
        pytest.param(
            checks.LostAtMost("v", Seconds(1800)), "job 'v' lost at most 30m of work", id="loss"
        ),
        pytest.param(
            checks.NodeStateIs("dgx2", ("drained", "down")),
            "node dgx2 is drained or down",
            id="node",
        ),
    ],
)
def test_check_says_what_it_wants_in_plain_words(check: Check, says: str) -> None:
    assert check.says() == says
