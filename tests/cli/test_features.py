"""``--constraint``: node features in requests, as the controller judges them."""

import shlex
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.model.features import AllOf, AnyOf, Feature, matches
from slurmsim.parse.features import FEATURE_ERROR, ParseError, parse_constraint
from tests.cli.conftest import advance, dump, slurm
from tests.goldenfile import load_case

GOLDEN = Path(__file__).parent.parent / "golden" / "submit"

#: Two nodes with "a", two with "b" and "c": a cluster where constraints choose nodes.
CONF = """\
ClusterName=feat
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
GresTypes=gpu
NodeName=n[1-2] CPUs=8 RealMemory=64000 Gres=gpu:h100:2 Features=a
NodeName=n[3-4] CPUs=8 RealMemory=64000 Gres=gpu:h100:2 Features=b,c
PartitionName=main Nodes=n[1-4] Default=YES MaxTime=1-00:00:00
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("a", Feature("a"), id="one feature"),
        pytest.param("a&b", AllOf((Feature("a"), Feature("b"))), id="and"),
        pytest.param(
            "a|b&c",
            AnyOf((Feature("a"), AllOf((Feature("b"), Feature("c"))))),
            id="and binds tighter than or",
        ),
        pytest.param("[a|b]", AnyOf((Feature("a"), Feature("b")), matching=True), id="matching or"),
        pytest.param("a*2", Feature("a", 2), id="count"),
        pytest.param(
            "(a|b)&c", AllOf((AnyOf((Feature("a"), Feature("b"))), Feature("c"))), id="parentheses"
        ),
    ],
)
def test_parse_constraint_reads_slurm_syntax(text: str, expected: object) -> None:
    assert parse_constraint(text) == expected


@pytest.mark.parametrize("text", ["", "[", "a&", "|a", "a*0", "a b", "(a"])
def test_parse_constraint_refuses_malformed_text(text: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_constraint(text)
    assert info.value.message == FEATURE_ERROR


@given(st.text(alphabet="ab&|[]()*0123 ", max_size=12))
def test_parse_constraint_fuzz_gives_only_slurm_errors(text: str) -> None:
    message = None
    try:
        parse_constraint(text)
    except ParseError as e:
        message = e.message
    assert message in (None, FEATURE_ERROR)


@pytest.mark.parametrize(
    ("text", "features", "ok"),
    [
        pytest.param("a", ("a",), True, id="has it"),
        pytest.param("a&b", ("a",), False, id="and needs both"),
        pytest.param("a|b", ("b", "c"), True, id="or needs one"),
        pytest.param("(a|b)&c", ("b", "c"), True, id="grouping"),
    ],
)
def test_matches_judges_one_node(text: str, features: tuple[str, ...], ok: bool) -> None:
    assert matches(parse_constraint(text), features) is ok


def test_sbatch_unknown_feature_is_refused_as_the_oracle(cluster: Path) -> None:
    case = load_case(GOLDEN / "sbatch-constraint-unknown.txt")
    result = slurm(*shlex.split(case.command), user=case.user)
    assert (result.exit, result.stdout, result.stderr) == (case.exit, case.stdout, case.stderr)


@pytest.mark.parametrize("constraint", ["h100", "a&b", "["])
def test_sbatch_refused_constraint_uses_up_a_job_id(cluster: Path, constraint: str) -> None:
    assert slurm("sbatch", "--hold", "--wrap=true").out == "Submitted batch job 1\n"
    assert slurm("sbatch", f"--constraint={constraint}", "--wrap=true").exit == 1
    assert slurm("sbatch", "--hold", "--wrap=true").out == "Submitted batch job 3\n"


@pytest.fixture
def featured(cluster: Path, tmp_path: Path) -> Path:
    from slurmsim.api import cluster as api

    conf = tmp_path / "slurm.conf"
    conf.write_text(CONF)
    api.init(None, str(conf), force=True)
    return cluster


@pytest.mark.parametrize(
    ("constraint", "nodes"),
    [
        pytest.param("a", "n[1-2]", id="a picks the a nodes"),
        pytest.param("b&c", "n[3-4]", id="and of features one node set has"),
        pytest.param("a|c", "n[1-2]", id="or lets either set in (first fit)"),
    ],
)
def test_constrained_jobs_run_only_on_matching_nodes(
    featured: Path, constraint: str, nodes: str
) -> None:
    out = slurm("sbatch", "--parsable", "-N", "2", "-C", constraint, "--wrap=true").out
    advance(5)
    job = out.strip().split(";")[0]
    shown = slurm("scontrol", "show", "job", job).out
    assert f" NodeList={nodes}\n" in shown


def test_constraint_no_partition_node_satisfies_is_unavailable(featured: Path) -> None:
    result = slurm("sbatch", "-C", "a&b", "--wrap=true")
    assert result.exit == 1
    assert result.err == (
        "sbatch: error: Batch job submission failed: "
        "Requested node configuration is not available\n"
    )


def test_a_pending_job_is_matched_again_when_a_node_gains_its_feature(featured: Path) -> None:
    run = ("sbatch", "--parsable", "--exclusive", "-C", "a", "-t", "10", "--wrap=sleep 300")
    first = slurm(*run, "-N", "2")
    second = slurm(*run, "-N", "1")
    advance(5)
    waiting = second.out.strip()
    assert slurm("squeue", "-h", "-j", waiting, "-o", "%T").out == "PENDING\n"
    assert slurm("scontrol", "update", "NodeName=n4", "Features=a,b,c").exit == 0
    advance(5)
    assert slurm("squeue", "-h", "-j", waiting, "-o", "%T %N").out == "RUNNING n4\n"
    assert first.exit == 0


def test_a_node_update_refused_by_scontrol_changes_nothing(featured: Path, cluster: Path) -> None:
    before = dump(cluster)
    refused = slurm("scontrol", "update", "NodeName=n1", "Weight=abc", user="root")
    assert (refused.exit, refused.err) == (
        1,
        "scontrol: error: Weight value (abc) is not a valid number\nNo changes specified\n",
    )
    assert slurm("scontrol", "update", "NodeName=n1", "Weight=3", user="alice").exit == 1
    assert dump(cluster) == before
