"""Values Slurm's submitting commands refuse for the options slurmsim keeps only to show.

slurmsim does not act on these options (docs/differences.md), but a value sbatch,
salloc or srun would refuse is refused here too, in its words and with its exit status
(oracle: tests/golden/views): a number that is not one exits 1, a word that is not
one of the option's exits 255 (1 for ``--hint``).
"""

import re
from collections.abc import Mapping

from slurmsim.model.cpu_freq import CpuFreqError, read_cpu_freq
from slurmsim.model.digits import is_number
from slurmsim.model.errors import InvalidOption, OptionHelp
from slurmsim.parse.binding import (
    HINT_HELP,
    MEM_BIND_HELP,
    BindCheck,
    check_hint,
    check_mem_bind,
)

#: Options whose value is a whole number, and the least each takes (an empty
#: ``--core-spec=`` or ``--wait-all-nodes=`` is taken as not given).
_NUMBERS = {
    "mincpus": 1,
    "thread-spec": 1,
    "ntasks-per-gpu": 1,
    "cpus-per-gpu": 1,
    "core-spec": 0,
    "wait-all-nodes": 0,
    "msg-timeout": 1,  # srun's
    "threads": 1,  # srun's
}
_EMPTY_OK = frozenset({"core-spec", "wait-all-nodes"})
_MAIL_TYPES = frozenset({
    "none", "begin", "end", "fail", "requeue", "all", "invalid_depend", "stage_out",
    "time_limit", "time_limit_90", "time_limit_80", "time_limit_50", "array_tasks",
})  # fmt: skip
_YES_NO = frozenset({"", "y", "yes", "n", "no"})
_PROFILES = frozenset({"all", "none", "energy", "filesystem", "lustre", "network", "task"})


class BadNumber(InvalidOption):
    """A value the client refuses with exit status 1, not 255: an integer option that is
    not a number (and ``--hint``'s unknown word)."""


def check_shown(v: Mapping[str, str | None]) -> None:
    """Raise as the client refuses a value of a shown-only option in ``v`` (``BadNumber``
    for those that end the command with status 1)."""
    for key, least in _NUMBERS.items():
        value = v.get(key)
        if value is None or (value == "" and key in _EMPTY_OK):
            continue
        if not is_number(value.strip()) or int(value) < least:
            raise BadNumber(f'Invalid numeric value "{value}" for --{key}.')
    if v.get("wait-all-nodes") not in (None, "", "0", "1"):
        raise InvalidOption("Invalid --wait-all-nodes specification")
    if (value := v.get("switches")) is not None:
        count = value.partition("@")[0]
        if not is_number(count.strip()) or int(count) < 1:
            raise BadNumber(f'Invalid numeric value "{value}" for --switches.')
    if (value := v.get("distribution")) is not None:
        _check_distribution(value, "nodelist" in v)
    if (value := v.get("send-libs")) is not None and value.lower() not in _YES_NO:
        raise InvalidOption("Invalid --send-libs specification")
    if (value := v.get("gres-flags")) is not None and value.lower() not in _GRES_FLAGS:
        raise InvalidOption("Invalid --gres-flags specification")
    if (value := v.get("delay-boot")) is not None and not _is_duration(value):
        raise InvalidOption("Invalid --delay-boot specification")
    if (value := v.get("gpu-bind")) is not None and not _gpu_bind_ok(value):
        raise InvalidOption(f"Invalid --gpu-bind argument: gpu:{value}")
    if (value := v.get("gpu-freq")) is not None and not _words_ok(value, _GPU_FREQ):
        raise InvalidOption(f"Invalid --gpu-freq argument: gpu:{value}")
    if (value := v.get("cpu-freq")) is not None:
        try:
            read_cpu_freq(value)
        except CpuFreqError as e:
            raise InvalidOption("Invalid --cpu-freq argument", errors=e.lines) from None
    if (value := v.get("mem-bind")) is not None:
        _check_binding(check_mem_bind(value), MEM_BIND_HELP, InvalidOption, 255)
    if (value := v.get("exclusive")) and value.lower() not in ("user", "mcs"):
        raise InvalidOption("Invalid --exclusive specification")
    if (value := v.get("open-mode")) is not None and value[:1].lower() not in ("a", "t"):
        raise InvalidOption("Invalid --open-mode specification")
    for each in (v.get("mail-type") or "").split(";") if "mail-type" in v else ():
        if not _words(each) & _MAIL_TYPES:
            # An unknown word among known ones is passed over (``END,x`` is taken).
            raise InvalidOption("Invalid --mail-type specification")
    if (value := v.get("hint")) is not None:
        _check_binding(check_hint(value), HINT_HELP, BadNumber, 1)
    if (value := v.get("acctg-freq")) is not None:
        _check_acctg_freq(value)
    if (value := v.get("profile")) is not None and not _words(value) <= _PROFILES:
        raise InvalidOption(f"invalid --profile={value} option")


