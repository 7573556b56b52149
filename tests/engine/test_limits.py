"""QOS and association limits (engine/limits.py), case by case as the real Slurm decided them.

The ids name the golden case (tests/golden/limits/cases) or the oracle run that showed
each order; the default cluster's ``normal`` QOS and ``research``/``product`` accounts
carry the limits here instead of the recording's own QOS and account.
"""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.engine.limits import (
    POLICY_VIOLATION,
    Usage,
    after_selection,
    pending_reason,
    requested_tres,
    submit_refusal,
)
from slurmsim.engine.submit import submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.errors import SlurmError
from slurmsim.model.jobs import Hold, Job, JobRequest, JobState, NodeAlloc
from slurmsim.model.time import Instant, Seconds
from tests.engine.builders import T0, cluster, job

Limits = dict[str, str]


def limited(
    qos: Limits | None = None,
    *,
    flags: tuple[str, ...] = (),
    assocs: dict[str, Limits] | None = None,
    high: Limits | None = None,
) -> ClusterState:
    """The default cluster with limits on QOS normal (and high), and on associations
    named ``account`` or ``account/user``."""
    state = cluster()
    state.qos["normal"] = replace(state.qos["normal"], limits=qos or {}, flags=flags)
    if high is not None:
        state.qos["high"] = replace(state.qos["high"], limits=high)
    for key, lims in (assocs or {}).items():
        account, _, user = key.partition("/")
        state.associations = [
            replace(a, limits=lims) if (a.account, a.user) == (account, user or None) else a
            for a in state.associations
        ]
    return state


def running(
    request: JobRequest, *, cpus: int = 1, state: JobState = JobState.RUNNING, job_id: int = 0
) -> Job:
    """A job holding ``cpus`` CPUs and the GPUs it asked for on dgx1."""
    gpus = (request.gpus_per_job.count if request.gpus_per_job else 0) + sum(
        g.count for g in request.gres_per_node
    )
    alloc = NodeAlloc("dgx1", cpus, 16384 * cpus, tuple(range(gpus)))
    return Job(job_id, request, T0, state=state, alloc=(alloc,), time_limit=Seconds(3600))


def pending(request: JobRequest, *, job_id: int = 100) -> Job:
    limit = request.time_limit if request.time_limit is not None else Seconds(3600)
    return Job(job_id, request, T0, time_limit=limit)


ALICE_16 = [running(job(user="alice", gpus=8)), running(job(user="alice", gpus=8))]
BOB_8 = [running(job(user="bob", gpus=8))]


