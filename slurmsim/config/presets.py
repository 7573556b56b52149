"""Named clusters shipped with slurmsim, and clusters from a user's own slurm.conf.

A preset is a pair of files in ``presets/``: ``<name>.conf`` (a slurm.conf) and
``<name>.accounts.toml`` (accounts, users and QOS; see ``accounts``). The person at the
shell (``extra_user``) is added to the cluster so that they can submit at once.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from slurmsim.config.accounts import (
    AccountsSpec,
    default_accounts,
    load_accounts,
    parse_accounts,
    with_newcomer,
)
from slurmsim.config.build import cluster_from_conf
from slurmsim.config.errors import ConfigError
from slurmsim.model.cluster import ClusterState
from slurmsim.model.time import Instant
from slurmsim.parse.errors import ParseError
from slurmsim.parse.slurmconf import parse_slurm_conf

_CONF = ".conf"
_ACCOUNTS = ".accounts.toml"


def _folder() -> Traversable:
    return resources.files("slurmsim.config").joinpath("presets")


def preset_names() -> list[str]:
    """The names ``load_preset`` accepts, sorted."""
    return sorted(p.name.removesuffix(_CONF) for p in _folder().iterdir() if p.name.endswith(_CONF))


def load_preset(
    name: str,
    now: Instant,
    extra_user: str | None = None,
    *,
    conf: str | None = None,
    conf_extra: str = "",
) -> ClusterState:
    """The preset cluster ``name`` with its clock at ``now``, plus ``extra_user`` if given.

    ``conf`` replaces the preset's slurm.conf (its accounts stay); ``conf_extra`` is added
    after it, where a later line wins (drills use it to change one option of a preset).
    """
    if name not in preset_names():
        choices = ", ".join(preset_names())
        raise ConfigError(f"no preset named {name!r} (the presets are: {choices})")
    folder = _folder()
    accounts = parse_accounts(folder.joinpath(name + _ACCOUNTS).read_text(), name + _ACCOUNTS)
    text = conf if conf is not None else folder.joinpath(name + _CONF).read_text()
    if conf_extra:
        text = f"{text.rstrip()}\n{conf_extra}"
    return _build(
        text,
        source=name + _CONF,
        read=lambda p: folder.joinpath(p).read_text(),
        accounts=accounts,
        now=now,
        extra_user=extra_user,
    )


def load_conf_file(path: Path, now: Instant, extra_user: str | None = None) -> ClusterState:
    """The cluster of the slurm.conf at ``path``, with its clock at ``now``.

    ``Include`` lines are read relative to the file's folder. Accounts come from
    ``<stem>.accounts.toml`` or ``accounts.toml`` next to the file; without either, the
    cluster has account ``root`` and ``extra_user`` in account ``default``.
    """
    try:
        text = path.read_text()
    except OSError as exc:
        raise ConfigError(f"{path}: {exc.strerror}") from None
    for candidate in (path.with_name(path.stem + _ACCOUNTS), path.with_name("accounts.toml")):
        if candidate.is_file():
            accounts = load_accounts(candidate)
            break
    else:
        accounts = default_accounts()
    return _build(
        text,
        source=str(path),
        read=lambda p: (path.parent / p).read_text(),  # an absolute p stays absolute
        accounts=accounts,
        now=now,
        extra_user=extra_user,
    )


def _build(
    text: str,
    *,
    source: str,
    read: Callable[[str], str],
    accounts: AccountsSpec,
    now: Instant,
    extra_user: str | None,
) -> ClusterState:
    sources = [(source, text)]

    def include(included: str) -> str:
        body = read(included)
        sources.append((included, body))
        return body

    try:
        conf = parse_slurm_conf(text, source, include)
    except ParseError as exc:
        raise ConfigError(exc.message) from None
    if extra_user is not None:
        accounts = with_newcomer(accounts, extra_user)
    return cluster_from_conf(conf, accounts, now, tuple(sources))
