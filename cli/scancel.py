"""``scancel``: cancel jobs, array tasks, or every job a filter selects.

A plain ``scancel ID`` of a job that is unknown or already finished prints
nothing and exits 0, as Slurm does; only ``-v`` shows why. A refused
cancellation exits with Slurm's error number truncated to 8 bits.
"""

import re
import sys
from collections.abc import Sequence

from cli._clusters import clusters_ok
from cli._common import err, out, parse_args, run
from cli._defined import plugins_loaded
from cli._help import answer_probe
from slurmsim.parse.options import options

PROG = "scancel"

_OPTIONS = options(
    [
        ("account", "A", "required"), ("batch", "b", "none"), ("ctld", None, "none"),
        ("full", "f", "none"), ("help", None, "none"), ("hurry", "H", "none"),
        ("interactive", "i", "none"), ("cluster", None, "required", "clusters"),
        ("clusters", "M", "required"), ("jobname", None, "required", "name"),
        ("me", None, "none"), ("name", "n", "required"), ("nodelist", "w", "required"),
        ("partition", "p", "required"), ("qos", "q", "required"), ("quiet", "Q", "none"),
        ("reservation", "R", "required"), ("sibling", None, "required"),
        ("signal", "s", "required"), ("state", "t", "required"), ("usage", None, "none"),
        ("user", "u", "required"), ("verbose", "v", "none"), ("version", "V", "none"),
        ("wckey", None, "required"),
    ]
)  # fmt: skip

#: Slurm's error numbers, whose low 8 bits are scancel's exit status.
ERRNO = {
    "Invalid job id specified": 2017,
    "Access/permission denied": 2002,
    "Job/step already completing or completed": 2021,
    "Job can not be altered now, try again later": 2020,
    "Operation not permitted on individual component of heterogeneous job": 2108,
}
#: How often scancel retries a signal the controller cannot deliver yet (a pending job).
_RETRIES = 10
#: Comma-separated job specs; a comma inside ``12_[1,3]`` belongs to the spec.
_JOB_SPECS = re.compile(r"(?:\[[^\]]*\]|[^,\[])+")
_STATES = {"PENDING", "PD", "RUNNING", "R", "SUSPENDED", "S"}


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: scancel(list(sys.argv[1:] if argv is None else argv)))