@pytest.mark.parametrize(
    ("state", "busy", "new", "want"),
    [
        pytest.param(limited(), ALICE_16, job(gpus=8), None, id="no limits: nothing waits"),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            ALICE_16,
            job(gpus=8),
            "QOSMaxGRESPerUser",
            id="MaxTRESPerUser reached by running jobs (golden 011)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            ALICE_16,
            job(user="bob", gpus=8),
            None,
            id="another user is not held by alice's usage (B8)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            [],
            job(gpus=24),
            "QOSMaxGRESPerUser",
            id="over MaxTRESPerUser on its own: pends forever (golden 016)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            [running(job(user="alice", gpus=8, qos="high"))] * 2,
            job(gpus=8),
            None,
            id="jobs of another QOS do not count",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            [running(job(gpus=8), state=JobState.COMPLETING)] * 2,
            job(gpus=8),
            None,
            id="completing jobs no longer count",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            [running(job(gpus=8), state=JobState.SUSPENDED)] * 2,
            job(gpus=8),
            "QOSMaxGRESPerUser",
            id="suspended jobs still count",
        ),
        pytest.param(
            limited({"MaxTRESPU": "cpu=2,gres/gpu=1"}),
            [running(job(gpus=1))],
            job(gpus=1, cpus_per_task=2),
            "QOSMaxCpuPerUserLimit",
            id="cpu is checked before gres (golden 075)",
        ),
        pytest.param(
            limited({"MaxJobsPU": "1"}),
            [running(job(gpus=1))],
            job(gpus=1),
            "QOSMaxJobsPerUserLimit",
            id="MaxJobsPerUser (golden 029)",
        ),
        pytest.param(
            limited({"MaxJobsPU": "1", "MaxTRESPU": "gres/gpu=8"}),
            [running(job(gpus=8))],
            job(gpus=16),
            "QOSMaxJobsPerUserLimit",
            id="job counts come before TRES, even a job over the TRES limit alone",
        ),
        pytest.param(
            limited({"GrpJobs": "1", "MaxJobsPU": "1"}),
            [running(job(gpus=1))],
            job(gpus=1),
            "QOSGrpJobsLimit",
            id="GrpJobs before MaxJobsPerUser",
        ),
        pytest.param(
            limited({"GrpJobs": "2"}),
            [running(job(user="bob", gpus=1)), running(job(user="carol", gpus=1))],
            job(gpus=1),
            "QOSGrpJobsLimit",
            id="GrpJobs counts every user (golden 037)",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=3"}),
            [running(job(user="bob", gpus=2)), running(job(user="carol", gpus=1))],
            job(gpus=1),
            "QOSGrpGRES",
            id="GrpTRES (golden 039)",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=3", "MaxTRESPU": "cpu=2,gres/gpu=1"}),
            [running(job(gpus=1)), running(job(user="bob", gpus=1), cpus=2)],
            job(user="bob", gpus=2),
            "QOSGrpGRES",
            id="GrpTRES before MaxTRESPerUser (golden 075)",
        ),
        pytest.param(
            limited({"MaxTRES": "gres/gpu=2"}),
            [],
            job(gpus=3),
            "QOSMaxGRESPerJob",
            id="MaxTRESPerJob (golden 048)",
        ),
        pytest.param(
            limited({"MaxTRES": "gres/gpu=1", "MaxTRESPU": "gres/gpu=2"}),
            [],
            job(gpus=3),
            "QOSMaxGRESPerJob",
            id="per job before per user",
        ),
        pytest.param(
            limited({"MaxTRES": "node=1"}),
            [],
            job(nodes=2),
            "QOSMaxNodePerJobLimit",
            id="a node limit has its own name",
        ),
        pytest.param(
            limited({"MaxWall": "1200"}),
            [],
            job(limit="30:00"),
            "QOSMaxWallDurationPerJobLimit",
            id="MaxWall (golden 047)",
        ),
        pytest.param(
            limited({"MaxWall": "1200", "MaxTRES": "gres/gpu=2"}),
            [],
            job(gpus=3, limit="30:00"),
            "QOSMaxWallDurationPerJobLimit",
            id="wall time before TRES (golden 047 p2)",
        ),
        pytest.param(
            limited({"MaxWall": "1200"}, flags=("DenyOnLimit",)),
            [],
            job(limit="30:00"),
            "QOSMaxWallDurationPerJobLimit",
            id="DenyOnLimit changes nothing for a job already queued",
        ),
        pytest.param(
            limited(assocs={"research": {"GrpTRES": "gres/gpu=8"}}),
            BOB_8,
            job(gpus=1),
            "AssocGrpGRES",
            id="the account's GrpTRES counts its users' jobs (golden 060)",
        ),
        pytest.param(
            limited(assocs={"research": {"GrpTRES": "gres/gpu=8"}}),
            BOB_8,
            job(user="carol", gpus=1),
            None,
            id="another account's jobs do not count",
        ),
        pytest.param(
            limited(assocs={"research/alice": {"MaxJobs": "1"}}),
            [running(job(gpus=1))],
            job(gpus=1),
            "AssocMaxJobsLimit",
            id="the user's MaxJobs (golden 059)",
        ),
        pytest.param(
            limited(assocs={"research": {"MaxJobs": "1"}}),
            [running(job(gpus=1))],
            job(gpus=1),
            "AssocMaxJobsLimit",
            id="MaxJobs set on the account binds each user",
        ),
        pytest.param(
            limited(assocs={"research": {"MaxJobs": "1"}}),
            [running(job(user="bob", gpus=1))],
            job(gpus=1),
            None,
            id="an inherited MaxJobs counts the user's own jobs",
        ),
        pytest.param(
            limited(assocs={"research": {"MaxWall": "1200"}}),
            [],
            job(limit="30:00"),
            "AssocMaxWallDurationPerJobLimit",
            id="MaxWall inherited from the account (golden 065)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "cpu=2,gres/gpu=1"}, assocs={"research/alice": {"MaxJobs": "1"}}),
            [running(job(gpus=1))],
            job(gpus=1, cpus_per_task=2),
            "AssocMaxJobsLimit",
            id="the association's job count before the QOS's TRES (golden 078)",
        ),
        pytest.param(
            limited({"MaxJobsPU": "1"}, assocs={"research/alice": {"MaxJobs": "1"}}),
            [running(job(gpus=1))],
            job(gpus=1),
            "QOSMaxJobsPerUserLimit",
            id="the QOS's job count before the association's",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=2"}, assocs={"research": {"GrpTRES": "gres/gpu=2"}}),
            [running(job(gpus=1))],
            job(user="bob", gpus=2),
            "QOSGrpGRES",
            id="the QOS's TRES before the association's",
        ),
        pytest.param(
            limited(
                assocs={
                    "research": {"GrpTRES": "gres/gpu=2", "GrpJobs": "1"},
                    "research/alice": {"MaxTRES": "gres/gpu=1", "MaxJobs": "1"},
                }
            ),
            [running(job(gpus=1))],
            job(gpus=2),
            "AssocMaxJobsLimit",
            id="the user's MaxJobs before the account's GrpJobs",
        ),
        pytest.param(
            limited(
                assocs={
                    "research": {"GrpTRES": "gres/gpu=2"},
                    "research/alice": {"MaxTRES": "gres/gpu=1"},
                }
            ),
            [running(job(gpus=1))],
            job(gpus=2),
            "AssocMaxGRESPerJob",
            id="the user's MaxTRES before the account's GrpTRES",
        ),
    ],
)
def test_pending_reason_names_the_first_limit_exceeded(
    state: ClusterState, busy: list[Job], new: JobRequest, want: str | None
) -> None:
    assert pending_reason(state, pending(new), busy) == want


@pytest.mark.parametrize(
    ("factor", "limits", "gpus", "want"),
    [
        ("2", {"GrpTRES": "gres/gpu=4"}, 6, None),
        ("2", {"GrpTRES": "gres/gpu=4"}, 9, "AssocGrpGRES"),
        ("0.5", {"GrpTRES": "gres/gpu=4"}, 3, "AssocGrpGRES"),
        ("2", {"MaxTRES": "gres/gpu=4"}, 8, None),
        ("2", {"MaxTRESPerNode": "gres/gpu=4"}, 8, "AssocMaxGRESPerNode"),
    ],
)
def test_a_qos_limit_factor_scales_its_jobs_association_tres_limits(
    factor: str, limits: dict[str, str], gpus: int, want: str | None
) -> None:
    """LimitFactor on the job's QOS multiplies the association's GrpTRES and MaxTRES (1
    GPU already held), not its MaxTRESPerNode (golden ``limitfactor/``)."""
    state = limited({"LimitFactor": factor}, assocs={"research/alice": limits})
    busy = [running(job(gpus=1))] if "GrpTRES" in limits else []
    assert pending_reason(state, pending(job(gpus=gpus)), busy) == want


def test_pending_reason_sees_jobs_added_to_the_usage() -> None:
    """A pass adds each job it starts, so the next one is judged with it."""
    state = limited({"MaxJobsPU": "1"})
    usage = Usage.of(state, [])
    first, second = pending(job(gpus=1), job_id=1), pending(job(gpus=1), job_id=2)
    assert pending_reason(state, first, usage) is None
    first.state, first.alloc = JobState.RUNNING, running(job(gpus=1)).alloc
    usage.add(first)
    assert pending_reason(state, second, usage) == "QOSMaxJobsPerUserLimit"
    usage.remove(first)
    assert pending_reason(state, second, usage) is None


def test_a_node_counts_once_however_many_jobs_share_it() -> None:
    """slurmctld's node bitmaps (golden ``legacylimits/051``): two jobs on dgx1 hold one node;
    a job placed there is new to no limit, one placed on another node is."""
    state = limited({"MaxTRESPU": "node=1"})
    usage = Usage.of(state, [running(job(gpus=1), job_id=1), running(job(gpus=2), job_id=2)])
    scopes = [("user", "normal", "alice"), ("qos", "normal")]
    assert [usage.tres[scope]["node"] for scope in scopes] == [1, 1]
    assert pending_reason(state, pending(job(gpus=1)), usage) is None  # judged on its nodes
    judged = [after_selection(state, pending(job(gpus=1)), [n], usage) for n in ("dgx1", "dgx2")]
    assert judged == [None, "QOSMaxNodePerUserLimit"]
    usage.remove(running(job(gpus=1), job_id=1))  # one job left on dgx1: still one node
    assert usage.tres[("qos", "normal")]["node"] == 1
    usage.remove(running(job(gpus=2), job_id=2))
    assert usage.tres[("qos", "normal")]["node"] == 0


