"""``sinfo``: partitions and nodes, in Slurm 22.05's formats (read-only)."""

import os
import sys
from collections.abc import Sequence

from cli._clusters import chosen_cluster, cluster_header
from cli._common import (
    err,
    error,
    every,
    hostlist_complaint,
    out,
    parse_args,
    repeat,
    run,
)
from cli._help import answer_probe
from slurmsim.parse.options import options

PROG = "sinfo"

_OPTIONS = options(
    [
        ("all", "a", "none"), ("dead", "d", "none"), ("exact", "e", "none"),
        ("federation", None, "none"), ("help", None, "none"), ("hide", None, "none"),
        ("iterate", "i", "required"), ("local", None, "none"), ("long", "l", "none"),
        ("cluster", None, "required", "clusters"), ("clusters", "M", "required"),
        ("nodes", "n", "required"), ("noconvert", None, "none"), ("noheader", "h", "none"),
        ("Node", "N", "none"), ("format", "o", "required"), ("Format", "O", "required"),
        ("partition", "p", "required"), ("responding", "r", "none"),
        ("list-reasons", "R", "none"), ("summarize", "s", "none"), ("sort", "S", "required"),
        ("states", "t", "required"), ("reservation", "T", "none"), ("usage", None, "none"),
        ("verbose", "v", "none"), ("version", "V", "none"), ("json", None, "none"),
        ("yaml", None, "none"),
    ]
)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sinfo(list(sys.argv[1:] if argv is None else argv)))


def sinfo(argv: list[str]) -> int:
    pairs, _ = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    given: dict[str, str] = {}
    flags: set[str] = set()
    for key, value in pairs:
        flags.add(key)
        if value is not None:
            given[key] = value
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    # Words that are not options are ignored, as sinfo ignores them.
    seconds = every(
        given.get("iterate"), f"{PROG}: error: Error: invalid entry for --iterate={{}}\n"
    )
    if seconds == 0:
        return 1
    if "all" in flags and "partition" in flags:
        error(PROG, "Conflicting options, -a and -p, specified. Please choose one or the other.")
        return 1
    if "long" in flags and flags & {"format", "Format"}:
        err(
            f"{PROG}: fatal: Options -o(--format) and -l(--long) are mutually exclusive. "
            "Please remove one and retry.\n"
        )
        return 1
    if "json" in flags or "yaml" in flags:
        return _dump(pairs, tuple(s for s in given.get("states", "").split(",") if s))
    if "reservation" in flags:
        from slurmsim.api.reservations import sinfo_table

        table = sinfo_table()
        out(table.stdout)
        return table.exit_code

    nodes: tuple[str, ...] = ()
    if "nodes" in given:
        from slurmsim.parse.errors import ParseError
        from slurmsim.parse.hostlist import expand

        try:
            nodes = tuple(expand(given["nodes"]))
        except ParseError:
            hostlist_complaint(PROG, given["nodes"])
            error(PROG, f"'{given['nodes']}' invalid entry for --nodes")
            return 1
    env = os.environ
    if "SINFO_ALL" in env and "SINFO_PARTITION" in env:
        error(
            PROG,
            "Conflicting options, SINFO_ALL and SINFO_PARTITION, specified. "
            "Please choose one or the other.",
        )
        return 1
    fmt = given.get("format")
    # SINFO_FORMAT gives way to the command line and to the layouts of -s, -N and -R.
    if fmt is None and not flags & {"Format", "summarize", "Node", "list-reasons"}:
        fmt = env.get("SINFO_FORMAT") or None
    partitions = given.get("partition") or env.get("SINFO_PARTITION") or ""

    def show(dated: bool) -> int:
        return _show(given, flags, fmt, partitions, nodes, dated=dated)

    return show(False) if seconds is None else repeat(seconds, show)


def _show(
    given: dict[str, str],
    flags: set[str],
    fmt: str | None,
    partitions: str,
    nodes: tuple[str, ...],
    *,
    dated: bool,
) -> int:
    from slurmsim.api.views import current_state, sees_hidden
    from slurmsim.format.sinfo import SinfoOptions, render_sinfo

    state, user = current_state()
    name = state.config.cluster_name
    ok, named = chosen_cluster(PROG, name, given.get("clusters"))
    if not ok:
        return 1
    opts = SinfoOptions(
        node_oriented="Node" in flags,
        long="long" in flags,
        summarize="summarize" in flags,
        reasons="list-reasons" in flags,
        format=fmt,
        format_long=given.get("Format"),
        partitions=tuple(p for p in partitions.split(",") if p),
        states=tuple(s for s in given.get("states", "").split(",") if s),
        noheader="noheader" in flags,
        nodes=nodes,
        dead="dead" in flags,
        exact="exact" in flags,
        sort=given.get("sort"),
        show_hidden="all" in flags or sees_hidden(state, user),
    )
    rendered = render_sinfo(state, opts, state.now)
    err(rendered.stderr)  # said as the options are read, before any output
    if dated and "long" not in flags and "noheader" not in flags:
        from slurmsim.format.times import date_line

        out(date_line(state.now) + "\n")
    if named and "noheader" not in flags:
        out(cluster_header(rendered.stdout, name, after_date="long" in flags))
    else:
        out(rendered.stdout)
    return rendered.exit_code


def _dump(pairs: list[tuple[str, str | None]], states: tuple[str, ...]) -> int:
    """``--json``/``--yaml`` (the last one given wins): every node, filters and formats
    ignored; a bad ``-t`` state still ends sinfo, as it is checked while parsing."""
    from slurmsim.format.sinfo import bad_state, bad_state_message

    if (name := bad_state(states)) is not None:
        err(bad_state_message(name))
        return 1
    from slurmsim.api.views import current_state
    from slurmsim.format.sinfo_json import render_json

    yaml = [key for key, _ in pairs if key in ("json", "yaml")][-1] == "yaml"
    state, _ = current_state()
    out(render_json(state, yaml=yaml))
    return 0
