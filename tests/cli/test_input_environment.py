"""salloc's SALLOC_* and srun's SLURM_*/SRUN_* input variables: options under the command line."""

import pytest

from tests.cli.conftest import slurm

SHOW = ("squeue", "-h", "-o", "%j %P %l %D %C")
FINISHED = ("squeue", "-h", "-t", "all", "-o", "%j %P %l %D %C")


@pytest.mark.parametrize(
    ("env", "argv", "want"),
    [
        pytest.param(
            {"SALLOC_PARTITION": "debug", "SALLOC_TIMELIMIT": "20"},
            ["-J", "a"],
            (0, "salloc: Granted job allocation 1\n", "a debug 20:00 1 1\n"),
            id="salloc: partition and time limit from the variables",
        ),
        pytest.param(
            {"SALLOC_PARTITION": "debug", "SALLOC_TIMELIMIT": "20"},
            ["-J", "a", "-p", "gpu", "-t", "5"],
            (0, "salloc: Granted job allocation 1\n", "a gpu 5:00 1 1\n"),
            id="salloc: the command line wins",
        ),
        pytest.param(
            {"SALLOC_EXCLUSIVE": "", "SALLOC_GPUS_PER_NODE": "1", "SALLOC_NO_BELL": "no"},
            ["-J", "a"],
            (0, "salloc: Granted job allocation 1\n", "a gpu 1:00:00 1 112\n"),
            id="salloc: an empty flag variable sets its option",
        ),
        pytest.param(
            {"SALLOC_TIMELIMIT": "abc"},
            [],
            (255, "salloc: error: Invalid --time specification\n", ""),
            id="salloc: a bad value is refused as the option's would be",
        ),
        pytest.param(
            {"SALLOC_SIGNAL": "bogus"},
            [],
            (255, "salloc: error: Invalid --signal specification\n", ""),
            id="salloc: SALLOC_SIGNAL is --signal",
        ),
    ],
)
@pytest.mark.usefixtures("cluster")
def test_salloc_reads_its_input_variables(monkeypatch, env, argv, want):
    """``want``: salloc's exit code and stderr, then squeue's line for its job."""
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    got = slurm("salloc", "--no-shell", *argv)
    assert (got.exit, got.err, slurm(*SHOW).out) == want


@pytest.mark.parametrize(
    ("env", "argv", "want"),
    [
        pytest.param(
            {"SLURM_JOB_NAME": "fromenv", "SLURM_PARTITION": "debug", "SLURM_NTASKS": "2"},
            [],
            ("0\n1\n", "fromenv debug 30:00 1 2\n"),
            id="srun: name, partition and tasks from SLURM_*",
        ),
        pytest.param(
            {"SLURM_JOB_NAME": "fromenv", "SLURM_TIMELIMIT": "10"},
            ["-J", "cmdline", "-t", "5"],
            ("0\n", "cmdline gpu 5:00 1 1\n"),
            id="srun: the command line wins",
        ),
        pytest.param(
            {"SRUN_CPUS_PER_TASK": "4", "SLURM_NNODES": "2", "SLURM_JOB_NAME": "cpus"},
            [],
            ("0\n", "cpus gpu 1:00:00 1 4\n"),
            id="srun: SRUN_CPUS_PER_TASK; SLURM_NNODES is not read (oracle: env/094)",
        ),
    ],
)
@pytest.mark.usefixtures("cluster")
def test_srun_reads_its_input_variables(monkeypatch, env, argv, want):
    """``want``: the tasks' ranks, then squeue's line for the finished job."""
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    got = slurm("srun", *argv, "sh", "-c", "echo $SLURM_PROCID")
    ranks = "".join(sorted(got.out.splitlines(keepends=True)))
    assert (got.exit, got.err, ranks, slurm(*FINISHED).out) == (0, "", *want)


def test_srun_refuses_a_bad_variable_as_its_option(cluster, monkeypatch):
    monkeypatch.setenv("SLURM_TIMELIMIT", "abc")
    got = slurm("srun", "true")
    assert (got.exit, got.err) == (255, "srun: error: Invalid --time specification\n")


@pytest.mark.usefixtures("cluster")
def test_a_memory_option_clears_the_rival_memory_variable_of_salloc(monkeypatch):
    """SALLOC_MEM_PER_CPU beside --mem: the option wins (the oracle); two options are
    refused in salloc's words, after its warnings."""
    monkeypatch.setenv("SALLOC_MEM_PER_CPU", "1G")
    got = slurm("salloc", "--mem=2G", "sh", "-c", "echo $SLURM_MEM_PER_NODE")
    assert (got.exit, got.out) == (0, "2048\n")
    monkeypatch.delenv("SALLOC_MEM_PER_CPU")
    got = slurm("salloc", "--mem=2G", "--mem-per-cpu=1G", "true")
    fatal = "salloc: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.\n"
    assert (got.exit, got.err) == (1, fatal)
