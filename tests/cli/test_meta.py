"""Every command: it exists, answers --help and --version, and never ends in a traceback."""

import importlib
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.conftest import dump, slurm

ROOT = Path(__file__).parents[2]
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
SLURM_COMMANDS = sorted(name for name in SCRIPTS if name != "slurmsim")
EMULATED = [
    "sbatch", "squeue", "sinfo", "scontrol", "scancel", "sprio", "sshare", "sacctmgr", "sacct"
]  # fmt: skip
#: They run commands, so the fuzzing below leaves them out.
INTERACTIVE = ["srun", "salloc"]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_console_script_points_at_a_main_function(name: str) -> None:
    module, _, function = SCRIPTS[name].partition(":")
    assert callable(getattr(importlib.import_module(module), function))


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_command_is_documented(name: str) -> None:
    docs = "".join(p.read_text() for p in (ROOT / "docs").glob("*.md"))
    assert f"`{name}" in docs


@pytest.mark.parametrize("name", EMULATED + INTERACTIVE)
def test_version_is_slurm_22_05(cluster: Path, name: str) -> None:
    got = slurm(name, "--version")
    assert (got.exit, got.out) == (0, "slurm-wlm 22.05.8\n")


@pytest.mark.parametrize("name", EMULATED + INTERACTIVE)
def test_help_exits_zero(cluster: Path, name: str) -> None:
    got = slurm(name, "--help")
    assert got.exit == 0
    assert name in got.out.splitlines()[0]


def test_steps_inside_an_allocation_are_emulated(cluster: Path) -> None:
    """srun --jobid answers as Slurm does, not "not supported yet" (tests/cli/test_steps.py)."""
    got = slurm("srun", "--jobid=1", "true")
    assert (got.exit, got.err) == (
        1,
        "srun: error: Unable to confirm allocation for job 1: Invalid job id specified\n"
        "srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 1\n",
    )


_WORDS = st.sampled_from(
    ["-j", "-u", "-p", "-t", "-o", "-O", "-N", "-n", "--time", "--mem", "--gres", "-w", "show",
     "job", "node", "update", "hold", "release", "NodeName=dgx1", "State=DRAIN", "JobId=1",
     "%i", "%.5j", "gpu", "debug", "1", "1_2", "dgx[1-2]", "--", "-", "=", "all", "PD",
     "--array=0-3", "--wrap=true", "-v", "--me", "--start", "-l", "-h", "TimeLimit=abc",
     "dgx[2-1]", "dgx[1-2]x", "NodeName=dgx[2-1]", "-x", "--begin=now+", "-S", "-I"]
)  # fmt: skip
_ARGV = st.lists(st.one_of(_WORDS, st.text(max_size=12)), max_size=6)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(EMULATED),
    argv=_ARGV,
)
def test_no_input_ends_in_a_traceback(cluster: Path, name: str, argv: list[str]) -> None:
    """Whatever is typed, a command exits with a status and Slurm-style text, never a traceback."""
    got = slurm(name, *argv, user="alice")
    assert isinstance(got.exit, int)
    assert "Traceback" not in got.err


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=_ARGV)
def test_read_only_commands_never_change_the_store(cluster: Path, argv: list[str]) -> None:
    before = dump(cluster)
    for name in ("squeue", "sinfo", "sprio", "sshare"):
        slurm(name, *argv)
    slurm("scontrol", "show", *argv)
    assert dump(cluster) == before
