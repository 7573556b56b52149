"""The small printers every command shares: durations, instants, host lists, memory, cells."""

import pytest

from slurmsim.format.columns import Column, cell, parse_long, parse_percent, printed
from slurmsim.format.hostlist import compress, format_ranges
from slurmsim.format.times import date_line, format_elapsed, format_hms, format_instant
from slurmsim.format.units import format_mem
from slurmsim.model.time import EPOCH, Instant


@pytest.mark.parametrize(
    ("seconds", "squeue", "scontrol"),
    [
        pytest.param(0, "0:00", "00:00:00", id="zero"),
        pytest.param(284, "4:44", "00:04:44", id="minutes and seconds"),
        pytest.param(3584, "59:44", "00:59:44", id="just under an hour"),
        pytest.param(3600, "1:00:00", "01:00:00", id="one hour"),
        pytest.param(7 * 86400, "7-00:00:00", "7-00:00:00", id="days"),
        pytest.param(-5, "0:00", "00:00:00", id="negative clamps to zero"),
    ],
)
def test_durations_print_in_each_commands_style(seconds: int, squeue: str, scontrol: str) -> None:
    assert (format_elapsed(seconds), format_hms(seconds)) == (squeue, scontrol)


def test_instants_print_as_utc_iso_or_a_placeholder() -> None:
    assert format_instant(Instant(EPOCH + 333)) == "2026-11-29T19:05:33"
    assert format_instant(None) == "Unknown"
    assert format_instant(None, "N/A") == "N/A"


def test_date_line_matches_long_listings() -> None:
    assert date_line(Instant(EPOCH + 351)) == "Sun Nov 29 19:05:51 2026"


@pytest.mark.parametrize(
    ("names", "sort", "want"),
    [
        pytest.param(["dgx1", "dgx3", "dgx4"], True, "dgx[1,3-4]", id="gap makes two ranges"),
        pytest.param(["dgx4", "dgx3", "dgx3"], True, "dgx[3-4]", id="sorted and unique"),
        pytest.param(["dgx2"], True, "dgx2", id="single host without brackets"),
        pytest.param([], True, "", id="empty"),
        pytest.param(["dgx9", "dgx10"], True, "dgx[9-10]", id="unpadded widths merge"),
        pytest.param(["dgx1", "dgx01"], True, "dgx[1,01]", id="padded and unpadded never merge"),
        pytest.param(["dgx01", "dgx02", "dgx03", "dgx07"], True, "dgx[01-03,07]", id="padding"),
        pytest.param(["a1", "a2", "b3"], True, "a[1-2],b3", id="prefixes joined by commas"),
        pytest.param(["login", "dgx1"], True, "dgx1,login", id="name without digits"),
        pytest.param(["tux2", "tux1", "tux2"], False, "tux[2,1-2]", id="unsorted keeps order"),
    ],
)
def test_hostlists_compress_like_slurm(names: list[str], sort: bool, want: str) -> None:
    assert compress(names, sort=sort) == want


@pytest.mark.parametrize(
    ("numbers", "want"),
    [
        pytest.param([2, 3], "2-3", id="range"),
        pytest.param([2], "2", id="single"),
        pytest.param([5, 0, 1, 2, 3], "0-3,5", id="unsorted with a gap"),
        pytest.param([], "", id="empty"),
    ],
)
def test_index_sets_print_as_ranges(numbers: list[int], want: str) -> None:
    assert format_ranges(numbers) == want


@pytest.mark.parametrize(
    ("mb", "want"),
    [
        pytest.param(16384, "16G", id="whole gigabytes"),
        pytest.param(49152, "48G", id="three jobs' memory"),
        pytest.param(2_000_000, "2000000M", id="not a multiple of 512 stays in MB"),
        pytest.param(8_000_000, "7812.50G", id="stops when the next step loses precision"),
        pytest.param(1536, "1.50G", id="half units print two decimals"),
        pytest.param(500, "500M", id="under 1024"),
        pytest.param(0, "0M", id="zero"),
    ],
)
def test_memory_scales_only_while_exact(mb: int, want: str) -> None:
    assert format_mem(mb) == want