@pytest.mark.parametrize(
    ("partition_flags", "want"),
    [
        pytest.param((), "QOSMaxGRESPerUser", id="the partition's QOS limit comes first"),
        pytest.param(("OverPartQOS",), None, id="OverPartQOS lets the job's QOS win"),
    ],
)
def test_pending_reason_with_a_partition_qos(partition_flags: tuple[str, ...], want: str) -> None:
    state = limited({"MaxTRESPU": "gres/gpu=16"}, flags=partition_flags)
    state.qos["part"] = replace(state.qos["high"], name="part", limits={"MaxTRESPU": "gres/gpu=4"})
    state.partitions["gpu"] = replace(state.partitions["gpu"], qos="part")
    assert pending_reason(state, pending(job(gpus=8)), []) == want


# -- submission ---------------------------------------------------------------------------

DENY = ("DenyOnLimit",)


@pytest.mark.parametrize(
    ("state", "queued", "new", "want"),
    [
        pytest.param(limited(), [], job(gpus=8), None, id="no limits"),
        pytest.param(
            limited({"MaxSubmitPU": "2"}),
            [pending(job(), job_id=1), running(job(), job_id=2)],
            job(),
            "QOSMaxSubmitJobPerUserLimit",
            id="MaxSubmitJobsPerUser counts pending and running jobs (golden 024)",
        ),
        pytest.param(
            limited({"MaxSubmitPU": "2"}),
            [pending(job(user="bob"), job_id=1), pending(job(user="bob"), job_id=2)],
            job(),
            None,
            id="another user's jobs do not count",
        ),
        pytest.param(
            limited({"MaxSubmitPU": "2"}),
            [replace(running(job(), job_id=1), state=JobState.COMPLETED)] * 2,
            job(),
            None,
            id="ended jobs do not count",
        ),
        pytest.param(
            limited({"MaxSubmitPU": "3"}),
            [replace(pending(job(), job_id=1), array_job_id=1, array_tasks=(0, 1, 2))],
            job(),
            "QOSMaxSubmitJobPerUserLimit",
            id="each pending array task counts (golden 028)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}),
            [],
            job(gpus=24),
            None,
            id="without DenyOnLimit a job over a limit is accepted (golden 012)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=16"}, flags=DENY),
            [],
            job(gpus=24),
            "QOSMaxGRESPerUser",
            id="DenyOnLimit refuses a job over MaxTRESPerUser on its own (golden 014)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=2"}, flags=DENY),
            [running(job(gpus=2))],
            job(gpus=2),
            None,
            id="DenyOnLimit does not count running jobs (golden 015)",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=2"}, flags=DENY),
            [],
            job(gpus=3),
            "QOSGrpGRES",
            id="DenyOnLimit and GrpTRES on its own",
        ),
        pytest.param(
            limited({"GrpJobs": "0"}, flags=DENY),
            [],
            job(),
            None,
            id="job counts never refuse a submission",
        ),
        pytest.param(
            limited({"MaxWall": "1200"}, flags=DENY),
            [],
            job(partition="debug"),
            "QOSMaxWallDurationPerJobLimit",
            id="the partition's DefaultTime over MaxWall (golden 046)",
        ),
        pytest.param(
            limited({"MaxWall": "1200", "MaxTRES": "gres/gpu=2"}, flags=DENY),
            [],
            job(gpus=3, limit="30:00"),
            "QOSMaxWallDurationPerJobLimit",
            id="MaxWall before MaxTRESPerJob (golden 050)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=2", "MaxTRES": "gres/gpu=1"}, flags=DENY),
            [],
            job(gpus=3),
            "QOSMaxGRESPerUser",
            id="MaxTRESPerUser before MaxTRESPerJob (golden 080)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=2", "GrpTRES": "gres/gpu=2"}, flags=DENY),
            [],
            job(gpus=3),
            "QOSMaxGRESPerUser",
            id="MaxTRESPerUser before GrpTRES",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=2", "MaxWall": "1200"}, flags=DENY),
            [],
            job(gpus=3, limit="30:00"),
            "QOSGrpGRES",
            id="GrpTRES before MaxWall",
        ),
        pytest.param(
            limited({"MaxTRES": "gres/gpu=2", "MaxSubmitPU": "0"}, flags=DENY),
            [],
            job(gpus=3),
            "QOSMaxGRESPerJob",
            id="with DenyOnLimit the size limits come before the submit count",
        ),
        pytest.param(
            limited({"MaxTRES": "gres/gpu=2", "MaxSubmitPU": "0"}),
            [],
            job(gpus=3),
            "QOSMaxSubmitJobPerUserLimit",
            id="without it only the submit count refuses",
        ),
        pytest.param(
            limited(assocs={"research/alice": {"MaxSubmit": "1"}}),
            [pending(job(), job_id=1)],
            job(),
            "AssocMaxSubmitJobLimit",
            id="the association's MaxSubmitJobs (golden 062)",
        ),
        pytest.param(
            limited(assocs={"research/alice": {"MaxTRES": "gres/gpu=2"}}, flags=DENY),
            [],
            job(gpus=3),
            "AssocMaxGRESPerJob",
            id="DenyOnLimit on the QOS covers association limits too",
        ),
        pytest.param(
            limited(assocs={"research": {"GrpTRES": "gres/gpu=2"}}, flags=DENY),
            [],
            job(gpus=3),
            "AssocGrpGRES",
            id="the account's GrpTRES on its own",
        ),
        pytest.param(
            limited(
                assocs={"research/alice": {"MaxTRES": "gres/gpu=2", "MaxSubmit": "0"}},
                flags=DENY,
            ),
            [],
            job(gpus=3),
            "AssocMaxGRESPerJob",
            id="association: MaxTRES before MaxSubmit",
        ),
        pytest.param(
            limited(assocs={"research/alice": {"MaxWall": "1200", "MaxSubmit": "0"}}, flags=DENY),
            [],
            job(limit="30:00"),
            "AssocMaxSubmitJobLimit",
            id="association: MaxSubmit before MaxWall",
        ),
        pytest.param(
            limited(
                assocs={
                    "research": {"GrpTRES": "gres/gpu=2"},
                    "research/alice": {"MaxWall": "1200"},
                },
                flags=DENY,
            ),
            [],
            job(gpus=3, limit="30:00"),
            "AssocMaxWallDurationPerJobLimit",
            id="the user's MaxWall before the account's GrpTRES",
        ),
        pytest.param(
            limited(
                {"MaxTRES": "gres/gpu=2"},
                assocs={"research/alice": {"MaxWall": "1200"}},
                flags=DENY,
            ),
            [],
            job(gpus=3, limit="30:00"),
            "QOSMaxGRESPerJob",
            id="every QOS check before the association's",
        ),
    ],
)
def test_submit_refusal_names_the_first_limit_broken(
    state: ClusterState, queued: list[Job], new: JobRequest, want: str | None
) -> None:
    state.jobs = {j.job_id: j for j in queued}
    assert submit_refusal(state, pending(new)) == want


