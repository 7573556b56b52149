"""``scontrol``: show and change jobs, nodes and partitions.

Operators (root, or users with AdminLevel Operator/Administrator) may change
nodes; users may change only their own jobs, within what Slurm allows them.
"""

import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cli import _scontrol_jobs
from cli._clusters import clusters_ok
from cli._common import (
    err,
    hostlist_complaint,
    interactive,
    not_supported,
    out,
    parse_args,
    run,
    short_hostname,
)
from cli._help import answer_probe
from cli._scontrol_jobs import ADMIN_COMMANDS
from slurmsim.model.keywords import Keywords, keyword
from slurmsim.parse.options import options

if TYPE_CHECKING:
    from slurmsim.format.rendered import Rendered

PROG = "scontrol"

_OPTIONS = options(
    [
        ("all", "a", "none"), ("cluster", None, "required", "clusters"),
        ("clusters", "M", "required"), ("details", "d", "none"), ("federation", None, "none"),
        ("future", "F", "none"), ("help", "h", "none"), ("hide", None, "none"),
        ("local", None, "none"), ("oneliner", "o", "none"), ("quiet", "Q", "none"),
        ("sibling", None, "none"), ("uid", "u", "required"), ("usage", None, "none"),
        ("verbose", "v", "none"), ("version", "V", "none"),
    ]
)  # fmt: skip

#: scontrol's command words with the shortest prefix of each Slurm 22.05 takes (``u`` is
#: update, ``de`` details, ``del`` delete; ``h``, ``re`` and ``s`` name nothing).
_COMMAND_WORDS: tuple[tuple[str, int], ...] = (
    ("abort", 5), ("all", 2), ("cancel_reboot", 3), ("cluster", 2), ("completing", 2),
    ("create", 2), ("delete", 3), ("details", 1), ("errnumstr", 2), ("exit", 2),
    ("fsdampeningfactor", 3), ("help", 2), ("hold", 4), ("holdu", 5), ("hide", 2),
    ("listpids", 1), ("notify", 1), ("oneliner", 1), ("pidinfo", 3), ("ping", 3),
    ("quiet", 4), ("quit", 4), ("reboot", 3), ("reconfigure", 3), ("release", 3),
    ("requeue", 3), ("requeuehold", 11), ("resume", 3), ("setdebug", 2),
    ("setdebugflags", 9), ("schedloglevel", 3), ("show", 3), ("shutdown", 8),
    ("suspend", 2), ("top", 3), ("token", 3), ("takeover", 8), ("uhold", 5), ("update", 1),
    ("verbose", 4), ("version", 4), ("wait_job", 2), ("write", 5),
)  # fmt: skip
#: Command words that name another command.
_COMMAND_ALIASES = {"holdu": "uhold"}
_COMMANDS = tuple((name, least, _COMMAND_ALIASES.get(name, name)) for name, least in _COMMAND_WORDS)
#: Words that set how later commands print (in interactive mode) and take no argument;
#: ``all`` and ``hide`` ignore any.
_SETTINGS = ("details", "oneliner", "quiet", "exit", "quit", "verbose", "all", "hide")
#: Command words slurmsim does not emulate (docs/differences.md).
_NOT_EMULATED = ("cluster", "errnumstr", "pidinfo", "token")
#: ``scontrol show``'s entities as Slurm 22.05 matches them: a word names the entity when
#: it starts the entity's name (or alias) and is at least as long as the shortest prefix
#: Slurm takes (``p`` names nothing, ``pa`` the partitions); the first match in this order wins.
_SHOW_ENTITIES: tuple[tuple[str, int, str], ...] = (
    ("aliases", 1, "aliases"),
    ("assoc_mgr", 2, "assoc_mgr"),
    ("bbstat", 2, "bbstat"),
    ("burstbuffer", 2, "burstbuffer"),
    ("cache", 2, "assoc_mgr"),
    ("config", 1, "config"),
    ("daemons", 1, "daemons"),
    ("dwstat", 2, "dwstat"),
    ("federation", 1, "federation"),
    ("frontend", 2, "frontend"),
    ("hostlistsorted", 9, "hostlistsorted"),
    ("hostlist", 5, "hostlist"),
    ("hostnames", 5, "hostnames"),
    ("jobs", 1, "job"),
    ("jobid", 1, "job"),
    ("licenses", 2, "licenses"),
    ("nodes", 1, "node"),
    ("partitions", 2, "partition"),
    ("partitionname", 2, "partition"),
    ("reservations", 1, "reservation"),
    ("reservationname", 1, "reservation"),
    ("slurmd", 2, "slurmd"),
    ("steps", 2, "step"),
    ("topology", 1, "topology"),
)

