"""The grading checks and the per-script outcome as pure functions of an observation."""

from dataclasses import replace

import pytest

from slurmsim.drills.observation import Check, Observation
from slurmsim.drills.outcome import outcomes
from slurmsim.drills.runs import Run
from slurmsim.drills.script_checks import DelaysNobody, IdleGpuHours, ScriptsRan, TimeFits
from slurmsim.model.jobs import Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.time import Seconds
from tests.drills.test_checks import at, seen, start

SRUN_2 = "#!/bin/bash\nsrun -n 2 python eval.py\n"
TORCHRUN_8 = "#!/bin/bash\ntorchrun --nproc_per_node=8 eval.py\n"


def student(
    job_id: int, script: str, *, limit: int = 5400, runtime: int | None = 3600, **fields: object
) -> Job:
    request = JobRequest(
        name="eval",
        user="student",
        account="research",
        partition="gpu",
        qos="normal",
        script=script,
        runtime=Seconds(runtime) if runtime is not None else None,
    )
    alloc = (NodeAlloc("dgx4", 1, 1, tuple(range(8))),)
    return Job(
        job_id,
        request,
        submit_time=at(0),
        state=JobState.RUNNING,
        start_time=at(0),
        alloc=alloc,
        time_limit=Seconds(limit),
        **fields,  # type: ignore[arg-type]
    )


def graded(*jobs: Job, others: tuple[Job, ...] = (), **fields: object) -> Observation:
    """``jobs`` submitted from scripts named after their ids, each started at once, on a
    cluster that also has the ``others``."""
    base = seen(
        *jobs,
        *others,
        events=tuple(start(j.job_id, 0, "dgx4") for j in jobs),
        lints=tuple((f"{j.job_id}.sh", ()) for j in jobs),
        script_jobs=tuple((f"{j.job_id}.sh", j.job_id) for j in jobs),
        submitted=tuple(j.job_id for j in jobs),
    )
    return replace(base, **fields)  # type: ignore[arg-type]


WAITING = Job(
    9,
    JobRequest(name="pretrain", user="bob", account="research", partition="gpu", qos="normal"),
    submit_time=at(0),
)


@pytest.mark.parametrize(
    ("check", "observation", "passed", "why"),
    [
        pytest.param(
            IdleGpuHours(),
            graded(student(5, TORCHRUN_8)),
            True,
            "0 GPU-hours idle",
            id="one process per GPU holds nothing idle",
        ),
        pytest.param(
            IdleGpuHours(),
            graded(student(5, SRUN_2)),
            False,
            "9 GPU-hours idle: 5.sh holds 8 GPUs and launches 2 processes for 1h30m",
            id="six idle GPUs over a 1h30m limit are 9 GPU-hours",
        ),
        pytest.param(
            IdleGpuHours(at_most=10.0),
            graded(student(5, SRUN_2)),
            True,
            "9 GPU-hours idle",
            id="within the GPU-hours allowed",
        ),
        pytest.param(
            IdleGpuHours(),
            graded(student(5, "#!/bin/bash\npython eval.py\n")),
            True,
            "0 GPU-hours idle",
            id="a script that launches through neither srun nor torchrun is not judged",
        ),
        pytest.param(
            TimeFits(),
            graded(student(5, TORCHRUN_8, limit=8 * 3600)),
            False,
            "5.sh asks for 8h to run 1h: 56 GPU-hours reserved beyond need",
            id="eight hours for one is beyond twice",
        ),
        pytest.param(
            TimeFits(factor=8.0),
            graded(student(5, TORCHRUN_8, limit=8 * 3600)),
            True,
            "1 script(s) declare a run time within the factor",
            id="a generous factor",
        ),
        pytest.param(
            TimeFits(),
            graded(student(5, TORCHRUN_8, runtime=None)),
            True,
            "0 script(s) declare a run time within the factor",
            id="a script that declares no run time is not judged",
        ),
        pytest.param(
            DelaysNobody(),
            graded(student(5, TORCHRUN_8)),
            True,
            "no other job was waiting when the scripts were submitted",
            id="nobody waiting",
        ),
        pytest.param(
            DelaysNobody(),
            graded(
                student(5, TORCHRUN_8),
                others=(WAITING,),
                baseline={9: at(3600)},
                events=(start(5, 0, "dgx4"), start(9, 3600, "dgx1")),
            ),
            True,
            "the 1 waiting job(s) started as planned",
            id="the waiting job started when it would have without the scripts",
        ),
        pytest.param(
            DelaysNobody(),
            graded(
                student(5, TORCHRUN_8),
                others=(WAITING,),
                baseline={9: at(3600)},
                events=(start(5, 0, "dgx4"), start(9, 5400, "dgx1")),
            ),
            False,
            "job 9 (pretrain) would have started at 2026-11-29T20:00:00, "
            "started 2026-11-29T20:30:00",
            id="the waiting job started half an hour late",
        ),
        pytest.param(
            DelaysNobody(),
            graded(student(5, TORCHRUN_8), others=(WAITING,), baseline={9: at(3600)}),
            False,
            "job 9 (pretrain) would have started at 2026-11-29T20:00:00, started not yet",
            id="the waiting job has not started at all",
        ),
        pytest.param(
            ScriptsRan(),
            graded(runs=(("a.sh", Run("COMPLETED", 0, 0, True, "slurm-1.out", ())),)),
            True,
            "1 script(s) exited 0 in time",
            id="a script that exited 0 in time",
        ),
        pytest.param(
            ScriptsRan(),
            graded(runs=(("a.sh", Run("CANCELLED", 0, 15, False, "slurm-1.out", ())),)),
            False,
            "a.sh: exit 0, signal 15 (CANCELLED) cancelled at the limit",
            id="a script cancelled at the wall limit",
        ),
    ],
)
def test_grading_check_judges_observation(
    check: Check, observation: Observation, passed: bool, why: str
) -> None:
    verdict = check.judge(observation)
    assert (verdict.passed, verdict.why) == (passed, why)


def test_outcome_says_backfill_and_whom_the_job_went_ahead_of() -> None:
    eligible = replace(WAITING, eligible_time=at(0))
    observation = graded(
        student(5, TORCHRUN_8, scheduler="Backfill"), others=(eligible,), baseline={9: at(3600)}
    )
    [outcome] = outcomes(observation)
    assert (outcome.backfill, [j.job_id for j in outcome.overtook]) == (True, [9])
    assert (outcome.gpus, outcome.launched, outcome.waited) == (8, 8, 0)
    assert (outcome.idle_gpu_hours, outcome.excess_gpu_hours) == (0.0, 4.0)