def test_refused_submission_uses_no_job_id() -> None:
    """Golden 014 and 015: the oracle gave the next accepted job the very next id."""
    state = limited({"MaxTRESPU": "gres/gpu=2"}, flags=DENY)
    with pytest.raises(SlurmError) as refused:
        submit(state, job(gpus=3))
    assert (refused.value.message, refused.value.detail) == (POLICY_VIOLATION, "QOSMaxGRESPerUser")
    assert (state.next_job_id, state.jobs) == (1, {})
    assert submit(state, job(gpus=2)).job_id == 1


@pytest.mark.parametrize(
    ("state", "busy", "options", "want"),
    [
        pytest.param(
            limited({"MaxWall": "1200"}),
            [],
            {"limit": "30:00"},
            "QOSMaxWallDurationPerJobLimit",
            id="MaxWall shows at once (golden 047)",
        ),
        pytest.param(
            limited({"MaxJobsPU": "1"}),
            [running(job(), job_id=50)],
            {},
            "QOSMaxJobsPerUserLimit",
            id="a job count reached by running jobs shows at once (golden 025)",
        ),
        pytest.param(
            limited({"MaxTRESPU": "gres/gpu=1"}),
            [running(job(gpus=1), job_id=50)],
            {"gpus": 1},
            "None",
            id="TRES limits wait for the scheduler (golden 010)",
        ),
        pytest.param(
            limited({"MaxWall": "1200"}),
            [],
            {"limit": "30:00", "begin_time": T0 + 3600},
            "QOSMaxWallDurationPerJobLimit",
            id="shown instead of BeginTime until the first pass",
        ),
    ],
)
def test_submit_shows_job_count_and_wall_limits_at_once(
    state: ClusterState, busy: list[Job], options: dict[str, object], want: str
) -> None:
    state.jobs = {j.job_id: j for j in busy}
    state.next_job_id = 100
    assert submit(state, job(**options)).reason == want


def test_submit_keeps_a_hold_over_a_limit() -> None:
    state = limited({"MaxWall": "1200"})
    assert submit(state, job(limit="30:00"), hold=Hold.USER).reason == "JobHeldUser"


# -- properties ---------------------------------------------------------------------------

USERS = ("alice", "bob")
running_jobs = st.lists(
    st.builds(
        lambda user, gpus, cpus, qos: running(job(user=user, gpus=gpus, qos=qos), cpus=cpus),
        st.sampled_from(USERS),
        st.integers(0, 8),
        st.integers(1, 4),
        st.sampled_from(("normal", "high")),
    ),
    max_size=8,
)
maybe = st.one_of(st.none(), st.integers(0, 24))


@settings(max_examples=300, deadline=None)
@given(
    busy=running_jobs,
    gpus=st.integers(0, 16),
    per_user=maybe,
    group=maybe,
    per_job=maybe,
    jobs_per_user=st.one_of(st.none(), st.integers(0, 6)),
    group_jobs=st.one_of(st.none(), st.integers(0, 6)),
)
def test_job_is_held_iff_some_limit_would_be_exceeded(
    *,
    busy: list[Job],
    gpus: int,
    per_user: int | None,
    group: int | None,
    per_job: int | None,
    jobs_per_user: int | None,
    group_jobs: int | None,
) -> None:
    lims = {
        key: (f"gres/gpu={value}" if "TRES" in key else str(value))
        for key, value in {
            "MaxTRESPU": per_user,
            "GrpTRES": group,
            "MaxTRES": per_job,
            "MaxJobsPU": jobs_per_user,
            "GrpJobs": group_jobs,
        }.items()
        if value is not None
    }
    state = limited(lims)
    new = pending(job(gpus=gpus) if gpus else job())
    mine = [j for j in busy if j.request.qos == "normal"]
    alices = [j for j in mine if j.request.user == "alice"]

    def held_gpus(jobs: list[Job]) -> int:
        return sum(len(a.gpus) for j in jobs for a in j.alloc)

    exceeded = {
        "QOSMaxGRESPerUser": per_user is not None and held_gpus(alices) + gpus > per_user,
        "QOSGrpGRES": group is not None and held_gpus(mine) + gpus > group,
        "QOSMaxGRESPerJob": per_job is not None and gpus > per_job,
        "QOSMaxJobsPerUserLimit": jobs_per_user is not None and len(alices) >= jobs_per_user,
        "QOSGrpJobsLimit": group_jobs is not None and len(mine) >= group_jobs,
    }
    reason = pending_reason(state, new, busy)
    if any(exceeded.values()):
        assert reason is not None
        assert exceeded[reason]
    else:
        assert reason is None


@settings(max_examples=200, deadline=None)
@given(
    queued=st.integers(0, 5),
    tasks=st.integers(1, 4),
    cap=st.integers(0, 6),
    gpus=st.integers(0, 16),
    per_user=maybe,
    deny=st.booleans(),
)
def test_submission_is_refused_iff_a_submit_limit_or_a_denied_limit_is_broken(
    *, queued: int, tasks: int, cap: int, gpus: int, per_user: int | None, deny: bool
) -> None:
    lims = {"MaxSubmitPU": str(cap)}
    if per_user is not None:
        lims["MaxTRESPU"] = f"gres/gpu={per_user}"
    state = limited(lims, flags=DENY if deny else ())
    state.jobs = {i: pending(job(), job_id=i) for i in range(1, queued + 1)}
    new = pending(job(gpus=gpus) if gpus else job())
    if tasks > 1:
        new = replace(new, array_job_id=new.job_id, array_tasks=tuple(range(tasks)))
    too_big = deny and per_user is not None and gpus > per_user
    too_many = queued + tasks > cap
    assert (submit_refusal(state, new) is not None) == (too_big or too_many)