#: What the entities that describe no part of a slurmsim cluster print (to standard
#: output, standard error) on the oracle's cluster, which has none of them either.
_NOTHING_TO_SHOW = {
    "aliases": ("", ""),
    "bbstat": ("", ""),
    "burstbuffer": ("", ""),
    "dwstat": ("", ""),
    "federation": ("", ""),
    "frontend": ("No nodes in the system\n", ""),
    "licenses": ("No licenses configured in Slurm.\n", ""),
    "topology": ("", "scontrol: error: No topology information available\n"),
}


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: scontrol(list(sys.argv[1:] if argv is None else argv)))


def _command_word(word: str) -> str | None:
    return keyword(word, _COMMANDS)


def scontrol(argv: list[str]) -> int:
    # Options may come anywhere, after the command words too (``scontrol show job 12 -d``):
    # scontrol's getopt permutes them (oracle: ``scontrol errnumstr -1`` is an option).
    pairs, words = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    flags = {k for k, _ in pairs}
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    if not words:
        options = [f"--{key}" if value is None else f"--{key}={value}" for key, value in pairs]

        def run_line(line: list[str]) -> int:
            setting = _command_word(line[0])
            if setting in ("details", "oneliner") and len(line) == 1:
                options.append(f"--{setting}")  # for the commands that follow
            return scontrol([*options, *line])

        return interactive(PROG, run_line)
    if "quiet" in flags:
        return _quietly(lambda: _run(pairs, words, flags))
    return _run(pairs, words, flags)


