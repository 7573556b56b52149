"""``squeue``: the queue, in Slurm 22.05's formats.

A read-only command: it opens the store without taking the write lock and
never moves the clock.
"""

import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli._clusters import chosen_cluster, cluster_header
from cli._common import (
    comma_list,
    err,
    every,
    gather,
    hostlist_complaint,
    out,
    parse_args,
    repeat,
    run,
)
from cli._help import answer_probe
from slurmsim.parse.options import options

if TYPE_CHECKING:
    from slurmsim.model.cluster import ClusterState

PROG = "squeue"

_OPTIONS = options(
    [
        ("accounts", "A", "required", "account"), ("all", "a", "none"),
        ("array", "r", "none"), ("array-unique", None, "none"), ("Format", "O", "required"),
        ("format", "o", "required"), ("federation", None, "none"), ("help", None, "none"),
        ("hide", None, "none"), ("iterate", "i", "required"), ("jobs", "j", "optional"),
        ("local", None, "none"), ("long", "l", "none"), ("licenses", "L", "required"),
        ("cluster", None, "required", "clusters"), ("clusters", "M", "required"),
        ("me", None, "none"), ("name", "n", "required"), ("noconvert", None, "none"),
        ("node", None, "required", "nodelist"), ("nodes", None, "required", "nodelist"),
        ("nodelist", "w", "required"), ("noheader", "h", "none"),
        ("partitions", "p", "required", "partition"), ("priority", "P", "none"),
        ("qos", "q", "required"), ("reservation", "R", "required"),
        ("sib", None, "none", "sibling"), ("sibling", None, "none"), ("sort", "S", "required"),
        ("start", None, "none"), ("steps", "s", "optional"), ("states", "t", "required"),
        ("usage", None, "none"), ("user", "u", "required"),
        ("users", None, "required", "user"), ("verbose", "v", "none"),
        ("version", "V", "none"), ("json", None, "none"), ("yaml", None, "none"),
        (None, "U", "required", "account"),  # kept for old scripts
    ]
)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: squeue(list(sys.argv[1:] if argv is None else argv)))


#: Filters squeue takes from the environment when the command line does not give them.
_ENV_FILTERS = {
    "account": "SQUEUE_ACCOUNT", "name": "SQUEUE_NAMES", "partition": "SQUEUE_PARTITION",
    "qos": "SQUEUE_QOS", "states": "SQUEUE_STATES", "user": "SQUEUE_USERS",
}  # fmt: skip


def _from_environment(given: dict[str, list[str]], flags: set[str]) -> None:
    """SQUEUE_* where the command line leaves a gap, as squeue reads them.

    SQUEUE_FORMAT (else SQUEUE_FORMAT2) counts only when none of -o, -O, -l, -s and
    --start is given.
    """
    env = os.environ
    for key, var in _ENV_FILTERS.items():
        if key not in given and var in env:
            given[key] = [env[var]]
    if not flags & {"format", "Format", "long", "steps", "start"}:
        if env.get("SQUEUE_FORMAT"):
            given["format"] = [env["SQUEUE_FORMAT"]]
        elif env.get("SQUEUE_FORMAT2"):
            given["Format"] = [env["SQUEUE_FORMAT2"]]


#: The job part of a ``--steps`` item: a job or an array task.
_STEP_JOB = re.compile(r"\d+(?:_\d+)?")


def _steps(state: "ClusterState", given: dict[str, list[str]], flags: set[str]) -> int:
    """``squeue -s``: the running steps, filtered by ``--steps``, ``-j``, ``-u``, ``-p``."""
    from slurmsim.format.squeue_steps import render_steps, step_lines
    from slurmsim.format.steps import job_text

    wanted = comma_list(given.get("steps", []))
    for item in wanted:  # JOB.STEP each, as squeue reads them
        if "." not in item:
            err(f"squeue: error: Invalid job_step id: {item}.??\n")
            return 1
        if not _STEP_JOB.fullmatch(item.partition(".")[0]):
            err(f"squeue: error: Invalid job_step id: {item}\n")
            return 1
    # A step over parts of a job is named by its id: every part shows (the oracle: ``-s
    # 12.0`` and ``-s 12.0+1`` both list 12.0+0 and 12.0+1).
    wanted = tuple(item.partition("+")[0] for item in wanted)
    jobs = comma_list(given.get("jobs", []))
    users = comma_list(given.get("user", []))
    partitions = comma_list(given.get("partition", []))
    lines = [
        line
        for line in step_lines(state, state.now)
        if (not wanted or f"{line.job.job_id}.{line.number}" in wanted
            or f"{job_text(line.job)}.{line.number}" in wanted)
        and (not jobs or str(line.job.job_id) in jobs)
        and (not users or line.job.request.user in users)
        and (not partitions or line.job.request.partition in partitions)
    ]  # fmt: skip
    rendered = render_steps(
        lines,
        given.get("format", [None])[-1],
        noheader="noheader" in flags,
        long="long" in flags,
        now=state.now,
        long_fmt=given.get("Format", [None])[-1],
    )
    err(rendered.stderr)
    out(rendered.stdout)
    return rendered.exit_code


