"""Reading drill files: the shipped ones load, and mistakes are named in plain words."""

import pytest

from slurmsim.drills import checks, files
from slurmsim.drills.model import ClusterSpec, Execution
from slurmsim.drills.script_checks import IdleGpuHours
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


SCENARIO = """
title = "Busy"
begin = "15m"

[cluster]
preset = "dgx-h100-4"
conf_extra = "SchedulerType=sched/builtin"

[[setup]]
at = "10m"
user = "bob"
run = "sbatch -J b --wrap='sleep 60'"

[[setup]]
user = "alice"
run = "sbatch -J a --wrap='sleep 60'"
"""


def test_scenario_file_becomes_a_typed_scenario() -> None:
    scenario = files.load_scenario("busy.toml", SCENARIO)
    assert (scenario.title, scenario.begin) == ("Busy", 900)
    assert scenario.cluster == ClusterSpec("dgx-h100-4", None, "SchedulerType=sched/builtin")
    assert [(s.at, s.user) for s in scenario.setup] == [(0, "alice"), (600, "bob")]


def test_empty_scenario_file_is_the_default_cluster_at_once() -> None:
    scenario = files.load_scenario("empty.toml", "")
    assert (scenario.cluster, scenario.setup, scenario.begin) == (ClusterSpec(), (), 60)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '[[setup]]\nrun = "slurmsim clock advance 1m"\nbegin = "1h"\n',
            "s.toml: setup 1: unknown key 'begin' "
            "(in TOML a key after [[setup]] belongs to it: write top-level keys first)",
            id="a top-level key written after a setup table",
        ),
        pytest.param(
            '[[setup]]\nat = "soon"\nrun = "squeue"\n',
            "s.toml: setup 1: 'at' must be a duration such as \"30m\"",
            id="a setup time that is not a duration",
        ),
        pytest.param(
            '[[setup]]\nuser = "bob"\n',
            "s.toml: setup 1: missing 'run'",
            id="a setup step with no command",
        ),
        pytest.param(
            'begin = "1m"\n[[setup]]\nat = "1h"\nrun = "squeue"\n',
            "s.toml: 'begin' comes before the last setup step",
            id="the scripts would arrive before the setup is over",
        ),
        pytest.param(
            '[cluster]\npresets = "dgx-h100-4"\n',
            "s.toml: [cluster]: unknown key 'presets'",
            id="a misspelt cluster key",
        ),
        pytest.param(
            'name = "x"\n',
            "s.toml: unknown key 'name'",
            id="a drill's key a scenario does not have",
        ),
        pytest.param(
            "setup = 3\n",
            "s.toml: 'setup' must be written [[setup]]",
            id="setup that is not a list of tables",
        ),
        pytest.param(
            "title = [\n",
            "s.toml: Invalid value (at end of document)",
            id="a file that is not TOML",
        ),
    ],
)
def test_scenario_file_mistake_is_named(text: str, message: str) -> None:
    with pytest.raises(files.DrillError) as caught:
        files.load_scenario("s.toml", text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '[execute]\nlimit = "never"\n',
            "r.toml: [execute]: 'limit' must be a duration such as \"30m\"",
            id="a limit that is not a duration",
        ),
        pytest.param(
            '[execute]\nlimit = "0s"\n',
            "r.toml: [execute]: 'limit' must be longer than 0s",
            id="a limit of nothing",
        ),
        pytest.param(
            "[execute]\ntails = 5\n",
            "r.toml: [execute]: unknown key 'tails'",
            id="a misspelt execute key",
        ),
        pytest.param(
            "",
            "r.toml: a 'scripts_ran' criterion needs an [execute] table",
            id="scripts_ran without an execute table",
        ),
    ],
)
def test_rubric_execute_mistake_is_named(text: str, message: str) -> None:
    rubric = f'{text}\n[[criterion]]\nkind = "scripts_ran"\npoints = 1\n'
    if text.startswith("[execute]"):  # the criterion must not land inside [execute]
        rubric = f'[[criterion]]\nkind = "scripts_ran"\npoints = 1\n\n{text}'
    with pytest.raises(files.DrillError) as caught:
        files.load_rubric("r.toml", rubric, [])
    assert str(caught.value) == message


def test_rubric_execute_table_becomes_limits() -> None:
    rubric = files.load_rubric(
        "r.toml",
        '[[criterion]]\nkind = "idle_gpu_hours"\nat_most = 2\npoints = 1\n\n'
        '[execute]\nlimit = "2m"\ntail = 5\n',
        [],
    )
    assert rubric.execution == Execution(Seconds(120), 5)
    assert rubric.criteria[0].check == IdleGpuHours(2.0)