def _quietly(run_command: "Callable[[], int]") -> int:
    """``-Q``: a command that fails says nothing, neither its errors nor a ``... not found``
    line; one that succeeds prints as usual."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        code = run_command()
    if code == 0:
        out(stdout.getvalue())
        err(stderr.getvalue())
    else:
        out("".join(line for line in stdout.getvalue().splitlines(keepends=True)
                    if not line.endswith(" not found\n")))  # fmt: skip
    return code


def _run(pairs: list[tuple[str, str | None]], words: list[str], flags: set[str]) -> int:
    """The command ``words`` name, with the options ``pairs`` (``flags`` their keys)."""
    if not clusters_ok(PROG, dict(pairs).get("clusters")):
        return 1
    detail = "details" in flags
    rest = words[1:]
    tag = words[0]  # messages name the command as typed
    command = _command_word(tag)
    if command is None:
        err(f"invalid keyword: {tag}\n")
        return 1
    if command in _NOT_EMULATED:
        not_supported(PROG)
    if command in ("version", "verbose", "help", "ping") or command in _SETTINGS:
        return _no_argument(command, tag, rest)
    if command == "show":
        return _show(
            tag,
            rest,
            detail=detail,
            oneliner="oneliner" in flags,
            every="all" in flags,
            future="future" in flags,
        )
    if command in _OTHER_JOB_COMMANDS:
        return _OTHER_JOB_COMMANDS[command](tag, rest)
    if command == "completing":
        return _completing(tag, rest)
    if command == "write":
        return _write(tag, rest)
    if command in ("suspend", "resume"):
        return _scontrol_jobs.suspend_or_resume(command, tag, rest)
    if command == "reboot":
        return _scontrol_jobs.reboot(tag, rest)
    if command == "cancel_reboot":
        return _cancel_reboot(tag, rest)
    if command in ADMIN_COMMANDS:
        return _scontrol_jobs.admin_command(command)
    if command == "update":
        return _update(tag, rest)
    if command == "create":
        return _create(tag, rest)
    if command == "delete":
        return _delete(tag, rest)
    return _job_control(command, tag, rest)


def _no_argument(command: str, tag: str, args: list[str]) -> int:
    """The commands that take no argument: what each does, and how each refuses one."""
    if command in ("version", "help"):
        answer_probe(PROG, [command])  # printed even when refusing an argument
    elif command == "ping" and not args:
        from slurmsim.api.controller import ping

        out(ping())
    if not args or command in ("all", "hide"):
        return 0
    if command in ("version", "verbose"):
        err(f"too many arguments for {tag} keyword\n")
    else:
        err(f"too many arguments for keyword:{tag}\n")
    return 1


def _completing(tag: str, args: list[str]) -> int:
    """``scontrol completing``: each job still completing, and its nodes."""
    if args:
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    from slurmsim.api.views import current_state
    from slurmsim.format.scontrol import show_completing

    state, _ = current_state()
    out(show_completing(state))
    return 0


def _write(tag: str, args: list[str]) -> int:
    """``scontrol write batch_script JOBID [FILE|-]``; ``write config`` is an administrator's.
    Slurm answers a refusal of the script with exit status 0."""
    if not args:
        err(f"too few arguments for keyword:{tag}\n")
        return 1
    what = args[0].lower()
    if what == "config":
        not_supported(PROG)
    if what != "batch_script":
        err(f"invalid write argument:{args[0]}\n")
        return 1
    if len(args) > 3:
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    if len(args) == 1:
        return 0  # no job named: nothing to write
    from slurmsim.api.views import batch_script
    from slurmsim.model.errors import SlurmError

    digits = re.match(r"\s*[-+]?\d+", args[1])  # read as strtol reads it
    job_id = int(digits.group()) if digits else 0
    try:
        script = batch_script(job_id)
    except SlurmError as e:
        err(f"job script retrieval failed: {e.message}\n")
        return 0
    path = args[2] if len(args) == 3 else f"slurm-{job_id}.sh"
    if path == "-":
        out(script)
        return 0
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(script)
    except OSError as e:
        err(f"failed to open file `{path}`: {e.strerror}\n")
        return 0
    out(f"batch script for job {job_id} written to {path}\n")
    return 0


_OTHER_JOB_COMMANDS = {
    "notify": _scontrol_jobs.notify,
    "wait_job": _scontrol_jobs.wait_job,
    "listpids": _scontrol_jobs.listpids,
}


#: ``show assoc_mgr``'s words, each taken from its first letter on.
_ASSOC_MGR_WORDS: Keywords = (
    ("accounts", 1, "accounts"), ("flags", 1, "flags"), ("qos", 1, "qos"), ("users", 1, "users"),
)  # fmt: skip
#: What ``flags=`` may hold, anywhere in its value.
_ASSOC_MGR_KINDS = ("users", "assoc", "qos")


def _assoc_mgr(tag: str, words: list[str], *, oneliner: bool) -> int:
    """``show assoc_mgr [users=...] [accounts=...] [qos=...] [flags=users,assoc,qos]``."""
    from slurmsim.format.assoc_mgr import AssocMgrRequest

    names: dict[str, list[str]] = {"users": [], "accounts": [], "qos": []}
    kinds: set[str] = set()
    for word in words:
        name, eq, value = word.partition("=")
        if not eq or not value:
            err(f"No value given for option {word}\n")
            return 0
        meant = keyword(name, _ASSOC_MGR_WORDS)
        if meant is None:
            err(f"invalid entity: {word} for keyword:{tag} assoc_mgr\n")
            return 1
        if meant == "flags":
            found = {k for k in _ASSOC_MGR_KINDS if k in value.lower()}
            if not found:
                err(f"invalid flag '{value}', valid options are 'Assoc, QOS, and/or Users'\n")
                return 0
            kinds |= found
        else:
            names[meant] += _names(value)
    from slurmsim.api.assoc_mgr import assoc_mgr_report

    request = AssocMgrRequest(
        users=tuple(names["users"]),
        accounts=tuple(names["accounts"]),
        qos=tuple(names["qos"]),
        kinds=frozenset(kinds),
    )
    out(assoc_mgr_report(request, oneliner=oneliner))
    return 0


def _names(value: str) -> list[str]:
    """A comma list of names; empty ones are passed over."""
    return [item for item in value.split(",") if item]


def _show_entity(word: str) -> str | None:
    return keyword(word, _SHOW_ENTITIES)


def _show(
    tag: str,
    args: list[str],
    *,
    detail: bool,
    oneliner: bool,
    every: bool = False,
    future: bool = False,
) -> int:
    if not args:
        err(f"too few arguments for keyword:{tag}\n")
        return 1
    head, eq, value = args[0].partition("=")
    entity = _show_entity(head if eq else args[0])
    if entity == "assoc_mgr":  # its own words follow, as many as given
        return _assoc_mgr(tag, args[1:], oneliner=oneliner)
    if len(args) > 2:  # an entity and one name at most, whatever the entity
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    name = value if eq else (args[1] if len(args) > 1 else None)
    if entity in ("hostnames", "hostlist", "hostlistsorted"):
        return _hostlist(entity, name)
    if entity is None:
        err(f"invalid entity:{args[0]} for keyword:{tag} \n")
        return 1
    if entity in _NOTHING_TO_SHOW:
        stdout, stderr = _NOTHING_TO_SHOW[entity]
        out(stdout)
        err(stderr)
        return 0
    if entity == "slurmd":  # asked of the slurmd on this host, which is not there
        err("scontrol: error: slurm_slurmd_info: Connection refused\n")
        err("slurm_load_slurmd_status: Connection refused\n")
        return 1
    if entity == "daemons":
        if name is not None:
            err(f"too many arguments for keyword:{tag}\n")
            return 1
        from slurmsim.api.cluster import daemons_here

        out(" ".join(daemons_here(short_hostname())) + "\n")
        return 0
    if entity == "step":
        from slurmsim.api.views import current_state
        from slurmsim.format.steps import show_steps

        state, _ = current_state()
        return _print(show_steps(state, name, oneliner=oneliner))
    if entity == "config":
        from slurmsim.api.controller import config_text

        out(config_text())
        return 0
    if entity == "reservation":
        from slurmsim.api import reservations

        return _print(reservations.show(name, oneliner=oneliner))
    from slurmsim.api.views import current_state, sees_hidden
    from slurmsim.format import scontrol as fmt

    state, user = current_state()
    if entity == "job":
        rendered = fmt.show_jobs(state, name, detail=detail, oneliner=oneliner, now=state.now)
    elif entity == "node":
        names = _node_names(name) if name else None
        if name and names is None:
            return 1
        rendered = fmt.show_nodes(state, names, detail=detail, oneliner=oneliner, future=future)
    else:
        hidden = every or sees_hidden(state, user)
        rendered = fmt.show_partition(state, name, oneliner=oneliner, show_hidden=hidden)
    out(rendered.stdout)
    err(rendered.stderr)
    return rendered.exit_code


def _hostlist(entity: str, expr: str | None) -> int:
    from slurmsim.parse import hostlist
    from slurmsim.parse.errors import ParseError

    if expr is None and entity != "hostnames":
        err("invalid encode argument\n")
        answer_probe(PROG, ["help"])  # and the usage, as scontrol does
        return 1
    if expr is None and entity == "hostnames":
        # 22.05 falls back on SLURM_NODELIST, not SLURM_JOB_NODELIST (oracle: scontrol/006,
        # 008, hostnames/): inside a job both are set.
        expr = os.environ.get("SLURM_NODELIST")
    if expr is None:
        err("scontrol: error: host list is empty\n")
        return 0
    try:
        names = hostlist.expand(expr)
    except ParseError:
        # The oracle: hostnames exits 0 here, hostlist and hostlistsorted 1.
        hostlist_complaint(PROG, expr)
        err(f"Invalid hostlist: {expr}\n")
        return 0 if entity == "hostnames" else 1
    if entity == "hostnames":
        out("".join(f"{n}\n" for n in names))
    else:
        if entity == "hostlistsorted":
            names = hostlist.sort_hosts(names, unique=False)
        out(hostlist.compress(names, sort=False) + "\n")
    return 0


#: How scontrol update refuses a word that is not ``Key=Value``, by entity (oracle).
_MISFORMED = {
    "job": "{word}\nRequest aborted\n",
    "node": "scontrol: error: {word}  Request aborted\nslurm_update error: No error\n",
    "partition": "scontrol: error: {word}  Request aborted\nslurm_update error: No error\n",
    "reservation": "scontrol: error: Misformatted parameter '{bare}', most options have a "
    "parameter after '='.  No reservation update.\nslurm_update error: No error\n",
}


#: The keys that name what ``scontrol update`` changes, the first found here winning
#: (``JobId=5 NodeName=dgx1`` updates a job; ``JobName=x`` alone updates the caller's
#: jobs of that name); a key is taken from its first 3 letters.
_UPDATE_KEYS = (("job", "jobid"), ("job", "jobname"), ("reservation", "reservationname"),
                ("node", "nodename"), ("partition", "partitionname"))  # fmt: skip


def _update_entity(args: list[str]) -> str | None:
    """What ``scontrol update`` changes, or None. Slurm looks for the key up to the
    first word that is not ``Key=Value`` (and in that word), not beyond."""
    keys = []
    for word in args:
        key, eq, _ = word.partition("=")
        keys.append(key.lower())
        if not eq:
            break
    return next(
        (entity for entity, name in _UPDATE_KEYS if any(_is_key(k, name) for k in keys)),
        None,
    )


def _update(tag: str, args: list[str]) -> int:
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.keyvalue import parse_assignment

    if not args:
        err(f"too few arguments for {tag} keyword\n")
        return 1
    entity = _update_entity(args)
    if entity is None:
        err("No valid entity in update command\n")
        err('Input line must include "NodeName", "PartitionName", "Reservation", "JobId", or '
            '"SlurmctldDebug"\n')  # fmt: skip
        return 1
    if entity == "job":
        from slurmsim.parse.job_update import job_update_pairs

        try:
            return _update_job(job_update_pairs(args))
        except ParseError as e:
            err(f"{e.message}\n")
            return 1
    pairs = []
    for word in args:
        try:
            pairs.append(parse_assignment(word))
        except ParseError as e:
            err(_MISFORMED[entity].format(word=e.message, bare=word))
            return 1
    if entity == "reservation":
        return _update_reservation(pairs)
    if entity == "node":
        return _update_node(pairs)
    return _update_partition(pairs)


def _update_partition(pairs: list[tuple[str, str]]) -> int:
    from slurmsim.api.control import update_partition
    from slurmsim.model.errors import SlurmError
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.partition_update import parse_partition_update

    try:
        update, warnings = parse_partition_update(pairs)
    except ParseError as e:  # scontrol's own refusal: it sends nothing
        for line in e.message.split("\n"):
            err(f"{PROG}: error: {line}\n" if line else "\n")
        err("slurm_update error: No error\n")
        return 1
    for line in warnings:
        err(f"{PROG}: error: {line}\n")
    if update.changes_nothing:
        err(f"{PROG}: error: No changes specified\n")
        return 1
    try:
        update_partition(update)
    except SlurmError as e:
        err(f"slurm_update error: {e.message}\n")
        return 1
    return 1 if warnings else 0


def _node_names(text: str) -> list[str] | None:
    """``show node``'s argument read as a hostlist (``dgx[1-2]``; ``dgx[`` is ``dgx]``);
    None, with scontrol's complaint, when it is none."""
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand

    try:
        return expand(text) or [text]
    except ParseError:
        hostlist_complaint(PROG, text)
        err(f"unable to parse node list {text}\n")
        return None


