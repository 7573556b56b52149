from pathlib import Path

import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.slurmconf import ConfLine, parse_slurm_conf

ORACLE = (Path(__file__).parent / "data" / "slurm.conf").read_text()


def test_parse_slurm_conf_reads_oracle_file():
    conf = parse_slurm_conf(ORACLE)
    assert conf.get("clustername") == "dgxcluster"
    assert conf.get("SchedulerParameters") == (
        "bf_interval=5,bf_continue,bf_max_job_test=500,sched_min_interval=1000000"
    )
    assert [n.name for n in conf.nodes] == ["dgx1", "dgx2", "dgx3", "dgx4"]
    assert conf.nodes[0].get("gres") == "gpu:h100:8"
    assert conf.nodes[0].line == 68
    assert [p.name for p in conf.partitions] == ["gpu", "debug"]
    assert conf.partitions[0] == ConfLine(
        "gpu",
        (
            ("Nodes", "dgx[1-4]"),
            ("Default", "YES"),
            ("DefaultTime", "01:00:00"),
            ("MaxTime", "7-00:00:00"),
            ("State", "UP"),
            ("PriorityJobFactor", "1"),
        ),
        "slurm.conf",
        73,
    )


def test_parse_slurm_conf_applies_defaults_to_later_lines():
    conf = parse_slurm_conf(
        "NodeName=DEFAULT CPUs=8 Gres=gpu:2\n"
        "NodeName=n[1-2] CPUs=4\n"
        "nodename=default RealMemory=100\n"
        "NodeName=n3\n"
        "PartitionName=DEFAULT MaxTime=60\n"
        "PartitionName=p Nodes=n[1-3]\n"
    )
    assert conf.nodes == (
        ConfLine("n[1-2]", (("CPUs", "4"), ("Gres", "gpu:2")), "slurm.conf", 2),
        ConfLine("n3", (("CPUs", "8"), ("Gres", "gpu:2"), ("RealMemory", "100")), "slurm.conf", 4),
    )
    assert conf.partitions[0].get("maxtime") == "60"


def test_parse_slurm_conf_handles_comments_quotes_and_continuations():
    conf = parse_slurm_conf(
        '# header\n\n   \nA=1 B="x # y" # tail\nNodeName=n1 \\\n    CPUs=2\nC=3'
    )
    assert conf.options == (("A", "1"), ("B", "x # y"), ("C", "3"))
    assert conf.nodes == (ConfLine("n1", (("CPUs", "2"),), "slurm.conf", 5),)


def test_parse_slurm_conf_follows_includes():
    files = {"gres.inc": "NodeName=n2 Gres=gpu:1\n"}
    conf = parse_slurm_conf("A=1\nInclude gres.inc\nB=2\n", include=files.__getitem__)
    assert conf.options == (("A", "1"), ("B", "2"))
    assert conf.nodes == (ConfLine("n2", (("Gres", "gpu:1"),), "gres.inc", 1),)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("ClusterName=x\nthis is wrong\n", "slurm.conf:2:5: expected Key=Value"),
        ("IncludeX=1 Include=2\nincludes\n", "slurm.conf:2:9: expected Key=Value"),
        ("A=1 B\n", "slurm.conf:1:6: expected Key=Value"),
        ("A = 1\n", "slurm.conf:1:2: expected Key=Value"),
        ('A=1\n\nB="x\n', "slurm.conf:3:3: unterminated quoted value"),
        ("Include x.conf\n", "slurm.conf:1:1: Include x.conf: includes are not enabled"),
    ],
)
def test_parse_slurm_conf_errors_name_file_line_and_column(text, want):
    with pytest.raises(ParseError) as err:
        parse_slurm_conf(text)
    assert err.value.message == want


def test_parse_slurm_conf_errors_name_the_included_file():
    with pytest.raises(ParseError, match=r"^nodes\.conf:2:4: expected Key=Value$"):
        parse_slurm_conf("include nodes.conf", include=lambda _: "A=1\n  b c\n")


def test_parse_slurm_conf_turns_include_failures_into_parse_errors():
    def missing(path: str) -> str:
        raise FileNotFoundError(2, "No such file or directory", path)

    with pytest.raises(ParseError, match=r"^slurm\.conf:1:1: Include x: No such file"):
        parse_slurm_conf("Include x", include=missing)


def test_parse_slurm_conf_stops_include_loops():
    with pytest.raises(ParseError, match="nested too deeply"):
        parse_slurm_conf("Include self", include=lambda _: "Include self\n")
