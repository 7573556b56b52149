"""Values Slurm's submitting commands refuse for the options slurmsim keeps only to show.

slurmsim does not act on these options (docs/differences.md), but a value sbatch,
salloc or srun would refuse is refused here too, in its words and with its exit status
(oracle: tests/golden/views): a number that is not one exits 1, a word that is not
one of the option's exits 255 (1 for ``--hint``).
"""

from collections.abc import Mapping

from slurmsim.model.digits import is_number
from slurmsim.model.errors import InvalidOption

#: Options whose value is a whole number, and the least each takes.
_NUMBERS = {
    "mincpus": 1,
    "thread-spec": 1,
    "ntasks-per-gpu": 1,
    "cpus-per-gpu": 1,
    "core-spec": 0,
    "wait-all-nodes": 0,
}
_MAIL_TYPES = frozenset({
    "none", "begin", "end", "fail", "requeue", "all", "invalid_depend", "stage_out",
    "time_limit", "time_limit_90", "time_limit_80", "time_limit_50", "array_tasks",
})  # fmt: skip
_HINTS = frozenset({"compute_bound", "memory_bound", "multithread", "nomultithread", "help"})
_PROFILES = frozenset({"all", "none", "energy", "filesystem", "lustre", "network", "task"})


def check_shown(v: Mapping[str, str | None], exits_one: type[InvalidOption]) -> None:
    """Raise as the client refuses a value of a shown-only option in ``v``; ``exits_one``
    is the refusal that ends the command with status 1."""
    for key, least in _NUMBERS.items():
        value = v.get(key)
        if value is not None and (not is_number(value.strip()) or int(value) < least):
            raise exits_one(f'Invalid numeric value "{value}" for --{key}.')
    if v.get("wait-all-nodes") not in (None, "0", "1"):
        raise InvalidOption("Invalid --wait-all-nodes specification")
    if (value := v.get("exclusive")) and value.lower() not in ("user", "mcs"):
        raise InvalidOption("Invalid --exclusive specification")
    if (value := v.get("open-mode")) is not None and value[:1].lower() not in ("a", "t"):
        raise InvalidOption("Invalid --open-mode specification")
    if (value := v.get("mail-type")) is not None and not _words(value) & _MAIL_TYPES:
        # An unknown word among known ones is passed over (``END,x`` is taken).
        raise InvalidOption("Invalid --mail-type specification")
    if (value := v.get("hint")) is not None and not _words(value) <= _HINTS:
        raise exits_one(f'unrecognized --hint argument "{value}", see --hint=help')
    if (value := v.get("profile")) is not None and not _words(value) <= _PROFILES:
        raise InvalidOption(f"invalid --profile={value} option")


def _words(value: str) -> set[str]:
    return {w.lower() for w in value.split(",")}