def _print(rendered: "Rendered") -> int:
    out(rendered.stdout)
    err(rendered.stderr)
    return rendered.exit_code


def _create(tag: str, args: list[str]) -> int:
    """``scontrol create reservation KEY=VALUE...`` (``res`` at least, as Slurm takes it)."""
    from slurmsim.api import reservations
    from slurmsim.model.errors import InvalidOption, NotSupported, SlurmError
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.keyvalue import parse_assignment

    if not args:
        err(f"too few arguments for {tag} keyword\n")
        return 1
    entity = args[0].partition("=")[0]
    if _is_key(entity, "partitionname"):
        return _create_partition(args)
    if not _is_key(entity, "reservationname"):
        if entity.lower().startswith("node"):
            not_supported(PROG)  # an administrator's; slurmsim's clusters are set up by init
        err(f"scontrol: error: Invalid creation entity: {args[0]}\n")
        return 1
    pairs = []
    for word in args[1:] if "=" not in args[0] else args:
        try:
            pairs.append(parse_assignment(word))
        except ParseError:
            err(f"scontrol: error: Misformatted parameter '{word}', most options have a "
                "parameter after '='.  No reservation created.\n")  # fmt: skip
            return 1
    try:
        name = reservations.create(pairs)
    except NotSupported:
        not_supported(PROG)
    except InvalidOption as e:
        err(f"{e.detail}\n" if e.detail else "")
        err(f"scontrol: error: {e.message}\n")
        return 1
    except SlurmError as e:
        out(e.detail or "")
        err(f"Error creating the reservation: {e.message}\n")
        return 1
    out(f"Reservation created: {name}\n")
    return 0


