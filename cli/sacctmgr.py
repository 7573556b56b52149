"""``sacctmgr``: show, add, modify and delete QOS, accounts, users and associations.

``sacctmgr [-i] [-n] [-p|-P] <verb> <entity> [names] [where key=value...] [set key=value...]``.
Without ``-i`` a change is summarised and sacctmgr asks whether to commit it, reading
the answer from standard input one character at a time, as Slurm does.
"""

import sys
from collections.abc import Sequence

from cli._common import err, interactive, not_supported, out, parse_args, run
from cli._help import answer_probe
from slurmsim.model.keywords import Keywords, keyword
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

#: The commands (see ``keyword``); sacctmgr's others (``archive``, ``dump``, ``oneliner``,
#: ...) come before these or share no prefix with them, and slurmsim has none of them.
_VERBS: Keywords = (
    ("help", 2, "help"), ("add", 3, "add"), ("create", 3, "add"), ("show", 3, "show"),
    ("list", 3, "show"), ("modify", 1, "modify"), ("update", 1, "modify"),
    ("delete", 3, "delete"), ("remove", 3, "delete"), ("version", 4, "version"),
)  # fmt: skip
#: The entities of each command (each has its own words, spellings and fewest letters).
_ENTITIES: dict[str, Keywords] = {
    "show": (
        ("accounts", 2, "account"), ("acct", 4, "account"), ("associations", 2, "association"),
        ("clusters", 2, "cluster"), ("configuration", 2, "configuration"),
        ("events", 1, "event"), ("federation", 1, "federation"), ("problems", 1, "problem"),
        ("runawayjobs", 2, "runaway"), ("orphanjobs", 1, "runaway"), ("lostjobs", 1, "runaway"),
        ("qos", 1, "qos"), ("resource", 4, "resource"), ("reservations", 4, "reservation"),
        ("resv", 4, "reservation"), ("stats", 1, "stats"), ("transactions", 1, "transaction"),
        ("txn", 1, "transaction"), ("users", 1, "user"), ("wckeys", 1, "wckey"),
        ("tres", 2, "tres"),
    ),
    "add": (
        ("account", 1, "account"), ("acct", 4, "account"), ("cluster", 2, "cluster"),
        ("coordinator", 2, "coordinator"), ("federation", 1, "federation"), ("qos", 1, "qos"),
        ("resource", 1, "resource"), ("user", 1, "user"),
    ),
    "modify": (
        ("accounts", 1, "account"), ("acct", 4, "account"), ("clusters", 5, "cluster"),
        ("federation", 1, "federation"), ("job", 1, "job"), ("qoss", 1, "qos"),
        ("resource", 1, "resource"), ("users", 1, "user"),
    ),
    "delete": (
        ("accounts", 1, "account"), ("acct", 4, "account"), ("clusters", 2, "cluster"),
        ("coordinators", 2, "coordinator"), ("federations", 1, "federation"),
        ("qos", 2, "qos"), ("resource", 1, "resource"), ("users", 1, "user"),
    ),
}  # fmt: skip
#: Entities slurmsim only shows (its cluster and TRES are fixed by slurm.conf; it keeps
#: no wckeys or resources, and no job outlives its record), and those it has not at all.
_SHOWN_ONLY = frozenset(
    {"cluster", "tres", "wckey", "resource", "runaway", "problem", "federation"}
)
_MISSING = frozenset({"coordinator", "job", "stats", "transaction"})

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
    verb = keyword(words[0], _VERBS)
    if verb is None:
        err(f"invalid keyword: {words[0]}\n")
        return 1
    if verb in ("help", "version"):
        return _help_or_version(verb, words)
    entity = keyword(words[1], _ENTITIES[verb]) if len(words) > 1 else None
    if entity is None:
        err(_NO_ENTITY[verb])
        return 1
    from slurmsim.api import accounts

    if verb == "show" and entity == "stats" and (refused := accounts.stats_refused()):
        err(refused.stderr)
        return refused.exit_code
    if entity in _MISSING or (verb != "show" and entity in _SHOWN_ONLY):
        not_supported(PROG)
    from slurmsim.format.sacctmgr import Layout

    rest = words[2:]
    if verb == "show" and entity == "runaway":
        return _runaway_jobs()
    if verb == "show" and entity == "configuration":  # takes no options: any words ignored
        from slurmsim.api.controller import accounting_config_text

        out(accounting_config_text())
        return 0
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
            immediate = "immediate" in flags
            rendered = accounts.show(entity, rest, layout, lambda q: _ask(q, immediate))
    else:
        change = {"add": accounts.add, "modify": accounts.modify, "delete": accounts.delete}[verb]
        immediate = "immediate" in flags
        rendered = change(
            entity, rest, lambda summary, question: _confirm(summary, question, immediate)
        )
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


def _help_or_version(verb: str, words: list[str]) -> int:
    """``help`` or ``version``, which take no arguments: given some, sacctmgr says so and
    answers anyway, exiting 1."""
    code = 0
    if len(words) > 1:
        code = 1
        if verb == "help":
            err(f"too many arguments for keyword:{words[0]}\n")
        else:
            err(f"too many arguments for {words[0]} keyword\n")
    answer_probe(PROG, [verb])
    return code


def _confirm(summary: str, question: str, immediate: bool) -> bool:
    """Print the summary; unless ``-i``, ask ``question`` as sacctmgr does and read y/N
    from stdin.

    Each character read is an answer: ``y``/``Y`` commits, ``n``, ``N`` or a newline
    discards, anything else asks again. At the end of input Slurm would ask forever;
    slurmsim takes it as no.
    """
    out(summary)
    return _ask(question, immediate)


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