def scancel(argv: list[str]) -> int:
    pairs, operands = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    opts: dict[str, str | None] = dict(pairs)  # the last of each option given
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    if not clusters_ok(PROG, opts.get("clusters"), env_word="--cluster"):
        return 1
    verbose = "verbose" in opts

    from cli._scancel_steps import STEP, cancel_steps
    from slurmsim.api.control import JobRef, cancel, count_selected
    from slurmsim.model.errors import SlurmError
    from slurmsim.model.signals import Target, signal_number

    # The options are read before the job ids, each refused as it is read.
    states = _split(opts.get("state"))
    for s in states:
        if s.upper() not in _STATES and s.upper() not in {"CD", "COMPLETED", "CA", "F"}:
            err(f"Invalid job state specified: {s}\n")
            err("Valid job states are PENDING, RUNNING, and SUSPENDED\n")
            return 1
    signal = None
    if (sig := opts.get("signal")) is not None:
        signal = signal_number(sig)
        if not signal:  # none named, or 0: scancel's reading gives 0 for both
            err(f"Unknown job signal: {sig}\n")
            return 1
    refs, steps = [], []
    for word in operands:
        for found in _JOB_SPECS.finditer(word):
            piece = found.group()
            if STEP.fullmatch(piece):  # one step of a job: cli/_scancel_steps.py
                steps.append(piece)
                continue
            try:
                refs.extend(JobRef.parse_many(piece))
            except SlurmError:
                # scancel names the rest of the word from the id it could not read.
                err(f"{PROG}: error: Invalid job id {word[found.start() :]}\n")
                return 1
    filters = any(
        k in opts
        for k in ("user", "me", "partition", "state", "name", "account", "qos", "nodelist")
    )
    step_code = cancel_steps(steps, signal, verbose=verbose) if steps else 0
    if steps and not refs and not filters:
        return step_code
    if not refs and not filters:
        err(f"{PROG}: error: No job identification provided\n")
        return 1
    nodes: list[str] = []
    if (listed := opts.get("nodelist")) is not None:
        from slurmsim.parse.errors import ParseError
        from slurmsim.parse.hostlist import expand, range_complaint

        try:
            nodes = expand(listed)
        except ParseError:
            # scancel reads the list again for each job its other filters keep, failing
            # each time (the oracle), and so cancels nothing.
            complaint = range_complaint(listed)
            others = count_selected(
                refs,
                users=[u] if (u := opts.get("user")) else [],
                partitions=_split(opts.get("partition")),
                states=states,
                names=[n] if (n := opts.get("name")) else [],
                accounts=_split(opts.get("account")),
                qos=_split(opts.get("qos")),
                me="me" in opts,
            )
            for _ in range(others):
                if complaint:
                    err(f"{PROG}: error: _parse_single_range: {complaint}\n")
                err(f"{PROG}: error: hostlist_pop: no hostlist given\n")
            return 0
    reads_jobs = filters or signal is not None or "batch" in opts or "interactive" in opts
    try:
        done = cancel(
            refs,
            users=[u] if (u := opts.get("user")) else [],  # one name: "a,b" is a name
            partitions=_split(opts.get("partition")),
            states=states,
            names=[n] if (n := opts.get("name")) else [],  # one name: "a,b" is a name
            accounts=_split(opts.get("account")),
            qos=_split(opts.get("qos")),
            nodes=nodes,
            me="me" in opts,
            signal=signal,
            # -f wins over -b; either makes even SIGKILL a signal rather than a cancel
            target=Target.FULL
            if "full" in opts
            else Target.BATCH
            if "batch" in opts
            else Target.STEPS,
            reads_jobs=reads_jobs,
            confirm=_confirm if "interactive" in opts else None,
        )
    except SlurmError as e:  # an unknown -u user, found before anything is cancelled
        err(f"{PROG}: error: {e.message}\n")
        return 1
    code = 0
    if verbose and reads_jobs:
        err(plugins_loaded(PROG))  # reading the jobs loads the select plugins, and -v says so
    for outcome in done.missing:  # scancel's own finding, before it asks the controller
        err(f"{PROG}: error: Kill job error on job id {outcome}: {outcome.error}\n")
        code = 1
    if verbose and filters and not done.matched:
        err(f"{PROG}: error: No active jobs match ALL job filters, including: "
            f"{_filters_text(opts, done.uid)}\n")  # fmt: skip
    for outcome in done.outcomes:
        if verbose:  # said before the controller answers, so also before its refusal
            whose = "full job" if "full" in opts else "batch job" if "batch" in opts else "job"
            action = f"Signal {signal} to {whose}" if signal else "Terminating job"
            err(f"{PROG}: {action} {outcome}\n")
        if outcome.error is None:
            continue
        if verbose and outcome.error in ERRNO and ERRNO[outcome.error] == 2020:
            # Slurm waits between the retries (about 95 s in all); slurmsim does not.
            err(f"{PROG}: Job is in transitional state, retrying\n" * _RETRIES)
        quiet_miss = not reads_jobs and outcome.error in (
            "Invalid job id specified",
            "Job/step already completing or completed",
        )
        if quiet_miss and not verbose:
            continue
        err(f"{PROG}: error: Kill job error on job id {outcome}: {outcome.error}\n")
        if not quiet_miss:
            code = max(code, ERRNO.get(outcome.error, 1) & 0xFF)
    return code or step_code


def _confirm(named: str, name: str, partition: str) -> bool:
    """``-i``: ask before each cancel, until the answer starts with y or n. At the end of
    the input Slurm's scancel asks again forever; this one takes it as no."""
    while True:
        out(f"Cancel job_id={named} name={name} partition={partition} [y/n]? ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return False
        if line[0] in "yY":
            return True
        if line[0] in "nN":
            return False


def _filters_text(opts: dict[str, str | None], uid: int) -> str:
    """The filters as scancel lists them when no active job passes them all."""
    from slurmsim.model.jobs import JobState

    words = []
    for key, label in (("account", "account"), ("name", "job_name"), ("nodelist", "nodelist"),
                       ("partition", "partition"), ("qos", "qos")):  # fmt: skip
        if opts.get(key) is not None:
            words.append(f"{label}={opts[key]}")
    if (state := opts.get("state")) is not None:
        named = next((s for s in JobState if state.upper() in (s.value, s.compact)), None)
        words.append(f"state={named.value if named else state.upper()}")
    if (user := opts.get("user")) is not None:
        words.append(f"user_name={user}")
    elif "me" in opts:
        words.append(f"user_name={uid}")
    return "".join(f"{w} " for w in words)


def _split(value: str | None) -> list[str]:
    return [v for v in value.split(",") if v] if value else []
