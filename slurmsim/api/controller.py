"""The simulated controller as ``scontrol ping``, ``scontrol show config`` and ``sacctmgr
show configuration`` see it.

slurmsim has no daemon: its controller is "up" whenever the store can be read, on
the hosts slurm.conf names in ``SlurmctldHost``. As Slurm does, a host written
``localhost`` is shown under this machine's short name, its address kept in brackets.
"""

import socket

from slurmsim.api.session import session
from slurmsim.format.config import Controller, show_accounting_config, show_config
from slurmsim.model.cluster import ClusterConfig, ClusterState, controller_started


def controller_hosts(config: ClusterConfig) -> list[str]:
    """Each ``SlurmctldHost`` as Slurm prints it, primary first: ``vm(localhost)``."""
    given = [v for k, v in config.raw if k.casefold() == "slurmctldhost"] or ["localhost"]
    hosts = []
    for value in given:
        name, _, addr = value.partition("(")
        addr = addr.rstrip(")") or name
        if name == "localhost":
            name = socket.gethostname().split(".")[0]
        hosts.append(name if name == addr else f"{name}({addr})")
    return hosts


def ping_text(config: ClusterConfig) -> str:
    """``scontrol ping``: every controller is up."""
    lines = []
    for i, host in enumerate(controller_hosts(config)):
        role = "primary" if i == 0 else "backup" if i == 1 else f"backup{i}"
        lines.append(f"Slurmctld({role}) at {host.partition('(')[0]} is UP\n")
    return "".join(lines)


def ping() -> str:
    with session(write=False) as s:
        return ping_text(s.state.config)


def config_text() -> str:
    """``scontrol show config`` for the cluster as it is now."""
    with session(write=False) as s:
        return show_config(s.state, _controller(s.state), ping_text(s.state.config))


def accounting_config_text() -> str:
    """``sacctmgr show configuration`` for the cluster as it is now."""
    with session(write=False) as s:
        return show_accounting_config(s.state, _controller(s.state))


def _controller(state: ClusterState) -> Controller:
    return Controller(controller_hosts(state.config)[0], controller_started(state))