def _check_binding(
    check: BindCheck, help_text: str, refusal: type[InvalidOption], help_code: int
) -> None:
    """Raise as the client stops on a binding value: its help, or its first bad word."""
    if check.outcome == "help":
        raise OptionHelp(help_text, help_code)
    if check.outcome == "invalid":
        raise refusal(check.lines[-1][1])


def _words(value: str) -> set[str]:
    return {w.lower() for w in value.split(",")}


_GRES_FLAGS = frozenset({"enforce-binding", "disable-binding"})
_NODE_DIST = frozenset({"block", "cyclic", "arbitrary", "*"})
_CORE_DIST = frozenset({"block", "cyclic", "fcyclic", "*"})
#: Words of --gpu-freq and --mem-bind; a word ending in ``:`` or ``=`` takes a value.
_GPU_FREQ = frozenset({"low", "medium", "high", "highm1", "verbose", "memory="})


def _check_distribution(value: str, nodelist: bool) -> None:
    """``--distribution``: node[:socket[:core]][,Pack|,NoPack], or plane=<size>."""
    layout, _, packing = value.lower().partition(",")
    if packing not in ("", "pack", "nopack"):
        raise InvalidOption("Invalid --distribution specification")
    if layout.startswith("plane"):
        size = layout.removeprefix("plane").removeprefix("=")
        if not (is_number(size) and int(size) > 0):
            raise InvalidOption(
                "Invalid --distribution specification",
                errors=("Invalid plane size or size not specified",),
            )
        return
    parts = layout.split(":")
    if (
        not layout
        or len(parts) > 3
        or parts[0] not in _NODE_DIST
        or any(p not in _CORE_DIST for p in parts[1:])
    ):
        raise InvalidOption("Invalid --distribution specification")
    if parts[0] == "arbitrary" and not nodelist:
        raise BadNumber(
            "With Arbitrary distribution you need to specify a nodelist or hostfile with "
            "the -w option"
        )


def _gpu_bind_ok(value: str) -> bool:
    """closest, none, single:N, per_task:N, map_gpu:L, mask_gpu:L, after verbose, ."""
    words = value.split(",")
    if words[0].lower() == "verbose":
        words = words[1:]
    spec = ",".join(words)
    kind, colon, arg = spec.partition(":")
    if kind in ("closest", "none") and not colon:
        return True
    if kind in ("single", "per_task"):
        return is_number(arg)
    return kind in ("map_gpu", "mask_gpu") and bool(arg)


def _words_ok(value: str, known: frozenset[str]) -> bool:
    """Every comma-separated word is known, a number, or a known ``key:``/``key=`` with a value."""
    for word in value.lower().split(","):
        if word in known or is_number(word):
            continue
        if not any(k[-1] in ":=" and word.startswith(k) and len(word) > len(k) for k in known):
            return False
    return True


def _is_duration(value: str) -> bool:
    from slurmsim.parse import durations
    from slurmsim.parse.errors import ParseError

    try:
        durations.parse_time_limit(value, option="--delay-boot")
    except ParseError:
        return False
    return True


#: ``--acctg-freq`` words: ``TYPE=N`` anywhere in the word, or a bare leading number (task).
_ACCTG_FREQ = re.compile(r"(?i)^[\s]*[+-]?\d|(task|energy|network|filesystem)=[\s]*[+-]?\d")


def _check_acctg_freq(value: str) -> None:
    """Each comma-separated word must read as a frequency; sbatch names every one that
    does not, and exits 255."""
    bad = [word for word in value.split(",") if word and not _ACCTG_FREQ.search(word)]
    if bad:
        lines = tuple(f"Invalid --acctg-freq specification: {word}" for word in bad)
        raise InvalidOption(lines[-1], errors=lines[:-1])
