"""How scontrol reads ``scontrol update JobId=...``'s words (tests/golden/jobcounts/)."""

import pytest

from slurmsim.model.errors import GRES_ERROR, TRES_ERROR
from slurmsim.model.job_update import LimitChange
from slurmsim.model.time import Seconds
from slurmsim.parse.errors import ParseError
from slurmsim.parse.job_update import (
    LoggedError,
    job_update_pairs,
    match_key,
    parse_job_update,
)

NOW = 1_795_892_709


@pytest.mark.parametrize(
    ("tag", "key"),
    [
        ("timel", "TimeLimit"),
        ("TIMELIMIT", "TimeLimit"),
        ("time", None),  # shorter than TimeLimit's five letters, and TimeMin's
        ("timem", "TimeMin"),
        ("na", "Name"),
        ("ni", "Nice"),
        ("pr", "Priority"),  # tried before Prefer
        ("pre", "Prefer"),
        ("f", "Features"),
        ("e", None),  # ExcNodeList takes three, EligibleTime and EndTime two
        ("el", "EligibleTime"),
        ("co", None),
        ("com", "Comment"),
        ("numn", None),  # NumNodes takes all eight
        ("numnodes", "NumNodes"),
        ("numcpus", "NumCPUs"),
        ("ReqProcs", "ReqProcs"),
        ("TimeLimits", None),  # longer than the key
    ],
)
def test_keys_are_matched_as_scontrol_matches_them(tag: str, key: str | None) -> None:
    assert match_key(tag) == key


def test_words_pair_as_scontrol_pairs_them() -> None:
    words = ["JobId=5", "TimeLimit", "30", "Nice", "ResetAccrueTime", "Name+=x"]
    assert job_update_pairs(words) == [
        ("JobId", "5"),
        ("TimeLimit", "30"),
        ("Nice", None),
        ("ResetAccrueTime", None),
        ("Name+", "x"),
    ]
    with pytest.raises(ParseError, match="Invalid input: TimeLimit\nRequest aborted"):
        job_update_pairs(["JobId=5", "TimeLimit"])


def _update(*pairs: tuple[str, str | None]):  # type: ignore[no-untyped-def]
    return parse_job_update([("JobId", "5"), *pairs], NOW)[0]


def test_counts_are_read() -> None:
    update = _update(("NumTasks", "4"), ("CPUsPerTask", "0"), ("NumCPUs", "4-8"))
    assert (update.num_tasks, update.cpus_per_task, update.num_cpus) == (4, 0, (4, 8))
    assert _update(("Nice", None)).nice == 100
    assert _update(("MinCPUsNode", "16")).min_cpus_node == 16


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        (("NumTasks", "abc"), "Invalid NumTasks value: abc"),
        (("NumCPUs", "0"), "Invalid NumCPUs value: 0"),
        (("NumCPUs", "8-4"), "Invalid NumCPUs value: 8-4"),
        (("CPUsPerTask", "70000"), "Invalid CPUsPerTask value: 70000"),
        (("Contiguous", "maybe"), "Invalid Contiguous value: maybe"),
        (("OverSubscribe", "maybe"), "Invalid OverSubscribe value: maybe"),
        (("Name+", "x"), "Option Name+=x does not accept [+|-]= syntax"),
        (("TimeLimit+", "+5"), "Invalid syntax, variations of +=- are not accepted."),
    ],
)
def test_scontrol_refuses_values_itself(pair: tuple[str, str], message: str) -> None:
    with pytest.raises(LoggedError) as e:
        _update(pair)
    assert e.value.message == message


def test_a_limit_changes_by_an_amount_only_after_the_job_is_named() -> None:
    assert _update(("TimeLimit+", "10")).time_limit == LimitChange(Seconds(600), 1)
    assert _update(("TimeLimit-", "5")).time_limit == LimitChange(Seconds(300), -1)
    with pytest.raises(LoggedError, match="JobId must precede TimeLimit increment"):
        parse_job_update([("TimeLimit+", "10"), ("JobId", "5")], NOW)


def test_contiguous_takes_yes_and_no_words() -> None:
    assert _update(("Contiguous", "y")).contiguous is True
    assert _update(("Contiguous", "NO")).contiguous is False


@pytest.mark.parametrize(
    ("pair", "error"),
    [
        (("TresPerJob", "gres:gpu:2"), None),
        (("TresPerJob", "gpu:2"), TRES_ERROR),
        (("TresPerJob", "gres/gpu:2"), TRES_ERROR),
        (("TresPerSocket", "gres:gpu:1"), GRES_ERROR),
        (("TresPerSocket", "gres/gpu:1"), TRES_ERROR),
        (("MemPerTres", "gres:gpu:1000"), GRES_ERROR),
        (("TresBind", "gpu:closest"), None),
        (("TresBind", "gres:gpu:closest"), TRES_ERROR),
        (("TresFreq", "bogus"), TRES_ERROR),
        (("CpusPerTres", "bogus"), None),
    ],
)
def test_tres_forms_the_controller_takes(pair: tuple[str, str], error: str | None) -> None:
    (change,) = _update(pair).tres
    assert change.error == error


def test_switches_read_their_wait_in_minutes() -> None:
    update = _update(("Switches", "1@10:00"))
    assert (update.switches, update.switch_wait) == (1, 600)
    assert _update(("Switches", "2")).switch_wait is None
