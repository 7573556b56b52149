"""``scontrol``: show and change jobs, nodes and partitions.

Operators (root, or users with AdminLevel Operator/Administrator) may change
nodes; users may change only their own jobs, within what Slurm allows them.
"""

import sys
from collections.abc import Sequence

from cli._common import VERSION, err, options, out, parse_args, run

PROG = "scontrol"

_OPTIONS = options(
    [
        ("all", "a", "none"), ("clusters", "M", "required"), ("details", "d", "none"),
        ("federation", None, "none"), ("future", "F", "none"), ("help", "h", "none"),
        ("hide", None, "none"), ("local", None, "none"), ("oneliner", "o", "none"),
        ("quiet", "Q", "none"), ("sibling", None, "none"), ("usage", "u", "none"),
        ("verbose", "v", "none"), ("version", "V", "none"),
    ]
)  # fmt: skip

_COMMANDS = ("show", "update", "hold", "uhold", "release", "requeue", "top", "version", "ping")
_ENTITIES = ("job", "jobs", "node", "nodes", "partition", "partitions", "hostnames", "hostlist",
             "hostlistsorted")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: scontrol(list(sys.argv[1:] if argv is None else argv)))


def _keyword(word: str, choices: Sequence[str]) -> str | None:
    """scontrol accepts a command word in any case, and any unambiguous prefix of it."""
    w = word.lower()
    if w in choices:
        return w
    matches = [c for c in choices if c.startswith(w)]
    return matches[0] if len(matches) == 1 or (matches and len(w) >= 3) else None


def scontrol(argv: list[str]) -> int:
    pairs, words = parse_args(PROG, argv, _OPTIONS, stop_at_operand=True, code=1)
    flags = {k for k, _ in pairs}
    if "version" in flags:
        out(f"{VERSION}\n")
        return 0
    if "help" in flags or "usage" in flags or not words:
        out("Usage: scontrol [<OPTION>] [<COMMAND>]\n")
        return 0
    detail = "details" in flags
    # Options may also follow the command word (``scontrol show job -d 12``).
    rest = []
    for w in words[1:]:
        if w in ("-d", "--details"):
            detail = True
        elif w in ("-o", "--oneliner"):
            flags.add("oneliner")
        else:
            rest.append(w)
    command = _keyword(words[0], _COMMANDS)
    if command is None:
        err(f"invalid keyword: {words[0]}\n")
        return 1
    if command == "version":
        out(f"{VERSION}\n")
        return 0
    if command == "ping":
        out("Slurmctld(primary) at slurmsim is UP\n")
        return 0
    if command == "show":
        return _show(rest, detail=detail, oneliner="oneliner" in flags)
    if command == "update":
        return _update(rest)
    return _job_control(command, rest)


def _show(args: list[str], *, detail: bool, oneliner: bool) -> int:
    if not args:
        err("too few arguments for keyword:show\n")
        return 1
    entity = _keyword(args[0], _ENTITIES)
    name = args[1] if len(args) > 1 else None
    if entity in ("hostnames", "hostlist", "hostlistsorted"):
        return _hostlist(entity, name)
    if entity is None:
        err(f"invalid entity: {args[0]} for keyword: show\n")
        return 1
    from slurmsim.api.views import current_state
    from slurmsim.format import scontrol as fmt

    state, _ = current_state()
    if entity.startswith("job"):
        rendered = fmt.show_jobs(state, name, detail=detail, oneliner=oneliner, now=state.now)
    elif entity.startswith("node"):
        rendered = fmt.show_nodes(state, [name] if name else None, oneliner=oneliner)
    else:
        rendered = fmt.show_partition(state, name, oneliner=oneliner)
    out(rendered.stdout)
    err(rendered.stderr)
    return rendered.exit_code


