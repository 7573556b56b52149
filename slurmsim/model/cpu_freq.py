"""``--cpu-freq``: the CPU frequencies and governor a job asks for, as the clients read
them (``[min-]max[:governor]`` or a governor alone) and as ``scontrol show job`` shows them.

Frequencies are kept as slurmctld keeps them: a number (kHz) or one of the names,
which carry a flag bit, so that a name is "above" every number when a range is checked.
"""

from typing import NamedTuple

_NAMED = 0x80000000
LOW, MEDIUM, HIGH, HIGHM1 = _NAMED | 1, _NAMED | 2, _NAMED | 3, _NAMED | 4
CONSERVATIVE, ONDEMAND, PERFORMANCE = 0x88000000, 0x84000000, 0x82000000
POWERSAVE, USERSPACE, SCHEDUTIL = 0x81000000, 0x80800000, 0x80400000

#: How each value is shown.
NAMES = {
    LOW: "Low",
    MEDIUM: "Medium",
    HIGH: "High",
    HIGHM1: "Highm1",
    CONSERVATIVE: "Conservative",
    PERFORMANCE: "Performance",
    POWERSAVE: "PowerSave",
    USERSPACE: "UserSpace",
    ONDEMAND: "OnDemand",
    SCHEDUTIL: "SchedUtil",
}
#: The governors a job may ask for: slurm.conf's CpuFreqGovernors as Slurm 22.05 defaults it.
ALLOWED_GOVERNORS = frozenset({ONDEMAND, PERFORMANCE, USERSPACE})

#: A governor's name and the fewest letters that name it, in the order they are tried.
_GOVERNOR_WORDS = (
    ("conservative", 2, CONSERVATIVE),
    ("performance", 4, PERFORMANCE),
    ("powersave", 3, POWERSAVE),
    ("userspace", 4, USERSPACE),
    ("ondemand", 4, ONDEMAND),
    ("schedutil", 4, SCHEDUTIL),
)


class CpuFreq(NamedTuple):
    """What ``--cpu-freq`` asks for; None where it says nothing."""

    low: int | None = None
    high: int | None = None
    governor: int | None = None


class CpuFreqError(Exception):
    """A value the clients refuse; ``lines`` are the ``error:`` lines printed first."""

    def __init__(self, *lines: str) -> None:
        super().__init__(lines[0] if lines else "")
        self.lines = lines


def _starts(text: str, word: str, least: int) -> bool:
    """Does ``text`` begin with the first ``least`` letters of ``word`` (any case)?"""
    return len(text) >= least and text[:least].lower() == word[:least]


def _governor(text: str) -> int | None:
    found = (value for word, least, value in _GOVERNOR_WORDS if _starts(text, word, least))
    return next(found, None)


def _frequency(text: str) -> int:
    """A frequency name or number (its leading digits, as strtoul reads them)."""
    if _starts(text, "lo", 2):
        return LOW
    if _starts(text, "him1", 4) or _starts(text, "highm1", 6):
        return HIGHM1
    if _starts(text, "hi", 2):
        return HIGH
    if _starts(text, "med", 3):
        return MEDIUM
    digits = text.lstrip(" \t\n\v\f\r").removeprefix("+")
    number = int(digits[: len(digits) - len(digits.lstrip("0123456789"))] or 0)
    if number:
        return number & 0xFFFFFFFF
    raise CpuFreqError(f'unrecognized --cpu-freq argument "{text}"')


def read_cpu_freq(arg: str, allowed: frozenset[int] = ALLOWED_GOVERNORS) -> CpuFreq:
    """``--cpu-freq=arg`` as the clients read it; raise ``CpuFreqError`` when they refuse it."""
    head, colon, governor_text = arg.partition(":")
    first, dash, second = head.partition("-")
    low = high = governor = None
    lines: list[str] = []
    try:
        if (named := _governor(first)) is not None:
            if colon:  # refused before the governor is taken: not checked below
                raise CpuFreqError(
                    f"governor cannot be specified twice {first}{{-}}:{governor_text} in --cpu-freq"
                )
            governor = named
        else:
            high = _frequency(first)
        if dash:
            low, high = high, _frequency(second)
            # A governor first leaves no minimum (slurmctld's "no value" is above any).
            if low is None or high < low:
                raise CpuFreqError(f"min cpu-frec ({first}) must be < max cpu-freq ({second})")
        if colon:
            if not dash:
                raise CpuFreqError(f"gov on cpu-frec ({governor_text}) illegal without max")
            governor = _governor(governor_text)
            if governor is None:
                raise CpuFreqError(f"illegal governor: {governor_text} on --cpu-freq")
    except CpuFreqError as e:
        lines.extend(e.lines)
    # Whatever went wrong before, a governor read is checked against the allowed ones.
    if governor is not None and governor not in allowed:
        lines.append(f"governor of {arg} is not allowed in slurm.conf")
    if lines:
        raise CpuFreqError(*lines)
    return CpuFreq(low, high, governor)


def _shown(value: int) -> str:
    return NAMES.get(value, "Unknown" if value & _NAMED else str(value))


def describe(freq: CpuFreq) -> str:
    """``scontrol show job``'s line for ``freq`` (empty when it asks for nothing): each part
    but the governor is followed by a space, as slurmctld joins them."""
    low = f"CPU_min_freq={_shown(freq.low)} " if freq.low else ""
    high = f"CPU_max_freq={_shown(freq.high)} " if freq.high else ""
    governor = f"Governor={_shown(freq.governor)}" if freq.governor else ""
    return low + high + governor