def test_requested_tres_counts_what_limits_count() -> None:
    """Golden 075's jobs: TRES=cpu=2,mem=32G,node=1,billing=2,gres/gpu=1."""
    state = cluster()
    got = requested_tres(state, pending(job(gpus=1, cpus_per_task=2)))
    assert got == {"cpu": 2, "mem": 32768, "node": 1, "billing": 2, "gres/gpu": 1}


def test_backfill_judges_each_users_start_against_a_node_limit() -> None:
    """Two requests alike but for the user: backfill refuses bob's start on dgx2 (new to
    his node limit, dgx1 held) and starts alice's; neither copies the other's plan."""
    from slurmsim.engine.simulate import advance
    from slurmsim.model.time import Instant

    state = limited({"MaxTRESPU": "node=1"})
    held = submit(state, job("held", user="bob", gpus=1, limit=3600, req_nodes=("dgx1",)))
    advance(state, Instant(T0 + 5))
    big = submit(state, job("big", user="carol", qos="high", nodes=4, gpus_per_node=8, limit=3600))
    bobs = submit(state, job("b", user="bob", gpus=1, limit=600, req_nodes=("dgx2",)))
    alices = submit(state, job("a", user="alice", gpus=1, limit=600, req_nodes=("dgx2",)))
    advance(state, Instant(T0 + 120))  # main passes stop at big; backfill cycles run
    assert (held.state, big.state) == (JobState.RUNNING, JobState.PENDING)
    assert (bobs.state, alices.state, alices.nodes) == (
        JobState.PENDING, JobState.RUNNING, ("dgx2",)
    )  # fmt: skip


# -- the limits of golden limitkinds/ ---------------------------------------------------


@pytest.mark.parametrize(
    ("state", "busy", "new", "want"),
    [
        pytest.param(
            limited({"MaxJobsPA": "1"}),
            [running(job(user="bob"))],
            job(),
            "MaxJobsPerAccount",
            id="MaxJobsPerAccount counts the account's jobs (bob's hold alice)",
        ),
        pytest.param(
            limited({"MaxJobsPA": "1"}),
            [running(job(user="carol"))],
            job(),
            None,
            id="another account's jobs do not count",
        ),
        pytest.param(
            limited({"MaxTRESPA": "gres/gpu=2"}),
            [running(job(user="bob", gpus=1))],
            job(gpus=2),
            "MaxGRESPerAccount",
            id="MaxTRESPerAccount",
        ),
        pytest.param(
            limited({"MaxTRESPerNode": "gres/gpu=4"}),
            [],
            job(nodes=2, gpus=9),
            None,
            id="MaxTRESPerNode: 9 GPUs over 2 nodes ask 4 of a node",
        ),
        pytest.param(
            limited({"MaxTRESPerNode": "gres/gpu=4"}),
            [],
            job(nodes=2, gpus_per_node=5),
            "QOSMaxGRESPerNode",
            id="MaxTRESPerNode: 5 GPUs per node",
        ),
        pytest.param(
            limited({"MinTRES": "gres/gpu=1"}),
            [],
            job(),
            "QOSMinGRES",
            id="MinTRESPerJob: a job without GPUs",
        ),
        pytest.param(
            limited({"MaxTRESMins": "gres/gpu=60"}),
            [],
            job(gpus=1, limit="1:01:00"),
            "QOSMaxGRESMinutesPerJob",
            id="MaxTRESMinsPerJob: 61 GPU-minutes",
        ),
        pytest.param(
            limited({"MaxTRESMins": "gres/gpu=60"}),
            [],
            job(nodes=2, gpus=2, limit="30:00"),
            None,
            id="MaxTRESMinsPerJob: 2 GPUs for 30 minutes",
        ),
        pytest.param(
            limited({"GrpTRESRunMins": "gres/gpu=120"}),
            [running(job(user="bob", gpus=1))],
            job(gpus=1, limit="1:01:00"),
            "QOSGrpGRESRunMinutes",
            id="GrpTRESRunMins: 60 left of a running job, 61 asked",
        ),
        pytest.param(
            limited({"GrpTRESRunMins": "gres/gpu=120"}),
            [running(job(user="bob", gpus=1))],
            job(gpus=1, limit="1:00:00"),
            None,
            id="GrpTRESRunMins: 60 and 60",
        ),
        pytest.param(
            limited(assocs={"research": {"GrpTRESRunMins": "gres/gpu=60"}}),
            [running(job(user="bob", gpus=1))],
            job(gpus=1, limit="5:00"),
            "AssocGrpGRESRunMinutes",
            id="an account's GrpTRESRunMins",
        ),
        pytest.param(
            limited(assocs={"research/alice": {"MaxTRESPerNode": "gres/gpu=4"}}),
            [],
            job(gpus=5),
            "AssocMaxGRESPerNode",
            id="a user's MaxTRESPerNode",
        ),
        pytest.param(
            limited(
                {
                    "GrpTRES": "gres/gpu=8",
                    "GrpTRESRunMins": "gres/gpu=100",
                    "MaxTRESMins": "gres/gpu=100",
                    "MaxTRES": "gres/gpu=8",
                }
            ),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "QOSGrpGRES",
            id="order: GrpTRES first",
        ),
        pytest.param(
            limited({"MaxTRESMins": "gres/gpu=100", "MaxTRES": "gres/gpu=8"}),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "QOSMaxGRESMinutesPerJob",
            id="order: MaxTRESMinsPerJob before MaxTRESPerJob",
        ),
        pytest.param(
            limited(
                {"MinTRES": "gres/gpu=10", "MaxTRESPA": "gres/gpu=8", "MaxTRESPU": "gres/gpu=8"}
            ),
            [],
            job(nodes=2, gpus=9),
            "QOSMinGRES",
            id="order: MinTRESPerJob before the account's and user's TRES",
        ),
        pytest.param(
            limited({"MaxTRESPA": "gres/gpu=8", "MaxTRESPU": "gres/gpu=8"}),
            [],
            job(nodes=2, gpus=9),
            "MaxGRESPerAccount",
            id="order: the account's TRES before the user's",
        ),
        pytest.param(
            limited({"GrpJobs": "1", "MaxJobsPA": "1"}),
            [running(job())],
            job(),
            "QOSGrpJobsLimit",
            id="order: GrpJobs before MaxJobsPerAccount",
        ),
        pytest.param(
            limited({"MaxJobsPA": "1", "MaxJobsPU": "1"}),
            [running(job())],
            job(),
            "MaxJobsPerAccount",
            id="order: MaxJobsPerAccount before MaxJobsPerUser",
        ),
        pytest.param(
            limited(
                assocs={
                    "research/alice": {
                        "GrpTRESRunMins": "gres/gpu=100",
                        "MaxTRESMins": "gres/gpu=100",
                    }
                }
            ),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "AssocGrpGRESRunMinutes",
            id="order: a user's GrpTRESRunMins before its MaxTRESMins",
        ),
    ],
)
def test_pending_reason_for_the_other_limits(
    state: ClusterState, busy: list[Job], new: JobRequest, want: str | None
) -> None:
    assert pending_reason(state, pending(new), busy) == want


