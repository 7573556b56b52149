"""The lint of ``slurmsim grade``: each finding on its line, in plain words."""

import pytest

from slurmsim.drills.lint import Site, lint
from slurmsim.parse.option_tables import SBATCH_OPTIONS

SITE = Site({"gpu": 2 * 86400, "debug": 3600}, "gpu", 8, {"gpu": 3600, "debug": 1800})


def _codes(script: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint(script, SBATCH_OPTIONS, SITE)]


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        pytest.param(
            "#!/bin/bash\n#SBATCH -N 2 --gpus-per-node=8 -t 1:00:00\n"
            "srun --ntasks-per-node=8 -n 16 python train.py\n",
            [],
            id="a script that launches one task per GPU is clean",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gres=gpu:8 -t 30\ntorchrun --nproc_per_node=8 train.py\n",
            [],
            id="torchrun with one process per requested GPU is clean",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -N 4 --ntasks-per-node=1 --gres=gpu:8 -t 8:00:00\n"
            "srun torchrun --nnodes=4 --nproc_per_node=8 train.py\n",
            [],
            id="srun starting torchrun on each node counts torchrun's workers",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=1 --gres=gpu:8 -t 1:00:00\n"
            "srun -n 2 torchrun --nproc_per_node=4 train.py\n",
            [(3, "wasted")],
            id="srun tasks times torchrun workers without --nnodes, fewer than the GPUs",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gpus-pre-node=8 -t 10\nhostname\n",
            [(2, "unknown-option")],
            id="a misspelled option is unknown",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10\nhostname\n#SBATCH -N 4\n",
            [(4, "after-command")],
            id="a directive after the first command is ignored",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10 -o /scratch/$USER/%j.out\nhostname\n",
            [(2, "shell-variable")],
            id="a shell variable in a directive is not expanded",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10 --mem=4G\n#SBATCH --mem-per-cpu=1G\nhostname\n",
            [(3, "conflict")],
            id="mem and mem-per-cpu together conflict",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 10 -N 2 --ntasks-per-node=4 -n 6\nhostname\n",
            [(2, "conflict")],
            id="ntasks that do not match nodes times tasks per node conflict",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gres=gpu:8\nhostname\n",
            [(0, "no-time")],
            id="a script without a time limit is flagged",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -p debug -t 2:00:00\nhostname\n",
            [(2, "time-over-max")],
            id="a time limit beyond the partition's MaxTime is flagged",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gres=gpu:8 -t 30\npython train.py\nsrun -n 2 python x.py\n",
            [(4, "wasted")],
            id="more GPUs than tasks launched are wasted",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gpus=2 -t 30\nsrun -n 4 python x.py\n",
            [(3, "gpu-mismatch")],
            id="more tasks than GPUs share them",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH --gpus=2 -t 30 --exclusive\nsrun -n 2 python x.py\n",
            [(2, "wasted")],
            id="exclusive for a part of a node wastes the rest",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 30\n#PBS -l walltime=3-00:00:00\nsrun true\n",
            [(3, "time-over-max")],
            id="a #PBS walltime overrules --time, as sbatch reads it",
        ),
        pytest.param(
            "#!/bin/bash\n#PBS -l nodes=1:gpus=8,walltime=1:00:00\nsrun -n 8 python x.py\n",
            [],
            id="a Torque script asking what it uses is clean",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 30\n#PBS -N a b\nsrun true\n",
            [(3, "pbs")],
            id="a #PBS line sbatch refuses",
        ),
        pytest.param(
            "#!/bin/bash\n#SBATCH -t 30 --ignore-pbs\n#PBS -N a b\nsrun true\n",
            [],
            id="--ignore-pbs leaves the #PBS lines out",
        ),
    ],
)
def test_lint_finds_each_mistake_on_its_line(script: str, expected: list[tuple[int, str]]) -> None:
    assert _codes(script) == expected


@pytest.mark.parametrize(
    ("directive", "slurm", "suggestion"),
    [
        pytest.param(
            "--gpus-pre-node=8",
            "sbatch: unrecognized option '--gpus-pre-node=8'",
            "did you mean --gpus-per-node?",
            id="an unknown option gets sbatch's message and the nearest option",
        ),
        pytest.param(
            "--gpu=2",
            "sbatch: option '--gpu=2' is ambiguous; possibilities: '--gpu-bind' '--gpu-freq' "
            "'--gpus' '--gpus-per-node' '--gpus-per-socket' '--gpus-per-task'",
            "did you mean --gpus?",
            id="an ambiguous abbreviation gets getopt's list",
        ),
    ],
)
def test_lint_quotes_slurm_for_an_unknown_option(
    directive: str, slurm: str, suggestion: str
) -> None:
    [finding] = lint(f"#!/bin/sh\n#SBATCH -t 5 {directive}\ntrue\n", SBATCH_OPTIONS, SITE)
    assert finding.slurm == slurm
    assert suggestion in finding.message


def test_lint_names_the_default_time_a_script_without_time_gets() -> None:
    [finding] = lint("#!/bin/sh\n#SBATCH -p debug\ntrue\n", SBATCH_OPTIONS, SITE)
    assert finding.message.startswith(
        "no --time: the job gets partition debug's default limit (30:00)"
    )


def test_lint_gives_the_same_findings_twice() -> None:
    script = "#!/bin/bash\n#SBATCH --gpu=2 --mem=1G --mem-per-gpu=1G\nsrun -n 3 x\n#SBATCH -N 2\n"
    assert lint(script, SBATCH_OPTIONS, SITE) == lint(script, SBATCH_OPTIONS, SITE)
