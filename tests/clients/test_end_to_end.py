"""Whole flows of the client libraries, unmodified, with slurmsim's commands on PATH.

These need jobs that really run their scripts (submitit's result is pickled from
inside the job), so they are expected to fail until execution lands; each is
bounded in time.
"""

import time
from pathlib import Path
from typing import Any

import pytest

from tests.clients.test_library_parsers import on_path

__all__ = ["on_path"]

NEEDS_EXECUTION = pytest.mark.xfail(
    reason="needs execution (clock realtime + exec on)", strict=False
)


@pytest.fixture
def executor(on_path: Path, tmp_path: Path) -> Any:
    submitit = pytest.importorskip("submitit")
    ex = submitit.AutoExecutor(folder=tmp_path / "submitit", cluster="slurm")
    ex.update_parameters(timeout_min=5, slurm_partition="gpu")
    return ex


#: How long a flow may take before its test fails: the whole job, start to result.
DEADLINE = 30


def result(job: Any) -> Any:
    """The job's result, failing the test when it is not done within DEADLINE."""
    end = time.monotonic() + DEADLINE
    while not job.done(force_check=True):
        if time.monotonic() > end:
            pytest.fail(f"job {job.job_id} not done after {DEADLINE} s: {job.state}")
        time.sleep(1)
    return job.result()


def add(a: int, b: int) -> int:
    return a + b


def fail() -> None:
    raise ValueError("the job's own error")


@NEEDS_EXECUTION
def test_submitit_returns_a_function_result(executor: Any) -> None:
    assert result(executor.submit(add, 2, 3)) == 5


@NEEDS_EXECUTION
def test_submitit_map_array_returns_each_result(executor: Any) -> None:
    jobs = executor.map_array(add, [1, 2, 3], [10, 20, 30])
    assert [result(job) for job in jobs] == [11, 22, 33]


@NEEDS_EXECUTION
def test_submitit_failing_job_raises_its_traceback(executor: Any) -> None:
    with pytest.raises(Exception, match="the job's own error"):
        result(executor.submit(fail))


def test_submitit_cancel_ends_the_job_as_cancelled(executor: Any) -> None:
    job = executor.submit(add, 1, 1)
    job.cancel()
    assert job.state.startswith("CANCELLED")