def test_run_minutes_are_charged_down_at_the_decay_passes() -> None:
    """A running job counts its whole limit until the decay thread's first pass after its
    start; from then on what it has left (golden ``limitkinds/``, the oracle after 78 s)."""
    state = limited({"GrpTRESRunMins": "gres/gpu=120"})
    first = replace(running(job(user="bob", gpus=1), job_id=1), start_time=T0)  # 1 h limit
    state.jobs = {1: first}
    new = pending(job(gpus=1, limit="1:30:00"))
    usage = Usage.of(state, [first])
    assert usage.run_minutes(("qos", "normal"))["gres/gpu"] == 60
    assert pending_reason(state, new, usage) == "QOSGrpGRESRunMinutes"
    state.last_usage_calc = T0 + 29 * 60  # 31 minutes left: 31 + 90 > 120
    assert pending_reason(state, new, usage) == "QOSGrpGRESRunMinutes"
    state.last_usage_calc = T0 + 30 * 60
    assert usage.run_minutes(("qos", "normal"))["gres/gpu"] == 30
    assert pending_reason(state, new, usage) is None


@pytest.mark.parametrize(
    ("state", "queued", "new", "want"),
    [
        pytest.param(
            limited({"GrpSubmit": "2"}),
            [pending(job(user="bob"), job_id=1), pending(job(user="carol"), job_id=2)],
            job(),
            "QOSGrpSubmitJobsLimit",
            id="GrpSubmitJobs counts everybody's",
        ),
        pytest.param(
            limited({"MaxSubmitPA": "2"}),
            [pending(job(user="bob"), job_id=1), pending(job(), job_id=2)],
            job(),
            "MaxSubmitJobsPerAccount",
            id="MaxSubmitJobsPerAccount counts the account's",
        ),
        pytest.param(
            limited({"MaxSubmitPA": "2"}),
            [pending(job(user="bob"), job_id=1), pending(job(), job_id=2)],
            job(user="carol"),
            None,
            id="another account submits",
        ),
        pytest.param(
            limited(assocs={"research": {"GrpSubmit": "1"}}),
            [pending(job(user="bob"), job_id=1)],
            job(),
            "AssocGrpSubmitJobsLimit",
            id="an account's GrpSubmitJobs",
        ),
        pytest.param(
            limited({"MinTRES": "gres/gpu=1"}),
            [],
            job(),
            None,
            id="MinTRESPerJob does not refuse without DenyOnLimit",
        ),
        pytest.param(
            limited(
                {
                    "MaxTRESPA": "gres/gpu=8",
                    "MaxTRESPU": "gres/gpu=8",
                },
                flags=DENY,
            ),
            [],
            job(nodes=2, gpus=9),
            "MaxGRESPerAccount",
            id="deny order: MaxTRESPerAccount first",
        ),
        pytest.param(
            limited({"GrpTRES": "gres/gpu=8", "GrpSubmit": "0"}, flags=DENY),
            [],
            job(nodes=2, gpus=9),
            "QOSGrpGRES",
            id="deny order: GrpTRES before GrpSubmitJobs",
        ),
        pytest.param(
            limited(
                {"GrpSubmit": "0", "MaxTRESMins": "gres/gpu=100", "GrpTRESRunMins": "gres/gpu=100"},
                flags=DENY,
            ),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "QOSGrpSubmitJobsLimit",
            id="deny order: GrpSubmitJobs before the TRES-minutes",
        ),
        pytest.param(
            limited({"GrpTRESRunMins": "gres/gpu=100", "MaxWall": "3600"}, flags=DENY),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "QOSGrpGRESRunMinutes",
            id="deny order: GrpTRESRunMins before MaxWall",
        ),
        pytest.param(
            limited({"MaxTRESPerNode": "gres/gpu=3", "MaxSubmitPA": "0"}, flags=DENY),
            [],
            job(nodes=2, gpus=9),
            "QOSMaxGRESPerNode",
            id="deny order: MaxTRESPerNode before MaxSubmitJobsPerAccount",
        ),
        pytest.param(
            limited({"MaxSubmitPU": "0", "MinTRES": "gres/gpu=10"}, flags=DENY),
            [],
            job(nodes=2, gpus=9),
            "QOSMaxSubmitJobPerUserLimit",
            id="deny order: MaxSubmitJobsPerUser before MinTRESPerJob",
        ),
        pytest.param(
            limited({"MinTRES": "gres/gpu=10"}, flags=DENY),
            [],
            job(nodes=2, gpus=9),
            "QOSMinGRES",
            id="deny: MinTRESPerJob last",
        ),
        pytest.param(
            limited(
                assocs={"research/alice": {"GrpTRES": "gres/gpu=8", "MaxTRES": "gres/gpu=8"}},
                flags=DENY,
            ),
            [],
            job(nodes=2, gpus=9),
            "AssocGrpGRES",
            id="association deny order: the user's GrpTRES before its MaxTRES",
        ),
        pytest.param(
            limited(
                assocs={
                    "research/alice": {"MaxSubmit": "0", "MaxTRESMins": "gres/gpu=100"},
                },
                flags=DENY,
            ),
            [],
            job(nodes=2, gpus=9, limit="2:00:00"),
            "AssocMaxSubmitJobLimit",
            id="association deny order: MaxSubmitJobs before MaxTRESMinsPerJob",
        ),
    ],
)
def test_submit_refusal_for_the_other_limits(
    state: ClusterState, queued: list[Job], new: JobRequest, want: str | None
) -> None:
    state.jobs = {j.job_id: j for j in queued}
    assert submit_refusal(state, pending(new)) == want


