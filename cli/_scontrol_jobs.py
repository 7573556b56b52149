"""scontrol's job commands beyond hold/release/requeue/top: suspend, resume, notify,
wait_job and listpids, and the controller commands slurmsim does not emulate.

Errors read as scontrol prints them: ``<error> for job <id>`` on stderr, exit 1.
"""

from cli._common import err

#: Controller commands that change daemons or their configuration: an administrator's.
ADMIN_COMMANDS = ("reconfigure", "shutdown", "takeover", "setdebug", "setdebugflags",
                  "schedloglevel", "reboot", "cancel_reboot", "abort",
                  "fsdampeningfactor")  # fmt: skip

#: What each admin command is called in its error line (``slurm_reconfigure error: ...``).
_API_NAMES = {"reconfigure": "slurm_reconfigure", "shutdown": "slurm_shutdown",
              "takeover": "slurm_takeover", "setdebug": "slurm_set_debug_level",
              "setdebugflags": "slurm_set_debugflags", "schedloglevel": "slurm_set_schedlog_level",
              "reboot": "slurm_reboot", "cancel_reboot": "slurm_cancel_reboot",
              "abort": "slurm_shutdown",
              "fsdampeningfactor": "slurm_set_fs_dampeningfactor"}  # fmt: skip


def suspend_or_resume(command: str, args: list[str]) -> int:
    """``scontrol suspend|resume JOB_LIST``: operators only."""
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
    act = control.suspend if command == "suspend" else control.resume
    code = 0
    for outcome in act(refs):
        if outcome.error:
            err(f"{outcome.error} for job {outcome.ref}\n")
            code = 1
    return code


def notify(args: list[str]) -> int:
    """``scontrol notify JOBID MESSAGE``: the words of the message, joined by blanks."""
    from slurmsim.api import control
    from slurmsim.model.errors import SlurmError

    if len(args) < 2:
        err("too few arguments for keyword:notify\n")
        return 1
    if not args[0].isdigit() or int(args[0]) <= 0:
        err(f"Invalid job_id {args[0]}\n")
        return 1
    try:
        control.notify(int(args[0]), " ".join(args[1:]))
    except SlurmError as e:
        err(f"notify_job error: {e.message}\n")
        return 1
    return 0


def wait_job(args: list[str]) -> int:
    """``scontrol wait_job JOBID``: returns once the job runs. Simulated nodes are ready
    the moment a job starts; a pending job would wait for simulated time, which moves
    only when told, so slurmsim says so instead of blocking."""
    from slurmsim.api.views import current_state

    if len(args) != 1:
        err(f"too {'many' if args else 'few'} arguments for keyword:wait_job\n")
        return 1
    if not args[0].isdigit() or int(args[0]) <= 0:
        err(f"Invalid job_id {args[0]}\n")
        return 1
    state, _ = current_state()
    job = state.jobs.get(int(args[0]))
    if job is None:
        err("slurm_job_node_ready error: Invalid job id specified\n")
        return 1
    if job.state.value == "PENDING":
        err(
            f"scontrol: error: job {job.job_id} has not started: slurmsim's clock moves only "
            "when told (slurmsim clock advance)\n"
        )
        return 1
    if job.state.finished:
        err("slurm_job_node_ready error: Job/step already completing or completed\n")
        return 1
    return 0


def listpids(args: list[str]) -> int:
    """``scontrol listpids [JOB[.STEP]] [NODE]``: the processes of job steps on this host,
    which runs no slurmd of the simulated cluster."""
    if len(args) > 2:
        err("too many arguments for keyword:listpids\n")
        return 1
    err("No job steps exist on this node.\n")
    return 1


def admin_command(command: str) -> int:
    """What an administrator's controller command answers: a user is refused as by
    slurmctld; an operator learns that slurmsim has no daemon to act on."""
    from slurmsim.api.control import may_operate

    if not may_operate():
        err(f"{_API_NAMES[command]} error: Access/permission denied\n")
        return 1
    err(f"scontrol: error: {command}: slurmsim has no daemons to act on "
        "(see docs/differences.md)\n")  # fmt: skip
    return 1
