"""Cluster-level intents: set up a cluster, read and move the clock."""

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from slurmsim import clock
from slurmsim.api.session import current_user, session, write_clock
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.time import EPOCH, Instant
from slurmsim.store.repository import Store

if TYPE_CHECKING:
    from slurmsim.api.execution import JobProcess


def initial_state(preset: str | None, conf: str | None) -> ClusterState:
    """A new cluster from a named preset or a slurm.conf file, with the shell's user in it."""
    from slurmsim.config import presets  # lark and tomllib: only when creating

    if conf is not None:
        return presets.load_conf_file(Path(conf), EPOCH, extra_user=current_user())
    return presets.load_preset(preset or "dgx-h100-4", EPOCH, extra_user=current_user())


def init(preset: str | None, conf: str | None, *, force: bool) -> ClusterState:
    """``slurmsim init``: write a new cluster into the store (``force`` replaces one)."""
    state = initial_state(preset, conf)
    with Store.open() as store:
        store.initialize(state, force=force)
    return state


@dataclass(frozen=True)
class Advanced:
    start: Instant
    end: Instant
    events: list[Event]


def advance_clock(
    *, by: int | None = None, until_idle: bool = False, until_job: int | None = None
) -> Advanced:
    """``slurmsim clock advance``: move simulated time and let the engine play it out."""
    from slurmsim.engine import failures

    with session(write=True) as s:
        start = s.state.now
        if until_job is not None:
            events = failures.run_until_job_ends(s.state, until_job)
        elif until_idle:
            events = failures.run_until_idle(s.state)
        else:
            events = failures.advance(s.state, Instant(start + (by or 0)))
        s.events.extend(events)
        if s.clock.follows_wall_time:  # the wall clock goes on from where this leaves it
            write_clock(s.tx, clock.anchored(s.clock.mode, s.clock.factor, s.state.now))
        return Advanced(start, s.state.now, events)


def set_clock_mode(mode: str, factor: float = 1.0) -> clock.Clock:
    """``slurmsim clock mode``: from now on simulated time moves as ``mode`` says.

    The engine first catches up under the old mode; the new one is anchored as
    ``clock.anchored`` says (realtime at the wall clock, scaled where it is).
    """
    with session(write=True) as s:
        new = clock.anchored(mode, factor, s.state.now)
        write_clock(s.tx, new)
        return new


def read_clock() -> tuple[Instant, clock.Clock]:
    """The simulated instant now, and how the clock moves."""
    with session(write=False) as s:
        return s.state.now, s.clock


def cluster_name() -> str:
    """The simulated cluster's ClusterName (what -M and SLURM_CLUSTERS may name)."""
    with session(write=False) as s:
        return s.state.config.cluster_name


def gres_types() -> tuple[str, ...]:
    """The cluster's GresTypes, as the clients read them from slurm.conf."""
    with session(write=False) as s:
        return s.state.config.gres_types


def setting(key: str) -> str | None:
    """What slurm.conf gives ``key`` (None: nothing), as the clients read their config."""
    with session(write=False) as s:
        return s.state.config.setting(key)


def now() -> Instant:
    with session(write=False) as s:
        return s.state.now


def snapshot() -> ClusterState:
    """The whole state, read-only (for views such as ``slurmsim status``)."""
    with session(write=False) as s:
        return s.state


def set_execution(on: bool) -> None:
    """``slurmsim exec on|off``: whether jobs that start from now on run their scripts."""
    from slurmsim.store import meta

    with session(write=True) as s:
        s.tx.set_meta(meta.EXECUTION, "on" if on else "off")


def job_processes() -> list[tuple[int, int]]:
    """(job id, runner pid) of the jobs whose scripts may be running."""
    from slurmsim.api.execution import running_processes

    with session(write=False) as s:
        return running_processes(s.state)


def processes() -> list["JobProcess"]:
    """``slurmsim ps``: the jobs whose processes run now, and those processes."""
    from slurmsim.api.execution import job_processes

    with session(write=True) as s:  # a writer: processes found gone end their jobs first
        return job_processes(s.state)


def kill_job(job_id: int, sig: int) -> bool:
    """``slurmsim kill``: kill a job's processes (False: it has none running)."""
    from slurmsim.api.execution import kill

    with session(write=True) as s:
        return kill(s.state, job_id, sig)


def daemons_here(host: str) -> list[str]:
    """``scontrol show daemons`` on the machine named ``host``: slurmctld (the simulated
    controller is this machine), and slurmd when a node's host name is this one (the
    default preset's nodes are all ``localhost``, as the oracle's are)."""
    nodes = snapshot().nodes.values()
    here = any(n.hostname in ("localhost", host) or n.name == host for n in nodes)
    return ["slurmctld", "slurmd"] if here else ["slurmctld"]