def _hostlist(entity: str, expr: str | None) -> int:
    from slurmsim.parse import hostlist
    from slurmsim.parse.errors import ParseError

    if expr is None:
        err("scontrol: error: Unable to parse hostlist\n")
        return 1
    try:
        names = hostlist.expand(expr)
    except ParseError:
        err(f"scontrol: error: Unable to create hostlist from {expr}\n")
        return 1
    if entity == "hostnames":
        out("".join(f"{n}\n" for n in names))
    else:
        if entity == "hostlistsorted":
            names = hostlist.sort_hosts(names, unique=False)
        out(hostlist.compress(names, sort=False) + "\n")
    return 0


def _update(args: list[str]) -> int:
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.keyvalue import parse_assignments

    try:
        pairs = parse_assignments(args)
    except ParseError as e:
        err(f"{e.message}\n")
        return 1
    keys = [k.lower() for k, _ in pairs]
    if "jobid" in keys or "job" in keys:
        return _update_job(pairs)
    if "nodename" in keys:
        return _update_node(pairs)
    if "partitionname" in keys:
        err("slurm_update error: Access/permission denied\n")
        return 1
    if not pairs:
        err("too few arguments for keyword:update\n")
        return 1
    err("No valid entity in update command\n")
    err('Input line must include "NodeName", "PartitionName", "Reservation", "JobId", or '
        '"SlurmctldDebug"\n')  # fmt: skip
    return 1


def _update_node(pairs: list[tuple[str, str]]) -> int:
    from slurmsim.api.control import update_node
    from slurmsim.model.errors import SlurmError
    from slurmsim.parse.hostlist import expand

    names: list[str] = []
    state_word = reason = None
    for key, value in pairs:
        k = key.lower()
        if k == "nodename":
            names.extend(expand(value))
        elif k == "state":
            state_word = value
        elif k == "reason":
            reason = value.strip('"')
        else:
            err(f"Update of this parameter is not supported: {key}={value}\n")
            return 1
    if state_word and state_word.upper() in ("DRAIN", "DOWN", "FAIL") and not reason:
        err("You must specify a reason when DOWNING or DRAINING a node. Request denied\n")
        return 1
    if state_word is None and reason is None:
        err("No changes specified\n")
        return 1
    try:
        update_node(names, state_word, reason)
    except SlurmError as e:
        err(f"slurm_update error: {e.message}\n")
        return 1
    return 0


def _update_job(pairs: list[tuple[str, str]]) -> int:
    from slurmsim.api.control import JobRef, update_job
    from slurmsim.model.errors import SlurmError

    ids: list[str] = []
    changes: dict[str, str] = {}
    for key, value in pairs:
        if key.lower() in ("jobid", "job"):
            ids.extend(v for v in value.split(",") if v)
        else:
            changes[key] = value
    if not ids:
        err("No job ID specified\n")
        return 1
    code = 0
    for text in ids:
        try:
            update_job(JobRef.parse(text), changes)
        except SlurmError as e:
            err(f"{e.message} for job {text}\n")
            code = 1
    return code


def _job_control(command: str, args: list[str]) -> int:
    from slurmsim.api import control
    from slurmsim.model.errors import SlurmError

    words = [w for a in args for w in a.split(",") if w]
    if not words:
        err(f"too few arguments for keyword:{command}\n")
        return 1
    refs = []
    for word in words:
        text = word.split("=", 1)[1] if word.lower().startswith(("jobid=", "job=")) else word
        try:
            refs.append(control.JobRef.parse(text))
        except SlurmError as e:
            err(f"{e.message} for job {text}\n")
            return 1
    if command in ("hold", "uhold"):
        outcomes = control.hold(refs, user_hold=command == "uhold")
        api_name = "slurm_suspend"
    elif command == "release":
        outcomes = control.release(refs)
        api_name = "slurm_suspend"
    elif command == "requeue":
        outcomes = control.requeue(refs)
        api_name = "slurm_requeue"
    else:
        outcomes = control.top(refs)
        api_name = "slurm_top_job"
    failed = [o for o in outcomes if o.error]
    for o in failed:
        err(f"{o.error} for job {o.ref}\n")
    if failed:
        err(f"{api_name} error: {failed[-1].error}\n")
        return 1
    return 0
