"""``slurmsim``: set up the simulated cluster, move its clock, and look at it.

This is slurmsim's own command (the Slurm commands stay byte-compatible with
Slurm); it uses click and rich because nothing has to parse its output.
"""

import sys

import click

from cli._drill import drill, grade
from slurmsim.model.time import Instant


def _when(instant: Instant) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(instant))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    package_name="slurmsim", message="slurmsim %(version)s (emulating Slurm 22.05.8)"
)
def cli() -> None:
    """A Slurm 22.05 emulator of a GPU cluster: set it up, move its clock, watch it.

    The Slurm commands (sbatch, squeue, sinfo, scontrol, scancel, ...) act on the
    cluster in the store named by $SLURMSIM_DB (default: a file in your data
    directory). Example:

        slurmsim init && sbatch -N 4 --gres=gpu:8 --wrap='sleep 3600' && slurmsim clock advance 1m
    """


@cli.command()
@click.option("--preset", default=None, help="A named cluster (see --list).")
@click.option("--conf", type=click.Path(exists=True, dir_okay=False), help="A slurm.conf file.")
@click.option("--force", is_flag=True, help="Replace the cluster already in the store.")
@click.option("--list", "list_presets", is_flag=True, help="List the presets and exit.")
def init(preset: str | None, conf: str | None, force: bool, list_presets: bool) -> None:
    """Create the simulated cluster (default preset: dgx-h100-4).

    Example: slurmsim init --preset dgx-h100-64 --force
    """
    from slurmsim.config.presets import preset_names

    if list_presets:
        for name in preset_names():
            click.echo(name)
        return
    if preset and conf:
        raise click.UsageError("give --preset or --conf, not both")
    if preset and preset not in preset_names():
        raise click.BadParameter(f"unknown preset {preset!r}", param_hint="--preset")
    from slurmsim.api import cluster
    from slurmsim.config.errors import ConfigError
    from slurmsim.store.repository import StoreError

    try:
        state = cluster.init(preset, conf, force=force)
    except (StoreError, ConfigError) as e:
        raise click.ClickException(str(e)) from None
    gpus = sum(n.config.gres_count("gpu") for n in state.nodes.values())
    click.echo(
        f"Cluster {state.config.cluster_name}: {len(state.nodes)} nodes, {gpus} GPUs, "
        f"partitions {', '.join(state.partitions)}; clock at {_when(state.now)} (manual)."
    )


@cli.group(invoke_without_command=True)
@click.pass_context
def clock(ctx: click.Context) -> None:
    """Show the simulated clock, move it (`clock advance`), or say how it moves (`clock mode`)."""
    if ctx.invoked_subcommand is None:
        from slurmsim.api import cluster

        now, how = cluster.read_clock()
        click.echo(f"{_when(now)} ({how.describe()})")


@clock.command()
@click.argument("mode", type=click.Choice(["manual", "scaled", "realtime"]))
@click.argument("factor", required=False)
def mode(mode: str, factor: str | None) -> None:
    """Say how simulated time moves: by hand (manual, the default), with wall time
    (realtime), or FACTOR times faster than wall time (scaled FACTOR).

    Under scaled and realtime every command first catches up to the present;
    realtime starts at the wall clock's time (unless the simulation is ahead).

    Example: slurmsim clock mode scaled 60
    """
    rate = 1.0
    if mode == "scaled":
        try:
            rate = float(factor) if factor is not None else float("nan")
        except ValueError:
            rate = float("nan")
        if not rate > 0 or rate == float("inf"):
            raise click.BadParameter("scaled needs a positive FACTOR, e.g. 60")
    elif factor is not None:
        raise click.UsageError(f"{mode} takes no FACTOR")
    from slurmsim.api import cluster

    new = cluster.set_clock_mode(mode, rate)
    now, _ = cluster.read_clock()
    click.echo(f"{_when(now)} ({new.describe()})")


@clock.command()
@click.argument("duration", required=False)
@click.option("--until-idle", is_flag=True, help="Until no job is pending or running.")
@click.option("--until", "until_job", type=int, help="Until job JOBID has ended.")
def advance(duration: str | None, until_idle: bool, until_job: int | None) -> None:
    """Move simulated time forward and let the scheduler play it out.

    DURATION takes Slurm's time formats (30, 1:30:00, 2-00:00:00) and 30s, 15m, 2h, 1d.

    Example: slurmsim clock advance 2h
    """
    chosen = sum(
        x is not None and x is not False for x in (duration, until_idle or None, until_job)
    )
    if chosen != 1:
        raise click.UsageError("give exactly one of DURATION, --until-idle, --until JOBID")
    by = None
    if duration is not None:
        from slurmsim.parse.durations import parse_interval
        from slurmsim.parse.errors import ParseError

        try:
            by = parse_interval(duration)
        except ParseError:
            raise click.BadParameter(f"invalid duration {duration!r}") from None
    from slurmsim.api import cluster

    moved = cluster.advance_clock(by=by, until_idle=until_idle, until_job=until_job)
    click.echo(f"{_when(moved.start)} -> {_when(moved.end)}")
    for event in moved.events:
        if event.kind in ("job_start", "job_end"):
            job = f" job {event.job_id}" if event.job_id is not None else ""
            click.echo(f"  {_when(event.time)} {event.kind}{job} {event.detail}".rstrip())


@cli.command("exec")
@click.argument("switch", type=click.Choice(["on", "off"]), required=False)
def exec_(switch: str | None) -> None:
    """Run batch scripts for real when their jobs start (on), or only simulate them (off).

    The default is on under `clock mode realtime` and off otherwise. Without an
    argument, list the job processes running now.

    Example: slurmsim clock mode realtime && slurmsim exec on
    """
    from slurmsim.api import cluster

    if switch is None:
        for job_id, pid in cluster.job_processes():
            click.echo(f"job {job_id} pid {pid}")
        return
    cluster.set_execution(switch == "on")
    click.echo(f"execution {switch}")