def _create_partition(args: list[str]) -> int:
    """``scontrol create PartitionName=NAME KEY=VALUE...``: the keys ``update`` takes."""
    from slurmsim.api.control import create_partition
    from slurmsim.model.errors import SlurmError
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.partition_update import parse_partition_update

    words = [(w.partition("=")[0], w.partition("=")[2] if "=" in w else None) for w in args]
    try:
        update, warnings = parse_partition_update(words)
    except ParseError as e:
        for line in e.message.split("\n"):
            err(f"{PROG}: error: {line}\n" if line else "\n")
        return 1
    for line in warnings:
        err(f"{PROG}: error: {line}\n")
    try:
        create_partition(update)
    except SlurmError as e:
        err(f"Error creating the partition: {e.message}\n")
        return 1
    return 1 if warnings else 0


def _delete_partition(word: str, name: str) -> int:
    from slurmsim.api.control import delete_partition
    from slurmsim.model.errors import SlurmError

    try:
        delete_partition(name)
    except SlurmError as e:
        err(f"delete_partition {word}: {e.message}\n")
        return 1
    return 0


def _update_reservation(pairs: list[tuple[str, str]]) -> int:
    from slurmsim.api import reservations
    from slurmsim.model.errors import InvalidOption, NotSupported, SlurmError

    name = next(v for k, v in pairs if _is_key(k, "reservationname"))
    rest = [(k, v) for k, v in pairs if not _is_key(k, "reservationname")]
    try:
        reservations.update(name, rest)
    except NotSupported:
        not_supported(PROG)
    except InvalidOption as e:
        err(f"{e.detail}\n" if e.detail else "")
        err(f"scontrol: error: {e.message}\n")
        # A time that does not parse leaves its errno behind; other refusals set none.
        bad_time = e.message.startswith(("Invalid start time", "Invalid end time"))
        err(f"slurm_update error: {'Invalid time specified' if bad_time else 'No error'}\n")
        return 1
    except SlurmError as e:
        out(e.detail or "")
        err(f"Error updating the reservation: {e.message}\n")
        err(f"slurm_update error: {e.message}\n")
        return 1
    out("Reservation updated.\n")
    return 0


