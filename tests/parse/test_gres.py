import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.gres import (
    GRES_ERROR,
    GresSpec,
    format_tres_per_node,
    parse_gpus,
    parse_gpus_list,
    parse_gres,
    parse_node_gres,
)

GPU8 = GresSpec("gpu", None, 8)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("gpu", (GresSpec("gpu", None, 1),)),
        ("gpu:8", (GPU8,)),
        ("gpu:h100", (GresSpec("gpu", "h100", 1),)),
        ("gpu:h100:8", (GresSpec("gpu", "h100", 8),)),
        ("gpu:a100:2,shard:1", (GresSpec("gpu", "a100", 2), GresSpec("shard", None, 1))),
        ("gres:gpu:8", (GPU8,)),
        ("gres:gpu:a100:2,gres:shard:1", (GresSpec("gpu", "a100", 2), GresSpec("shard", None, 1))),
        ("gres/gpu:8", (GPU8,)),
        ("gpu:1k", (GresSpec("gpu", None, 1024),)),
        ("gpu:1g.10gb:2", (GresSpec("gpu", "1g.10gb", 2),)),
        ("gpu:1:2", (GresSpec("gpu", "1", 2),)),  # the oracle takes a numeric type too
        ("gpu:-1", (GresSpec("gpu", "-1", 1),)),
        ("none", ()),
        ("", ()),
    ],
)
def test_parse_gres_reads_request_forms(text, want):
    assert parse_gres(text) == want


@pytest.mark.parametrize("text", ["gpu:h100:x", "gpu::8", ":", "gpu,", "a:b:c:d", "8", "gpu 8"])
def test_parse_gres_rejects_malformed_with_controller_message(text):
    with pytest.raises(ParseError) as err:
        parse_gres(text)
    assert err.value.message == GRES_ERROR == "Invalid generic resource (gres) specification"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("8", GPU8),
        ("h100:8", GresSpec("gpu", "h100", 8)),
        ("h100", GresSpec("gpu", "h100", 1)),
    ],
)
def test_parse_gpus_reads_type_and_count(text, want):
    assert parse_gpus(text) == want


def test_parse_gpus_list_reads_several_types():
    assert parse_gpus_list("a100:2,h100:4") == (
        GresSpec("gpu", "a100", 2),
        GresSpec("gpu", "h100", 4),
    )


@pytest.mark.parametrize("text", ["", "a100:2,h100:4", "gpu:h100:8", "h100:x", "1:2"])
def test_parse_gpus_rejects_lists_and_garbage(text):
    with pytest.raises(ParseError):
        parse_gpus(text)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("gpu:h100:8", (GresSpec("gpu", "h100", 8),)),
        ("gpu:h100:8(S:0-1)", (GresSpec("gpu", "h100", 8),)),
        ("gpu", (GresSpec("gpu", None, 1),)),
        ("(null)", ()),
    ],
)
def test_parse_node_gres_reads_slurm_conf_and_scontrol_forms(text, want):
    assert parse_node_gres(text) == want


@pytest.mark.parametrize(
    ("request_text", "want"),
    [
        ("gpu:8", "gres:gpu:8"),
        ("gpu:4", "gres:gpu:4"),
        ("gpu:h100:8", "gres:gpu:h100:8"),
        ("gpu:a100:2,shard:1", "gres:gpu:a100:2,gres:shard:1"),
        ("none", ""),
    ],
)
def test_format_tres_per_node_matches_scontrol(request_text, want):
    """Golden 053/069: TresPerNode=gres:gpu:8."""
    assert format_tres_per_node(parse_gres(request_text)) == want


def test_format_tres_per_node_round_trips():
    text = "gres:gpu:a100:2,gres:shard:1"
    assert format_tres_per_node(parse_gres(text)) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("gpu", "gres:gpu"),
        ("gres:gpu", "gres:gpu"),
        ("gpu:h100", "gres:gpu:h100"),
        ("gpu:02", "gres:gpu:02"),
        ("gpu:2k,gpu:1", "gres:gpu:2k,gres:gpu:1"),
    ],
)
def test_format_tres_per_node_shows_requests_as_typed(text, shown):
    """The oracle (scripts golden 127, 132): TresPerNode=gres:gpu for --gres=gpu."""
    assert format_tres_per_node(parse_gres(text)) == shown


def test_gpus_options_keep_their_text_under_the_gpu_name():
    assert format_tres_per_node(parse_gpus_list("h100:02")) == "gres:gpu:h100:02"


def test_sbatch_form_does_not_take_the_controllers_gres_slash():
    """``--gres=gres/gpu`` is refused by sbatch (its name is unknown); TresPerNode= takes it."""
    assert parse_gres("gres/gpu:1", tres_form=False)[0].name == "gres/gpu"
    assert parse_gres("gres/gpu:1")[0].name == "gpu"
