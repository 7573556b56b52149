"""``salloc``: take an allocation, run a command (or a shell) in it, then give it back.

``salloc --no-shell`` only takes the allocation and leaves it running; scancel ends it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli._allocate import allocate, with_environment
from cli._common import (
    HET_SEPARATOR,
    err,
    error,
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
from slurmsim.parse.option_tables import HET_CARRIED, SALLOC_ENV, SALLOC_OPTIONS

if TYPE_CHECKING:
    from slurmsim.api.interactive import Allocation

PROG = "salloc"


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: salloc(list(sys.argv[1:] if argv is None else argv)))


def salloc(argv: list[str]) -> int:
    """Allocate, run, relinquish; the command's exit code."""
    pairs, operands = parse_args(PROG, argv, SALLOC_OPTIONS, stop_at_operand=True, code=255)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    given = {key for key, _ in pairs}
    values = with_environment(dict(pairs), os.environ, SALLOC_ENV, SALLOC_OPTIONS)
    components, operands = _components(values, operands)
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
    for each in components:
        each.setdefault("job-name", values["job-name"])
    got = allocate(PROG, values, argv, command, given, components=components)
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

    submitted = {**os.environ, "SLURM_SUBMIT_HOST": short_hostname()}  # the client's, as sbatch's
    if components:
        allocs = [got, *(api.allocation(i, claim=False) for i in _siblings(got))]
        env = api.het_shell_environment(allocs, submitted)
    else:
        env = api.shell_environment(got, submitted)
    ran = api.run_command(got, command, env, missing, revoked, kill_with=_kill_signal(values))
    if not ended and "quiet" not in values:
        err(f"salloc: Relinquishing job allocation {got.job_id}\n")
        if components:  # it hears the whole job's end too (the oracle)
            err(f"salloc: Job allocation {got.job_id} has been revoked.\n")
    if ran is None:  # hung up: it gave the allocation back and left its command (the oracle)
        api.end(got.job_id, 0, 0)
        return 1
    code, sig = ran
    api.end(got.job_id, code, sig)
    return _exit_status(code, sig)


def _components(
    values: dict[str, str | None], operands: list[str]
) -> tuple[list[dict[str, str | None]], list[str]]:
    """``salloc A : B CMD``: the options of each component after the first, each starting
    from what the one before left in force that Slurm passes on, and the command."""
    components: list[dict[str, str | None]] = []
    before = values
    while operands[:1] == [HET_SEPARATOR]:
        pairs, operands = parse_args(
            PROG, operands[1:], SALLOC_OPTIONS, stop_at_operand=True, code=255
        )
        carried = {k: v for k, v in before.items() if k in HET_CARRIED}
        before = {**carried, **dict(pairs)}
        components.append(before)
    return components, operands


def _siblings(got: Allocation) -> list[int]:
    """The ids of the components of ``got``'s heterogeneous job after the leader."""
    het = got.job.het
    return [] if het is None else list(het.ids[1:])


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
