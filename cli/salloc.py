"""``salloc``: take an allocation, run a command (or a shell) in it, then give it back.

``salloc --no-shell`` only takes the allocation and leaves it running; scancel ends it.
"""

import os
import sys
from collections.abc import Sequence

from cli._allocate import allocate, with_environment
from cli._common import (
    HET_SEPARATOR,
    err,
    error,
    not_supported,
    parse_args,
    run,
    short_hostname,
)
from cli._defined import defined_options, plugins_loaded, verbosity
from cli._help import answer_probe
from cli._verify import (
    burst_buffer_refused,
    gres_help,
    quiet_and_verbose,
    wants_x11,
    x11_unusable,
)
from cli.sbatch import spec_warnings
from slurmsim.parse.option_tables import SALLOC_ENV, SALLOC_OPTIONS

PROG = "salloc"


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: salloc(list(sys.argv[1:] if argv is None else argv)))


def salloc(argv: list[str]) -> int:
    """Allocate, run, relinquish; the command's exit code."""
    pairs, operands = parse_args(PROG, argv, SALLOC_OPTIONS, stop_at_operand=True, code=255)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    if operands[:1] == [HET_SEPARATOR]:  # salloc A : B allocates a heterogeneous job
        not_supported(PROG)
    given = {key for key, _ in pairs}
    values = with_environment(dict(pairs), os.environ, SALLOC_ENV, SALLOC_OPTIONS)
    if gres_help(values):
        return 0
    if "get-user-env" in values:
        from slurmsim.api.session import current_user

        if current_user() != "root":  # the oracle's words for any other user
            spec_warnings(PROG, values)  # verifying the options, it warns first
            error(PROG, "SlurmdUser must be root to use --get-user-env")
            return 1
    loud = verbosity(pairs, values)
    if quiet_and_verbose(PROG, values, loud) or burst_buffer_refused(PROG, values):
        return 1
    if wants_x11(values) and x11_unusable(PROG, os.environ):
        return 255
    if loud:
        from slurmsim.api.cluster import now

        err(defined_options(PROG, values, loud, now))
        if any(key == "verbose" for key, _ in pairs):
            err(plugins_loaded(PROG))
    no_shell = "no-shell" in values
    command = [] if no_shell else operands or [os.environ.get("SHELL") or "/bin/sh"]
    values.setdefault("job-name", "no-shell" if no_shell else "interactive")
    got = allocate(PROG, values, argv, command, given)
    if isinstance(got, int):
        return got
    if no_shell:
        return 0
    from slurmsim.api import interactive as api
    from slurmsim.model.jobs import JobState

    def missing() -> None:
        error(PROG, f'Unable to exec command "{command[0]}"')

    ended: list[api.Revoked] = []

    def revoked(gone: api.Revoked) -> None:
        ended.append(gone)
        if gone.job.state is JobState.TIMEOUT:
            err(f"salloc: Job {got.job_id} has exceeded its time limit and its allocation "
                "has been revoked.\n")  # fmt: skip
        else:
            err(f"salloc: Job allocation {got.job_id} has been revoked.\n")

    env = api.shell_environment(got, dict(os.environ))
    env["SLURM_SUBMIT_HOST"] = short_hostname()  # the client's own, as sbatch's
    ran = api.run_command(got, command, env, missing, revoked, kill_with=_kill_signal(values))
    if not ended and "quiet" not in values:
        err(f"salloc: Relinquishing job allocation {got.job_id}\n")
    if ran is None:  # hung up: it gave the allocation back and left its command (the oracle)
        api.end(got.job_id, 0, 0)
        return 1
    code, sig = ran
    api.end(got.job_id, code, sig)
    return _exit_status(code, sig)


def _exit_status(code: int, sig: int) -> int:
    """salloc's exit status: its command's exit code; for a command killed by a signal 0
    when a user most likely sent it (SIGHUP, SIGINT, SIGQUIT, SIGKILL), else 1 (the
    oracle: ``kill -INT $$`` 0, ``kill -TERM $$`` 1)."""
    import signal

    if not sig:
        return code
    return 0 if sig in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGKILL) else 1


def _kill_signal(values: dict[str, str | None]) -> int | None:
    """``--kill-command[=SIG]``: what salloc sends its command when the allocation is
    revoked (SIGHUP from a terminal, SIGTERM otherwise); None: it waits for the command."""
    import signal

    from slurmsim.model.signals import signal_number

    if "kill-command" not in values:
        return None
    given = values["kill-command"]
    if given:
        return signal_number(given)
    return signal.SIGHUP if sys.stdin.isatty() else signal.SIGTERM
