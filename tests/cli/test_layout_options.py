"""-B and the socket, core and thread options: read as sbatch reads them, whatever is typed.

The golden cases (tests/golden/layout) hold what Slurm makes of them; here, the rules
they show on other values, and that no value ends in a traceback or changes the store
when refused.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.conftest import dump, slurm


def _shown(job_id: str, field: str) -> str:
    text = slurm("scontrol", "show", "job", job_id).out
    return next(word for word in text.split() if word.startswith(f"{field}="))


@pytest.mark.parametrize(
    ("options", "tasks"),
    [
        (["-N3", "-B", "2:3:1"], "NumTasks=18"),
        (["-N", "2-2", "--threads-per-core=1", "--cores-per-socket=5"], "NumTasks=10"),
        (["-N2", "-B", "2", "-n", "3"], "NumTasks=3"),
        (["-N2", "--ntasks-per-node=2", "-B", "2:4"], "NumTasks=4"),
        (["-N1-3", "-B", "2:4"], "NumTasks=1"),
    ],
)
def test_a_fixed_node_count_gives_each_socket_core_and_thread_a_task(
    cluster: Path, options: list[str], tasks: str
) -> None:
    got = slurm("sbatch", "-H", "--parsable", *options, "--wrap=true", user="alice")
    assert got.exit == 0, got.err
    assert _shown(got.out.strip(), "NumTasks") == tasks


def test_srun_gives_no_task_to_each_socket(cluster: Path) -> None:
    got = slurm("srun", "--test-only", "-N1", "--sockets-per-node=2", "true", user="alice")
    assert got.exit == 0, got.err
    assert " using 1 processors on " in got.err


def test_gpus_per_socket_counts_every_socket(cluster: Path) -> None:
    got = slurm(
        "sbatch", "-H", "--parsable", "-N2", "-B", "2", "--gpus-per-socket=3", "--wrap=true",
        user="alice",
    )  # fmt: skip
    assert _shown(got.out.strip(), "TRES") == "TRES=cpu=4,mem=64G,node=2,billing=4,gres/gpu=12"


_VALUES = st.one_of(
    st.text(max_size=10),
    st.sampled_from(["*", "0", "1", "2", "2-3", "2:4", "*:4:1", "::", "2::x", "9", "-1", "²"]),
)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    option=st.sampled_from(
        ["-B", "--sockets-per-node", "--cores-per-socket", "--threads-per-core",
         "--gpus-per-socket", "--ntasks-per-socket", "--ntasks-per-core"]
    ),
    value=_VALUES,
    held=st.booleans(),
)  # fmt: skip
def test_any_layout_value_is_taken_or_refused_as_slurm_does(
    cluster: Path, option: str, value: str, held: bool
) -> None:
    before = dump(cluster)
    hold = ["-H"] if held else []
    got = slurm("sbatch", *hold, "-N1", "-B", "2", f"{option}={value}", "--wrap=true")
    assert "Traceback" not in got.err
    if got.exit != 0:
        assert got.err.startswith("sbatch: error: ")
        refused_by_client = "Batch job submission failed" not in got.err
        if refused_by_client:  # a refusal by the controller uses up a job id, as in Slurm
            assert dump(cluster) == before
