"""``#PBS`` directives: read as sbatch reads them, whatever a script holds.

The golden cases (tests/golden/pbs) hold what Slurm makes of them; here, the rules they show
on other values and paths, and that no ``#PBS`` line ends in a traceback or changes the
store when refused.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slurmsim.parse.pbs import PbsError, pbs_options, pbs_words
from tests.cli.conftest import dump, slurm


@pytest.mark.parametrize(
    ("words", "options"),
    [
        (["-l", "nodes=4:ppn=8:gpus=8"], [("nodes", "4"), ("ntasks", "32"), ("gres", "gpu:8")]),
        (["-l", "nodes=dgx3:ppn=2+dgx4"], [("ntasks", "2"), ("nodelist", "dgx3,dgx4")]),
        (["-l", "nodes=2:ppn=2+1:ppn=3"], [("nodes", "3"), ("ntasks", "15")]),
        (["-l", "nodes=1:ppn=4:shared"], [("nodes", "1"), ("ntasks", "4"), ("nodelist", "shared")]),
        (["-l", "select=3:mem=8gb"], [("nodes", "3"), ("mem", "8gb")]),
        (["-l", "walltime=12:00:00,pmem=1gb"], [("time", "12:00:00")]),
        (["-m", "be", "-M", "a@b"], [("mail-type", "BEGIN,END"), ("mail-user", "a@b")]),
        (["-p", " -3x"], [("nice", "-3")]),
        (["-hN", "x", "-j", "oe"], [("hold", None), ("job-name", "x")]),
        (["-W", "depend=afterany:1,umask=0"], [("dependency", "afterany:1,umask=0")]),
        (["-W", "group_list=x"], []),
    ],
)
def test_pbs_options_stand_for_sbatch_options(
    words: list[str], options: list[tuple[str, str | None]]
) -> None:
    assert pbs_options(words) == options


def test_every_pbs_line_counts_but_an_indented_one() -> None:
    """Anything after the prefix is words (the oracle: ``#PBSX -N a`` is ``Invalid
    argument: X``, ``#PBS-N a`` names the job)."""
    script = "#!/bin/sh\n#PBS -N a\ntrue\n  #PBS -q b\n#PBS-A c\n#PBSX -o d\n"
    assert pbs_words(script) == ["-N", "a", "-A", "c", "X", "-o", "d"]


def test_pbs_overrules_directives_and_yields_to_the_command_line(
    cluster: Path, tmp_path: Path
) -> None:
    path = tmp_path / "job.sh"
    path.write_text("#!/bin/sh\n#SBATCH -J sb -t 5\n#PBS -N pbs -l walltime=7:00\ntrue\n")
    slurm("sbatch", "-H", str(path), user="alice")
    slurm("sbatch", "-H", "-t", "9", str(path), user="alice")
    slurm("sbatch", "-H", "--ignore-pbs", str(path), user="alice")
    got = slurm("squeue", "-h", "-S", "i", "-o", "%i %j %l")
    assert got.out == "1 pbs 7:00\n2 pbs 9:00\n3 sb 5:00\n"


_WORDS = st.lists(
    st.one_of(
        st.text(max_size=8),
        st.sampled_from(["-l", "-W", "-m", "-p", "-t", "-N", "-a", "-q", "-h", "-X", "--"]),
        st.sampled_from(["nodes=2:ppn=4", "select=1:ncpus=2:mem=x", "walltime=5", "depend=x"]),
    ),
    max_size=6,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(words=_WORDS)
def test_any_pbs_line_is_taken_or_refused_as_slurm_does(
    cluster: Path, tmp_path: Path, words: list[str]
) -> None:
    line = " ".join(words).replace("\n", " ")
    path = tmp_path / "job.sh"
    path.write_text(f"#!/bin/sh\n#PBS {line}\ntrue\n")
    before = dump(cluster)
    got = slurm("sbatch", "-H", str(path), user="alice")
    assert "Traceback" not in got.err
    if got.exit != 0:
        assert got.err.startswith("sbatch: ") or "Invalid time specification" in got.err
        if "Batch job submission failed" not in got.err:  # the controller's refusals use an id
            assert dump(cluster) == before


@settings(deadline=None)
@given(st.lists(st.text(max_size=12), max_size=8))
def test_pbs_options_raise_only_pbs_error(words: list[str]) -> None:
    try:
        options = pbs_options(words)
    except PbsError:
        return
    assert all(isinstance(key, str) for key, _ in options)