#: Filters a later option replaces rather than adds to (the oracle: ``-t CD -t PD`` lists
#: pending jobs alone, ``-n zzz -n one`` the job named one).
_LAST_WINS = ("states", "user", "partition", "account", "qos", "name", "nodelist")


def squeue(argv: list[str]) -> int:
    pairs, operands = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    given, flags = gather(pairs)
    for value in given.get("states", [])[:-1]:  # each -t is read, and refused, as it comes
        from slurmsim.format.squeue import bad_state, bad_state_message

        if (name := bad_state(comma_list([value]))) is not None:
            err(bad_state_message(name))
            return 1
    for key in _LAST_WINS:
        if key in given:
            given[key] = given[key][-1:]
    clash = _format_clash(pairs)
    if clash is not None:
        err(clash)
        return 1
    # ``-j 12`` and ``-s 12.0``: their arguments are optional, so the first word left over
    # is the list of -j when it is given, else of -s; any other word is refused (the
    # oracle: ``-s 12.0 -j 12`` refuses 12, ``-j 1,2 %t`` reads %t as a job).
    if operands and "jobs" in flags:
        given["jobs"] = [operands.pop(0)]
        from slurmsim.format.squeue import bad_job_id

        if (spec := bad_job_id(comma_list(given["jobs"]))) is not None:
            err(f"{PROG}: error: Invalid job id: {spec}\n")
            return 1
    elif operands and "steps" in flags:
        given["steps"] = [operands.pop(0)]
    if operands:
        return _unrecognized(given, operands[0])
    if {"jobs", "steps"} <= flags and not {"jobs", "steps"} & given.keys():
        err(f"{PROG}: error: Incompatible options --jobs and --steps\n")  # (the oracle)
        return 1
    nodelist = _nodelist(given.get("nodelist", []))
    if nodelist is None:
        return 1
    if "json" in flags or "yaml" in flags:
        return _dump(pairs, given, nodelist)

    _from_environment(given, flags)
    fmt = given.get("format", [None])[-1]
    fmt_long = given.get("Format", [None])[-1]

    seconds = every(given.get("iterate", [None])[-1], f"{PROG}: error: --iterate={{}}\n\n")
    if seconds == 0:
        return 1

    def show(dated: bool) -> int:
        return _show(given, flags, fmt, fmt_long, nodelist, dated=dated)

    return show(False) if seconds is None else repeat(seconds, show)


def _format_clash(pairs: list[tuple[str, str | None]]) -> str | None:
    """squeue refuses -o with -O as it reads the second of them, and -o with -l once it
    has read them all (the oracle)."""
    seen = None
    for key, _ in pairs:
        if key in ("format", "Format"):
            if seen is not None and seen != key:
                names = ["-o (--format)", "-O (--Format)"]
                first, second = names if key == "format" else names[::-1]
                return f"{PROG}: error: {first} is incompatible with {second}\n"
            seen = key
    keys = {key for key, _ in pairs}
    if "format" in keys and "long" in keys:
        return (
            f"{PROG}: fatal: Options -o(--format) and -l(--long) are mutually exclusive. "
            "Please remove one and retry.\n"
        )
    return None


def _hidden(
    state: "ClusterState", user: str, given: dict[str, list[str]], flags: set[str]
) -> frozenset[str]:
    """The hidden partitions whose jobs this squeue leaves out."""
    from slurmsim.api.views import sees_hidden

    if "all" in flags or "partition" in given or "jobs" in given or sees_hidden(state, user):
        return frozenset()
    return frozenset(p.name for p in state.partitions.values() if p.hidden)


