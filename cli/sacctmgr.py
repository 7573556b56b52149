"""``sacctmgr``: show, add, modify and delete QOS, accounts, users and associations.

``sacctmgr [-i] [-n] [-p|-P] <verb> <entity> [names] [where key=value...] [set key=value...]``.
Without ``-i`` a change is summarised and sacctmgr asks whether to commit it, reading
the answer from standard input one character at a time, as Slurm does.
"""

import sys
from collections.abc import Sequence

from cli._common import err, interactive, out, parse_args, run
from cli._help import answer_probe
from slurmsim.parse.options import options

PROG = "sacctmgr"

_OPTIONS = options(
    [
        ("help", "h", "none"), ("usage", None, "none"), ("immediate", "i", "none"),
        ("noheader", "n", "none"), ("oneliner", "o", "none"), ("parsable", "p", "none"),
        ("parsable2", "P", "none"), ("quiet", "Q", "none"), ("readonly", "r", "none"),
        ("associations", "s", "none"), ("verbose", "v", "none"), ("version", "V", "none"),
    ]
)  # fmt: skip

_VERBS = {
    "add": "add", "create": "add", "list": "show", "show": "show",
    "modify": "modify", "update": "modify", "delete": "delete", "remove": "delete",
}  # fmt: skip
_ENTITIES = {
    "qos": "qos", "accounts": "account", "users": "user", "associations": "association",
    "clusters": "cluster", "tres": "tres", "wckeys": "wckey", "resource": "resource",
    "runawayjobs": "runaway", "orphanjobs": "runaway", "lostjobs": "runaway",
    "problems": "problem", "events": "event", "federations": "federation",
    "reservations": "reservation", "resv": "reservation",
}  # fmt: skip
#: Entities whose names need more letters than the two of the others.
_LEAST = {"reservations": 4, "resv": 4}
#: Entities slurmsim only shows (its cluster and TRES are fixed by slurm.conf; it keeps
#: no wckeys or resources, and no job outlives its record).
_SHOWN_ONLY = frozenset(
    {"cluster", "tres", "wckey", "resource", "runaway", "problem", "federation"}
)

# What sacctmgr says when the entity is missing or unknown, per verb.
_NO_ENTITY = {
    "show": 'No valid entity in list command\nInput line must include "Account", "Association", '
    '"Cluster", "Configuration",\n"Event", "Federation", "Problem", "QOS", "Resource", '
    '"Reservation",\n"RunAwayJobs", "Stats", "Transaction", "TRES", "User", or "WCKey"\n',
    "add": 'No valid entity in add command\nInput line must include "Account", "Cluster", '
    '"Coordinator", "Federation", "QOS", "Resource", or "User"\n',
    "modify": 'No valid entity in modify command\nInput line must include "Account", '
    '"Cluster", "Federation", "Job", "QOS", "Resource" or "User"\n',
    "delete": 'No valid entity in delete command\nInput line must include "Account", '
    '"Cluster", "Coordinator", "Federation", "QOS", "Resource", or "User"\n',
}


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sacctmgr(list(sys.argv[1:] if argv is None else argv)))


def sacctmgr(argv: list[str]) -> int:
    # GNU getopt permutes: options may follow the command words (``show user -s alice``).
    pairs, words = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    flags = {k for k, _ in pairs}
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    if not words:
        options = [f"--{key}" if value is None else f"--{key}={value}" for key, value in pairs]
        return interactive(PROG, lambda line: sacctmgr([*options, *line]))
    if words[0].lower() in ("help", "version"):
        answer_probe(PROG, [words[0].lower()])
        return 0
    verb = _VERBS.get(words[0].lower())
    if verb is None:
        err(f"invalid keyword: {words[0]}\n")
        return 1
    entity = _entity(words[1]) if len(words) > 1 else None
    if entity is None:
        err(_NO_ENTITY[verb])
        return 1
    from slurmsim.api import accounts
    from slurmsim.format.sacctmgr import Layout

    rest = words[2:]
    if verb == "show" and entity == "runaway":
        return _runaway_jobs()
    if verb == "show":
        layout = Layout(
            "parsable" in flags, "parsable2" in flags, "noheader" in flags, "associations" in flags
        )
        if entity == "event":
            from slurmsim.api.node_history import show_events

            rendered = show_events(rest, layout)
        elif entity == "reservation":
            from slurmsim.api.reservation_history import show_reservations

            immediate = "immediate" in flags
            rendered = show_reservations(rest, layout, lambda q: _ask(q, immediate))
        else:
            rendered = accounts.show(entity, rest, layout)
    elif entity in ("association", "event", "reservation"):  # not changed through sacctmgr
        err(_NO_ENTITY[verb])
        return 1
    elif entity in _SHOWN_ONLY:
        err(f"{PROG}: error: not supported yet by slurmsim (see docs/differences.md)\n")
        return 1
    else:
        change = {"add": accounts.add, "modify": accounts.modify, "delete": accounts.delete}[verb]
        rendered = change(entity, rest, lambda summary: _confirm(summary, "immediate" in flags))
    out(rendered.stdout)
    err(rendered.stderr)
    return rendered.exit_code


def _runaway_jobs() -> int:
    """``sacctmgr show runawayjobs``: an operator learns there are none (slurmsim's
    accounting and controller are one store, so no job record outlives its job)."""
    from slurmsim.api.cluster import cluster_name
    from slurmsim.api.control import may_operate

    if not may_operate():
        err(f"{PROG}: error: You must have an AdminLevel>=Operator to fix runaway jobs\n")
        return 1
    out(f"Runaway Jobs: No runaway jobs found on cluster {cluster_name()}\n")
    return 0


def _entity(word: str) -> str | None:
    """An entity word in any case, singular or plural, or a prefix (``assoc``)."""
    w = word.lower()
    # "tr" and shorter mean Transactions (not emulated), so TRES is taken only whole.
    matches = [
        e
        for name, e in _ENTITIES.items()
        if len(w) >= _LEAST.get(name, 2) and name.startswith(w) and (name != "tres" or w == "tres")
    ]
    return matches[0] if len(matches) == 1 else None


def _confirm(summary: str, immediate: bool) -> bool:
    """Print the summary; unless ``-i``, ask as sacctmgr does and read y/N from stdin.

    Each character read is an answer: ``y``/``Y`` commits, ``n``, ``N`` or a newline
    discards, anything else asks again. At the end of input Slurm would ask forever;
    slurmsim takes it as no.
    """
    out(summary)
    return _ask("Would you like to commit changes?", immediate)


def _ask(question: str, immediate: bool) -> bool:
    """sacctmgr's question before it goes on (always yes under ``-i``), read as
    ``_confirm`` reads it."""
    if immediate:
        return True
    out(f"{question} (You have 30 seconds to decide)\n")
    while True:
        out("(N/y): ")
        sys.stdout.flush()
        answer = sys.stdin.read(1)
        out("\n")
        if answer in ("", "\n", "n", "N"):
            return False
        if answer in ("y", "Y"):
            return True
        out("Y or N please\n")
