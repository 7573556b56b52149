"""Any input string gives a value or a ParseError, never another exception.

Hypothesis deadlines are off throughout tests/parse: the first call of a grammar-based parser
builds its Lark parser, which is much slower than every later call.
"""

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.arrays import parse_array, parse_array_step
from slurmsim.parse.datetimes import parse_begin
from slurmsim.parse.dependency import parse_dependency
from slurmsim.parse.durations import parse_duration, parse_interval
from slurmsim.parse.errors import ParseError
from slurmsim.parse.gres import parse_gpus, parse_gpus_list, parse_gres, parse_node_gres
from slurmsim.parse.hostlist import compress, expand
from slurmsim.parse.job_update import parse_job_update
from slurmsim.parse.keyvalue import parse_assignment
from slurmsim.parse.memory import parse_memory
from slurmsim.parse.options import Opt, getopt
from slurmsim.parse.partition_update import parse_partition_update
from slurmsim.parse.script import check_script, directive_args
from slurmsim.parse.slurmconf import parse_slurm_conf

NOW = 1_795_892_709


def _begin(text: str) -> object:
    return parse_begin(text, NOW)


def _job_update(text: str) -> object:
    key, _, value = text.partition("=")
    return parse_job_update([(key, value)], NOW)


def _partition_update(text: str) -> object:
    key, eq, value = text.partition("=")
    return parse_partition_update([("PartitionName", "debug"), (key, value if eq else None)])


def _conf(text: str) -> object:
    return parse_slurm_conf(text, include=lambda path: text)


PARSERS: dict[str, tuple[Callable[[str], object], str]] = {
    "parse_duration": (parse_duration, "0123456789-:unlimitedINF "),
    "parse_interval": (parse_interval, "0123456789-: smhdwx"),
    "parse_memory": (parse_memory, "0123456789KMGTBkmgtb-. "),
    "expand": (expand, "dgx0123456789[]-, \t"),
    "parse_gres": (parse_gres, "gpuh10:8,()S-gres/ k"),
    "parse_node_gres": (parse_node_gres, "gpuh10:8,()S-null"),
    "parse_gpus": (parse_gpus, "h10:8,ab"),
    "parse_gpus_list": (parse_gpus_list, "h10:8,ab"),
    "parse_array": (parse_array, "0123456789-,:%[]x"),
    "parse_array_step": (parse_array_step, "0123456789-,:%[]"),
    "parse_dependency": (parse_dependency, "afterokny:0123_*+,?singleton"),
    "parse_begin": (_begin, "0123456789:/.-T+ nowtdaymrhuspeNOW"),
    "directive_args": (directive_args, "#SBATCH -t=1\"'\\:\n #!x"),
    "parse_assignment": (parse_assignment, 'Key="Val \\'),
    "parse_job_update": (_job_update, "TimeLimitNice=StartDependency+-0123456789:afterok,?"),
    "parse_partition_update": (
        _partition_update,
        "MaxTimeStateNodesDefaultHiddenPriorityOverSubscribe=dgx[1-4]:0123456789YESNO,kKm",
    ),
    "parse_slurm_conf": (_conf, 'NodeName=DEFAULT Include x#"\\\n \t'),
}


@pytest.mark.parametrize("name", PARSERS)
@settings(deadline=None)
@given(data=st.data())
def test_parser_raises_only_parse_error(name, data):
    parse, alphabet = PARSERS[name]
    text = data.draw(st.text() | st.text(alphabet=alphabet, max_size=40))
    with contextlib.suppress(ParseError):
        parse(text)


@settings(deadline=None)
@given(st.binary(max_size=64))
def test_check_script_raises_only_parse_error(data):
    with contextlib.suppress(ParseError):
        check_script(data)


@settings(deadline=None)
@given(st.lists(st.text(max_size=20), max_size=10))
def test_compress_never_fails(names):
    assert isinstance(compress(names), str)
    assert isinstance(compress(names, sort=False), str)


_TABLE = [
    Opt("time", "t", "required", "time"),
    Opt("test-only", None, "none", "test"),
    Opt("exclusive", None, "optional", "exclusive"),
    Opt(None, "v", "none", "verbose"),
]
_word = st.text(max_size=10) | st.sampled_from(["--", "-", "--t", "--te", "-tv", "-vt", "--ex="])


@settings(deadline=None)
@given(st.lists(_word, max_size=8), st.booleans())
def test_getopt_raises_only_parse_error(argv, stop):
    try:
        _pairs, operands = getopt(argv, _TABLE, stop_at_operand=stop)
    except ParseError:
        return
    assert len(operands) <= len(argv)