def _is_key(word: str, name: str) -> bool:
    """Does ``word`` name the key ``name`` as scontrol reads keys: any case, a prefix of
    it, 3 letters at least (``Res`` for ReservationName)?"""
    return len(word) >= 3 and name.startswith(word.lower())


def _delete(tag: str, args: list[str]) -> int:
    """``scontrol delete reservation NAME`` or ``delete ReservationName=NAME``."""
    from slurmsim.api import reservations
    from slurmsim.model.errors import SlurmError

    if not args:
        err(f"too few arguments for {tag} keyword\n")
        return 1
    if len(args) == 2:
        entity, name = args
    elif len(args) == 1 and "=" in args[0]:
        entity, _, name = args[0].partition("=")
    else:
        err("scontrol: error: Proper format is 'delete <ENTITY>=<ID>' or "
            "'delete <ENTITY> <ID>'\n")  # fmt: skip
        return 1
    if _is_key(entity, "partitionname"):
        return _delete_partition(args[0], name)
    if not _is_key(entity, "reservationname"):
        if entity.lower().startswith("node"):
            not_supported(PROG)  # an administrator's; slurmsim's clusters are set up by init
        err(f"Invalid deletion entity: {entity}\n")
        return 1
    try:
        reservations.delete(name)
    except SlurmError as e:
        err(f"delete_reservation {args[0]}: {e.message}\n")
        return 1
    return 0


