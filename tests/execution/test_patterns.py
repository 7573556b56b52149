"""Output-file patterns expand as slurmstepd expands them for a batch script."""

import pytest

from slurmsim.execution.patterns import Names, default_output, expand

PLAIN = Names(
    job_id=128, array_job_id=None, array_task_id=None, user="ana", name="train", node="dgx1"
)
TASK = Names(job_id=131, array_job_id=128, array_task_id=7, user="ana", name="sweep", node="dgx2")


@pytest.mark.parametrize(
    ("pattern", "names", "want"),
    [
        pytest.param("slurm-%j.out", PLAIN, "/w/slurm-128.out", id="job id under WorkDir"),
        pytest.param("%A_%a.log", TASK, "/w/128_7.log", id="array job and task id"),
        pytest.param("%A_%a.log", PLAIN, "/w/128_4294967294.log", id="a non-array job's %a"),
        pytest.param("%J-%s", PLAIN, "/w/128-batch", id="%J is the job id, %s is batch"),
        pytest.param("%x.%u.%N.%n.%t", TASK, "/w/sweep.ana.dgx2.0.0", id="names and ranks"),
        pytest.param("job%4j-%3a", TASK, "/w/job0131-007", id="a width pads numbers"),
        pytest.param("%12j", PLAIN, "/w/0000000128", id="padding stops at ten digits"),
        pytest.param("%4x", PLAIN, "/w/train", id="a width leaves text alone"),
        pytest.param("100%%-%q", PLAIN, "/w/100%-%q", id="%% is a percent; unknown codes stay"),
        pytest.param("out\\%j", PLAIN, "/w/out%j", id="a backslash turns substitution off"),
        pytest.param("/tmp/%j.out", PLAIN, "/tmp/128.out", id="an absolute path stays"),
    ],
)
def test_expand_replaces_codes_as_slurm_does(pattern: str, names: Names, want: str) -> None:
    assert expand(pattern, names, "/w") == want


@pytest.mark.parametrize(
    ("is_array", "want"),
    [
        pytest.param(False, "slurm-%j.out", id="a plain job"),
        pytest.param(True, "slurm-%A_%a.out", id="an array task"),
    ],
)
def test_default_output_depends_on_arrays(is_array: bool, want: str) -> None:
    assert default_output(is_array) == want