@cli.command()
def ps() -> None:
    """List the jobs whose processes run now: the runner (or srun/salloc) pid, and the
    script's process group or srun's tasks.

    Example: slurmsim ps
    """
    from slurmsim.api import cluster

    found = cluster.processes()
    if not found:
        return
    click.echo(f"{'JOBID':>7} {'STATE':<10} {'PID':>7} {'KIND':<11} {'PROCESSES':<24} COMMAND")
    for p in found:
        members = ",".join(map(str, p.members)) or "-"
        click.echo(f"{p.job_id:>7} {p.state:<10} {p.pid:>7} {p.kind:<11} {members:<24} {p.command}")


@cli.command()
@click.argument("job_id", type=int)
@click.option("-s", "--signal", "sig", default="KILL", show_default=True, help="Signal to send.")
def kill(job_id: int, sig: str) -> None:
    """Kill a job's processes directly, as a crash would: the job then ends FAILED
    (a cancel goes through scancel instead).

    Example: slurmsim kill 12
    """
    import time

    from slurmsim.api import cluster
    from slurmsim.model.signals import any_signal_number

    number = any_signal_number(sig)
    if number is None:
        raise click.BadParameter(f"unknown signal {sig!r}", param_hint="--signal")
    if not cluster.kill_job(job_id, number):
        raise click.ClickException(f"job {job_id} has no running processes")
    deadline = time.monotonic() + 2  # let the job's end be seen, so `squeue` agrees at once
    while time.monotonic() < deadline and any(p.job_id == job_id for p in cluster.processes()):
        time.sleep(0.05)


@cli.group()
def fail() -> None:
    """Break simulated hardware now, or at a later simulated instant (for drills).

    Example: slurmsim fail node dgx3 --in 2h
    """


def _failure_time(at: str | None, in_: str | None) -> Instant | None:
    """The instant of --at (Slurm's --begin forms) or --in (a duration); None: now."""
    if at is not None and in_ is not None:
        raise click.UsageError("give --at or --in, not both")
    if at is None and in_ is None:
        return None
    from slurmsim.api import cluster
    from slurmsim.parse.datetimes import parse_begin
    from slurmsim.parse.durations import parse_interval
    from slurmsim.parse.errors import ParseError

    now = cluster.now()
    try:
        if at is not None:
            return Instant(parse_begin(at, now, option="--at"))
        return Instant(now + parse_interval(in_ or ""))
    except ParseError:
        raise click.BadParameter(f"invalid time {at or in_!r}") from None


def _fail(kind: str, node: str, count: int, at: str | None, in_: str | None) -> None:
    from slurmsim.api import failures
    from slurmsim.model.errors import SlurmError
    from slurmsim.model.failures import FailureKind

    when = _failure_time(at, in_)
    try:
        events = failures.fail(FailureKind(kind), node, count=count, at=when)
    except SlurmError as e:
        raise click.ClickException(e.message) from None
    if when is not None and not events:
        click.echo(f"{kind} failure of {node} staged for {_when(when)}")
    for event in events:
        job = f" job {event.job_id}" if event.job_id is not None else ""
        click.echo(f"{_when(event.time)} {event.kind}{job} {event.detail}".rstrip())


_AT = click.option("--at", default=None, help="When (Slurm time forms: 21:00, now+1hour, ISO).")
_IN = click.option("--in", "in_", default=None, help="How long from now (30s, 15m, 2h, 1d).")


@fail.command("node")
@click.argument("name")
@_AT
@_IN
def fail_node(name: str, at: str | None, in_: str | None) -> None:
    """The node stops answering: DOWN, its jobs end NODE_FAIL (batch jobs are requeued).

    Example: slurmsim fail node dgx2
    """
    _fail("node", name, 1, at, in_)


@fail.command("gpu")
@click.argument("name")
@click.option("--count", default=1, show_default=True, help="How many GPUs are lost.")
@_AT
@_IN
def fail_gpu(name: str, count: int, at: str | None, in_: str | None) -> None:
    """GPUs fall off the bus: the node drains with Slurm's reason; running jobs go on.

    Example: slurmsim fail gpu dgx1
    """
    _fail("gpu", name, count, at, in_)


@cli.command()
@click.argument("name")
def repair(name: str) -> None:
    """Put a failed node back in service with all its GPUs.

    Example: slurmsim repair dgx2
    """
    from slurmsim.api import failures
    from slurmsim.model.errors import SlurmError

    try:
        failures.repair(name)
    except SlurmError as e:
        raise click.ClickException(e.message) from None
    click.echo(f"{name} repaired")


@cli.command()
def status() -> None:
    """A picture of the cluster: every node's GPUs and the queue."""
    from cli._status import render_status
    from slurmsim.api import cluster

    render_status(cluster.snapshot())


@cli.command()
@click.argument("job_id", type=int)
def explain(job_id: int) -> None:
    """Why a job waits, in plain words: what is in its way, its priority against the
    jobs ahead of it, its expected start, and what would let it start sooner.

    Example: slurmsim explain 42
    """
    from slurmsim.api.explain import explain as gather
    from slurmsim.format.explain import render_explanation

    found = gather(job_id)
    if found is None:
        raise click.ClickException("Invalid job id specified")
    click.echo(render_explanation(found), nl=False)


cli.add_command(drill)
cli.add_command(grade)


def main() -> None:
    try:
        cli(standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