def _update_node(pairs: list[tuple[str, str]]) -> int:
    from slurmsim.api.control import update_node
    from slurmsim.model.errors import SlurmError
    from slurmsim.model.node_update import GresChange, NodeSettings
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand
    from slurmsim.parse.node_update import node_cpu_bind, node_gres_gpus, parse_weight

    names: list[str] = []
    state_word = reason = None
    weight: int | None = None
    texts: dict[str, str] = {}  # features, active features, comment, extra, CPU binding
    addresses: dict[str, tuple[str, ...]] = {}  # NodeAddr=, NodeHostname=
    gres: GresChange | None = None
    sent = False  # a key sent that changes nothing (``CpuBind=``)
    for key, value in pairs:
        what = keyword(key, _NODE_KEYS)
        if what == "name":
            try:
                names.extend(expand(value))
            except ParseError:
                # slurmctld reads the list: an operator hears it names no node, anyone
                # else is refused first, in words of its own (the oracle).
                from slurmsim.api.control import may_operate

                why = "Invalid node name specified" if may_operate() else "Invalid user id"
                err(f"slurm_update error: {why}\n")
                return 1
        elif what == "state":
            state_word = _node_state(value)
            if state_word is None:
                err(
                    f"Invalid input: {key}={value}\nRequest aborted\nValid states are: NoResp "
                    "DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN\nNot all states are "
                    "valid given a node's prior state\n"
                )
                return 1
        elif what == "reason":
            reason = value.removeprefix('"').removesuffix('"')
        elif what == "weight":
            try:
                weight = parse_weight(value)
            except ParseError as e:
                # scontrol stops reading there and sends what it had read, if anything.
                err(f"scontrol: error: {e.message}\n")
                break
        elif what in ("features", "active_features", "comment", "extra"):
            texts[what] = value
        elif what == "cpu_bind":
            bind = node_cpu_bind(value)
            if bind is None:
                err(f"scontrol: error: Invalid input {key}={value}\nslurm_update error: No error\n")
                return 1
            sent = True
            if value:
                texts[what] = bind
        elif what in ("addr", "hostname"):
            if not value:  # slurmctld finds no address for the nodes
                err("slurm_update error: Invalid node name specified\n")
                return 1
            addresses[what] = tuple(value.split(","))
        elif what == "gres":
            gres = GresChange(value, node_gres_gpus(value))
        else:
            err(f"Update of this parameter is not supported: {key}={value}\nRequest aborted\n")
            return 1
    if state_word in ("DRAIN", "DOWN", "FAIL") and not reason:
        err("You must specify a reason when DOWNING or DRAINING a node. Request denied\n")
        return 1
    settings = NodeSettings(
        weight, texts.get("features"), texts.get("active_features"), texts.get("comment"),
        texts.get("extra"), texts.get("cpu_bind"), addresses.get("addr"),
        addresses.get("hostname"), gres,
    )  # fmt: skip
    for values in addresses.values():
        if len(values) > 1 and len(values) != len(names):  # one each, or one for all
            err("slurm_update error: Invalid node name specified\n")
            return 1
    if state_word is None and reason is None and not settings and not sent:
        err("No changes specified\n")
        return 1
    try:
        update_node(names, state_word, reason, settings)
    except SlurmError as e:
        err(f"slurm_update error: {e.message}\n")
        return 1
    return 0


#: The keys of ``scontrol update NodeName=...``, in the order scontrol tries them (see
#: ``keyword``).
_NODE_KEYS: Keywords = (
    ("nodeaddr", 5, "addr"), ("nodehostname", 5, "hostname"), ("nodename", 1, "name"),
    ("activefeatures", 3, "active_features"), ("cpubind", 7, "cpu_bind"), ("extra", 1, "extra"),
    ("features", 1, "features"), ("availablefeatures", 3, "features"), ("gres", 1, "gres"),
    ("weight", 1, "weight"), ("comment", 2, "comment"), ("reason", 1, "reason"),
    ("state", 1, "state"),
)  # fmt: skip

#: The words ``State=`` takes, in the order scontrol tries them (its own words, then the
#: node states' names; see ``keyword``).
_NODE_STATES: Keywords = tuple(
    (name.lower(), fewest, name)
    for name, fewest in (
        ("NORESP", 3), ("CANCEL_REBOOT", 3), ("DRAIN", 3), ("FAIL", 3), ("FUTURE", 3),
        ("RESUME", 3), ("POWER_DOWN_ASAP", 12), ("POWER_DOWN_FORCE", 12), ("POWER_DOWN", 7),
        ("POWER_UP", 7), ("UNDRAIN", 3), ("UNKNOWN", 3), ("DOWN", 3), ("IDLE", 3),
        ("ALLOCATED", 3), ("ERROR", 3), ("MIXED", 3),
    )
)  # fmt: skip


def _cancel_reboot(tag: str, args: list[str]) -> int:
    """``scontrol cancel_reboot NODES``: the node update ``State=CANCEL_REBOOT``."""
    if len(args) != 1:
        many = "too many arguments" if args else "missing argument"
        err(f"{many} for keyword:{tag}\n")
        return 1
    return _update_node([("NodeName", args[0]), ("State", "CANCEL_REBOOT")])


def _node_state(value: str) -> str | None:
    """The ``State=`` word ``value`` stands for (``res``: RESUME), None when none."""
    return keyword(value, _NODE_STATES)


