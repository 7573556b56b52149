import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slurmsim.parse.errors import ParseError
from slurmsim.parse.hostlist import compress, expand, sort_hosts


@pytest.mark.parametrize(
    ("expr", "want"),
    [
        ("dgx1", ["dgx1"]),
        ("dgx[1-4]", ["dgx1", "dgx2", "dgx3", "dgx4"]),
        ("dgx[1-4,7]", ["dgx1", "dgx2", "dgx3", "dgx4", "dgx7"]),
        ("dgx[01-04]", ["dgx01", "dgx02", "dgx03", "dgx04"]),
        ("dgx[9-10]", ["dgx9", "dgx10"]),
        ("dgx[001-003,010]", ["dgx001", "dgx002", "dgx003", "dgx010"]),
        ("dgx[3-4],login1", ["dgx3", "dgx4", "login1"]),
        ("a b\tc", ["a", "b", "c"]),
        ("a,,b,", ["a", "b"]),
        ("", []),
        ("tux2,tux1,tux2", ["tux2", "tux1", "tux2"]),
        ("rack[1-2]-gpu[1-2]", ["rack1-gpu1", "rack1-gpu2", "rack2-gpu1", "rack2-gpu2"]),
        ("n[1-2]-[3-4]", ["n1-3", "n1-4", "n2-3", "n2-4"]),
        # No "]" after the last "[": what comes before it and a "]" (golden scontrol/009).
        ("dgx[1", ["dgx]"]),
        ("dgx[1,2", ["dgx]", "2"]),
        ("[abc", ["abc"]),
        # A "]" with no "[" before it is part of a host name (the oracle: squeue -w ']').
        ("a]", ["a]"]),
        ("dgx1,]", ["dgx1", "]"]),
    ],
)
def test_expand_follows_slurm_hostlist_rules(expr, want):
    assert expand(expr) == want


@pytest.mark.parametrize(
    "expr",
    ["node[1-2]-ib", "a[01-03]b", "a[3-1]", "a[x]", "a[-1]", "a[]", "a[1-]", "a[0-99999]"],
)
def test_expand_rejects_invalid_expressions(expr):
    with pytest.raises(ParseError):
        expand(expr)


@pytest.mark.parametrize(
    ("names", "want"),
    [
        (["dgx1", "dgx2", "dgx3", "dgx4"], "dgx[1-4]"),
        (["dgx4", "dgx3"], "dgx[3-4]"),
        (["dgx1"], "dgx1"),
        (["dgx05"], "dgx05"),
        (["dgx1", "dgx3", "dgx4"], "dgx[1,3-4]"),
        (["dgx01", "dgx02", "dgx03", "dgx07"], "dgx[01-03,07]"),
        (["a1", "a2", "b3"], "a[1-2],b3"),
        (["dgx1", "dgx01"], "dgx[1,01]"),
        (["dgx9", "dgx10"], "dgx[9-10]"),
        (["dgx10", "dgx2", "dgx2"], "dgx[2,10]"),
        (["login", "dgx1"], "dgx1,login"),
        (["rack10-gpu1", "rack2-gpu1"], "rack2-gpu1,rack10-gpu1"),
        ([], ""),
    ],
)
def test_compress_sorted_matches_slurm_node_lists(names, want):
    assert compress(names) == want


def test_compress_unsorted_keeps_order_and_merges_neighbours():
    assert compress(["tux2", "tux1", "tux2"], sort=False) == "tux[2,1-2]"


def test_sort_hosts_is_natural_and_unique():
    assert sort_hosts(["dgx10", "dgx2", "login", "dgx2"]) == ["dgx2", "dgx10", "login"]


_prefix = st.sampled_from(["dgx", "n", "rack1-gpu", "a", ""])
_host = st.builds(
    lambda prefix, number, width: f"{prefix}{number:0{width}d}",
    _prefix,
    st.integers(min_value=0, max_value=120),
    st.integers(min_value=1, max_value=4),
) | st.sampled_from(["login", "head", "dgx"])


@settings(deadline=None)
@given(st.lists(_host, max_size=30))
def test_expand_of_compress_is_slurm_sorted_names(names):
    assert expand(compress(names)) == sort_hosts(names)


@settings(deadline=None)
@given(st.lists(_host, max_size=30))
def test_compress_of_expand_round_trips_for_sorted_unique_names(names):
    text = compress(names)
    assert compress(expand(text)) == text


@settings(deadline=None)
@given(st.lists(_host, max_size=30))
def test_unsorted_compress_keeps_every_name_in_order(names):
    assert expand(compress(names, sort=False)) == names
