"""``-v``: the "defined options" block sbatch, salloc and srun print to standard error.

Each option in force (command line over environment over ``#SBATCH``) is printed once,
by name in alphabetical order, as the client's option table gives it back; most give
the value as typed. Those that do not, as the oracle printed them (golden verbose/):

* a time limit in whole minutes, rounded up: ``-t 90`` is ``01:30:00``, ``-t 0:30``
  is ``00:01:00``, ``-t 1-2:03:04`` is ``1-02:04:00``;
* memory in MB, in gigabytes when it is a whole number of them (``10240`` is ``10G``,
  ``2000`` stays ``2000``);
* paths made absolute (``chdir`` from the current directory, ``output``, ``error`` and
  ``input`` from the working directory);
* ``--gres`` with its ``gres:`` prefix, ``--mail-type`` as its set of types, ``--begin``
  as the instant it stands for, ``--signal`` without the default ``@60``;
* flags as ``set``, but ``--exclusive`` (its mode) and ``--requeue``/``--no-requeue``
  (both say which one holds), and ``verbose`` as the number of ``-v``.
"""

import os
from collections.abc import Callable, Mapping

from slurmsim.model.mail import mail_kinds
from slurmsim.model.time import Instant

_RULE = "-------------------- --------------------"


def plugins_loaded(prog: str) -> str:
    """What 22.05's clients log at ``-v`` when they load the select plugins (the oracle's
    build has four): scancel reading jobs, sbatch and salloc building a request."""
    return (
        f"{prog}: select/cons_tres: common_init: select/cons_tres loaded\n"
        f"{prog}: select/cray_aries: init: Cray/Aries node selection plugin loaded\n"
        f"{prog}: select/linear: init: Linear node selection plugin loaded with argument 20\n"
        f"{prog}: select/cons_res: common_init: select/cons_res loaded\n"
    )


def verbosity(cmdline: list[tuple[str, str | None]], values: Mapping[str, str | None]) -> int:
    """How many ``-v`` were given on the command line, else what the environment or a
    directive set (``SBATCH_DEBUG=2``: 2; a flag: 1); 0 for none."""
    count = sum(key == "verbose" for key, _ in cmdline)
    if count or "verbose" not in values:
        return count
    given = values["verbose"]
    return int(given) if given is not None and given.isdigit() and int(given) > 0 else 1


def defined_options(
    prog: str,
    values: Mapping[str, str | None],
    verbosity: int,
    now: Callable[[], Instant],
) -> str:
    """The block ``prog -v`` prints for the options in ``values`` (flags map to None)."""
    shown = dict(values)
    shown["verbose"] = str(verbosity)
    if "requeue" in shown or "no-requeue" in shown:
        # Both names report the one given last (values keep the order given).
        last = [k for k in values if k in ("requeue", "no-requeue")][-1]
        for key in ("requeue", "no-requeue"):
            if key in shown:
                shown[key] = last
    lines = [f"{prog}: defined options", f"{prog}: {_RULE}"]
    for key in sorted(shown):
        lines.append(f"{prog}: {key:<20}: {_value(key, shown, now)}")
    lines += [f"{prog}: {_RULE}", f"{prog}: end of defined options"]
    return "".join(line + "\n" for line in lines)


def _value(key: str, values: Mapping[str, str | None], now: Callable[[], Instant]) -> str:
    value = values[key]
    if key in ("requeue", "no-requeue", "verbose"):
        return value or ""
    if value is None:
        return key if key == "exclusive" else "set"
    shape = _SHAPES.get(key)
    if shape is None:
        return value
    try:
        return shape(value, values, now)
    except ValueError:  # the client refuses such a value itself, after the block
        return value


def _minutes(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    from slurmsim.parse import durations
    from slurmsim.parse.errors import ParseError

    try:
        seconds = durations.parse_time_limit(value)
    except ParseError:
        raise ValueError(value) from None
    if seconds is None:
        return "UNLIMITED"
    minutes = -(-seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hms = f"{rest // 60:02d}:{rest % 60:02d}:00"
    return f"{days}-{hms}" if days else hms


def _memory(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    from slurmsim.parse import memory
    from slurmsim.parse.errors import ParseError

    try:
        mb = memory.parse_memory(value)
    except ParseError:
        raise ValueError(value) from None
    for unit in ("T", "G"):
        size = 1024 * 1024 if unit == "T" else 1024
        if mb and mb % size == 0:
            return f"{mb // size}{unit}"
    return str(mb)


def _cwd_path(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    return value if value.startswith("/") else os.path.join(os.getcwd(), value)


def _work_path(value: str, values: Mapping[str, str | None], _: Callable[[], Instant]) -> str:
    if value.startswith("/") or value == "none":
        return value
    workdir = values.get("chdir") or os.getcwd()
    if not workdir.startswith("/"):
        workdir = os.path.join(os.getcwd(), workdir)
    return os.path.join(workdir, value)


def _gres(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    return ",".join(g if g.startswith("gres:") else f"gres:{g}" for g in value.split(","))


def _mail(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    return ",".join(mail_kinds(value)) or "NONE"


def _begin(value: str, _: Mapping[str, str | None], now: Callable[[], Instant]) -> str:
    from slurmsim.format.times import format_instant
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.errors import ParseError

    try:
        return format_instant(Instant(parse_begin(value, now())), "Unknown")
    except ParseError:
        raise ValueError(value) from None


def _signal(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    return value.removesuffix("@60")


def _open_mode(value: str, _: Mapping[str, str | None], __: Callable[[], Instant]) -> str:
    return value[:1].lower()


_SHAPES: dict[str, Callable[[str, Mapping[str, str | None], Callable[[], Instant]], str]] = {
    "time": _minutes,
    "time-min": _minutes,
    "mem": _memory,
    "mem-per-cpu": _memory,
    "mem-per-gpu": _memory,
    "chdir": _cwd_path,
    "output": _work_path,
    "error": _work_path,
    "input": _work_path,
    "gres": _gres,
    "mail-type": _mail,
    "begin": _begin,
    "signal": _signal,
    "open-mode": _open_mode,
}