def _update_job(pairs: list[tuple[str, str | None]]) -> int:
    from slurmsim.api.control import JobRef, read_job_update, update_job
    from slurmsim.model.errors import ClientError, Declined, SlurmError
    from slurmsim.parse.job_update import is_job_id_key, match_key

    ids = [v for key, value in pairs if is_job_id_key(key) for v in (value or "").split(",") if v]
    try:
        update, lines = read_job_update(pairs)
    except SlurmError as e:
        err("".join(f"{line}\n" for line in (e.detail or "").splitlines()))
        err(f"{e.message}\n")
        return 0 if isinstance(e, Declined) else 1
    if not ids and any(is_job_id_key(key) for key, _ in pairs):
        # ``JobId=`` with no id: scontrol sends the update for no job and the controller
        # answers success, but for a change scontrol must load the job for first (the
        # oracle: ``jobid= TimeLimit=5`` exits 0, ``jobid= NumNodes=2`` is refused).
        if update.nodes is not None or update.req_nodes is not None:
            err(
                "scontrol: error: Could not load state information for job : "
                "Invalid job id specified\n"
            )
            return 1
        return 0
    if not ids and update.name is not None:  # the caller's jobs by that name (UserId's)
        from slurmsim.api.control import ids_named

        user = next((v for k, v in pairs if match_key(k, (("UserID", 3),)) and v), None)
        try:
            ids = ids_named(update.name, user)
        except SlurmError as e:
            err(f"scontrol: error: {e.message}\n")
            return 1
    if not ids:
        err("scontrol: error: No job ID specified\n")
        return 1
    err("".join(f"{line}\n" for line in lines))
    code = 0
    for text in ids:
        try:
            outcome = update_job(JobRef.parse(text), update)
        except ClientError as e:
            err(f"scontrol: error: {e.message}\n")
            return 1
        except SlurmError as e:
            err(f"{e.message} for job {text}\n")
            code = 1
            continue
        if outcome.tasks:
            err(_per_task(outcome.ref.job_id, outcome.tasks))
            code = 1
    return code


def _job_control(command: str, tag: str, args: list[str]) -> int:
    from slurmsim.api import control
    from slurmsim.model.errors import SlurmError

    if command == "top" and len(args) > 1:
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    words = [w for a in args for w in a.split(",") if w]
    if not words:
        err(f"too few arguments for keyword:{tag}\n")
        return 1
    api_name = "slurm_suspend" if command in ("hold", "uhold", "release") else None
    if api_name and len(args) > 1:  # each word a request of its own, answered in turn
        return max([_job_control(command, tag, [arg]) for arg in args])
    refs = []
    for word in words:
        text = word.split("=", 1)[1] if word.lower().startswith(("jobid=", "job=")) else word
        try:
            refs.append(control.JobRef.parse(text))
        except SlurmError as e:
            err(f"{e.message} for job {text}\n")
            if api_name:
                err(f"{api_name} error: {e.message}\n")
            return 1
    if command == "top":
        # One answer for the whole list, named as it was typed.
        error = control.top(refs)
        if error is not None:
            err(f"{error} for job {args[0]}\n")
        return 0 if error is None else 1
    if command in ("hold", "uhold"):
        outcomes = control.hold(refs, user_hold=command == "uhold")
    elif command == "release":
        outcomes = control.release(refs)
    else:
        outcomes = control.requeue(refs, hold=command == "requeuehold")
    code = 0
    for o in outcomes:
        if o.tasks:
            err(_per_task(o.ref.job_id, o.tasks))
            code = 1
        elif o.error and api_name is None and o.ref.task_id is not None:
            err(f"{o.ref}: {o.error}\n")  # requeue answers for a task as for an array
            code = 1
        elif o.error:
            err(f"{o.error} for job {o.ref}\n")
            code = 1
    last = next((o.error for o in reversed(outcomes) if o.error), None)
    if api_name and last:
        err(f"{api_name} error: {last}\n")
    return code


def _per_task(array_id: int, tasks: tuple[tuple[int, str | None], ...]) -> str:
    """An array's answer, tasks grouped by their error: ``12_0,2: No error``."""
    from slurmsim.format.hostlist import format_ranges

    groups: dict[str, list[int]] = {}
    for index, error in tasks:
        groups.setdefault(error or "No error", []).append(index)
    return "".join(
        f"{array_id}_{format_ranges(indexes)}: {error}\n" for error, indexes in groups.items()
    )
