import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.options import Opt, OptionError, getopt

SBATCH = [
    Opt("time", "t", "required", "time"),
    Opt("mem", None, "required", "mem"),
    Opt("mem-per-cpu", None, "required", "mem_per_cpu"),
    Opt("mem-per-gpu", None, "required", "mem_per_gpu"),
    Opt("parsable", None, "none", "parsable"),
    Opt("partition", "p", "required", "partition"),
    Opt("gpus-per-node", None, "required", "gpus_per_node"),
    Opt("gpus-per-task", None, "required", "gpus_per_task"),
    Opt("nodes", "N", "required", "nodes"),
    Opt("hold", "H", "none", "hold"),
    Opt("verbose", "v", "none", "verbose"),
    Opt("exclusive", None, "optional", "exclusive"),
    Opt("nice", None, "optional", "nice"),
    Opt("wrap", None, "required", "wrap"),
    Opt("jobs", "j", "optional", "jobs"),
    Opt("oversubscribe", "s", "none", "oversubscribe"),
    Opt("share", None, "none", "oversubscribe"),
]


def run(argv: list[str], stop: bool = True) -> tuple[list[tuple[str, str | None]], list[str]]:
    return getopt(argv, SBATCH, stop_at_operand=stop)


@pytest.mark.parametrize(
    ("argv", "want_pairs", "want_operands"),
    [
        pytest.param(
            ["--time=5", "--time", "6"],
            [("time", "5"), ("time", "6")],
            [],
            id="long with = or next word",
        ),
        pytest.param(["--time=--x"], [("time", "--x")], [], id="value may look like an option"),
        pytest.param(["--time", "--x"], [("time", "--x")], [], id="next word taken verbatim"),
        pytest.param(
            ["-N2", "-N", "3", "-t10"],
            [("nodes", "2"), ("nodes", "3"), ("time", "10")],
            [],
            id="short glued or separate",
        ),
        pytest.param(["-Hv"], [("hold", None), ("verbose", None)], [], id="short cluster"),
        pytest.param(["-HN2"], [("hold", None), ("nodes", "2")], [], id="cluster ends in argument"),
        pytest.param(["--part=gpu"], [("partition", "gpu")], [], id="unique prefix"),
        pytest.param(["--gpus-per-nod=8"], [("gpus_per_node", "8")], [], id="golden 031 prefix"),
        pytest.param(["--mem=5"], [("mem", "5")], [], id="exact match beats prefixes"),
        pytest.param(["--sh"], [("oversubscribe", None)], [], id="prefix of one option"),
        pytest.param(
            ["--exclusive", "user"], [("exclusive", None)], ["user"], id="optional argument needs ="
        ),
        pytest.param(
            ["--exclusive=user", "-j12", "-j"],
            [("exclusive", "user"), ("jobs", "12"), ("jobs", None)],
            [],
            id="optional argument glued",
        ),
        pytest.param(
            ["job.sh", "--time=5"], [], ["job.sh", "--time=5"], id="stops at first operand"
        ),
        pytest.param(["-H", "--", "-v"], [("hold", None)], ["-v"], id="double dash ends options"),
        pytest.param(["-", "-H"], [], ["-", "-H"], id="lone dash is an operand"),
    ],
)
def test_getopt_follows_getopt_long(argv, want_pairs, want_operands):
    assert run(argv) == (want_pairs, want_operands)


def test_getopt_permutes_when_not_stopping():
    assert run(["a", "-H", "b", "--time", "5", "--", "-v"], stop=False) == (
        [("hold", None), ("time", "5")],
        ["a", "b", "-v"],
    )


def test_getopt_prefixes_of_same_key_are_not_ambiguous():
    table = [Opt("oversubscribe", None, "none", "o"), Opt("overcommit", None, "none", "o")]
    assert getopt(["--over"], table, stop_at_operand=False) == ([("o", None)], [])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bogus-option", "--wrap=sleep 1"], "unrecognized option '--bogus-option'"),
        (["--partiton=debug"], "unrecognized option '--partiton=debug'"),
        (["-Z"], "invalid option -- 'Z'"),
        (["-HZ"], "invalid option -- 'Z'"),
        (["--time"], "option '--time' requires an argument"),
        (["--ti"], "option '--time' requires an argument"),
        (["-t"], "option requires an argument -- 't'"),
        (["--parsable=1"], "option '--parsable' doesn't allow an argument"),
        (["--pars=1"], "option '--parsable' doesn't allow an argument"),
        (
            ["--mem-"],
            "option '--mem-' is ambiguous; possibilities: '--mem-per-cpu' '--mem-per-gpu'",
        ),
        (
            ["--gpus-per=1"],
            "option '--gpus-per=1' is ambiguous; possibilities:"
            " '--gpus-per-node' '--gpus-per-task'",
        ),
    ],
)
def test_getopt_errors_use_glibc_text(argv, message):
    with pytest.raises(OptionError) as err:
        run(argv)
    assert err.value.message == message
    assert isinstance(err.value, ParseError)
