"""Reading drill files: the shipped ones load, and mistakes are named in plain words."""

import pytest

from slurmsim.drills import checks, files
from slurmsim.model.time import Seconds

MINIMAL = """
name = "mini"
title = "A small drill"
task = "Do it."
explanation = "Done."
solution = ["slurmsim clock advance 1m"]

[[setup]]
at = "10m"
user = "bob"
run = "sbatch -J a --wrap='sleep 60'"

[[check]]
kind = "started_within"
job = "a"
within = "5m"
"""


def test_drill_file_becomes_typed_drill() -> None:
    drill = files.load_drill("mini.toml", MINIMAL)
    assert drill.name == "mini"
    assert drill.checks == (checks.StartedWithin("a", Seconds(300)),)
    assert [(s.at, s.user, s.command) for s in drill.scenario.setup] == [
        (600, "bob", "sbatch -J a --wrap='sleep 60'")
    ]
    assert drill.scenario.begin == 660  # a minute after the last step, by default


def test_shipped_drills_all_load_with_unique_names() -> None:
    names = [files.load_drill(source, text).name for source, text in files.shipped()]
    assert len(names) == len(set(names)) >= 8


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            ('within = "5m"', 'within = "soon"'),
            "mini.toml: check 1 (started_within): "
            '\'within\' must be a duration such as "30m" or "2h"',
            id="a duration that is not one",
        ),
        pytest.param(
            ('kind = "started_within"', 'kind = "started_whenever"'),
            "mini.toml: check 1: 'kind' must be one of " + ", ".join(sorted(checks.CHECKS)),
            id="an unknown check kind lists the known ones",
        ),
        pytest.param(
            ('job = "a"', 'jobs = "a"'),
            "mini.toml: check 1 (started_within): unknown key 'jobs'",
            id="a misspelt check parameter",
        ),
        pytest.param(
            ('title = "A small drill"', 'titel = "A small drill"'),
            "mini.toml: missing 'title'",
            id="a missing drill key",
        ),
        pytest.param(
            ('user = "bob"', 'who = "bob"'),
            "mini.toml: setup 1: unknown key 'who'",
            id="an unknown setup key",
        ),
        pytest.param(
            ('name = "mini"', 'name = "mini'),
            "mini.toml: Illegal character '\\n' (at line 2, column 13)",
            id="TOML that does not parse",
        ),
    ],
)
def test_drill_file_mistake_is_named(change: tuple[str, str], message: str) -> None:
    with pytest.raises(files.DrillError) as caught:
        files.load_drill("mini.toml", MINIMAL.replace(*change))
    assert str(caught.value) == message