def _show(
    given: dict[str, list[str]],
    flags: set[str],
    fmt: str | None,
    fmt_long: str | None,
    nodelist: tuple[str, ...],
    *,
    dated: bool,
) -> int:
    from slurmsim.api.views import current_state
    from slurmsim.format.squeue import SqueueOptions, render_squeue

    state, user = current_state()
    name = state.config.cluster_name
    ok, named = chosen_cluster(PROG, name, given.get("clusters", [None])[-1])
    if not ok:
        return 1
    if "steps" in flags:
        return _steps(state, given, flags)
    opts = SqueueOptions(
        format=fmt,
        format_long=fmt_long,
        long="long" in flags,
        noheader="noheader" in flags,
        array_unfold="array" in flags or "SQUEUE_ARRAY" in os.environ,
        start="start" in flags,
        none_listed=any(
            key in given and not comma_list(given[key])
            for key in ("jobs", "name", "user", "partition", "states")
        ),
        jobs=comma_list(given.get("jobs", [])),
        users=comma_list(given.get("user", [])),
        partitions=comma_list(given.get("partition", [])),
        states=comma_list(given.get("states", [])),
        accounts=comma_list(given.get("account", [])),
        qos=comma_list(given.get("qos", [])),
        licenses=comma_list(given.get("licenses", [])),
        reservation=given.get("reservation", [None])[-1],
        names=comma_list(given.get("name", [])),
        nodelist=nodelist,
        me="me" in flags,
        noconvert="noconvert" in flags,
        user=user,
        sort=given.get("sort", [None])[-1] or os.environ.get("SQUEUE_SORT") or None,
        by_record="priority" in flags or "SQUEUE_PRIORITY" in os.environ,
        hidden=_hidden(state, user, given, flags),
    )
    rendered = render_squeue(state, opts, state.now)
    err(rendered.stderr)  # said as the options are read, before any output
    if dated and "long" not in flags and "noheader" not in flags:
        from slurmsim.format.times import date_line

        out(date_line(state.now) + "\n")
    if named and "noheader" not in flags:
        out(cluster_header(rendered.stdout, name, after_date="long" in flags))
    else:
        out(rendered.stdout)
    return rendered.exit_code


def _unrecognized(given: dict[str, list[str]], word: str) -> int:
    """A word no option takes: squeue refuses it once it has read its options, each of
    which says what is wrong with it first (a user it does not know, a state it ends on)."""
    from slurmsim.format.squeue import bad_state, bad_state_message

    if "user" in given:
        _unknown_users(given)
    if (name := bad_state(comma_list(given.get("states", [])))) is not None:
        err(bad_state_message(name))
        return 1
    err(f"{PROG}: error: Unrecognized option: {word}\n")
    answer_probe(PROG, ["usage"])
    return 1


def _unknown_users(given: dict[str, list[str]]) -> None:
    """Say which ``-u`` users the cluster does not know (squeue goes on without them)."""
    from slurmsim.api.views import current_state

    state, _ = current_state()
    known = set(state.users) | {str(u.uid) for u in state.users.values()}
    for user in comma_list(given.get("user", [])):
        if user not in known:
            err(f"{PROG}: error: Invalid user: {user}\n\n")


def _dump(
    pairs: list[tuple[str, str | None]], given: dict[str, list[str]], nodelist: tuple[str, ...]
) -> int:
    """``--json``/``--yaml`` (the last one given wins): every job, filters and formats
    ignored. squeue still checks ``-j``, ``-t``, ``-w`` and ``-u`` while it parses them:
    a bad one ends it, except an unknown user, which is only reported."""
    from slurmsim.format.squeue import bad_job_id, bad_state, bad_state_message

    if (spec := bad_job_id(comma_list(given.get("jobs", [])))) is not None:
        err(f"{PROG}: error: Invalid job id: {spec}\n")
        return 1
    if (name := bad_state(comma_list(given.get("states", [])))) is not None:
        err(bad_state_message(name))
        return 1
    from slurmsim.api.views import current_state
    from slurmsim.format.squeue_json import render_json

    state, _ = current_state()
    for node in nodelist:
        if node not in state.nodes:
            err(f"{PROG}: error: Invalid node name {node}\n")
            return 1
    _unknown_users(given)
    yaml = [key for key, _ in pairs if key in ("json", "yaml")][-1] == "yaml"
    out(render_json(state, yaml=yaml))
    return 0


def _nodelist(exprs: list[str]) -> tuple[str, ...] | None:
    """The nodes ``-w`` names, or None once a list squeue cannot read is refused."""
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand

    found: list[str] = []
    for expr in exprs:
        try:
            found.extend(expand(expr))
        except ParseError:
            hostlist_complaint(PROG, expr)
            err(f"{PROG}: error: '{expr}' invalid entry for --nodelist\n")
            return None
    return tuple(found)
