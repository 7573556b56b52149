"""``scontrol update NodeName=...``: ``Weight=`` read as scontrol reads it (C's strtoul, base
0), ``CpuBind=`` as slurmctld shows it and the GPU count slurmctld reads from ``Gres=``."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.parse.errors import ParseError
from slurmsim.parse.node_update import (
    INFINITE_WEIGHT,
    MAX_WEIGHT,
    node_cpu_bind,
    node_gres_gpus,
    parse_weight,
)


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("5", 5),
        ("0x10", 16),  # hexadecimal after 0x
        ("010", 8),  # octal after 0
        ("2k", 2048),  # k: times 1024
        ("", 0),  # nothing read, nothing left: 0 (the oracle set dgx4's weight to 0)
        ("k", 0),
        (" +7", 7),
        ("4294967280", MAX_WEIGHT),
        ("UNLIMITED", INFINITE_WEIGHT),
        ("infinite", INFINITE_WEIGHT),
    ],
)
def test_a_weight_is_read_as_strtoul_reads_it(text: str, weight: int) -> None:
    assert parse_weight(text) == weight


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("abc", "is not a valid number"),
        ("7x", "is not a valid number"),
        ("08", "is not a valid number"),  # 0 read as octal, then an 8 left over
        ("0x", "is not a valid number"),
        ("-1", "is less than zero"),
        ("-0", "is less than zero"),
        ("4294967281", "is greater than 4294967280"),
        ("5000000k", "is greater than 4294967280"),
        ("1" * 30, "is out of range"),
    ],
)
def test_scontrol_refuses_a_weight_in_its_own_words(text: str, why: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse_weight(text)
    assert refused.value.message == f"Weight value ({text}) {why}"


@given(st.text(max_size=24))
def test_any_text_is_a_weight_in_range_or_refused(text: str) -> None:
    message = weight = None
    try:
        weight = parse_weight(text)
    except ParseError as e:
        message = e.message
    if weight is None:
        assert message is not None
        assert message.startswith(f"Weight value ({text}) is ")
    else:
        assert 0 <= weight <= MAX_WEIGHT or weight == INFINITE_WEIGHT


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("core", "cores"),
        ("SOCKET", "sockets"),
        ("ldom", "ldoms"),
        ("none", "none"),
        ("cores,verbose", "verbose,cores"),
        ("verbose", "verbose"),
        ("off", ""),
        ("", ""),
        ("board", None),
        ("rank", None),
        ("map_cpu:1", None),
    ],
)
def test_node_cpu_bind_is_shown_as_slurmctld_shows_it(value: str, shown: str | None) -> None:
    assert node_cpu_bind(value) == shown


@given(st.text(max_size=30))
def test_node_cpu_bind_never_raises(value: str) -> None:
    shown = node_cpu_bind(value)
    words = {"verbose", "none", "cores", "sockets", "threads", "ldoms"}
    assert shown is None or set(filter(None, shown.split(","))) <= words


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("gpu:h100:8", 8),
        ("gpu:a100:8", 8),  # the type is not compared
        ("gpu:4,gpu:4", 8),  # entries summed
        ("gpu:h100:8,foo:1", 8),  # other names passed over
        ("gpu:h100:8(S:0-1)", 8),
        (",gpu:8,", 8),
        ("gpu", 1),
        ("gpu:h100", 1),
        ("gpu:+8", 1),  # not a digit first: a type
        ("gpu:010", 10),  # decimal
        ("gpu:8k", 8192),
        ("gpu:h100:1M", 1 << 20),
        ("gpu:2x", 0),  # a digit first, then what no count has: none
        ("gpu:h100:0x8", 0),
        ("GPU:8", 0),  # names are compared as typed
        ("mps:1", 0),
        ("", 0),
        ("(null)", 0),
    ],
)
def test_slurmctld_reads_a_gpu_count_from_a_nodes_gres(text: str, gpus: int) -> None:
    """The oracle (golden ``gresnodes/``): counts it compared with the node's eight."""
    assert node_gres_gpus(text) == gpus


@pytest.mark.parametrize(
    "text", ["gpu:h100:", "gpu:h100:abc", "gpu:8:h100", "gpu:h100:8:no_consume", "gpu:h100:8:"]
)
def test_slurmctld_refuses_a_gres_it_cannot_read(text: str) -> None:
    assert node_gres_gpus(text) is None


@given(st.text(max_size=24))
def test_any_gres_text_is_a_count_or_refused(text: str) -> None:
    gpus = node_gres_gpus(text)
    assert gpus is None or gpus >= 0