def test_percent_format_splits_prefix_columns_and_suffixes() -> None:
    prefix, columns = parse_percent("id=%.10i|%5j %R")
    assert prefix == "id="
    assert [c[:4] for c in columns] == [
        ("i", 10, True, "|"),
        ("j", 5, False, " "),
        ("R", 0, False, ""),
    ]
    assert [c.text for c in columns] == ["%.10i|", "%5j ", "%R"]


@pytest.mark.parametrize(
    ("fmt", "keys"),
    [
        pytest.param("%%i", ["i"], id="a run of % separates like one"),
        pytest.param("%i%", ["i"], id="a trailing % is dropped"),
        pytest.param("%%", [], id="%% prints nothing"),
        pytest.param("%-5j", ["-"], id="no - flag: the minus is the letter"),
        pytest.param("%10", [""], id="a width without a letter"),
    ],
)
def test_percent_format_is_split_as_strtok_splits_it(fmt: str, keys: list[str]) -> None:
    assert [c.key for c in parse_percent(fmt)[1]] == keys


def test_long_format_width_after_a_colon_may_be_left_out() -> None:
    assert parse_long("partition:,jobid:x") == [Column("partition"), Column("jobid", suffix="x")]


def test_long_format_defaults_to_20_left_justified() -> None:
    assert parse_long("JobID,Name:.8 ,State:4") == [
        Column("JobID", 20),
        Column("Name", 8, True, " "),
        Column("State", 4),
    ]


@pytest.mark.parametrize(
    ("value", "column", "cut", "want"),
    [
        pytest.param("234_[2-3%2]", Column("i", 10, True), True, "234_[2-3%2", id="cut keeps left"),
        pytest.param("233", Column("i", 6, True), True, "   233", id="right justified"),
        pytest.param("dgx[1,3-4]", Column("N", 4), False, "dgx[1,3-4]", id="node lists uncut"),
        pytest.param(None, Column("E", 0), True, "(null)", id="NULL string"),
        pytest.param(None, Column("E", 4), True, "    ", id="NULL under six wide prints nothing"),
        pytest.param("x", Column("j", 0, suffix=" "), True, "x ", id="suffix follows"),
        pytest.param("abcdef", Column("j", 3, suffix="|"), False, "abcdef|", id="uncut, suffix"),
        pytest.param("ab", Column("j", 4), False, "ab  ", id="uncut, padded left"),
        pytest.param(None, Column("E", 4), False, "(null)", id="NULL uncut prints whole"),
    ],
)
def test_cells_pad_and_cut_like_printf(
    value: str | None, column: Column, cut: bool, want: str
) -> None:
    assert cell(value, column, cut=cut) == want


@pytest.mark.parametrize(
    ("value", "column", "cut", "want"),
    [  # the oracle's squeue (golden printing/)
        pytest.param("dgx[1-2]", Column("N", 5, True), False, "dgx[1-2]", id="%.5N uncut"),
        pytest.param("dgx[1-2]", Column("N", 5), False, "dgx[1", id="%5N: a precision cuts"),
        pytest.param(None, Column("f", 5, True), True, "(null", id="%.5f of NULL"),
        pytest.param(None, Column("f", 5), True, "     ", id="%5f of NULL: nothing"),
        pytest.param(None, Column("f", 7), True, "(null) ", id="%7f of NULL"),
        pytest.param(None, Column("Y", 5, True), False, "(null)", id="%.5Y uncut NULL"),
        pytest.param("hello", Column("k", 3, True), True, "hel", id="%.3k keeps the left"),
        pytest.param("two", Column("j", 4, True, "|"), True, " two|", id="right, suffix"),
        pytest.param(None, Column("E", 0), True, "(null)", id="no width"),
    ],
)
def test_squeue_lays_out_values_as_its_print_str(
    value: str | None, column: Column, cut: bool, want: str
) -> None:
    assert printed([value, value], column, cut=cut) == [want, want]
