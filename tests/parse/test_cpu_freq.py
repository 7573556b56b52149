"""--cpu-freq read as the clients read it (model.cpu_freq), and shown as scontrol shows it."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.model.cpu_freq import (
    HIGH,
    LOW,
    ONDEMAND,
    CpuFreq,
    CpuFreqError,
    describe,
    read_cpu_freq,
)


@pytest.mark.parametrize(
    ("arg", "freq", "line"),
    [
        ("high", CpuFreq(None, HIGH, None), "CPU_max_freq=High "),
        ("Lowest-hi", CpuFreq(LOW, HIGH, None), "CPU_min_freq=Low CPU_max_freq=High "),
        ("1000-2000", CpuFreq(1000, 2000, None), "CPU_min_freq=1000 CPU_max_freq=2000 "),
        ("onde", CpuFreq(None, None, ONDEMAND), "Governor=OnDemand"),
        ("2.5GHz", CpuFreq(None, 2, None), "CPU_max_freq=2 "),
        (
            "lo-high:perf",
            CpuFreq(LOW, HIGH, 0x82000000),
            "CPU_min_freq=Low CPU_max_freq=High Governor=Performance",
        ),
    ],
)
def test_a_value_is_read_and_shown_as_slurm_shows_it(arg: str, freq: CpuFreq, line: str):
    assert read_cpu_freq(arg) == freq
    assert describe(freq) == line


@pytest.mark.parametrize(
    ("arg", "lines"),
    [
        ("", ('unrecognized --cpu-freq argument ""',)),
        ("high-low", ("min cpu-frec (high) must be < max cpu-freq (low)",)),
        ("performance-high", ("min cpu-frec (performance) must be < max cpu-freq (high)",)),
        ("high:ondemand", ("gov on cpu-frec (ondemand) illegal without max",)),
        ("co:x", ("governor cannot be specified twice co{-}:x in --cpu-freq",)),
        ("low-high:co", ("governor of low-high:co is not allowed in slurm.conf",)),
        ("low-high:x", ("illegal governor: x on --cpu-freq",)),
    ],
)
def test_a_refused_value_gives_the_clients_lines(arg: str, lines: tuple[str, ...]):
    with pytest.raises(CpuFreqError) as refused:
        read_cpu_freq(arg)
    assert refused.value.lines == lines


@given(st.text(alphabet="lowhigmedpr:-0123456789 ", max_size=20))
def test_any_text_is_read_or_refused_with_lines(arg: str):
    lines: tuple[str, ...] = ()
    try:
        shown = describe(read_cpu_freq(arg))
    except CpuFreqError as e:
        lines, shown = e.lines, ""
    assert bool(lines) != bool(shown)  # refused with its lines, or read and shown
