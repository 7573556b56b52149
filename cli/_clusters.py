"""``-M``/``--clusters`` and ``SLURM_CLUSTERS``: slurmsim simulates one cluster.

A command may name it (by its ClusterName, or ``all``); any other name gets the
answer Slurm gives for a cluster its database does not know, and exit status 1.
Slurm reads the environment first, so a bad ``SLURM_CLUSTERS`` ends the command
even when the command line names a good cluster.
"""

import os

from cli._common import error

#: The environment variable that stands for -M in every command that reads one.
ENV = "SLURM_CLUSTERS"


def _names(value: str) -> tuple[list[str], str | None]:
    """The clusters of a -M value, read as a hostlist (``a[1-2]`` names a1 and a2), and
    what the hostlist reader says when it cannot read it: then the names are the value's
    comma-separated words (the oracle: ``[cluster]`` is a name, after ``Invalid range``).
    A ``[`` that no ``]`` follows opens nothing."""
    from slurmsim.parse.errors import ParseError
    from slurmsim.parse.hostlist import expand, range_complaint

    words = [n for n in value.split(",") if n]
    if "[" not in value or value.rfind("]") < value.rfind("["):
        return words, None
    try:
        return [n for n in expand(value) if n], None
    except ParseError:
        complaint = range_complaint(value)
        return words, complaint and f"_parse_single_range: {complaint}"


def names_cluster(value: str, cluster_name: str) -> bool:
    """Whether a -M value names this cluster (alone, among others, or as ``all``)."""
    names, _ = _names(value)
    if len(names) == 1 and names[0].lower() == "all":
        return True
    return any(n.lower() == cluster_name.lower() for n in names)


def check_clusters(prog: str, value: str, cluster_name: str, source: str) -> bool:
    """Say, as Slurm does, which clusters of a -M value its database does not know (``all``
    is one, but alone); False, after saying the list leads nowhere, when this cluster is
    not among them. ``source`` names where the value came from (``--cluster``, ...)."""
    names, complaint = _names(value)
    if complaint is not None:
        error(prog, complaint)
    if len(names) == 1 and names[0].lower() == "all":
        return True
    for name in names:
        if name.lower() != cluster_name.lower():
            error(prog, f"No cluster '{name}' known by database.")
    if names_cluster(value, cluster_name):
        return True
    error(
        prog,
        f"'{value}' can't be reached now, or it is an invalid entry for {source}.  "
        "Use 'sacctmgr list clusters' to see available clusters.",
    )
    return False


def chosen_cluster(
    prog: str, cluster_name: str, cmdline: str | None, *, env_word: str = ENV
) -> tuple[bool, bool]:
    """Check the clusters asked for: ``(ok, named)``; ``named`` when any was asked for.

    Names the database does not know are told; ``ok`` is False when ``cluster_name`` is
    not among them.
    ``env_word`` is how the error names SLURM_CLUSTERS (scancel says ``--cluster``).
    """
    value = os.environ.get(ENV)
    if value is not None and not check_clusters(prog, value, cluster_name, env_word):
        return False, True
    if cmdline is not None and not check_clusters(prog, cmdline, cluster_name, "--cluster"):
        return False, True
    return True, value is not None or cmdline is not None


def cluster_header(stdout: str, cluster_name: str, *, after_date: bool) -> str:
    """squeue's and sinfo's output when clusters were named: ``CLUSTER: name`` first,
    after the date line of ``-l`` (``after_date``)."""
    line = f"CLUSTER: {cluster_name}\n"
    if after_date:
        date, _, rest = stdout.partition("\n")
        return f"{date}\n{line}{rest}"
    return line + stdout


def clusters_ok(prog: str, cmdline: str | None, *, env_word: str = ENV) -> bool:
    """``chosen_cluster`` for a command that does not otherwise show them: the store is
    read only when a cluster was named."""
    if cmdline is None and ENV not in os.environ:
        return True
    from slurmsim.api.cluster import cluster_name

    ok, _ = chosen_cluster(prog, cluster_name(), cmdline, env_word=env_word)
    return ok
