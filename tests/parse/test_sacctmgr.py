"""sacctmgr's argument grammar: words, where/set, format= lists and setting values."""

import contextlib
import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse import sacctmgr
from slurmsim.parse.errors import ParseError
from slurmsim.parse.sacctmgr import Field, Word, parse_fields, parse_request, parse_tres, parse_word


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("alice", Word("alice"), id="a bare word is a name"),
        pytest.param("Priority=5", Word("Priority", "=", "5"), id="key and value"),
        pytest.param("qos+=high", Word("qos", "+=", "high"), id="adding to a list"),
        pytest.param("Flags-=NoDecay", Word("Flags", "-=", "NoDecay"), id="removing from a list"),
        pytest.param("a=b=c", Word("a", "=", "b=c"), id="the value keeps later equals signs"),
        pytest.param("name=", Word("name", "=", ""), id="an empty value"),
        pytest.param("my-acct", Word("my-acct"), id="a dash inside a name"),
    ],
)
def test_word_splits_into_key_operator_value_when_well_formed(text: str, want: Word) -> None:
    assert parse_word(text) == want


def test_request_splits_at_where_and_set_in_any_case() -> None:
    request = parse_request(["tq1", "WHERE", "name=x", "Set", "Priority=5", "MaxWall=60"])
    assert (request.head, request.where, request.set) == (
        [Word("tq1")],
        [Word("name", "=", "x")],
        [Word("Priority", "=", "5"), Word("MaxWall", "=", "60")],
    )


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("Name", [Field("Name")], id="one name"),
        pytest.param(
            "Name%3,Priority%-12", [Field("Name", 3), Field("Priority", -12)], id="widths"
        ),
        pytest.param("Name,,QOS", [Field("Name"), Field("QOS")], id="empty items are skipped"),
        pytest.param("Name%x,QOS%0", [Field("Name"), Field("QOS")], id="no width: its own"),
        pytest.param("%", [Field("")], id="no name (Unknown field '')"),
        pytest.param("", [Field("")], id="nothing: one empty name (the oracle)"),
        pytest.param(",", [Field("")], id="only empty items: one empty name"),
        pytest.param("Name%5x", [Field("Name", 5)], id="atoi stops at a letter"),
    ],
)
def test_fields_read_names_and_widths_when_well_formed(text: str, want: list[Field]) -> None:
    assert parse_fields(text) == want


@pytest.mark.parametrize(
    ("text", "current", "want"),
    [
        pytest.param("gres/gpu=8,cpu=4", "", "cpu=4,gres/gpu=8", id="Slurm's TRES order"),
        pytest.param("mem=100G", "", "mem=102400", id="memory in MB"),
        pytest.param("cpu=2", "gres/gpu=8", "cpu=2,gres/gpu=8", id="merged into the current"),
        pytest.param("gres/gpu=-1", "cpu=2,gres/gpu=8", "cpu=2", id="-1 removes one TRES"),
    ],
)
def test_tres_limit_is_stored_in_tres_order_when_valid(text: str, current: str, want: str) -> None:
    assert parse_tres(text, current=current, op="+=") == want


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("gpu=8", "slurmdb_format_tres_str: no TRES known by type gpu", id="unknown"),
        pytest.param("cpu=x", "cpu=x", id="a count that is not a number"),
        pytest.param("-1", "no TRES id found for -1", id="-1 alone is no TRES (the oracle)"),
    ],
)
def test_tres_limit_is_refused_when_invalid(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_tres(text)


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(sacctmgr, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


_ALPHABET = "abcNm=+-%,\"' \n\t1-9_/"


@settings(deadline=None)
@given(st.text(_ALPHABET, max_size=20))
def test_word_raises_only_parse_error_on_any_text(text: str) -> None:
    with contextlib.suppress(ParseError):
        parse_word(text)


@settings(deadline=None)
@given(st.text(_ALPHABET, max_size=20))
def test_fields_raise_only_parse_error_on_any_text(text: str) -> None:
    with contextlib.suppress(ParseError):
        parse_fields(text)


@settings(deadline=None)
@given(st.text(_ALPHABET, max_size=20))
def test_tres_raises_only_parse_error_on_any_text(text: str) -> None:
    with contextlib.suppress(ParseError):
        parse_tres(text)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("0", 0, id="zero"),
        pytest.param("", 0, id="nothing reads as zero"),
        pytest.param(" +0", 0, id="leading space and a sign"),
        pytest.param("'0'", 0, id="quoted"),
        pytest.param("5k", 5, id="text after a number that is not zero is ignored"),
        pytest.param("-1", sacctmgr.UINT32_CLEAR, id="a negative number is the clear flag"),
        pytest.param("4294967296", 0, id="cut to 32 bits"),
        pytest.param("99999999999999999999", sacctmgr.UINT32_CLEAR, id="strtol clamps"),
        pytest.param("abc", None, id="no digits"),
        pytest.param("0.0", None, id="zero with text after it"),
        pytest.param("0 ", None, id="zero with a space after it"),
        pytest.param(" ", None, id="space alone"),
    ],
)
def test_uint_reads_as_sacctmgr_reads_a_count(text: str, want: int | None) -> None:
    assert sacctmgr.parse_uint(text) == want


@settings(deadline=None)
@given(st.text(_ALPHABET, max_size=20))
def test_uint_is_a_32_bit_number_or_none_on_any_text(text: str) -> None:
    value = sacctmgr.parse_uint(text)
    assert value is None or 0 <= value <= sacctmgr.UINT32_CLEAR
    assert not {"'", '"'} & set(sacctmgr.strip_quotes(text))  # no quote reaches a value