@settings(max_examples=200, deadline=None)
@given(
    busy=st.lists(
        st.builds(
            lambda user, gpus: running(job(user=user, gpus=gpus)),
            st.sampled_from(("alice", "bob", "carol")),
            st.integers(0, 8),
        ),
        max_size=8,
    ),
    nodes=st.integers(1, 3),
    gpus=st.integers(0, 16),
    per_account=maybe,
    jobs_per_account=st.one_of(st.none(), st.integers(0, 6)),
    per_node=maybe,
    floor=st.one_of(st.none(), st.integers(0, 4)),
)
def test_account_node_and_minimum_limits_hold_a_job_iff_broken(
    *,
    busy: list[Job],
    nodes: int,
    gpus: int,
    per_account: int | None,
    jobs_per_account: int | None,
    per_node: int | None,
    floor: int | None,
) -> None:
    lims = {
        key: (f"gres/gpu={value}" if "TRES" in key else str(value))
        for key, value in {
            "MaxTRESPA": per_account,
            "MaxJobsPA": jobs_per_account,
            "MaxTRESPerNode": per_node,
            "MinTRES": floor,
        }.items()
        if value is not None
    }
    state = limited(lims)
    new = pending(job(nodes=nodes, gpus=gpus) if gpus else job(nodes=nodes))
    research = [j for j in busy if j.request.account == "research"]
    held = sum(len(a.gpus) for j in research for a in j.alloc)
    exceeded = {
        "MaxGRESPerAccount": per_account is not None and held + gpus > per_account,
        "MaxJobsPerAccount": jobs_per_account is not None and len(research) >= jobs_per_account,
        "QOSMaxGRESPerNode": per_node is not None and gpus // nodes > per_node,
        "QOSMinGRES": floor is not None and gpus < floor,
    }
    reason = pending_reason(state, new, busy)
    if any(exceeded.values()):
        assert reason is not None
        assert exceeded[reason]
    else:
        assert reason is None


def test_a_job_held_by_run_minutes_starts_after_the_decay_pass_that_frees_them() -> None:
    """GrpTRESRunMins=gres/gpu=120, an hour's job running: a 90-minute job waits until a
    decay pass (every PriorityCalcPeriod, 5 minutes) leaves the first 30 minutes or
    less, then the next main pass starts it, even within one long advance."""
    from slurmsim.engine.simulate import advance
    from slurmsim.model.time import Instant

    state = limited({"GrpTRESRunMins": "gres/gpu=120"})
    first = submit(state, job("first", gpus=1, limit=3600))
    advance(state, Instant(T0 + 10))
    second = submit(state, job("second", user="bob", gpus=1, limit=5400))
    advance(state, Instant(T0 + 45 * 60))
    assert first.start_time is not None
    assert second.start_time is not None
    waited = second.start_time - first.start_time
    assert 29 * 60 < waited <= 31 * 60  # minutes are counted whole, rounded down


@pytest.mark.parametrize(
    ("qos", "assocs", "spent", "new", "want"),
    [
        pytest.param(
            {"GrpTRESMins": "gres/gpu=0"}, {}, {}, job(gpus=1), "QOSGrpGRESMinutes", id="0 left"
        ),
        pytest.param(
            {"GrpTRESMins": "gres/gpu=100"},
            {},
            {},
            job(gpus=2, limit="1:00:00"),
            None,
            id="a job over it on its own is not held (golden usagelimits/016)",
        ),
        pytest.param(
            {"GrpTRESMins": "gres/gpu=100"},
            {},
            {"qos": {"gres/gpu": 100 * 60.0}},
            job(),
            None,
            id="spent: a job without GPUs is not bound by it",
        ),
        pytest.param(
            {"GrpTRESMins": "gres/gpu=100"},
            {},
            {"qos": {"gres/gpu": 100 * 60.0 - 1}},
            job(gpus=1),
            None,
            id="whole minutes count",
        ),
        pytest.param(
            {},
            {"research": {"GrpTRESMins": "gres/gpu=10"}},
            {"bob": {"gres/gpu": 600.0}},
            job(gpus=1),
            "AssocGrpGRESMinutes",
            id="an account counts everyone's below it",
        ),
        pytest.param({"GrpWall": "0"}, {}, {}, job(), "QOSGrpWallLimit", id="GrpWall=0"),
        pytest.param(
            {"GrpWall": "1800"},
            {},
            {},
            job(limit="1:00:00"),
            None,
            id="a time limit over GrpWall does not hold (golden usagelimits/051)",
        ),
        pytest.param(
            {},
            {"research/alice": {"GrpWall": "60"}},
            {"alice": {"wall": 60.0}},
            job(),
            "AssocGrpWallLimit",
            id="an association's wall minutes spent",
        ),
        pytest.param(
            {"GrpJobs": "0", "GrpWall": "0"}, {}, {}, job(), "QOSGrpJobsLimit", id="GrpJobs first"
        ),
        pytest.param(
            {"GrpWall": "0", "MaxJobsPA": "0"},
            {},
            {},
            job(),
            "QOSGrpWallLimit",
            id="GrpWall before MaxJobsPerAccount",
        ),
        pytest.param(
            {"GrpTRESMins": "gres/gpu=0", "GrpTRES": "gres/gpu=0"},
            {},
            {},
            job(gpus=1),
            "QOSGrpGRESMinutes",
            id="GrpTRESMins before GrpTRES",
        ),
    ],
)
def test_usage_limits_hold_a_job_once_spent(
    qos: Limits,
    assocs: dict[str, Limits],
    spent: dict[str, dict[str, float]],
    new: JobRequest,
    want: str | None,
) -> None:
    state = limited(qos, assocs=assocs)
    ids = {"alice": 6, "bob": 7}
    for owner, used in spent.items():
        if owner == "qos":
            state.qos_usage["normal"] = used
        else:
            state.tres_usage[ids[owner]] = used
    assert pending_reason(state, pending(new), []) == want


