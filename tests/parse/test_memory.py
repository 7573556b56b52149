import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.memory import parse_memory


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("4000", 4000),
        ("0", 0),
        ("16G", 16384),
        ("16g", 16384),
        ("16GB", 16384),
        ("80G", 81920),
        ("100M", 100),
        ("100mb", 100),
        ("1K", 1),
        ("1024K", 1),
        ("1025k", 2),
        ("2T", 2 * 1024 * 1024),
    ],
)
def test_parse_memory_gives_megabytes(text, want):
    assert parse_memory(text) == want


@pytest.mark.parametrize("text", ["", "-1", "1P", "1.5G", "G", "16 G", "16GiB", "abc"])
def test_parse_memory_rejects_bad_sizes_with_sbatch_message(text):
    with pytest.raises(ParseError, match=r"^Invalid --mem specification$"):
        parse_memory(text)


def test_parse_memory_names_the_option_in_its_error():
    with pytest.raises(ParseError, match=r"^Invalid --mem-per-gpu specification$"):
        parse_memory("x", option="--mem-per-gpu")
