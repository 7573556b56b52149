"""scontrol's job commands beyond hold/release/requeue/top: suspend, resume, notify,
wait_job and listpids, and the controller commands slurmsim does not emulate.

Errors read as scontrol prints them: ``<error> for job <id>`` on stderr, exit 1.
"""

from cli._common import err, out
from slurmsim.model.digits import is_number

#: Controller commands that change daemons or their configuration: an administrator's.
ADMIN_COMMANDS = ("reconfigure", "shutdown", "takeover", "setdebug", "setdebugflags",
                  "schedloglevel", "reboot", "cancel_reboot", "abort",
                  "fsdampeningfactor")  # fmt: skip

#: How slurmctld refuses each admin command to a user (oracle: scontrol/059-062).
_REFUSALS = {"reconfigure": "slurm_reconfigure error: Invalid user id",
             "shutdown": "slurm_shutdown error: Invalid user id",
             "abort": "slurm_shutdown error: Invalid user id",
             "takeover": "slurm_takeover error: Invalid user id",
             "setdebug": "slurm_set_debug_level error: Permission denied",
             "setdebugflags": "slurm_set_debugflags error: Permission denied",
             "schedloglevel": "slurm_set_schedlog_level error: Permission denied",
             "reboot": "slurm_reboot error: Invalid user id",
             "cancel_reboot": "slurm_cancel_reboot error: Invalid user id",
             "fsdampeningfactor":
                 "slurm_set_fs_dampeningfactor error: Invalid user id"}  # fmt: skip


def suspend_or_resume(command: str, tag: str, args: list[str]) -> int:
    """``scontrol suspend|resume JOB_LIST``: operators only."""
    from slurmsim.api import control
    from slurmsim.model.errors import SlurmError

    words = [w for a in args for w in a.split(",") if w]
    if not words:
        err(f"too few arguments for keyword:{tag}\n")
        return 1
    refs = []
    for word in words:
        text = word.split("=", 1)[1] if word.lower().startswith(("jobid=", "job=")) else word
        try:
            refs.append(control.JobRef.parse(text))
        except SlurmError as e:
            err(f"{e.message} for job {text}\n")
            return 1
    act = control.suspend if command == "suspend" else control.resume
    code = 0
    for outcome in act(refs):
        if outcome.error:
            err(f"{outcome.error} for job {outcome.ref}\n")
            code = 1
    return code


def notify(tag: str, args: list[str]) -> int:
    """``scontrol notify JOBID MESSAGE``: the words of the message, joined by blanks."""
    from slurmsim.api import control
    from slurmsim.model.errors import SlurmError

    if len(args) < 2:
        err(f"too few arguments for keyword:{tag}\n")
        return 1
    if not is_number(args[0]) or int(args[0]) <= 0:
        err(f"Invalid job_id {args[0]}\n")
        return 1
    try:
        control.notify(int(args[0]), " ".join(args[1:]))
    except SlurmError as e:
        err(f"job notify failure: {e.message}\n")
        return 1
    return 0


def wait_job(tag: str, args: list[str]) -> int:
    """``scontrol wait_job JOBID``: returns once the job runs. Simulated nodes are ready
    the moment a job starts; a pending job would wait for simulated time, which moves
    only when told, so slurmsim says so instead of blocking."""
    from slurmsim.api.views import current_state

    if len(args) != 1:
        err(f"too {'many' if args else 'few'} arguments for keyword:{tag}\n")
        return 1
    if not is_number(args[0]) or int(args[0]) <= 0:
        err(f"Invalid job_id {args[0]}\n")
        return 1
    state, _ = current_state()
    job = state.jobs.get(int(args[0]))
    if job is None or job.state.finished:
        err(f"scontrol: Problem running job {args[0]}\n")
        return 1
    if job.state.value == "PENDING":
        err(
            f"scontrol: error: job {job.job_id} has not started: slurmsim's clock moves only "
            "when told (slurmsim clock advance)\n"
        )
        return 1
    err(f"scontrol: Nodes are ready for job {job.job_id}\n")
    return 0


def listpids(tag: str, args: list[str]) -> int:
    """``scontrol listpids [JOB[.STEP]] [NODE]``: the processes of job steps on this host,
    which runs no slurmd of the simulated cluster: the header, and no steps."""
    if len(args) > 2:
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    out(f"{'PID':<8} {'JOBID':<8} {'STEPID':<8} {'LOCALID':<7} GLOBALID\n")
    if not args:
        err("No job steps exist on this node.\n")
        return 1
    job = args[0].partition(".")[0]
    err(f"There are no steps for job {job} on node (null).\n")
    return 1


def reboot(tag: str, args: list[str]) -> int:
    """``scontrol reboot [ASAP] [nextstate=...] [reason=...] ALL|NODES``: read as scontrol
    reads it (up to three options ahead of the nodes). scontrol itself refuses it, whoever
    asks, on a cluster whose slurm.conf names no RebootProgram (the default one); with one,
    slurmsim has no node to reboot."""
    from slurmsim.api.cluster import setting

    taken = 0
    for word in args[:3]:
        key, _, value = word.partition("=")
        if word.lower() == "asap":
            taken += 1
        elif "=" in word and key.lower() == "reason":
            if not value:
                err("missing reason\n")
                return 1
            taken += 1
        elif "=" in word and key.lower() == "nextstate":
            if not value:
                err("missing state\n")
                return 1
            if not any(w.startswith(value.upper()) for w in ("DOWN", "RESUME")):
                err(f"Invalid state: {value}\nValid states: DOWN, RESUME\n")
                return 1
            taken += 1
    left = len(args) - taken
    if left > 1:
        err(f"too many arguments for keyword:{tag}\n")
        return 1
    if left < 1:
        err("Missing node list. Specify ALL|<NodeList>\n")
        return 1
    if setting("RebootProgram") is None:
        err("scontrol: error: RebootProgram isn't defined\n"
            "scontrol_reboot_nodes error: Unspecified error\n")  # fmt: skip
        return 1
    return admin_command("reboot")


def admin_command(command: str) -> int:
    """What an administrator's controller command answers: a user is refused as by
    slurmctld; an operator learns that slurmsim has no daemon to act on."""
    from slurmsim.api.control import may_operate

    if not may_operate():
        err(f"{_REFUSALS[command]}\n")
        return 1
    err(f"scontrol: error: {command}: slurmsim has no daemons to act on "
        "(see docs/differences.md)\n")  # fmt: skip
    return 1