def test_running_jobs_a_limit_ran_out_for_are_ended_at_the_next_check() -> None:
    """GrpTRESMins=gres/gpu=1 on research: alice's GPU job is ended TIMEOUT (ExitCode
    0:0) at the time-limit check after the decay pass that counts a GPU-minute; bob's
    CPU-only job, which the limit does not bind, and carol (product) run on (golden
    usagelimits/)."""
    from slurmsim.engine.simulate import advance
    from slurmsim.model.time import Instant

    state = limited(assocs={"research": {"GrpTRESMins": "gres/gpu=1"}})
    gpu = submit(state, job("gpu", gpus=1, limit=3600))
    cpu = submit(state, job("cpu", user="bob", limit=3600))
    other = submit(state, job("other", user="carol", gpus=1, limit=3600))
    advance(state, Instant(T0 + 11 * 60))
    assert (gpu.state, cpu.state, other.state) == (
        JobState.TIMEOUT, JobState.RUNNING, JobState.RUNNING
    )  # fmt: skip
    assert gpu.end_time is not None
    assert gpu.end_time - T0 < 11 * 60
    assert gpu.exit_signal == 0
    again = submit(state, job("again", gpus=1, limit=600))
    cpu_again = submit(state, job("cpu-again", user="bob", limit=600))
    advance(state, Instant(T0 + 12 * 60))
    assert (again.state, again.reason) == (JobState.PENDING, "AssocGrpGRESMinutes")
    assert cpu_again.state is JobState.RUNNING


def test_a_max_tres_mins_lowered_under_running_jobs_ends_them_at_a_check() -> None:
    """MaxTRESMinsPerJob=gres/gpu=2 set on QOS normal while they run: the 2-GPU job is
    ended TIMEOUT (ExitCode 0:0) at the first time-limit check a whole minute after its
    start, the 1-GPU one at the first two minutes after; cleared, it runs on (golden
    tresminskill/)."""
    from slurmsim.engine import lifecycle
    from slurmsim.engine.limits import tres_minutes_allowed
    from slurmsim.engine.simulate import advance
    from slurmsim.model.time import Instant

    state = limited()
    two = submit(state, job("two", gpus=2, limit=3600))
    one = submit(state, job("one", gpus=1, limit=3600))
    kept = submit(state, job("kept", gpus=1, limit=3600))
    advance(state, Instant(T0 + 5))
    assert all(j.state is JobState.RUNNING for j in (two, one, kept))
    state.qos["normal"] = replace(state.qos["normal"], limits={"MaxTRESMins": "gres/gpu=2"})
    allowed = tres_minutes_allowed(state, [two, one, kept])
    assert allowed == {two.job_id: 1, one.job_id: 2, kept.job_id: 2}
    for j in (two, one, kept):
        lifecycle.cut_at_tres_minutes(j, allowed[j.job_id], state.now)
    state.qos["normal"] = replace(state.qos["normal"], limits={})
    lifecycle.cut_at_tres_minutes(kept, tres_minutes_allowed(state, [kept])[kept.job_id], state.now)
    advance(state, Instant(T0 + 300))
    assert (two.state, one.state, kept.state) == (
        JobState.TIMEOUT, JobState.TIMEOUT, JobState.RUNNING
    )  # fmt: skip
    assert two.end_time == lifecycle.timeout_at(Instant(T0 + 60), Seconds(0))
    assert one.end_time == lifecycle.timeout_at(Instant(T0 + 120), Seconds(0))
    assert (two.exit_signal, one.exit_signal) == (0, 0)


def test_only_a_time_limit_taken_from_a_max_wall_follows_it() -> None:
    """In a partition without DefaultTime a job without --time takes QOS normal's MaxWall
    and, pending, the new one when it changes; one queued there from ``-p gpu,debug``
    keeps gpu's DefaultTime (golden ``walldefault/``)."""
    from slurmsim.engine.limits import rejudge

    state = limited({"MaxWall": "1800"})
    state.partitions["debug"] = replace(state.partitions["debug"], default_time=None)
    taken = submit(state, replace(job("taken"), partition="debug", time_limit=None))
    listed = submit(state, replace(job("listed"), partition="debug", time_limit=Seconds(3600)))
    assert (taken.time_limit, listed.time_limit) == (1800, 3600)
    state.qos["normal"] = replace(state.qos["normal"], limits={"MaxWall": "600"})
    rejudge(state, [taken, listed])
    assert (taken.time_limit, listed.time_limit) == (600, 3600)
    state.qos["normal"] = replace(state.qos["normal"], limits={})
    rejudge(state, [taken])
    assert taken.time_limit is None


def test_standing_counts_what_every_scope_holds_whether_or_not_a_limit_is_set() -> None:
    """``scontrol show assoc_mgr``'s counts: an account counts its users' jobs, a node two
    of them share counts once, a pending job accrues (each array task apart) unless it is
    held, and every job counts as submitted."""
    from slurmsim.engine.limits import standing
    from slurmsim.engine.simulation import Simulation

    state = cluster()
    submit(state, job(user="alice", gpus_per_node=2, limit=600, req_nodes=("dgx1",)))
    submit(state, job(user="bob", gpus_per_node=2, limit=600, req_nodes=("dgx1",)))
    Simulation(state).advance(Instant(T0 + 10))
    submit(state, job(user="bob", nodes=4, gpus_per_node=8, limit=600), array=(1, 2, 3))
    submit(state, job(user="alice", limit=600), hold=Hold.USER)
    Simulation(state).advance(Instant(T0 + 20))
    now = standing(state)
    research = next(a.id for a in state.associations if (a.account, a.user) == ("research", None))
    bob = next(a.id for a in state.associations if (a.account, a.user) == ("research", "bob"))
    assert now.running[("assoc", str(research))] == 2
    assert now.held[("assoc", str(research))]["node"] == 1
    assert now.held[("assoc", str(research))]["gres/gpu"] == 4
    assert now.accruing[("assoc", str(bob))] == 3
    assert now.accruing[("user", "normal", "alice")] == 0
    assert now.submitted[("assoc", str(research))] == 2 + 3 + 1
    assert now.submitted[("acct", "normal", "research")] == 6
