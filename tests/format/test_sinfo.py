"""sinfo behaviours the golden files do not pin down byte for byte."""

import pytest

from slurmsim.format.sinfo import SinfoOptions, render_sinfo
from tests.format import scenario


@pytest.mark.parametrize(
    ("opts", "want"),
    [
        pytest.param(
            SinfoOptions(summarize=True),
            ["gpu* up 7-00:00:00 4/0/0/4 dgx[1-4]", "debug up 2:00:00 4/0/0/4 dgx[1-4]"],
            id="-s counts a draining node as allocated (the oracle)",
        ),
        pytest.param(
            SinfoOptions(states=("drain",)),
            ["gpu* up 7-00:00:00 1 drng dgx2", "debug up 2:00:00 1 drng dgx2"],
            id="-t drain keeps draining nodes",
        ),
        pytest.param(
            SinfoOptions(states=("idle",)),
            ["gpu* up 7-00:00:00 0 n/a", "debug up 2:00:00 0 n/a"],
            id="-t with no match shows each partition with no nodes",
        ),
        pytest.param(
            SinfoOptions(states=("idle",), format="%D %t"),
            [],
            id="without a partition column, no match prints only the header",
        ),
        pytest.param(
            SinfoOptions(states=("idle",), node_oriented=True),
            [],
            id="-N with no match prints only the header",
        ),
        pytest.param(
            SinfoOptions(nodes=("dgx1", "dgx3"), partitions=("gpu",)),
            ["gpu* up 7-00:00:00 2 mix dgx[1,3]"],
            id="-n and -p",
        ),
        pytest.param(
            SinfoOptions(format="%P %C %F"),
            ["gpu* 6/331/111/448 4/0/0/4", "debug 6/331/111/448 4/0/0/4"],
            id="CPU and node counts over the whole partition",
        ),
    ],
)
def test_sinfo_lines_on_a_draining_cluster(opts: SinfoOptions, want: list[str]) -> None:
    state = scenario.drained()
    got = render_sinfo(state, opts, state.now)
    lines = [" ".join(line.split()) for line in got.stdout.splitlines()[1:]]
    assert (lines, got.exit_code) == (want, 0)


def test_bad_state_is_an_error() -> None:
    state = scenario.drained()
    got = render_sinfo(state, SinfoOptions(states=("sleepy",)), state.now)
    first, second = got.stderr.splitlines()
    assert (first, got.exit_code) == ('sinfo: error: Bad state string: "sleepy"', 1)
    # As the oracle prints it (tests/golden/json/cases/027-sinfo-json-bad-state.txt).
    assert second.startswith("sinfo: error: valid states: unknown,down,idle,allocated,?,mixed,")


def test_reasons_long_shows_user_with_uid_and_state() -> None:
    state = scenario.drained()
    got = render_sinfo(state, SinfoOptions(reasons=True, long=True), state.now)
    assert got.stdout.splitlines()[-1] == (
        "gpu fell off bus     root(0)      2026-11-29T19:06:04 drng   dgx2"
    )
